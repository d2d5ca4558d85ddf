"""The display tests render headless: SDL's dummy video and audio drivers, no screen, no sound card."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame


@pytest.fixture(autouse=True, scope="session")
def _pygame() -> Iterator[None]:
    pygame.display.init()
    pygame.font.init()
    yield
    pygame.quit()
