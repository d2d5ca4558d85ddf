"""A full disk and a read-only data folder (a failing SD card): every write of the table guarded, so the table
plays a whole game, saves nothing more, and says so on the scoreboard. The disk is broken by injection
(tests/broken_disk.py): the tests run as root, for whom chmod makes nothing read-only."""

from __future__ import annotations

import dataclasses
import errno
import logging
import shutil
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest

from table.app import GAME_NOT_SAVED, NOT_SAVED, PAD_NOT_SAVED, READ_ONLY, TableApp, low_space
from table.archive import BACKUP_NAME, GAMES_FOLDER, SCREENSHOTS_FOLDER, ScorePads, back_up, prune
from table.config import KEEP_EVENINGS, default_text, parse_config
from table.core.frame import Phase
from table.core.settings import ConfigError
from table.games.skullking.sim import VirtualTable
from table.kiosk import TableLock
from table.store import disk
from table.store.database import DATABASE_NAME, open_checked, open_database
from table.store.decks import DeckRegistry
from tests.broken_disk import break_disk


def said(app: TableApp) -> Any:
    """The msgid of the app's own word on the scoreboard now."""
    assert app.notice is not None
    return app.notice[0].text.msgid


def on_screen(app: TableApp) -> list[str]:
    return [str(note.text) for note in app._shown(app.session.screen()).messages]


def events_on_disk(folder: Path) -> int:
    disk = sqlite3.connect(f"file:{folder / DATABASE_NAME}?mode=ro", uri=True)
    try:
        return int(disk.execute("SELECT count(*) FROM event_log").fetchone()[0])
    finally:
        disk.close()


def files(folder: Path) -> set[str]:
    """The folder's files, but SQLite's -wal and -shm (its reads make them below the injection; a real read-only
    folder refuses them and the database is read as immutable)."""
    return {str(path.relative_to(folder)) for path in folder.rglob("*") if not path.name.endswith(("-wal", "-shm"))}


# --- A whole game on the virtual table (the real app, built by `run`'s build_table) -------------------------------


def test_a_read_only_data_folder_plays_a_whole_game_from_memory_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A failing SD card is remounted read-only: `run` and the virtual table stopped at start (the lock, the
    database check). Now the database is read as it is, the game is kept in memory, and the scoreboard says so."""
    folder = tmp_path / "home"
    folder.mkdir()
    open_database(folder / DATABASE_NAME).close()
    break_disk(monkeypatch, folder, errno.EROFS)
    before = files(folder)
    caplog.set_level(logging.INFO)
    with TableLock(folder) as lock:  # nothing can be written there, so no second table can clash
        table = VirtualTable(folder, players=3, seed=8)
        try:
            screen = table.run()
        finally:
            table.close()
    assert lock.skipped == "Read-only file system" and "no table lock is taken" in caplog.text
    assert screen.phase is Phase.GAME_OVER and len(screen.ranking) == 3  # the whole game was played
    assert table.app.read_only and said(table.app) == READ_ONLY.msgid
    assert str(READ_ONLY) in on_screen(table.app)
    assert 1 <= caplog.text.count(str(READ_ONLY)) <= 5  # said again on the screen after each input, not in the log
    assert table.app.event_log.last() > 100  # the game's log, kept in memory
    assert events_on_disk(folder) == 0 and files(folder) - before <= {"seat-hub"}  # nothing written but the test's hub


def test_a_data_folder_that_fills_mid_game_plays_on_to_the_end_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "home"
    table = VirtualTable(folder, players=3, seed=8)
    pads = ScorePads(folder, lambda: 1_800_000_000.0, lambda screen, path: Path(path).write_bytes(b"PNG"))
    logged: list[int] = []
    tried_after_full: list[object] = []
    append = table.app.event_log.append

    def append_watched(event: object, at: float) -> int:
        if table.app.unsaved:
            tried_after_full.append(event)
        return append(event, at)

    monkeypatch.setattr(table.app.event_log, "append", append_watched)
    handled: list[object] = []
    submit = table.app.submit

    def submit_counted(event: object) -> None:
        handled.append(event)
        submit(event)

    monkeypatch.setattr(table.app, "submit", submit_counted)

    def fill_at_round_two(number: int, screen: Any) -> None:
        pads.round_over("skullking", number, screen)
        if number == 2 and not logged:
            database = table.app.event_log._db
            (pages,) = database.execute("PRAGMA page_count").fetchone()
            database.execute(f"PRAGMA max_page_count = {pages}")  # the disk is full from here on
            break_disk(monkeypatch, folder, errno.ENOSPC)
            logged.append(table.app.event_log.last())

    table.round_over_hooks.append(fill_at_round_two)
    try:
        screen = table.run()
    finally:
        table.close()
    assert screen.phase is Phase.GAME_OVER and len(screen.ranking) == 3
    assert table.app.unsaved and not table.app.read_only
    assert said(table.app) == NOT_SAVED.msgid  # the lasting word, said again after every input
    assert len(list((folder / SCREENSHOTS_FOLDER).glob("*/round-*.png"))) == 2  # the pictures before the disk filled
    assert not (folder / GAMES_FOLDER).exists() and not (folder / BACKUP_NAME).exists()
    assert tried_after_full == []  # nothing written after the gap (a log with a gap would replay wrong)
    assert logged[0] <= table.app.event_log.last() < len(handled)  # the inputs after the gap were played, unlogged


# --- Each write, one by one -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("code", "word"), [(errno.ENOSPC, GAME_NOT_SAVED), (errno.EROFS, READ_ONLY)])
def test_the_finished_game_and_its_backup_not_written_are_said(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, code: int, word: Any
) -> None:
    """The finished game's JSON and the backup (`game_over` in table.commands.run), written at the game's end."""
    folder = tmp_path / "home"
    table = VirtualTable(folder, players=2, seed=3)
    break_disk(monkeypatch, folder, code)
    try:
        screen = table.run()
    finally:
        table.close()
    assert screen.phase is Phase.GAME_OVER
    assert said(table.app) in (word.msgid, READ_ONLY.msgid if code == errno.EROFS else NOT_SAVED.msgid)
    assert table.app.read_only is (code == errno.EROFS)
    assert not (folder / GAMES_FOLDER).exists() and not (folder / BACKUP_NAME).exists()


@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EROFS])
def test_a_backup_that_cannot_be_written_leaves_the_last_one_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, code: int
) -> None:
    database = open_database(tmp_path / DATABASE_NAME)
    first = back_up(database, tmp_path)
    sound = first.read_bytes()
    DeckRegistry(database).enroll("skullking", "red", "04A1B2C3D4E5F6", "escape")
    break_disk(monkeypatch, tmp_path, code)
    with pytest.raises(sqlite3.OperationalError):
        back_up(database, tmp_path)
    assert first.read_bytes() == sound and not (tmp_path / f"{BACKUP_NAME}.tmp").exists()


@pytest.mark.parametrize(
    ("code", "word"), [(errno.ENOSPC, PAD_NOT_SAVED), (errno.EROFS, READ_ONLY), (None, PAD_NOT_SAVED)]
)
def test_a_score_pad_picture_not_written_is_said_and_the_game_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, code: int | None, word: Any
) -> None:
    """None: pygame's own error ("Error writing the PNG file"), which says no more than that."""
    import pygame

    def save(screen: Any, path: str) -> None:
        if code is None:
            raise pygame.error("Error writing the PNG file")
        Path(path).write_bytes(b"PNG")

    folder = tmp_path / "home"
    table = VirtualTable(folder, players=2, seed=5)
    pads = ScorePads(folder, lambda: 1_800_000_000.0, save)
    at_round_two: list[Any] = []

    def round_over(number: int, screen: Any) -> None:
        if number == 1:
            if code is not None:
                break_disk(monkeypatch, folder / SCREENSHOTS_FOLDER, code)
            pads.round_over("skullking", number, screen)  # raises: the app catches it
        if number == 2:
            at_round_two.append(said(table.app))

    table.round_over_hooks.append(round_over)
    try:
        table.run(on_tick=lambda: not at_round_two)  # the round after the lost picture is played to its end
    finally:
        table.close()
    assert at_round_two == [word.msgid]
    assert table.app.read_only is (code == errno.EROFS)


def test_the_log_file_falls_back_to_stderr_once_when_the_disk_fills(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from table.logfile import GuardedFileHandler

    handler = GuardedFileHandler(tmp_path / "pirate-table.log")
    logger = logging.getLogger("test-disk-log")
    logger.addHandler(handler)
    logger.propagate = False
    try:
        logger.warning("before")
        assert handler.stream is not None

        def full(_: str) -> int:
            raise OSError(errno.ENOSPC, "No space left on device")

        monkeypatch.setattr(handler.stream, "write", full)
        logger.warning("first after")
        logger.warning("second after")
    finally:
        logger.removeHandler(handler)
        handler.close()
    err = capsys.readouterr().err
    assert err.count("can no longer be written (No space left on device)") == 1
    assert "first after" in err and "second after" in err and "Traceback" not in err and "Logging error" not in err
    assert (tmp_path / "pirate-table.log").read_text() == "before\n"


# --- The database read from a read-only folder ---------------------------------------------------------------------


def test_a_read_only_folder_s_database_is_read_into_memory_with_its_decks_and_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    database = open_database(tmp_path / DATABASE_NAME)
    DeckRegistry(database).enroll("skullking", "red", "04A1B2C3D4E5F6", "escape")
    database.execute("INSERT INTO event_log (at, kind, data) VALUES (1.0, 'StartGame', '{}')")
    database.close()  # a clean close: the -wal and -shm files are gone, all is in the file itself
    break_disk(monkeypatch, tmp_path, errno.EROFS)
    opened = open_checked(tmp_path / DATABASE_NAME)
    assert opened.read_only and opened.notes == []
    assert DeckRegistry(opened.connection).lookup("04A1B2C3D4E5F6") is not None  # the enrolled decks
    assert opened.connection.execute("SELECT count(*) FROM event_log").fetchone() == (1,)
    opened.connection.execute("INSERT INTO event_log (at, kind, data) VALUES (2.0, 'StartGame', '{}')")  # memory
    assert events_on_disk(tmp_path) == 1


def test_a_read_only_folder_without_a_database_starts_an_empty_one_in_memory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    break_disk(monkeypatch, tmp_path, errno.EROFS)
    opened = open_checked(tmp_path / DATABASE_NAME)
    assert opened.read_only and not (tmp_path / DATABASE_NAME).exists()
    assert opened.connection.execute("SELECT count(*) FROM deck_tag").fetchone() == (0,)


# --- Pruning, and the free space said -------------------------------------------------------------------------------


def stamp(day: int, hour: int) -> str:
    return f"2026-11-{day:02}-{hour:02}00"


def test_prune_keeps_the_pictures_and_backups_of_the_last_evenings_that_had_games(tmp_path: Path) -> None:
    """An evening runs from 06:00 to 06:00: a game at 01:30 belongs to the evening before. Evenings without games (a
    closed week) do not count. Names the table did not give are left alone."""
    shots, backups = tmp_path / SCREENSHOTS_FOLDER, tmp_path / "backups"
    for name in (f"{stamp(2, 20)}-skullking", f"{stamp(10, 21)}-skullking", f"{stamp(11, 1)}-piratenpoker",
                 f"{stamp(20, 19)}-skullking", f"{stamp(20, 23)}-skullking-2", "my-own-pictures"):  # fmt: skip
        (shots / name).mkdir(parents=True)
        (shots / name / "round-01.png").write_bytes(b"PNG")
    backups.mkdir()
    for day in (2, 10, 20):
        (backups / f"2026-11-{day:02}-{BACKUP_NAME}").write_bytes(b"db")
    deleted = prune(tmp_path, keep=2)
    assert sorted(path.name for path in shots.iterdir()) == [
        f"{stamp(10, 21)}-skullking",
        f"{stamp(11, 1)}-piratenpoker",  # 01:00 on the 11th: the evening of the 10th
        f"{stamp(20, 19)}-skullking",
        f"{stamp(20, 23)}-skullking-2",
        "my-own-pictures",
    ]
    assert sorted(path.name for path in backups.iterdir()) == [f"2026-11-{d}-{BACKUP_NAME}" for d in ("10", "20")]
    assert len(deleted) == 2 and prune(tmp_path, keep=2) == []


def test_a_new_evening_s_backup_moves_the_last_one_to_backups(tmp_path: Path) -> None:
    database = open_database(tmp_path / DATABASE_NAME)
    first = back_up(database, tmp_path, now=time.mktime((2026, 11, 20, 22, 0, 0, 0, 0, -1)))
    assert first.stat().st_mtime == time.mktime((2026, 11, 20, 22, 0, 0, 0, 0, -1))
    back_up(database, tmp_path, now=time.mktime((2026, 11, 21, 2, 0, 0, 0, 0, -1)))  # the same evening
    assert not (tmp_path / "backups").exists()
    back_up(database, tmp_path, now=time.mktime((2026, 11, 27, 20, 0, 0, 0, 0, -1)))
    assert [path.name for path in (tmp_path / "backups").iterdir()] == [f"2026-11-20-{BACKUP_NAME}"]
    assert (tmp_path / BACKUP_NAME).exists()


def test_the_table_prunes_at_start_by_its_setting(tmp_path: Path) -> None:
    folder = tmp_path / "home"
    for day in (1, 2, 3):
        (folder / SCREENSHOTS_FOLDER / f"{stamp(day, 20)}-skullking").mkdir(parents=True)
    config = dataclasses.replace(parse_config(default_text()), keep_evenings=2)
    table = VirtualTable(folder, players=2, seed=5, config=config)
    table.close()
    assert sorted(path.name[:10] for path in (folder / SCREENSHOTS_FOLDER).iterdir()) == ["2026-11-02", "2026-11-03"]


@pytest.mark.parametrize(("value", "problem"), [(0, "keep_evenings is 1 to 3650"), ("ten", "must be a whole number")])
def test_keep_evenings_is_checked(value: object, problem: str) -> None:
    assert parse_config(default_text()).keep_evenings == KEEP_EVENINGS == 30
    changed = default_text().replace("keep_evenings = 30", f"keep_evenings = {value!r}".replace("'", '"'))
    with pytest.raises(ConfigError, match=problem):
        parse_config(changed)


def test_little_room_on_the_card_is_said_at_start_and_the_free_space_logged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    monkeypatch.setattr(shutil, "disk_usage", lambda path: shutil._ntuple_diskusage(32_000_000_000, 0, 150_000_000))
    table = VirtualTable(tmp_path / "home", players=2, seed=5)
    try:
        table.resume()
    finally:
        table.close()
    assert said(table.app) == low_space(150).msgid and "only 150 MB free" in str(low_space(150))
    assert f"the data folder {tmp_path / 'home'} has 150 MB free (less than 200 MB" in caplog.text


def test_enough_room_is_not_said_but_logged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    monkeypatch.setattr(shutil, "disk_usage", lambda path: shutil._ntuple_diskusage(32_000_000_000, 0, 9_000_000_000))
    table = VirtualTable(tmp_path / "home", players=2, seed=5)
    try:
        table.resume()
    finally:
        table.close()
    assert table.app.notice is None
    assert f"the data folder {tmp_path / 'home'} has 9000 MB free" in caplog.text
    assert disk.space_line(tmp_path / "nowhere") == f"the data folder {tmp_path / 'nowhere'} has 9000 MB free"


def test_the_self_test_says_the_free_space_first(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], _own_data_folder: Path
) -> None:
    from table.commands import selftest

    monkeypatch.setattr(shutil, "disk_usage", lambda path: shutil._ntuple_diskusage(32_000_000_000, 0, 120_000_000))

    class Stop(Exception):
        pass

    def no_devices(config: Any, clock: Any) -> Any:
        raise Stop

    monkeypatch.setattr("table.commands.run.seat_devices", no_devices)
    with pytest.raises(Stop):
        selftest.run()
    assert capsys.readouterr().out == (
        f"The data folder {_own_data_folder} has 120 MB free (less than 200 MB: free some space or replace the SD "
        "card).\n"
    )


def test_the_venue_outbox_s_other_writes_are_diskfull_too_and_change_nothing(tmp_path: Path) -> None:
    """`uncover` (at a resume after the log was set aside) and `renumber_after` (a venue ahead of the table, from the
    publisher's pump) raised SQLite's own error on a full or read-only disk, which stopped the table."""
    from table.store.database import DiskFull
    from table.venue.outbox import Outbox

    database = open_database(tmp_path / DATABASE_NAME)
    outbox = Outbox(database, "t1", lambda: 1_800_000_000.0, covered=40)
    outbox.add([("game_started", {}), ("trick", {})], place=42)
    database.execute("PRAGMA query_only = ON")  # every write refused from here on, as on a card gone read-only
    with pytest.raises(DiskFull, match="could not be changed") as changed:
        outbox.uncover(0)
    with pytest.raises(DiskFull, match="could not be numbered on") as numbered:
        outbox.renumber_after(100)
    assert disk.read_only(changed.value) and disk.read_only(numbered.value)
    assert (outbox.covered, outbox.last_seq, outbox.acked) == (42, 2, 0) and not database.in_transaction


def test_enrolling_on_a_read_only_card_is_said_as_such(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`enroll` and `write-tags` write the database: on a card gone read-only they stop with a plain message naming
    the card, not "cannot be read; move it aside" (which would have the owner move a sound database)."""
    from table.store.database import StoreError

    break_disk(monkeypatch, tmp_path, errno.EROFS)  # and no database yet: SQLite cannot make one
    real_connect = sqlite3.connect

    def read_only_file(path: Any, *args: Any, **kwargs: Any) -> sqlite3.Connection:
        return real_connect(f"file:{path}?mode=ro", *args, uri=True, **kwargs)  # SQLite's writes refused below us

    monkeypatch.setattr(sqlite3, "connect", read_only_file)
    with pytest.raises(StoreError, match=f"the data folder {tmp_path} cannot be written .Read-only file system.: a"):
        open_database(tmp_path / DATABASE_NAME)


def test_a_file_cut_short_by_a_full_disk_is_not_left_behind(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """On a full disk the file is made (an inode, no data) and its write fails: the finished game's record and the
    log's mark leave no empty file behind (seen on a full tmpfs: games/<date>-skullking.json, table.tmp)."""
    from table.archive import save_finished_game
    from table.store.seq_mark import read_mark, write_mark

    real_write_text = Path.write_text

    def full(self: Path, data: str, *args: Any, **kwargs: Any) -> int:
        real_write_text(self, "")
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(Path, "write_text", full)
    with pytest.raises(OSError):
        save_finished_game(tmp_path, "skullking", object(), now=1_800_000_000)
    write_mark(tmp_path / "table.log-mark", 7)
    assert list((tmp_path / GAMES_FOLDER).iterdir()) == [] and sorted(p.name for p in tmp_path.iterdir()) == ["games"]
    assert read_mark(tmp_path / "table.log-mark") is None
