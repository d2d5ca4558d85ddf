"""Opening the table's SQLite database: WAL, durable commits, and the schema brought up to date.

`open_checked` is what a table opens at start: it checks the file first (`PRAGMA quick_check`). A damaged
database is never used in part: it is moved aside (`damaged/`, with its -wal and -shm files) and a new one is
started, keeping the enrolled decks when they can still be read; what happened is said in `Opened.notes`, for the
screen and the log. A database of a newer schema, or a data folder the table cannot write, stops the command
with a plain message (StoreError): moving those aside would lose what a newer release or the owner still needs.
"""

from __future__ import annotations

import shutil
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path

from table.paths import data_home

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
    """A write failed for want of space (or the disk failed): the game goes on unsaved, and says so."""


@dataclass
class Opened:
    connection: sqlite3.Connection
    notes: list[str] = field(default_factory=list)  # what the check found and did, in plain words


def open_checked(path: Path | None = None) -> Opened:
    """The table's database, checked; a damaged one moved aside and replaced (see the module's docstring)."""
    path = path or data_home() / DATABASE_NAME
    _check_writable(path.parent)
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


def _check_writable(folder: Path) -> None:
    probe = folder / ".write-test"
    try:
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as error:
        raise StoreError(
            f"the data folder {folder} cannot be written ({error.strerror}): the table keeps its games there. "
            "Make it writable for the table's user, or point PIRATE_TABLE_HOME at a folder that is"
        ) from error


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
        damaged = sqlite3.connect(f"file:{aside}?mode=ro", uri=True)
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
