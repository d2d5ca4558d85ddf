"""Write the README's screenshots to docs/screenshots/, drawn headless from the real flow's screens.

.venv/bin/python -m tests.display.make_screenshots
"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from table.commands.run import load_game_views
from tests.display.screens import dice_screens, every_screen
from tests.display.test_every_screen import draw

OUT = Path(__file__).parents[2] / "docs" / "screenshots"
SHOTS = [  # (language, screen, size)
    ("en", "lobby", (1920, 1080)),
    ("en", "countdown", (1920, 1080)),
    ("en", "reveal", (1920, 1080)),
    ("en", "trick", (1920, 1080)),
    ("en", "trick-result", (1920, 1080)),
    ("en", "round-summary", (1920, 1080)),
    ("en", "score-pad", (1920, 1080)),
    ("en", "final-ranking", (1920, 1080)),
    ("en", "final-score-pad", (1920, 1080)),
    ("en", "message", (1920, 1080)),
    ("en", "link-lost", (1920, 1080)),
    ("de", "trick", (1920, 1080)),
    ("fr", "lobby", (800, 480)),
    ("nl", "round-summary", (800, 480)),
    ("it", "message", (800, 480)),
    ("en", "trick", (800, 480)),
    ("en", "dice-trick", (1920, 1080)),
    ("en", "dice-doubt", (1920, 1080)),
    ("en", "dice-round-summary", (1920, 1080)),
    ("en", "dice-score-pad", (1920, 1080)),
    ("de", "dice-trick", (800, 480)),
    ("fr", "dice-doubt", (1920, 1080)),
    ("it", "dice-doubt", (800, 480)),
    ("en", "dice-final-ranking", (1920, 1080)),
]


def main() -> None:
    pygame.display.init()
    pygame.font.init()
    load_game_views()  # as the table does before the scoreboard draws
    OUT.mkdir(parents=True, exist_ok=True)
    for language, name, size in SHOTS:
        shots = dice_screens(language) if name.startswith("dice-") else every_screen(language)
        board = draw(shots[name], size)
        suffix = "" if language == "en" and size == (1920, 1080) else f"-{language}-{size[0]}x{size[1]}"
        path = OUT / f"{name}{suffix}.png"
        pygame.image.save(board.surface, str(path))
        print(path)


if __name__ == "__main__":
    main()
