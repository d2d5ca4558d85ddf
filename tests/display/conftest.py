"""The display tests draw with pygame, headless (tests/conftest.py chose SDL's dummy drivers)."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from table.commands.run import load_game_views


@pytest.fixture(autouse=True, scope="session")
def _pygame() -> Iterator[None]:
    pygame.display.init()
    pygame.font.init()
    load_game_views()  # as the table does before the scoreboard draws
    yield
    pygame.quit()


@pytest.fixture(autouse=True)
def _display_up() -> None:
    """Every display test with the display up, whatever ran before it in this process (a test elsewhere may have shut
    it: tests/sim/test_dice_window.py). Initialising an initialised display does nothing."""
    pygame.display.init()
