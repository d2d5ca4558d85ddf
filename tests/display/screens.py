"""Every screen of the lobby and Skull King as the flows make them, for the display's tests, screenshots and
benchmark.

`every_screen()` gives name -> Shot: the screen model, whether the score pad is toggled on, and the moment of
the animations (seconds since the phase began, since the reveal). Built from the real flow, in a fraction of a
second, with six seats so the busiest layouts are drawn.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from table.core.inputs import (
    CardLaid,
    CardLifted,
    ChooseBid,
    CountdownDone,
    DealtCards,
    Input,
    JoinSeat,
    LinkLost,
    SetName,
    StartGame,
    Undo,
)
from table.games.skullking.screen import Screen
from table.lobby.model import LobbyScreen
from table.session import TableSession
from tests.games.table_driver import SCREEN, Table, play_game, tag


@dataclass(frozen=True)
class Shot:
    screen: Any  # a screen model: the lobby's, Skull King's, the dice game's
    pad: bool = False
    phase_age: float = 5.0  # seconds since the phase began
    reveal_age: float | None = None  # seconds since the bids were revealed


NAMES = {0: "Anna", 1: "Bartholomew", 3: "Cleo", 4: "Dmitri"}  # seats 2 and 5 keep "Seat n"


def _lobby(language: str) -> TableSession:
    """Six seats, the first four joined; four named, one of them (Dmitri's) not joined yet."""
    flow = TableSession(6, language=language)
    for seat in range(4):
        flow.handle(JoinSeat(seat))
    for seat, name in NAMES.items():
        flow.handle(SetName(seat, name))
    return flow


def lobby_screen(language: str = "en") -> LobbyScreen:
    return _lobby(language).screen()


def every_screen(language: str = "en") -> dict[str, Shot]:
    """The lobby, then a game of Skull King."""
    flow = _lobby(language)
    shots = {"lobby": Shot(flow.screen())}
    for seat in (4, 5):
        flow.handle(JoinSeat(seat))
    flow.handle(StartGame())
    shots["round-start"] = Shot(flow.screen())
    flow.handle(DealtCards())
    for seat in (0, 1, 2):
        flow.handle(ChooseBid(seat, 1 if seat != 1 else 0))
    shots["bidding"] = Shot(flow.screen())
    for seat in (3, 4, 5):
        flow.handle(ChooseBid(seat, seat % 2))
    shots["countdown"] = Shot(flow.screen(), phase_age=0.7)
    flow.handle(CountdownDone())
    shots["reveal"] = Shot(flow.screen(), reveal_age=0.1)
    acting = lambda: next(view.seat for view in flow.screen().seats if view.acting)  # noqa: E731
    for code in ("yellow:7", "yellow:12", "pirate:tortuga-jack", "black:3", "mermaid"):
        flow.handle(CardLaid(acting(), tag(code), code))
    shots["trick"] = Shot(flow.screen())
    shots["message"] = Shot(_after(flow, CardLaid((acting() + 1) % 6, "04FFFFFFFFFFFF", None)))
    shots["link-lost"] = Shot(_after(flow, LinkLost("no heartbeat from the hub")))
    flow.handle(CardLaid(acting(), tag("skullking"), "skullking"))
    shots["round-summary"] = Shot(flow.screen())
    shots["score-pad"] = Shot(flow.screen(), pad=True)
    for seat in range(6):
        flow.handle(CardLifted(seat))
    shots["undo"] = Shot(_after(flow, Undo()))
    # Round 2's first trick, judged: the trick result (not the round's end).
    flow.handle(DealtCards())
    for seat in range(6):
        flow.handle(ChooseBid(seat, seat % 3))
    flow.handle(CountdownDone())
    for code in ("red:5", "red:9", "red:2", "pirate:harry-the-giant", "escape", "red:13"):
        flow.handle(CardLaid(acting(), tag(code), code))
    shots["trick-result"] = Shot(flow.screen())
    table = Table(6)
    table.flow = TableSession(6, language=language)
    play_game(table, range(6), random.Random(5), SCREEN)
    shots["final-ranking"] = Shot(table.flow.screen())
    shots["final-score-pad"] = Shot(table.flow.screen(), pad=True)  # as `run` keeps it: the winner crowned
    return shots


def _after(flow: TableSession, event: Input) -> Screen:
    """The screen right after `event`, the flow left as it was (a copy takes the event)."""
    import copy

    other = copy.deepcopy(flow)
    other.handle(event)
    return other.screen()


DICE_NAMES = ["Anna", "Bartholomew", None, "Cleo", "Dmitri"]  # seat 3 keeps "Seat 3"
DICE_TRICKS = (  # the dice of a round's tricks, in turn order: no more of a kind than the bag holds
    ("black:6", "blue:4", "red:2", "yellow:7", "pirate:skull"),
    ("red:3", "red:1", "blue:5", "black:7", "mermaid:skull"),
    ("yellow:1", "yellow:flag", "black:5", "blue:3", "red:2"),
)


def dice_screens(language: str = "en") -> dict[str, Shot]:
    """The dice game's main screens, from the real flow: five players, three rounds played, then round 4's first
    trick with three dice in and the fourth read in doubt."""
    from table.core.inputs import DieLanded
    from table.core.table_state import TableState
    from table.games.skullking_dice.flow import SkullKingDiceFlow
    from table.games.skullking_dice.inputs import TrayEmptied

    flow = SkullKingDiceFlow(TableState(len(DICE_NAMES), language, names=list(DICE_NAMES)), [0, 1, 2, 3, 4])
    order = [0]

    def throw(code: str, confidence: float = 0.95) -> None:
        kind, _, face = code.partition(":")
        order[0] += 1
        flow.handle(DieLanded(order[0], kind, face, confidence, 0, 0))

    def bid(round_number: int) -> None:
        for seat in range(5):
            flow.handle(ChooseBid(seat, (seat + round_number) % 2))
        flow.handle(CountdownDone())

    shots: dict[str, Shot] = {}
    for round_number in (1, 2, 3):
        bid(round_number)
        for trick in DICE_TRICKS[:round_number]:
            for code in trick:
                throw(code)
            if round_number == 3 and trick is DICE_TRICKS[2]:
                shots["dice-round-summary"] = Shot(flow.screen())  # type: ignore[arg-type]
                shots["dice-score-pad"] = Shot(flow.screen(), pad=True)  # type: ignore[arg-type]
            flow.handle(TrayEmptied())
            order[0] = 0
    bid(4)
    for code in ("black:6", "blue:5", "black:7"):
        throw(code)
    shots["dice-trick"] = Shot(flow.screen())  # type: ignore[arg-type]
    throw("black:5", confidence=0.35)
    shots["dice-doubt"] = Shot(flow.screen())  # type: ignore[arg-type]
    final = dice_final(language)
    shots["dice-final-ranking"] = Shot(final)
    shots["dice-final-score-pad"] = Shot(final, pad=True)
    return shots


def dice_final(language: str = "en") -> Any:
    """The dice game's end: the same five players, every round thrown with dice drawn from one bag."""
    from table.core.table_state import TableState
    from table.games.skullking_dice import rules as skd
    from table.games.skullking_dice.flow import SkullKingDiceFlow
    from tests.games.dice_driver import DiceTable

    table = DiceTable(players=(0, 1, 2, 3, 4), seats=5)
    table.flow = SkullKingDiceFlow(TableState(len(DICE_NAMES), language, names=list(DICE_NAMES)), [0, 1, 2, 3, 4])
    rng = random.Random(11)
    bag = [kind for kind, count in skd.STANDARD_BAG.counts.items() for _ in range(count)]
    for number in range(1, table.screen.rounds + 1):
        table.bid_all({seat: (seat + number) % 3 % max(1, number) for seat in range(5)})
        drawn = rng.sample(bag, 5 * number)  # every die of the round from one bag
        for trick in range(number):
            kinds = drawn[trick * 5 : trick * 5 + 5]
            table.trick(*(f"{kind}:{rng.choice(skd.STANDARD_BAG.faces[kind])}" for kind in kinds))
    return table.screen
