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
