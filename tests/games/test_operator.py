"""The lobby, names and badges; the operator's undo (with a confirmation), bid correction and new game."""

from __future__ import annotations

from dataclasses import replace

from table.core.effects import LedPattern, Message
from table.core.frame import Phase
from table.core.inputs import (
    CancelUndo,
    CardLaid,
    CardLifted,
    ChooseBid,
    ConfirmUndo,
    CorrectBid,
    CountdownDone,
    JoinSeat,
    LeaveSeat,
    NewGame,
    Press,
    SetName,
    StartGame,
    Undo,
)
from tests.games.table_driver import Table, bid_all, join_and_start, play_trick, tag, without_messages

# --- The lobby ----------------------------------------------------------------------------------------------------


def test_seats_join_by_card_button_badge_or_screen(lobby: Table) -> None:
    assert lobby.screen.phase is Phase.LOBBY and lobby.screen.title == "Skull King: take your seats"
    lobby.send(CardLaid(0, "04UNKNOWN", None))  # any tag joins, even one the table does not know
    lobby.send(Press(1, "ok"))
    lobby.send(CardLaid(2, "04BADGE01", "badge:Anna"))
    lobby.send(JoinSeat(3, "Ben"))
    screen = lobby.screen
    assert [view.joined for view in screen.seats] == [True, True, True, True]
    assert [view.name for view in screen.seats] == ["Seat 1", "Seat 2", "Anna", "Ben"]
    assert lobby.lights == dict.fromkeys(range(4), LedPattern.BLUE_STEADY)
    lobby.send(CardLaid(1, "04BADGE02", "badge:  Captain   Cora  "))  # a badge renames a seat that joined
    lobby.send(SetName(0, "Dan"), SetName(3, ""))
    assert [view.name for view in lobby.screen.seats] == ["Dan", "Captain Cora", "Anna", "Seat 4"]


def test_a_seat_leaves_and_the_game_starts_with_the_others(lobby: Table) -> None:
    lobby.send(Press(0, "tap"), Press(1, "tap"), Press(3, "hold"), LeaveSeat(1))
    assert lobby.lights[1] is LedPattern.DARK
    lobby.send(StartGame())
    assert lobby.screen.players == (0, 3)
    assert lobby.screen.title == "Round 1: Seat 1 deals 1 card each"
    lobby.refused(LeaveSeat(0), 0, "only a seat taken in the lobby")


def test_a_second_press_in_the_lobby_just_says_so(lobby: Table) -> None:
    lobby.send(Press(0, "tap"))
    effects = lobby.send(Press(0, "tap"))
    assert effects == [Message("Seat 1 is in; the game starts from the screen", 0)]


def test_a_new_game_starts_over_in_the_lobby_with_the_same_players(playing: Table) -> None:
    playing.send(SetName(1, "Anna"))
    play_trick(playing, {0: "red:1", 1: "red:2", 2: "red:3"})
    playing.send(NewGame())
    screen = playing.screen
    assert screen.phase is Phase.LOBBY and not hasattr(screen, "score_pad")  # the lobby's own screen
    assert [view.joined for view in screen.seats] == [True, True, True, False]
    assert screen.seats[1].name == "Anna"
    playing.send(StartGame())
    assert playing.screen.round == 1 and playing.screen.players == (0, 1, 2)
    assert all(view.total == 0 for view in playing.screen.seats)


# --- Undo ------------------------------------------------------------------------------------------------------------


def test_undo_asks_first_and_cancel_changes_nothing(playing: Table) -> None:
    playing.lay(1, "red:4")
    before = playing.screen
    effects = playing.send(Undo())
    assert effects == [Message("Undo Seat 2's red:4? Confirm or cancel on the screen", None)]
    assert playing.screen.undo == "Undo Seat 2's red:4?"
    assert replace(without_messages(playing.screen), undo=None) == without_messages(before)
    playing.send(CancelUndo())
    assert playing.screen.undo is None
    assert without_messages(playing.screen) == without_messages(before)


def test_confirmed_undo_takes_the_last_card_back(playing: Table) -> None:
    playing.lay(1, "red:4")
    playing.lay(2, "red:5")
    playing.send(Undo(), ConfirmUndo())
    screen = playing.screen
    assert screen.trick is not None and [card.code for card in screen.trick.cards] == ["red:4"]
    assert screen.undo is None and str(screen.messages[-1].text) == "Undone: Seat 3's red:5"
    assert playing.acting() == 2 and playing.lights[2] is LedPattern.GREEN_BLINK
    # The tag still lies on seat 2's reader: lifting it is no error, and it can be played again.
    playing.lift(2)
    playing.lay(2, "red:5")
    assert playing.acting() == 0


def test_undoing_the_last_card_of_a_trick_unjudges_it(playing: Table) -> None:
    for seat, code in ((1, "red:4"), (2, "red:5"), (0, "red:6")):
        playing.lay(seat, code)
    assert playing.screen.phase is Phase.LIFTING and playing.screen.score_pad
    playing.lift(0, 1, 2)
    assert playing.screen.phase is Phase.BIDDING and playing.screen.round == 2
    playing.send(Undo(), ConfirmUndo())
    screen = playing.screen
    assert screen.phase is Phase.PLAYING and screen.round == 1 and screen.score_pad == ()
    assert screen.trick is not None and [card.code for card in screen.trick.cards] == ["red:4", "red:5"]
    assert playing.lights[0] is LedPattern.GREEN_BLINK
    playing.lay(0, "red:2")
    assert playing.screen.trick is not None and playing.screen.trick.winner == 2


def test_an_accepted_action_withdraws_the_undo_question(playing: Table) -> None:
    playing.lay(1, "red:4")
    playing.send(Undo())
    playing.lay(2, "red:5")
    assert playing.screen.undo is None
    playing.refused(ConfirmUndo(), None, "no undo was asked")


def test_undo_steps_back_through_bids_and_the_start(bidding: Table) -> None:
    bidding.send(ChooseBid(0, 1))
    bidding.send(Undo(), ConfirmUndo())
    assert not bidding.screen.seats[0].bid_locked
    bidding.send(Undo(), ConfirmUndo())  # the start of the game
    assert bidding.screen.phase is Phase.LOBBY
    for _ in range(3):  # the three joins
        bidding.send(Undo(), ConfirmUndo())
    assert not any(view.joined for view in bidding.screen.seats)
    bidding.refused(Undo(), None, "nothing to undo")


def test_undo_of_a_new_game_brings_the_game_back(playing: Table) -> None:
    playing.lay(1, "red:4")
    game = playing.screen
    playing.send(NewGame(), Undo(), ConfirmUndo())
    assert without_messages(playing.screen) == without_messages(game)


def test_undo_after_the_reveal_reopens_the_last_bid(playing: Table) -> None:
    playing.send(Undo(), ConfirmUndo())
    screen = playing.screen
    assert screen.phase is Phase.BIDDING
    assert [view.bid for view in screen.seats] == [None] * 4
    assert [view.bid_locked for view in screen.seats] == [True, True, False, False]


# --- Bid correction -----------------------------------------------------------------------------------------------


def test_the_operator_corrects_a_bid_before_the_round_is_scored(playing: Table) -> None:
    effects = playing.send(CorrectBid(1, 1))
    assert Message("Seat 2's bid corrected from 0 to 1", 1) in effects
    assert playing.screen.seats[1].bid == 1
    for seat, code in ((1, "red:13"), (2, "red:5"), (0, "red:6")):
        playing.lay(seat, code)
    assert [cell.points for cell in playing.screen.score_pad[0].cells] == [-10, 20, -10]
    playing.refused(CorrectBid(1, 0), 1, "before the round is scored")


def test_a_correction_is_checked_and_can_be_undone(playing: Table) -> None:
    playing.refused(CorrectBid(1, 2), 1, "a bid is 0 to 1")
    playing.refused(CorrectBid(3, 1), 3, "not in this game")
    playing.send(CorrectBid(1, 1), Undo(), ConfirmUndo())
    assert playing.screen.seats[1].bid == 0


def test_a_correction_while_lifting_counts(lobby: Table) -> None:
    join_and_start(lobby, (0, 1))
    bid_all(lobby, {0: 0, 1: 0})
    play_trick(lobby, {1: "red:1", 0: "red:2"})
    bid_all(lobby, {0: 0, 1: 0})  # round 2: seat 0 leads
    lobby.lay(0, "red:9")
    lobby.lay(1, "red:3")
    assert lobby.screen.phase is Phase.LIFTING
    lobby.send(CorrectBid(0, 2), CardLifted(0), CardLifted(1))
    lobby.lay(0, "blue:9")
    lobby.lay(1, "blue:3")
    assert lobby.screen.score_pad[1].cells[0].points == 40


def test_names_are_not_undone(playing: Table) -> None:
    playing.lay(1, "red:4")
    playing.send(SetName(1, "Anna"), Undo(), ConfirmUndo())
    assert playing.screen.seats[1].name == "Anna"


def test_an_undo_back_into_a_lift_does_not_wait_for_cards_already_lifted(lobby: Table) -> None:
    join_and_start(lobby, (0, 1))
    bid_all(lobby, {0: 0, 1: 0})
    play_trick(lobby, {1: "red:1", 0: "red:2"})
    bid_all(lobby, {0: 1, 1: 1})  # round 2: seat 0 leads
    lobby.lay(0, "red:9")
    lobby.lay(1, "red:3")
    lobby.send(CorrectBid(1, 0))  # while the table waits for the lift
    lobby.lift(0, 1)
    assert lobby.screen.phase is Phase.PLAYING
    lobby.send(Undo(), ConfirmUndo())
    screen = lobby.screen
    assert screen.phase is Phase.PLAYING and screen.seats[1].bid == 1
    assert lobby.acting() == 0 and lobby.lights[0] is LedPattern.GREEN_BLINK


def test_stale_and_repeated_reports_change_nothing(playing: Table) -> None:
    playing.lay(1, "red:4")
    before = playing.screen
    assert playing.send(CountdownDone()) == []  # a countdown timer firing late
    assert playing.send(CardLaid(1, tag("red:4"), "red:4")) == []  # the same tag reported again
    assert playing.send(CardLifted(3)) == []  # nothing lay there
    assert playing.screen == before
