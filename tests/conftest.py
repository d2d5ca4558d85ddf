"""Every test gets its own data folder: no test reads or writes the user's real table state."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _own_data_folder(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path_factory.mktemp("pirate-table-home")
    monkeypatch.setenv("PIRATE_TABLE_HOME", str(home))
    return home
