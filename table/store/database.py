"""Opening the table's SQLite database: WAL, durable commits, and the schema brought up to date."""

from __future__ import annotations

import sqlite3
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
