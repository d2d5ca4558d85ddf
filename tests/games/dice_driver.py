"""A dice table for the flow's tests: players bid, throw dice into a tray that reports what it reads, and empty it.

`DiceTable` sends input events into a SkullKingDiceFlow and keeps every event and effect; the tray's landing order
numbers are handed out here, as the tray port would, starting again at 1 once the tray is empty.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from table.core.effects import Effect, LedPattern, Light, Message, Sound
from table.core.inputs import ChooseBid, CountdownDone, DieLanded, DieMoved, DieTakenOut
from table.core.table_state import TableState
from table.games.skullking_dice import rules as skd
from table.games.skullking_dice.flow import SkullKingDiceFlow
from table.games.skullking_dice.screen import DiceScreen
from tests.games.table_driver import FlowDriver


def without_messages(screen: DiceScreen) -> DiceScreen:
    return replace(screen, messages=())


@dataclass
class DiceTable(FlowDriver):
    players: Sequence[int] = (0, 1, 2)
    seats: int = 4
    scoring: str = "standard"
    bag: skd.DiceBag = skd.STANDARD_BAG
    flow: SkullKingDiceFlow = field(init=False)
    events: list[object] = field(default_factory=list)
    effects: list[Effect] = field(default_factory=list)
    lights: dict[int, LedPattern] = field(default_factory=dict)
    next_order: int = 1

    def __post_init__(self) -> None:
        self.flow = SkullKingDiceFlow(TableState(self.seats), list(self.players), scoring=self.scoring, bag=self.bag)
        self.lights = dict.fromkeys(range(self.seats), LedPattern.DARK)
        self.lights.update(
            {light.seat: light.pattern for light in self.flow.resume_effects() if isinstance(light, Light)}
        )

    @property
    def screen(self) -> DiceScreen:
        return self.flow.screen()

    def bid_all(self, bids: dict[int, int]) -> None:
        self.send(*(ChooseBid(seat, value) for seat, value in bids.items()), CountdownDone())

    def throw(self, code: str, confidence: float = 0.95, together: int = 1) -> list[Effect]:
        kind, _, face = code.partition(":")
        order, self.next_order = self.next_order, self.next_order + 1
        return self.send(DieLanded(order, kind, face or None, confidence, 20 * order, 40, together))

    def knock(self, order: int, code: str, confidence: float = 0.9) -> list[Effect]:
        kind, _, face = code.partition(":")
        was = self.flow.tray[order]
        return self.send(DieMoved(order, kind, face or None, confidence, was.kind, was.face))

    def take_out(self, *orders: int) -> list[Effect]:
        out = self.send(*(DieTakenOut(order) for order in orders))
        if not self.flow.tray:
            self.next_order = 1
        return out

    def empty_tray(self) -> list[Effect]:
        return self.take_out(*sorted(self.flow.tray))

    def trick(self, *codes: str) -> list[Effect]:
        """Every player throws in turn (the codes in turn order); the trick is judged; the tray is emptied."""
        out: list[Effect] = []
        for code in codes:
            out += self.throw(code)
        return out + self.empty_tray()


def messages(effects: list[Effect]) -> list[str]:
    return [str(effect.text) for effect in effects if isinstance(effect, Message)]


def refused(effects: list[Effect], seat: int | None) -> bool:
    """The answer to a bad input: a message, the error sound, and ERROR at the seat (if one is concerned)."""
    error_light = seat is None or Light(seat, LedPattern.RED_BURST) in effects
    return bool(messages(effects)) and Sound("error") in effects and error_light
