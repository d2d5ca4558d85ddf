"""Every bad input has a named outcome: a message (effect and screen), ERROR at the seat, and no change."""

from __future__ import annotations

from table.core.effects import LedPattern, Message
from table.core.frame import Phase
from table.core.inputs import (
    CardLaid,
    CardLifted,
    ChooseBid,
    ChooseScaryMary,
    ConfirmUndo,
    CorrectBid,
    JoinSeat,
    Press,
    StartGame,
)
from tests.games.table_driver import Table, bid, tag


def test_a_card_laid_out_of_turn(playing: Table) -> None:
    assert playing.acting() == 1
    message = playing.refused(CardLaid(2, tag("red:5"), "red:5"), 2, "not your turn")
    assert str(message.text) == "Not your turn, Seat 3: Seat 2 plays next"


def test_an_unknown_tag(playing: Table) -> None:
    playing.refused(CardLaid(1, "04DEADBEEF0000", None), 1, "unknown card")


def test_a_tag_with_a_code_skull_king_does_not_have(playing: Table) -> None:
    playing.refused(CardLaid(1, "04DEADBEEF0001", "purple:3"), 1, "unknown card")


def test_a_card_of_another_game(playing: Table) -> None:
    playing.refused(CardLaid(1, "04DEADBEEF0002", "red:5", foreign_game="Piratenpoker"), 1, "Piratenpoker")


def test_a_player_badge_during_the_game(playing: Table) -> None:
    playing.refused(CardLaid(1, "04BADGE0000001", "badge:Anna"), 1, "badge")


def test_the_same_tag_played_twice_in_a_round(playing: Table) -> None:
    playing.lay(1, "yellow:7")
    playing.refused(CardLaid(2, tag("yellow:7"), "yellow:7"), 2, "already played this round")


def test_a_card_the_deck_holds_once_played_twice_in_a_round(playing: Table) -> None:
    """Two tags carrying the same card (a second deck mixed in): the rules core's deck check refuses it."""
    playing.lay(1, "skullking")
    playing.refused(CardLaid(2, "04SECONDDECK01", "skullking"), 2, "already played this round")


def test_the_same_escape_tag_twice_although_the_deck_has_five(playing: Table) -> None:
    playing.lay(1, "escape")
    playing.refused(CardLaid(2, tag("escape"), "escape"), 2, "already played")
    playing.lay(2, "escape", uid="04OTHERESCAPE1")  # another Escape is fine
    assert playing.acting() == 0


def test_a_card_on_a_seat_that_has_not_joined(playing: Table) -> None:
    playing.refused(CardLaid(3, tag("red:5"), "red:5"), 3, "has not joined")


def test_a_card_while_the_table_waits_for_bids(bidding: Table) -> None:
    bidding.refused(CardLaid(1, tag("red:5"), "red:5"), 1, "waits for the bids")


def test_a_card_during_the_countdown(bidding: Table) -> None:
    for seat in (0, 1, 2):
        bidding.send(ChooseBid(seat, 0))
    assert bidding.screen.phase is Phase.COUNTDOWN
    bidding.refused(CardLaid(1, tag("red:5"), "red:5"), 1, "waits for the bids")


def test_a_card_while_the_table_waits_for_cards_to_be_lifted(playing: Table) -> None:
    for seat, code in ((1, "red:1"), (2, "red:2"), (0, "red:3")):
        playing.lay(seat, code)
    assert playing.screen.phase is Phase.LIFTING
    playing.lift(2)
    playing.refused(CardLaid(2, tag("blue:9"), "blue:9"), 2, "lift every card")
    playing.refused(Press(0, "tap"), 0, "lift every card")
    playing.lift(0, 1)
    assert playing.screen.phase is Phase.LIFTING  # the refused card still lies on seat 2's reader
    playing.lift(2)
    assert playing.screen.phase is Phase.BIDDING and playing.screen.round == 2


def test_a_card_lifted_before_its_trick_is_judged(playing: Table) -> None:
    playing.lay(1, "yellow:7")
    message = playing.refused(CardLifted(1), 1, "too early")
    assert "yellow:7 still counts" in str(message.text)
    trick = playing.screen.trick
    assert trick is not None and [card.code for card in trick.cards] == ["yellow:7"]
    # Laid back, it is simply in place again: no message, no error.
    assert playing.lay(1, "yellow:7") == []
    playing.lay(2, "yellow:9")
    playing.lay(0, "yellow:8")
    assert playing.screen.phase is Phase.LIFTING


def test_a_card_lifted_too_early_and_not_laid_back_still_counts(playing: Table) -> None:
    playing.lay(1, "yellow:7")
    playing.send(CardLifted(1))
    playing.lay(2, "yellow:9")
    playing.lay(0, "yellow:8")
    screen = playing.screen
    assert screen.phase is Phase.LIFTING and screen.trick is not None
    assert [card.code for card in screen.trick.cards] == ["yellow:7", "yellow:9", "yellow:8"]
    playing.lift(0, 2)  # seat 1's card is off its reader already
    assert playing.screen.phase is Phase.BIDDING


def test_bids_out_of_range(bidding: Table) -> None:
    bidding.refused(ChooseBid(0, 2), 0, "a bid is 0 to 1 tricks, not 2")
    bidding.refused(ChooseBid(0, -1), 0, "not -1")


def test_bids_outside_the_bidding(playing: Table) -> None:
    playing.refused(ChooseBid(0, 1), 0, "bids are made after the deal")


def test_a_bid_from_a_seat_not_in_the_game(bidding: Table) -> None:
    bidding.refused(ChooseBid(3, 0), 3, "not in a game")
    bidding.refused(Press(3, "tap"), 3, "has not joined")


def test_buttons_that_mean_nothing_now(playing: Table) -> None:
    playing.refused(Press(1, "tap"), 1, "lays a card")
    playing.refused(Press(2, "hold"), 2, "lays a card")
    playing.refused(Press(1, "jump"), 1, "does not know the button")


def test_buttons_during_the_countdown(bidding: Table) -> None:
    for seat in (0, 1, 2):
        bid(bidding, seat, 0, "one button", 1)
    bidding.refused(Press(0, "hold"), 0, "every bid is locked")
    bidding.refused(ChooseBid(0, 1), 0, "every bid is locked")


def test_a_seat_the_table_does_not_have(playing: Table) -> None:
    playing.refused(CardLaid(7, "04ABC", "red:1"), None, "no seat 7")
    playing.refused(Press(-1, "tap"), None, "no seat -1")


def test_scary_mary_announced_where_none_waits(playing: Table) -> None:
    playing.refused(ChooseScaryMary(1, True), 1, "no scary mary")


def test_starting_too_early_or_twice(lobby: Table, playing: Table) -> None:
    lobby.send(Press(0, "tap"))
    lobby.refused(StartGame(), None, "at least 2 players")
    playing.refused(StartGame(), None, "a game is on")
    playing.refused(JoinSeat(3, "Dora"), 3, "seats are taken in the lobby")


def test_operator_inputs_that_make_no_sense(bidding: Table, lobby: Table) -> None:
    lobby.refused(ConfirmUndo(), None, "no undo was asked")
    bidding.refused(CorrectBid(0, 1), 0, "after the reveal")


def test_messages_go_once_the_next_action_is_accepted(playing: Table) -> None:
    playing.send(CardLaid(2, tag("red:5"), "red:5"))
    assert playing.screen.messages
    playing.send(CardLifted(2))
    playing.lay(1, "red:6")
    assert playing.screen.messages == ()
    assert Message("Not your turn, Seat 3: Seat 2 plays next", 2) in playing.effects
    assert playing.lights[2] is LedPattern.GREEN_BLINK
