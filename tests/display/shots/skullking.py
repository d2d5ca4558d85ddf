"""Skull King's frames: every screen of a game from the real flow (tests.display.screens), a bid being corrected,
and the demo's hand under the trick."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from table.display.controls import ActionBar
from table.games.skullking.art import card_face
from tests.display.all_screens import DEMO, Frame
from tests.display.screens import every_screen

HAND = tuple(  # the demo's hand, with the longest names a card has
    card_face(code)
    for code in (
        "pirate:tortuga-jack",
        "pirate:harry-the-giant",
        "scarymary:pirate",
        "mermaid",
        "skullking",
        "escape",
        "black:14",
        "yellow:12",
    )
)


def _correcting(bar: ActionBar, model: Any) -> None:
    controls = bar.of(model)
    assert controls is not None
    controls.correcting = True  # type: ignore[attr-defined]


def frames(language: str) -> dict[str, Frame]:
    shots = every_screen(language)
    del shots["lobby"]  # the lobby's own (tests.display.all_screens)
    found = {name: Frame(shot.screen, shot.pad, shot.phase_age, shot.reveal_age) for name, shot in shots.items()}
    found["correcting"] = replace(found["trick-result"], bar=_correcting)
    found["last-trick"] = replace(found["trick-result"], model=replace(found["trick-result"].model, showing_last=True))
    found["hand"] = replace(found["trick"], hand=HAND, sizes=(DEMO, (1920, 1080)))  # the demo's window, never the 7"
    return found
