"""Why each trick went where it went, in every game's flow: one Judged effect per trick (or showdown, pile), the why
line kept until the next trick's first card, and the last trick shown again on demand (table.core.flow's shell)."""

from __future__ import annotations

import random

from table.core.effects import Judged, LastTrickShown, Message
from table.core.inputs import (
    CardLaid,
    CardLifted,
    ChooseBid,
    ConfirmUndo,
    CountdownDone,
    DieLanded,
    HideLastTrick,
    Press,
    SetName,
    ShowLastTrick,
    Undo,
)
from table.core.table_state import TableState
from table.games.flying_hollander.flow import FlyingHollanderFlow
from table.games.flying_hollander.inputs import TakePile
from table.games.skullking_dice.flow import SkullKingDiceFlow
from table.games.skullking_dice.inputs import CorrectDie, TrayEmptied
from tests.games.table_driver import SCREEN, Table, bid_all, join_and_start, play_game
from tests.games.test_piratenpoker_flow import Poker
from tests.games.test_skullking_2021_flow import start as start_2021


def judged(effects: list) -> list[Judged]:
    return [effect for effect in effects if isinstance(effect, Judged)]


def skull_king_trick(table: Table) -> None:
    """Seats 0-2 play round 1: Ben (seat 1) leads yellow 5, Cleo a Mermaid, Anna the Skull King."""
    for seat, name in enumerate(("Anna", "Ben", "Cleo")):
        table.send(SetName(seat, name))
    join_and_start(table, (0, 1, 2))
    bid_all(table, {0: 0, 1: 0, 2: 1})
    table.lay(1, "yellow:5")
    table.lay(2, "mermaid")


# --- Skull King --------------------------------------------------------------------------------------------------


def test_a_whole_game_judges_each_trick_once_in_order() -> None:
    table = Table(4)
    play_game(table, (0, 1, 2, 3), random.Random(7), SCREEN)
    said = judged(table.effects)
    assert [(j.round, j.number) for j in said] == [(r, n) for r in range(1, 11) for n in range(1, r + 1)]
    assert all(str(j.why) for j in said)


def test_the_trick_says_why_and_keeps_it_until_the_next_trick_starts() -> None:
    table = Table(3)
    skull_king_trick(table)
    effects = table.lay(0, "skullking")
    (said,) = judged(effects)
    assert (said.round, said.number, said.winner) == (1, 1, 2)
    assert str(said.why) == "The Mermaid catches the Skull King: +50 for Cleo if the bid is met"
    assert table.screen.why == said.why
    assert judged(table.lift(0, 1, 2)) == []  # lifting the cards judges nothing again
    assert table.screen.why == said.why  # round 2's bidding still says why round 1's trick went to Cleo
    assert [str(play.card) for play in table.screen.judged.plays] == ["yellow 5", "Mermaid", "Skull King"]


def test_an_undone_trick_is_judged_again_when_it_is_played_again() -> None:
    table = Table(3)
    skull_king_trick(table)
    table.lay(0, "skullking")
    table.send(Undo(), ConfirmUndo())
    assert table.screen.why is None and table.screen.judged is None  # the undo took the judging back
    table.lift(0)
    assert len(judged(table.lay(0, "pirate:tortuga-jack", "04FFFFFFFFFF01"))) == 1
    assert str(table.screen.why) == "A Pirate takes it: Anna's Tortuga Jack"


def test_the_last_trick_is_shown_on_demand_until_the_next_input() -> None:
    table = Table(3)
    skull_king_trick(table)
    assert table.send(ShowLastTrick()) == [Message("Nothing is judged yet: there is no last trick to show", None)]
    assert not table.screen.showing_last
    table.lay(0, "skullking")
    assert LastTrickShown(8) in table.send(ShowLastTrick())
    assert table.screen.showing_last and table.screen.judged is not None
    assert LastTrickShown(8) in table.flow.resume_effects()  # a table restarted now shows it again, for a while
    table.send(CardLifted(0))
    assert not table.screen.showing_last  # the next input hides it
    table.send(ShowLastTrick(), HideLastTrick())
    assert not table.screen.showing_last  # and so does the app when its time is up


# --- Skull King 2021 --------------------------------------------------------------------------------------------------


def test_the_2021_edition_judges_a_kraken_s_trick_as_nobody_s_and_each_trick_once() -> None:
    table = start_2021(players=3)
    table.bids({0: 0, 1: 0, 2: 1})
    table.trick(["green:5", "kraken", "pirate:harry-the-giant"], lift=False)
    (said,) = judged(table.effects)
    assert (said.round, said.number, said.winner) == (1, 1, None)
    assert str(said.why) == "The Kraken takes the trick: nobody wins it; Seat 1 would have won and leads next"
    table.lift(0, 1, 2)
    table.bids({0: 1, 1: 0, 2: 1})
    table.trick(["skullking", "mermaid", "yellow:14"])
    table.trick(["green:9", "green:2", "black:1"])
    assert [(j.round, j.number) for j in judged(table.effects)] == [(1, 1), (2, 1), (2, 2)]
    assert str(judged(table.effects)[1].why).startswith("The Mermaid catches the Skull King: +50 for")


# --- The dice game ---------------------------------------------------------------------------------------------------


def dice_table() -> tuple[SkullKingDiceFlow, list]:
    flow = SkullKingDiceFlow(TableState(3, names=["Anna", "Ben", "Cleo"]), [0, 1, 2])
    effects: list = []
    for seat in range(3):
        effects += flow.handle(ChooseBid(seat, seat % 2))
    effects += flow.handle(CountdownDone())
    for order, (kind, face) in enumerate([("black", "7"), ("yellow", "7"), ("red", "3")], start=1):
        effects += flow.handle(DieLanded(order, kind, face, 0.99, 0, 0))
    return flow, effects


def test_a_trick_of_dice_says_why_and_a_correction_judges_it_again() -> None:
    flow, effects = dice_table()
    (said,) = judged(effects)
    assert (said.round, said.number, said.winner) == (1, 1, 1)
    assert str(said.why) == "Highest number: Ben's yellow 7, thrown last of the equal ones"
    (again,) = judged(flow.handle(CorrectDie(1, "yellow", "1")))
    assert (again.round, again.number, again.winner) == (1, 1, 0)
    assert str(again.why) == "Highest number: Anna's black 7"
    assert judged(flow.handle(TrayEmptied())) == []


# --- Piratenpoker ----------------------------------------------------------------------------------------------------


def test_each_showdown_is_judged_once_with_its_why() -> None:
    poker = Poker()
    poker.turn_loot("loot:red:10", "loot:yellow:5", "loot:blue:8")
    effects = poker.play({0: ["red:5", "red:3"], 1: ["blue:8"], 2: ["yellow:4", "yellow:2"]})
    (said,) = judged(effects)
    assert (said.round, said.number, said.winner) == (1, 1, 1)
    assert str(said.why) == "Tie on 8: Ben's 8 beats Anna's 5"
    assert poker.screen().why == said.why
    assert [str(play.card) for play in poker.screen().judged.plays][1] == "blue:8 (8)"


# --- The Flying Hollander ---------------------------------------------------------------------------------------------


def test_a_pile_is_judged_when_a_kraken_clears_it_and_when_it_is_taken() -> None:
    flow = FlyingHollanderFlow(TableState(3, names=["Anna", "Ben", "Cleo"]), [0, 1, 2])
    effects: list = []
    for n, (seat, code) in enumerate([(1, "crew:4"), (2, "crew:9"), (0, "kraken")]):
        effects += flow.handle(CardLaid(seat, f"U{n}", code))
        flow.handle(CardLifted(seat))
    (cleared,) = judged(effects)
    assert (cleared.number, cleared.winner) == (1, None)
    assert str(cleared.why) == "Anna's Kraken: the pile leaves the game; Anna plays again"
    assert [str(play.card) for play in flow.screen().judged.plays] == ["4", "9", "Kraken"]
    flow.handle(CardLaid(0, "U9", "crew:11"))
    assert flow.screen().why is None  # the next pile's first card: the why line goes
    flow.handle(CardLifted(0))
    (taken,) = judged(flow.handle(TakePile(1)))
    assert (taken.number, taken.winner) == (2, 1)
    assert str(taken.why) == "Ben does not lay 11 or higher, or a special card: Ben takes the pile (1 cards)"


def test_a_button_that_means_nothing_now_says_what_the_table_waits_for() -> None:
    poker = Poker()
    poker.send(Press(1, "tap"))
    assert poker.said()[-1] == "No button now: first turn three loot cards, one from each stack, onto the readers"


def test_a_seat_s_hold_that_means_nothing_else_shows_the_last_trick() -> None:
    table = Table(3)
    skull_king_trick(table)
    assert "No button now" in str(table.send(Press(1, "hold"))[0].text)  # nothing judged yet: refused as before
    table.lay(0, "skullking")
    effects = table.send(Press(1, "hold"))  # lifting: the hold is free
    assert LastTrickShown(8) in effects and not [e for e in effects if isinstance(e, Message)]
    assert table.screen.showing_last
