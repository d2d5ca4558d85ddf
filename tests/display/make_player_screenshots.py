"""Write the README's screenshots of the players' screens to docs/screenshots/: the keyboard on the screen, and a
final ranking with the QR code to the game's venue page. Drawn headless, by touches as a player would.

.venv/bin/python -m tests.display.make_player_screenshots
"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from table.commands.run import load_game_views

OUT = Path(__file__).parents[2] / "docs" / "screenshots"


def main() -> None:
    pygame.display.init()
    pygame.font.init()
    load_game_views()  # as the table does before the scoreboard draws
    from tests.display.test_keyboard import Touchscreen
    from tests.display.test_qr import FINALS, URL, board

    OUT.mkdir(parents=True, exist_ok=True)
    table = Touchscreen((800, 480))
    table.touch(table.bar_button("Rename Seat 1").center)
    table.type("Zoë Mü")
    path = OUT / "keyboard-800x480.png"
    pygame.image.save(table.board.surface, str(path))
    print(path)
    path = OUT / "final-qr-1920x1080.png"
    pygame.image.save(board((1920, 1080), FINALS["skullking"], URL).surface, str(path))
    print(path)


if __name__ == "__main__":
    main()
