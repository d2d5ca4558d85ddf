from __future__ import annotations

from pathlib import Path

import pytest

from table.store.database import DATABASE_NAME, MIGRATIONS, StoreError, open_database


def test_the_database_lives_in_the_data_folder_in_wal_mode(_own_data_folder: Path) -> None:
    db = open_database()
    assert (_own_data_folder / DATABASE_NAME).exists()
    assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    assert db.execute("PRAGMA synchronous").fetchone() == (2,)  # FULL
    assert db.execute("PRAGMA user_version").fetchone() == (len(MIGRATIONS),)


def test_opening_twice_migrates_once(tmp_path: Path) -> None:
    open_database(tmp_path / "t.db").execute("INSERT INTO deck_tag VALUES ('04AA', 'skullking', 'a', 'escape', 0)")
    again = open_database(tmp_path / "t.db")
    assert again.execute("SELECT count(*) FROM deck_tag").fetchone() == (1,)


def test_a_corrupt_database_file_gets_a_message_a_cafe_owner_can_act_on(tmp_path: Path) -> None:
    path = tmp_path / "t.db"
    path.write_bytes(b"this is not a database, it was cut off by a power failure" * 100)
    with pytest.raises(StoreError, match=r"cannot be read.*move it aside"):
        open_database(path)


def test_a_database_from_a_newer_table_is_not_touched(tmp_path: Path) -> None:
    db = open_database(tmp_path / "t.db")
    db.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
    with pytest.raises(StoreError, match="newer Pirate Table"):
        open_database(tmp_path / "t.db")
