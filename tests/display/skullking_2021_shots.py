"""Skull King 2021's screens, from the real flow: the shots the screenshots and the screen tests draw."""

from __future__ import annotations

from table.core.inputs import CardLaid, CardLifted, ChooseBid, ChooseScaryMary, CountdownDone
from table.core.table_state import TableState
from table.games.skullking_2021 import rules as sk
from table.games.skullking_2021.flow import SkullKing2021Flow
from table.games.skullking_2021.inputs import Cannonball

NAMES = [
    "Anne Bonny",
    "Blackbeard",
    "Mary Read",
    "Calico Jack",
    "Grace O'Malley",
    "Henry Morgan",
    "Ching Shih",
    "Jean Lafitte",
]


def _uid(code: str, copy: int = 0) -> str:
    return [f"21{index:012X}" for index, card in enumerate(sk.DECK) if card.code == code][copy]


class _Play:
    def __init__(self, language: str, players: int = 4, options: sk.Options | None = None) -> None:
        seats = max(players, 6)
        state = TableState(seats, language, "skullking-2021", names=[*NAMES[:players], *[None] * (seats - players)])
        self.flow = SkullKing2021Flow(state, list(range(players)), options)
        self.copies: dict[str, int] = {}

    def to_round(self, number: int) -> None:
        self.flow._start_round(number)

    def bids(self, *bids: int) -> None:
        for seat, value in enumerate(bids):
            self.flow.handle(ChooseBid(seat, value))
        self.flow.handle(CountdownDone())

    def lay(self, *codes: str) -> None:
        for code in codes:
            seat = next(view.seat for view in self.flow.screen().seats if view.acting)
            physical = "tigress" if code.startswith("tigress") else code
            copy = self.copies.get(physical, 0)
            self.copies[physical] = copy + 1
            self.flow.handle(CardLaid(seat, _uid(physical, copy), physical))
            if physical == "tigress":
                self.flow.handle(ChooseScaryMary(seat, code == "tigress:pirate"))

    def lift(self) -> None:
        for seat in self.flow.state.players:
            self.flow.handle(CardLifted(seat))


def shots(language: str = "en") -> dict[str, object]:
    """name -> screen model."""
    out: dict[str, object] = {}
    play = _Play(language)
    play.to_round(5)
    play.bids(2, 1, 0, 2)  # round 5: dealer seat 0, seat 1 leads
    play.lay("green:14", "tigress:pirate", "green:3")
    out["trick"] = play.flow.screen()
    play.lay("purple:14")
    play.lift()
    out["rosie"] = None  # filled below
    play.lay("yellow:12", "kraken", "yellow:14", "black:14")  # seat 2 leads after the Tigress
    out["kraken"] = play.flow.screen()
    play.lift()
    play.lay("pirate:rosie-de-laney", "mermaid", "escape", "loot")
    out["rosie"] = play.flow.screen()

    whale = _Play(language)
    whale.to_round(3)
    whale.bids(1, 1, 0, 1)
    whale.lay("yellow:9", "whale", "black:2", "skullking")
    out["whale"] = whale.flow.screen()

    summary = _Play(language)
    summary.bids(1, 0, 0, 1)
    summary.lay("loot", "green:10", "mermaid", "escape")
    out["round-summary"] = summary.flow.screen()
    out["score-pad"] = summary.flow.screen()

    rascal = _Play(language, options=sk.Options(scoring=sk.RASCAL_SCORING))
    rascal.to_round(4)
    rascal.flow.handle(ChooseBid(0, 2))
    rascal.flow.handle(Cannonball(1))
    out["rascal-bidding"] = rascal.flow.screen()

    eight = _Play(language, players=8)
    eight.to_round(9)
    eight.bids(1, 2, 0, 1, 1, 2, 1, 1)
    eight.lay("purple:7", "purple:13", "escape", "pirate:harry-the-giant", "purple:2", "mermaid", "black:5")
    out["eight"] = eight.flow.screen()
    return out
