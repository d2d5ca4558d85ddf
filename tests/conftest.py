"""Every test gets its own data folder, and pygame renders headless: no screen, no sound card, no real state."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from table.core import catalog
from table.core.catalog import GameEntry
from tests.toygame import ENTRY as TOY_GAME  # High Card registers itself on import, as every game does...

catalog.unregister_game(TOY_GAME.key)  # ...and is in the catalog only for the tests that ask for it (toy_game)

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


@pytest.fixture(autouse=True)
def _own_data_folder(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path_factory.mktemp("pirate-table-home")
    monkeypatch.setenv("PIRATE_TABLE_HOME", str(home))
    return home


@pytest.fixture
def toy_game() -> Iterator[GameEntry]:
    """High Card (tests/toygame), registered in the game catalog for one test."""
    catalog.register_game(TOY_GAME)
    yield TOY_GAME
    catalog.unregister_game(TOY_GAME.key)
