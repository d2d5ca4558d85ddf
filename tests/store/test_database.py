from __future__ import annotations

from pathlib import Path

import pytest

from table.store.database import DATABASE_NAME, MIGRATIONS, StoreError, open_checked, open_database


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


# --- open_checked: what a table opens at start -----------------------------------------------------------------


def a_table_database(path: Path, events: int = 3) -> None:
    db = open_database(path)
    db.execute("INSERT INTO deck_tag VALUES ('04AA', 'skullking', 'red box', 'escape', 0)")
    for n in range(events):
        db.execute("INSERT INTO event_log (at, kind, data) VALUES (?, 'StartGame', '{}')", (float(n),))
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()


def test_a_sound_database_opens_without_a_word(tmp_path: Path) -> None:
    a_table_database(tmp_path / DATABASE_NAME)
    opened = open_checked(tmp_path / DATABASE_NAME)
    assert opened.notes == [] and opened.connection.execute("SELECT count(*) FROM event_log").fetchone() == (3,)


def test_a_damaged_page_moves_the_database_aside_keeps_the_decks_and_says_so(tmp_path: Path) -> None:
    path = tmp_path / DATABASE_NAME
    a_table_database(path, events=400)  # several pages of events
    data = bytearray(path.read_bytes())
    page = 4096
    data[page * 4 : page * 4 + 12] = b"\xff" * 12  # a b-tree page's header: the file's structure is broken
    path.write_bytes(bytes(data))
    opened = open_checked(path)
    (note,) = opened.notes
    assert "was damaged" in note and "moved aside" in note and "game in progress is lost" in note
    assert opened.connection.execute("SELECT count(*) FROM event_log").fetchone() == (0,)  # not replayed in part
    assert opened.connection.execute("SELECT code FROM deck_tag").fetchall() == [("escape",)]
    assert "1 enrolled tags were kept" in note
    assert len(list((tmp_path / "damaged").glob("table-*.sqlite3"))) == 1


def test_a_file_that_is_no_database_at_all_is_moved_aside(tmp_path: Path) -> None:
    path = tmp_path / DATABASE_NAME
    path.write_bytes(b"not a database" * 500)
    opened = open_checked(path)
    assert "decks must be enrolled again" in opened.notes[0]


def test_a_newer_schema_stops_with_a_plain_message_and_is_left_alone(tmp_path: Path) -> None:
    path = tmp_path / DATABASE_NAME
    open_database(path).execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
    with pytest.raises(StoreError, match="newer Pirate Table"):
        open_checked(path)
    assert path.exists() and not (tmp_path / "damaged").exists()


def test_a_data_folder_the_table_cannot_write_is_played_from_memory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def read_only(self: Path, data: bytes) -> int:
        raise PermissionError(13, "Read-only file system")

    monkeypatch.setattr(Path, "write_bytes", read_only)
    opened = open_checked(tmp_path / DATABASE_NAME)  # a failing SD card: the evening goes on, saving nothing
    assert opened.read_only and opened.connection.execute("PRAGMA database_list").fetchone()[2] == ""  # in memory
    assert not (tmp_path / DATABASE_NAME).exists()


def test_a_data_folder_that_is_no_folder_stops_with_a_plain_message(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    with pytest.raises(StoreError, match=f"data folder {tmp_path / 'file'} cannot be used"):
        open_checked(tmp_path / "file" / DATABASE_NAME)
