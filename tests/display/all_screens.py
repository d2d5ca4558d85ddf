"""Every screen the table can show, the lobby's and every game's of the catalog, as a list of frames to draw: for
the type scale's test (every text measured) and for looking at them.

A `Frame` is a screen model with what the scoreboard adds around it: the score pad toggled on, the moment of the
animations, the demo's hand, and the bar's state (the operator's PIN pad, a name being typed, a bid correction).
Each game's frames come from tests/display/shots/<its package>.py, found through the game catalog.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

import pygame

from table.commands.run import load_game_views
from table.core import catalog
from table.display.card_art import CardFace
from table.display.controls import ActionBar
from table.display.scoreboard import Scoreboard
from tests.display.screens import lobby_screen

DEMO = (1280, 720)  # the demo's window (table.sim), where a hand is shown


@dataclass(frozen=True)
class Frame:
    model: Any
    pad: bool = False
    phase_age: float = 5.0
    reveal_age: float | None = None
    hand: tuple[CardFace, ...] = ()
    bar: Callable[[ActionBar, Any], None] = field(default=lambda bar, model: None)  # the bar's state, for the model
    sizes: tuple[tuple[int, int], ...] = ()  # the only screen sizes it is shown at; () for every size


def _pin(bar: ActionBar, model: Any) -> None:
    bar.ask_pin()
    assert bar.pin is not None
    bar.pin += "12"


def _naming(bar: ActionBar, model: Any) -> None:
    controls = bar.of(model)
    assert controls is not None
    controls.naming = "Bartholomew"


def game_frames(entry: catalog.GameEntry, language: str) -> dict[str, Frame]:
    """A game's frames, from the module of tests/display/shots named as the game's package."""
    package = entry.views.rsplit(".", 2)[-2]  # "table.games.skullking.views" -> "skullking"
    return importlib.import_module(f"tests.display.shots.{package}").frames(language)  # type: ignore[no-any-return]


def all_frames(language: str) -> dict[str, Frame]:
    """name -> frame, for the lobby and every game of the catalog, in `language`."""
    lobby = Frame(lobby_screen(language))
    frames = {"lobby": lobby, "naming": replace(lobby, bar=_naming), "pin-pad": replace(lobby, bar=_pin)}
    for entry in catalog.games():
        frames.update(game_frames(entry, language))
    return frames


def draw(frame: Frame, size: tuple[int, int]) -> Scoreboard:
    """The frame as the scoreboard draws it, headless."""
    load_game_views()
    now = [1000.0]
    board = Scoreboard(pygame.Surface(size), clock=lambda: now[0])
    frame.bar(board.controls, frame.model)
    board.show_pad = frame.pad
    board._phase = getattr(frame.model, "phase", None) if frame.reveal_age is None else None
    board.show(frame.model, list(frame.hand))
    board._phase_since = now[0] - frame.phase_age
    if frame.reveal_age is not None:
        board._reveal_since = now[0] - frame.reveal_age
    board.draw_frame()
    return board
