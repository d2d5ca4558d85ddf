"""Write Skull King 2021's screenshots to docs/screenshots/skullking-2021-*.png, drawn headless from the real flow.

.venv/bin/python -m tests.display.make_skullking_2021_screenshots
"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from table.games.skullking_2021 import views as skullking_2021_views  # noqa: F401  (registers the views)
from tests.display.screens import Shot
from tests.display.skullking_2021_shots import shots
from tests.display.test_every_screen import draw

OUT = Path(__file__).parents[2] / "docs" / "screenshots"
SHOTS = [
    ("en", "trick", (1920, 1080)),
    ("en", "kraken", (1920, 1080)),
    ("en", "whale", (1920, 1080)),
    ("en", "rosie", (1920, 1080)),
    ("en", "round-summary", (1920, 1080)),
    ("en", "score-pad", (1920, 1080)),
    ("en", "rascal-bidding", (1920, 1080)),
    ("en", "eight", (1920, 1080)),
    ("en", "trick", (800, 480)),
    ("en", "kraken", (800, 480)),
    ("de", "rosie", (1920, 1080)),
    ("fr", "kraken", (800, 480)),
    ("nl", "round-summary", (800, 480)),
    ("it", "whale", (800, 480)),
]


def main() -> None:
    pygame.display.init()
    pygame.font.init()
    OUT.mkdir(parents=True, exist_ok=True)
    for language, name, size in SHOTS:
        screen = shots(language)[name]
        board = draw(Shot(screen, pad=name == "score-pad"), size)  # type: ignore[arg-type]
        suffix = "" if language == "en" and size == (1920, 1080) else f"-{language}-{size[0]}x{size[1]}"
        path = OUT / f"skullking-2021-{name}{suffix}.png"
        pygame.image.save(board.surface, str(path))
        print(path)


if __name__ == "__main__":
    main()
