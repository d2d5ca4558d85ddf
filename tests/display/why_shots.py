"""Screens with a why line, one per game of the catalog, from the real flows: for the why tests and the README's
screenshots (docs/screenshots/why-*.png).

.venv/bin/python -m tests.display.why_shots
"""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from table.core.inputs import CardLaid, CardLifted, SetName
from table.core.table_state import TableState
from table.games.flying_hollander.flow import FlyingHollanderFlow
from tests.display.screens import dice_screens, every_screen
from tests.display.skullking_2021_shots import shots as skullking_2021_shots
from tests.display.test_piratenpoker_views import screens as piratenpoker_screens

OUT = Path(__file__).parents[2] / "docs" / "screenshots"
HOLLANDER_NAMES = ("Anne Bonny", "Blackbeard", "Mary Read", "Calico Jack")


def hollander_kraken(language: str = "en") -> Any:
    """The Flying Hollander right after a Kraken sent the pile out of the game."""
    flow = FlyingHollanderFlow(TableState(4, language=language), [0, 1, 2, 3])
    for seat, name in enumerate(HOLLANDER_NAMES):
        flow.handle(SetName(seat, name))
    for n, (seat, code) in enumerate([(1, "crew:4"), (2, "crew:7"), (3, "crew:9"), (0, "kraken")]):
        flow.handle(CardLaid(seat, f"K{n}", code))
        flow.handle(CardLifted(seat))
    return flow.screen()


def why_screens(language: str = "en") -> dict[str, Any]:
    """Name -> a screen model with a why line (and one with the last trick shown again), in `language`."""
    poker = piratenpoker_screens()
    return {
        "skullking": every_screen(language)["trick-result"].screen,
        "skullking-last-trick": dataclasses.replace(every_screen(language)["trick-result"].screen, showing_last=True),
        "skullking-2021": skullking_2021_shots(language)["kraken"],
        "skullking-dice": dice_screens(language)["dice-round-summary"].screen,
        "piratenpoker": dataclasses.replace(poker["reveal"], language=language),
        "flying-hollander": hollander_kraken(language),
    }


SHOTS = [  # (screen, size)
    ("skullking", (1920, 1080)),
    ("skullking", (800, 480)),
    ("skullking-last-trick", (1920, 1080)),
    ("skullking-2021", (1920, 1080)),
    ("skullking-dice", (1920, 1080)),
    ("piratenpoker", (1920, 1080)),
    ("flying-hollander", (1920, 1080)),
]


def draw(screen: Any, size: tuple[int, int]) -> pygame.Surface:
    from table.display.scoreboard import Scoreboard

    board = Scoreboard(pygame.Surface(size), clock=lambda: 1000.0)
    board.show(screen)
    board.draw_frame()
    return board.surface


def main() -> None:
    from table.commands.run import load_game_views

    pygame.display.init()
    pygame.font.init()
    load_game_views()
    screens = why_screens()
    for name, size in SHOTS:
        path = OUT / f"why-{name}-{size[0]}x{size[1]}.png"
        pygame.image.save(draw(screens[name], size), str(path))
        print(path)


if __name__ == "__main__":
    main()
