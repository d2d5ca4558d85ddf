"""Tricks at the table: the acting seat, Scary Mary's announcement, judging, lifting, revokes, scoring."""

from __future__ import annotations

import pytest

from table.core.effects import LedPattern, Message, RoundOver, Sound
from table.core.frame import Phase
from table.core.inputs import CardLaid, CardLifted, ChooseScaryMary, Press, ReaderDown, ReaderUp
from table.games.skullking import rules as sk
from table.games.skullking.screen import PlayedCard
from tests.games.table_driver import Table, bid_all, join_and_start, play_trick, tag


def test_the_acting_seat_is_lit_and_moves_on(playing: Table) -> None:
    assert playing.screen.prompt == "Seat 2: your turn"
    assert playing.lights[1] is LedPattern.GREEN_BLINK
    playing.lay(1, "red:4")
    assert playing.lights[1] is LedPattern.DARK and playing.lights[2] is LedPattern.GREEN_BLINK
    assert playing.screen.trick is not None
    assert playing.screen.trick.cards == (PlayedCard(1, "red:4"),)


def test_the_trick_is_judged_when_its_last_card_lands_and_waits_for_the_lift(playing: Table) -> None:
    playing.lay(1, "red:4")
    playing.lay(2, "red:12")
    effects = playing.lay(0, "red:9")
    assert Sound("trick_won") in effects
    screen = playing.screen
    assert screen.phase is Phase.LIFTING
    assert screen.trick is not None and screen.trick.winner == 2
    assert "Lift your cards off the readers" in screen.prompt
    assert playing.lights[2] is LedPattern.GOLD_FLICKER
    # Round 1 has one trick: it is scored at once.
    assert RoundOver(1) in effects
    assert [cell.points for cell in screen.score_pad[0].cells] == [-10, 10, 20]
    assert [view.total for view in screen.seats] == [-10, 10, 20, 0]
    playing.lift(0, 1)
    assert playing.screen.phase is Phase.LIFTING
    playing.lift(2)
    assert playing.screen.phase is Phase.BIDDING and playing.screen.round == 2
    assert playing.lights[2] is LedPattern.BLUE_DOUBLE_BLINK


def test_the_winner_of_a_trick_leads_the_next() -> None:
    table = Table(3)
    join_and_start(table, (0, 1, 2))
    bid_all(table, {0: 0, 1: 0, 2: 0})
    play_trick(table, {0: "red:1", 1: "red:2", 2: "red:3"})
    bid_all(table, {0: 0, 1: 0, 2: 0})
    assert table.acting() == 2  # round 2: seat 1 deals, seat 2 leads
    table.lay(2, "blue:2")
    table.lay(0, "black:1")
    table.lay(1, "blue:13")
    assert table.screen.trick is not None and table.screen.trick.winner == 0
    assert table.screen.phase is Phase.LIFTING
    table.lift(0, 1, 2)
    assert table.screen.phase is Phase.PLAYING and table.acting() == 0


@pytest.mark.parametrize(
    ("press", "as_pirate"),
    [("tap", True), ("plus", True), ("hold", False), ("ok", False), ("minus", False)],
)
def test_scary_mary_is_announced_at_her_seat(playing: Table, press: str, as_pirate: bool) -> None:
    effects = playing.lay(1, "scarymary")
    assert any(isinstance(effect, Message) and "Scary Mary" in str(effect.text) for effect in effects)
    screen = playing.screen
    assert screen.scary_mary == 1 and "Scary Mary as a Pirate" in screen.prompt
    assert screen.trick is not None and screen.trick.cards == ()
    assert playing.lights[1] is LedPattern.GREEN_BLINK
    playing.refused(Press(2, "tap"), 2, "lays a card")
    playing.refused(ChooseScaryMary(2, True), 2, "no scary mary")
    playing.refused(playing_card(2, "red:3"), 2, "announces scary mary")
    playing.send(Press(1, press))
    screen = playing.screen
    assert screen.scary_mary is None
    assert screen.trick is not None
    assert screen.trick.cards == (PlayedCard(1, "scarymary:pirate" if as_pirate else "scarymary:escape"),)
    assert playing.acting() == 2


def playing_card(seat: int, code: str):

    return CardLaid(seat, tag(code), code)


def test_scary_mary_from_the_screen_decides_the_trick(playing: Table) -> None:
    playing.lay(1, "pirate:evil-emmy")
    playing.lay(2, "scarymary")
    playing.send(ChooseScaryMary(2, as_pirate=True))
    playing.lay(0, "black:13")
    trick = playing.screen.trick
    assert trick is not None and trick.winner == 1  # the first pirate played wins
    assert [card.code for card in trick.cards] == ["pirate:evil-emmy", "scarymary:pirate", "black:13"]


def test_scary_mary_lifted_before_her_announcement_is_taken_back(playing: Table) -> None:
    playing.lay(1, "scarymary")
    effects = playing.send(CardLifted(1))
    assert Sound("error") not in effects
    assert playing.screen.scary_mary is None and playing.acting() == 1
    playing.lay(1, "red:2")
    assert playing.acting() == 2


def test_the_skull_king_bonus_is_paid_through_the_rules_core(playing: Table) -> None:
    playing.lay(1, "pirate:badeye-joe")
    playing.lay(2, "skullking")
    playing.lay(0, "scarymary")
    playing.send(ChooseScaryMary(0, as_pirate=False))
    screen = playing.screen
    assert screen.trick is not None and screen.trick.winner == 2 and screen.trick.bonus == 60
    assert [cell.points for cell in screen.score_pad[0].cells] == [-10, 10, 80]  # 20 + 2 x 30 (Mary counts)


def test_a_revoke_is_flagged_and_scores_do_not_change() -> None:
    table = Table(2)
    join_and_start(table, (0, 1))
    bid_all(table, {0: 0, 1: 1})
    play_trick(table, {0: "red:1", 1: "red:2"})
    bid_all(table, {0: 1, 1: 1})  # round 2: seat 1 deals, seat 0 leads
    table.lay(0, "yellow:5")
    table.lay(1, "red:3")  # does not follow yellow: shows no yellow in hand
    assert table.screen.revokes == ()
    table.lift(0, 1)
    table.lay(0, "blue:1")
    effects = table.lay(1, "yellow:9")  # yet here is a yellow card
    (revoke,) = table.screen.revokes
    assert (revoke.seat, revoke.suit, revoke.trick, revoke.shown, revoke.card) == (1, "yellow", 1, 2, "yellow:9")
    assert Message(revoke.text, 1) in effects
    assert str(revoke.text) == "Revoke: Seat 2 did not follow yellow in trick 1, then played yellow:9 in trick 2"
    assert Sound("error") not in effects
    reference = sk.Round(2, 2, 1)
    for index, code in ((0, "yellow:5"), (1, "red:3"), (0, "blue:1"), (1, "yellow:9")):
        reference.play(index, sk.parse_card(code))
    scores = [reference.score(0, 1), reference.score(1, 1)]
    assert [cell.points for cell in table.screen.score_pad[1].cells] == scores == [-10, -10]


def test_a_reader_down_shows_at_its_seat_and_does_not_block_the_lift(playing: Table) -> None:
    playing.lay(1, "red:4")
    playing.lay(2, "red:12")
    playing.lay(0, "red:9")
    effects = playing.send(ReaderDown(1, "no answer"))
    assert Message("Seat 2's card reader is down (no answer)", 1) in effects
    assert playing.lights[1] is LedPattern.AMBER_LONG_BLINK
    assert not playing.screen.seats[1].reader_ok
    playing.lift(0, 2)  # seat 1's card cannot be seen any more: the table does not wait for it
    assert playing.screen.phase is Phase.BIDDING
    assert playing.lights[1] is LedPattern.AMBER_LONG_BLINK
    playing.send(ReaderUp(1))
    assert playing.lights[1] is LedPattern.BLUE_DOUBLE_BLINK and playing.screen.seats[1].reader_ok


def test_the_last_round_ends_the_game_with_a_shared_place() -> None:
    """Seat 0 trumps every trick and meets its bid; seats 1 and 2 bid 0 and tie for second place."""
    table = Table(3)
    join_and_start(table, (0, 1, 2))
    for number in range(1, 11):
        bid_all(table, {0: number, 1: 0, 2: 0})
        for trick in range(number):
            play_trick(table, {0: f"black:{13 - trick}", 1: f"yellow:{trick + 1}", 2: f"red:{trick + 1}"})
    screen = table.screen
    assert screen.phase is Phase.GAME_OVER
    assert [(p.place, p.seat, p.total) for p in screen.ranking] == [(1, 0, 1100), (2, 1, 550), (2, 2, 550)]
    assert screen.prompt == "Seat 1 won the game. A new game starts from the screen"
    assert table.lights == {0: LedPattern.GOLD_FLICKER, 1: LedPattern.DARK, 2: LedPattern.DARK}
    assert Sound("game_over") in table.effects
    table.refused(Press(1, "tap"), 1, "game is over")
    table.refused(playing_card(1, "red:1"), 1, "game is over")


def test_ties_for_first_place_share_it() -> None:
    """Seat 0 bids 0 yet trumps every trick; seats 1 and 2 bid 0, win nothing and share the first place."""
    table = Table(3)
    join_and_start(table, (0, 1, 2))
    for number in range(1, 11):
        bid_all(table, {0: 0, 1: 0, 2: 0})
        for trick in range(number):
            play_trick(table, {0: f"black:{13 - trick}", 1: f"yellow:{trick + 1}", 2: f"red:{trick + 1}"})
    screen = table.screen
    assert [(p.place, p.seat, p.total) for p in screen.ranking] == [(1, 1, 550), (1, 2, 550), (3, 0, -550)]
    assert screen.prompt == "Seat 2 and Seat 3 won the game. A new game starts from the screen"
    assert table.lights == {0: LedPattern.DARK, 1: LedPattern.GOLD_FLICKER, 2: LedPattern.GOLD_FLICKER}
