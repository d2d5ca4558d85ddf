"""Every screen the table can show, of every game in the catalog, as a list of frames to draw: for the type scale's
test (every text measured) and for looking at them.

A `Frame` is a screen model with what the scoreboard adds around it: the score pad toggled on, the moment of the
animations, the demo's hand, and the bar's state (the operator's PIN pad, a name being typed, a bid correction).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

import pygame

from table.commands.run import load_game_views
from table.core.text import text
from table.display.card_art import CardFace
from table.display.controls import Controls
from table.display.scoreboard import Scoreboard
from tests.display.hollander_screens import hollander_screens
from tests.display.screens import dice_screens, every_screen
from tests.display.skullking_2021_shots import shots as shots_2021

DEMO = (1280, 720)  # the demo's window (table.sim), where a hand is shown


@dataclass(frozen=True)
class Frame:
    model: Any
    pad: bool = False
    phase_age: float = 5.0
    reveal_age: float | None = None
    hand: tuple[CardFace, ...] = ()
    bar: Callable[[Controls], None] = field(default=lambda controls: None)
    sizes: tuple[tuple[int, int], ...] = ()  # the only screen sizes it is shown at; () for every size


HAND = (  # the demo's hand, with the longest names a card has
    CardFace("pirate", caption="Tortuga Jack"),
    CardFace("pirate", caption="Harry The Giant"),
    CardFace("scarymary", caption=text("as Pirate")),
    CardFace("mermaid"),
    CardFace("skullking"),
    CardFace("escape"),
    CardFace("number", "black", 14),
    CardFace("number", "yellow", 12),
)


def _pin(controls: Controls) -> None:
    controls.ask_pin()
    assert controls.pin is not None
    controls.pin += "12"


def _naming(controls: Controls) -> None:
    controls.naming = "Bartholomew"


def _correcting(controls: Controls) -> None:
    controls.correcting = True


def all_frames(language: str) -> dict[str, Frame]:
    """name -> frame, for every game of the catalog and the lobby, in `language`."""
    from tests.display.test_piratenpoker_views import SHOTS as POKER

    frames: dict[str, Frame] = {}
    for name, shot in every_screen(language).items():
        frames[name] = Frame(shot.screen, shot.pad, shot.phase_age, shot.reveal_age)
    for name, shot in dice_screens(language).items():
        frames[name] = Frame(shot.screen, shot.pad, shot.phase_age, shot.reveal_age)
    for name, model in shots_2021(language).items():
        frames[f"2021-{name}"] = Frame(model, pad=name == "score-pad")
    for name, model in hollander_screens(language).items():
        frames[f"hollander-{name}"] = Frame(model)
    for name, model in POKER.items():
        frames[f"poker-{name}"] = Frame(replace(model, language=language))
    trick = frames["trick"]
    frames["pin-pad"] = replace(trick, bar=_pin)
    frames["naming"] = replace(frames["lobby"], bar=_naming)
    frames["correcting"] = replace(frames["trick-result"], bar=_correcting)
    frames["hand"] = replace(trick, hand=HAND, sizes=(DEMO, (1920, 1080)))  # the demo's window, never the 7"
    return frames


def draw(frame: Frame, size: tuple[int, int]) -> Scoreboard:
    """The frame as the scoreboard draws it, headless."""
    load_game_views()
    now = [1000.0]
    board = Scoreboard(pygame.Surface(size), clock=lambda: now[0])
    frame.bar(board.controls)
    board.show_pad = frame.pad
    board._phase = getattr(frame.model, "phase", None) if frame.reveal_age is None else None
    board.show(frame.model, list(frame.hand))
    board._phase_since = now[0] - frame.phase_age
    if frame.reveal_age is not None:
        board._reveal_since = now[0] - frame.reveal_age
    board.draw_frame()
    return board
