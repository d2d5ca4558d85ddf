from __future__ import annotations

from pathlib import Path

import pytest

from table.paths import data_home


def test_the_data_folder_follows_pirate_table_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PIRATE_TABLE_HOME", str(tmp_path / "table-2"))
    assert data_home() == tmp_path / "table-2"
    assert data_home().is_dir()


def test_without_it_the_data_folder_is_under_the_users_data_home(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("PIRATE_TABLE_HOME", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert data_home() == tmp_path / "pirate-table"
