"""Opening the table's SQLite database: WAL, durable commits, and the schema brought up to date.

`open_checked` is what a table opens at start: it checks the file first (`PRAGMA quick_check`). A damaged
database is never used in part: it is moved aside (`damaged/`, with its -wal and -shm files) and a new one is
started, keeping the enrolled decks when they can still be read; what happened is said in `Opened.notes`, for the
screen and the log. A database of a newer schema stops the command with a plain message (StoreError): moving it
aside would lose what a newer release still needs.

A data folder the table cannot write (a failing SD card is remounted read-only by the system) is no reason to stop
the evening: the database is read as it is (the enrolled decks, the game in progress) into a copy in memory, and
the table plays on from there, saving nothing (`Opened.read_only`; the app says so on the scoreboard).
"""

from __future__ import annotations

import errno
import logging
import shutil
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path

from table.paths import data_home

log = logging.getLogger(__name__)
DATABASE_NAME = "table.sqlite3"

# Each step brings the schema from version n to n + 1. Never edit a step that has shipped: add one.
MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE deck_tag (
        uid TEXT PRIMARY KEY,          -- upper-case hex UID of the NFC tag
        game TEXT NOT NULL,
        deck TEXT NOT NULL,            -- a name for one physical deck, so a cafe can own several
        code TEXT NOT NULL,            -- the card code, as the rules modules read it
        written INTEGER NOT NULL DEFAULT 0  -- 1 once the code is also written into the tag itself
    );
    CREATE INDEX deck_tag_by_deck ON deck_tag (game, deck);
    """,
    """
    CREATE TABLE event_log (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,  -- never reused, even after an undo
        at REAL NOT NULL,                       -- the table's clock when the event happened
        kind TEXT NOT NULL,                     -- the event's class name
        data TEXT NOT NULL                      -- its fields, as JSON
    );
    """,
)


class StoreError(RuntimeError):
    """The database cannot be used; the message says what to do, for a cafe owner."""


class DiskFull(StoreError):
    """A write failed for want of space (or the disk failed, or became read-only): the game goes on unsaved, and
    says so (table.store.disk.read_only tells which from its cause)."""


@dataclass
class Opened:
    connection: sqlite3.Connection
    notes: list[str] = field(default_factory=list)  # what the check found and did, in plain words
    read_only: bool = False  # the data folder cannot be written: `connection` is a copy in memory, saved nowhere


def open_checked(path: Path | None = None) -> Opened:
    """The table's database, checked; a damaged one moved aside and replaced (see the module's docstring)."""
    path = path or data_home() / DATABASE_NAME
    if (why := _unwritable(path.parent)) is not None:
        log.error(
            "the data folder %s cannot be written (%s): the table plays on from a copy in memory", path.parent, why
        )
        return _in_memory(path)
    problem = _damage(path)
    if problem is None:
        return Opened(open_database(path))
    aside = _move_aside(path)
    connection = open_database(path)
    decks = _salvage_decks(aside, connection)
    note = (
        f"The table's database was damaged ({problem}) and was moved aside to {aside}; a new one was started, so "
        "the game in progress is lost"
        + (f" (the {decks} enrolled tags were kept)" if decks else " and the decks must be enrolled again")
        + ". Finished games are in the games folder and table-backup.sqlite3."
    )
    return Opened(connection, [note])


def _unwritable(folder: Path) -> str | None:
    """Why the table cannot write in `folder` (None: it can). A folder that is missing, or no folder, stops the
    command: that is a wrong PIRATE_TABLE_HOME, not a failing card."""
    probe = folder / ".write-test"
    try:
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as error:
        if error.errno in (errno.ENOENT, errno.ENOTDIR):
            raise StoreError(
                f"the data folder {folder} cannot be used ({error.strerror}): point PIRATE_TABLE_HOME at a folder"
            ) from error
        return error.strerror or str(error)
    return None


def _in_memory(path: Path) -> Opened:
    """The database at `path` read into memory, as it is (nothing can be written beside it); a new one in memory
    when there is none or it cannot be read, keeping the decks that can."""
    memory = sqlite3.connect(":memory:", isolation_level=None)
    notes: list[str] = []
    if path.exists():
        try:
            disk = _read_only_connection(path)
            try:
                (result,) = disk.execute("PRAGMA quick_check").fetchone()
                (version,) = disk.execute("PRAGMA user_version").fetchone()
                if version > len(MIGRATIONS):
                    raise StoreError(f"the table's database {path} was written by a newer Pirate Table (schema "
                                     f"{version}): update this table")  # fmt: skip
                if result == "ok":
                    disk.backup(memory)
                else:
                    notes.append(f"The table's database is damaged ({str(result).splitlines()[0]}) and the data "
                                 "folder cannot be written: a new game starts, saved nowhere")  # fmt: skip
            finally:
                disk.close()
        except sqlite3.DatabaseError as error:
            notes.append(f"The table's database cannot be read ({error}): a new game starts, saved nowhere")
    memory.execute("PRAGMA foreign_keys = ON")
    _migrate(memory)
    if notes and path.exists():
        _salvage_decks(path, memory)
    return Opened(memory, notes, read_only=True)


def _read_only_connection(path: Path) -> sqlite3.Connection:
    """`path` opened for reading only. A WAL database whose -shm file is gone (closed cleanly: all is in the file
    itself) cannot be opened so in a read-only folder; it is then opened as immutable."""
    uri = path.resolve().as_uri()
    connection = sqlite3.connect(f"{uri}?mode=ro", uri=True)
    try:
        connection.execute("SELECT count(*) FROM sqlite_master").fetchone()
        return connection
    except sqlite3.OperationalError:
        connection.close()
        return sqlite3.connect(f"{uri}?immutable=1", uri=True)


def _damage(path: Path) -> str | None:
    """What is wrong with the database at `path` (None: nothing, or no database yet)."""
    if not path.exists():
        return None
    try:
        connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            (result,) = connection.execute("PRAGMA quick_check").fetchone()
            (version,) = connection.execute("PRAGMA user_version").fetchone()
        finally:
            connection.close()
    except sqlite3.DatabaseError as error:
        return str(error)
    if version > len(MIGRATIONS):
        raise StoreError(
            f"the table's database {path} was written by a newer Pirate Table (schema {version}, this one knows "
            f"{len(MIGRATIONS)}): update this table, or move the file aside to start afresh"
        )
    return None if result == "ok" else str(result).splitlines()[0]


def _move_aside(path: Path) -> Path:
    folder = path.parent / "damaged"
    folder.mkdir(exist_ok=True)
    aside = folder / f"{path.stem}-{time.strftime('%Y%m%d-%H%M%S')}{path.suffix}"
    for suffix in ("", "-wal", "-shm"):
        if (source := Path(f"{path}{suffix}")).exists():
            shutil.move(source, f"{aside}{suffix}")
    return aside


def _salvage_decks(aside: Path, connection: sqlite3.Connection) -> int:
    """Copy the enrolled tags that can still be read from the damaged database; how many."""
    try:
        damaged = _read_only_connection(aside)
        try:
            rows = damaged.execute("SELECT uid, game, deck, code, written FROM deck_tag").fetchall()
        finally:
            damaged.close()
    except sqlite3.DatabaseError:
        return 0
    connection.executemany("INSERT OR IGNORE INTO deck_tag VALUES (?, ?, ?, ?, ?)", rows)
    return len(rows)


def open_database(path: Path | None = None) -> sqlite3.Connection:
    """Open (creating if need be) the table's database, by default in the data folder."""
    path = path or data_home() / DATABASE_NAME
    try:
        connection = sqlite3.connect(path, isolation_level=None)  # autocommit; transactions are explicit
        connection.execute("PRAGMA journal_mode = WAL")
        connection.execute("PRAGMA synchronous = FULL")  # a commit survives a power cut
        connection.execute("PRAGMA foreign_keys = ON")
        _migrate(connection)
    except sqlite3.DatabaseError as error:
        if (why := _unwritable(path.parent)) is not None:  # `enroll` and the like write: a read-only card stops them
            raise StoreError(
                f"the data folder {path.parent} cannot be written ({why}): a failing SD card is made read-only by "
                "the system; copy the folder off it and replace the card"
            ) from error
        raise StoreError(
            f"the table's database {path} cannot be read ({error}); move it aside to start afresh, "
            "or restore it from a backup"
        ) from error
    return connection


def _migrate(connection: sqlite3.Connection) -> None:
    (version,) = connection.execute("PRAGMA user_version").fetchone()
    if version > len(MIGRATIONS):
        raise StoreError(f"the database was written by a newer Pirate Table (schema {version}); update this one")
    for number in range(version, len(MIGRATIONS)):
        connection.execute("BEGIN IMMEDIATE")
        for statement in MIGRATIONS[number].split(";"):
            if statement.strip():
                connection.execute(statement)
        connection.execute(f"PRAGMA user_version = {number + 1}")
        connection.execute("COMMIT")
