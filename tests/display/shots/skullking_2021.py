"""Skull King 2021's frames (tests.display.skullking_2021_shots), and its end: the round summary's screen turned
into the final ranking (the flow's own end needs ten rounds played; the view draws any ranking alike)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from table.core.frame import Phase, Placing
from tests.display.all_screens import Frame
from tests.display.skullking_2021_shots import shots


def _final(screen: Any) -> Any:
    """`screen` at the game's end: the seats ranked by their totals, equal totals sharing a place."""
    seats = sorted((view for view in screen.seats if view.joined), key=lambda view: -view.total)
    totals = [view.total for view in seats]
    ranking = tuple(
        Placing(1 + totals.index(view.total), view.seat, view.name, view.total, getattr(view, "label", None))
        for view in seats
    )
    return replace(screen, phase=Phase.GAME_OVER, ranking=ranking)


def frames(language: str) -> dict[str, Frame]:
    found = {f"2021-{name}": Frame(model, pad=name == "score-pad") for name, model in shots(language).items()}
    found["2021-final-ranking"] = Frame(_final(found["2021-round-summary"].model))
    return found
