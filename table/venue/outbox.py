"""The venue's outbox: every result the table publishes, kept in the table's own database until the venue has it.

A result is written here first, in the same SQLite database as the event log (WAL, synchronous=FULL), numbered by
`seq` (the envelope's: every event the table ever sent, from 1, without gaps) and with its game's id. The
publisher sends the rows the venue does not have, in seq order, and marks them delivered (`sent`) when the
venue's own acknowledgement covers them (`acknowledge`: the highest seq it holds without a gap; the broker's
PUBACK proves nothing, a broker may lose what it took). A table killed or cut from its power goes on, when it
starts again, with the same game id and the next seq, and sends again what the venue lacks: the venue takes each
(table, seq) once. Undelivered rows are never deleted; of the delivered ones the KEEP_SENT newest are kept for a
look by hand, so the outbox stays small.

`covered` is the place in the event log of the last input whose results are here (written in the same
transaction), so a table killed between logging an input and writing its results writes them when it replays
its log (table.app.TableApp.resume): nothing is lost and nothing written twice.

A database lost whole (damaged and moved aside at start, table.store.database) would start the seq again from 1,
and the venue would take the new results for ones it has: the `mark` file beside the database keeps the last seq
written, and a new outbox goes on after it (the venue sees a gap where results were lost, never a seq twice).

Only the app's thread touches this (SQLite connections are not shared across threads). A write that fails for want
of space raises DiskFull, as the event log's does.

The tables are created here when missing (not by a numbered migration of table.store.database: an outbox is only
kept by a table that publishes, and older releases ignore it).
"""

from __future__ import annotations

import json
import logging
import sqlite3
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from table.store.database import DiskFull
from table.store.seq_mark import read_mark, write_mark
from table.venue.topics import MAX_SEQ, Envelope

SCHEMA = """
CREATE TABLE IF NOT EXISTS venue_outbox (
    seq INTEGER PRIMARY KEY,     -- the envelope's seq: every event the table ever sent, from 1
    game_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    at REAL NOT NULL,            -- unix seconds
    data TEXT NOT NULL,          -- the event's data, as JSON
    sent INTEGER NOT NULL DEFAULT 0  -- 1 once the venue acknowledged it (delivered)
);
CREATE TABLE IF NOT EXISTS venue_state (
    key TEXT PRIMARY KEY,        -- "game_id", "last_seq", "covered", "acked"
    value TEXT NOT NULL
);
"""
log = logging.getLogger(__name__)
KEEP_SENT = 2000  # delivered rows kept for a look by hand (the newest); older ones are deleted


class SeqOutOfRange(ValueError):
    """An acknowledgement the outbox cannot number on after."""


def game_id(table: str, started: float, seq: int) -> str:
    """A game's id: "<table>-<YYYYmmddHHMMSS, UTC>-<seq of its game_started>"."""
    return f"{table}-{time.strftime('%Y%m%d%H%M%S', time.gmtime(started))}-{seq}"


class Outbox:
    def __init__(
        self,
        connection: sqlite3.Connection,
        table: str,
        clock: Callable[[], float] = time.time,
        covered: int = 0,
        mark: Path | None = None,
    ) -> None:
        """`table`: this table's id at the venue; `clock`: unix time, for `at` and game ids; `covered`: the event
        log's last place when the outbox is new (only what happens from now on is published); `mark`: a file that
        keeps the last seq written, beside the database."""
        self._db, self.table, self.clock, self.mark = connection, table, clock, mark
        try:
            connection.executescript(SCHEMA)
            connection.execute("INSERT OR IGNORE INTO venue_state VALUES ('covered', ?)", (str(covered),))
            if (marked := (read_mark(self.mark) or 0)) > self.last_seq:  # the database lost results it had written
                connection.execute("INSERT OR REPLACE INTO venue_state VALUES ('last_seq', ?)", (str(marked),))
        except sqlite3.OperationalError as error:
            raise DiskFull(f"the venue's outbox could not be made ({error})") from error

    # --- The state that survives a restart ------------------------------------------------------------------------

    def _state(self, key: str) -> str | None:
        row = self._db.execute("SELECT value FROM venue_state WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    @property
    def game_id(self) -> str | None:
        """The game being played, or the last one (None before the first game_started)."""
        return self._state("game_id")

    @property
    def last_seq(self) -> int:
        return int(self._state("last_seq") or 0)

    @property
    def covered(self) -> int:
        """The event log's place of the last input whose results are written here."""
        return int(self._state("covered") or 0)

    def uncover(self, place: int) -> None:
        """The event log starts again lower (it was set aside): results of its inputs after `place` are written
        when they are replayed."""
        if place < self.covered:
            try:
                self._db.execute("UPDATE venue_state SET value = ? WHERE key = 'covered'", (str(place),))
            except sqlite3.OperationalError as error:
                raise DiskFull(f"the venue's outbox could not be changed ({error})") from error

    # --- Writing ----------------------------------------------------------------------------------------------------

    def add(self, results: Iterable[tuple[str, dict[str, Any]]], place: int | None = None) -> list[Envelope]:
        """Write `results` ((kind, data), in order) durably in one transaction; a game_started begins a new game
        id. `place`: the event log's place of the input they came from. Returns the envelopes written."""
        written: list[Envelope] = []
        now = self.clock()
        try:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                seq, game = self.last_seq, self.game_id
                for kind, data in results:
                    seq += 1
                    if kind == "game_started" or game is None:
                        game = game_id(self.table, now, seq)
                    self._db.execute(
                        "INSERT INTO venue_outbox (seq, game_id, kind, at, data) VALUES (?, ?, ?, ?, ?)",
                        (seq, game, kind, now, json.dumps(data, ensure_ascii=False)),
                    )
                    written.append(Envelope(self.table, seq, game, kind, now, data))
                updates = [("last_seq", str(seq)), *([("game_id", game)] if game is not None else [])]
                if place is not None:
                    updates.append(("covered", str(max(place, self.covered))))
                self._db.executemany("INSERT OR REPLACE INTO venue_state VALUES (?, ?)", updates)
                self._db.execute("COMMIT")
            except BaseException:
                if self._db.in_transaction:  # SQLite may have rolled back by itself (a full disk)
                    self._db.execute("ROLLBACK")
                raise
        except sqlite3.OperationalError as error:  # SQLITE_FULL, SQLITE_IOERR: nothing was written
            raise DiskFull(f"the venue's results could not be saved ({error})") from error
        if written:
            write_mark(self.mark, written[-1].seq)
        return written

    @property
    def acked(self) -> int:
        """The venue's last word: it holds every seq up to this one (0: nothing heard from it yet)."""
        return int(self._state("acked") or 0)

    def acknowledge(self, seq: int) -> None:
        """The venue holds every seq up to `seq` (at most `last_seq`): those rows are delivered, the later ones not
        (a venue that went back, its database replaced, is sent again what the table still keeps). Delivered rows
        beyond the KEEP_SENT newest are deleted."""
        try:
            self._db.execute("BEGIN IMMEDIATE")  # one commit (one fsync) per ack, which the venue batches
            try:
                self._db.execute("INSERT OR REPLACE INTO venue_state VALUES ('acked', ?)", (str(seq),))
                self._db.execute("UPDATE venue_outbox SET sent = (seq <= ?) WHERE sent != (seq <= ?)", (seq, seq))
                self._db.execute(
                    "DELETE FROM venue_outbox WHERE sent = 1 AND seq <= (SELECT max(seq) FROM venue_outbox) - ?",
                    (KEEP_SENT,),
                )
                self._db.execute("COMMIT")
            except BaseException:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                raise
        except sqlite3.OperationalError as error:  # sent again later: the venue takes a seq once
            log.warning("venue: the venue's acknowledgement could not be kept (%s)", error)

    def renumber_after(self, seq: int) -> int:
        """The venue holds seqs up to `seq`, beyond any this table wrote (its database and mark were lost, or
        another table has its id): the rows it does not have are numbered on after `seq`, so they are taken
        rather than mistaken for ones it has. Returns by how much they moved; SeqOutOfRange (nothing changed) when
        the new numbers would pass MAX_SEQ (no venue acknowledges that far: a forged or broken ack)."""
        acked, last = self.acked, self.last_seq
        shift = seq - acked
        if last + shift > MAX_SEQ:
            raise SeqOutOfRange(f"numbering on after {seq} would pass {MAX_SEQ}")
        try:
            self._db.execute("BEGIN IMMEDIATE")
            try:  # the new numbers are beyond every old one, so none collide
                self._db.execute("UPDATE venue_outbox SET seq = seq + ? WHERE seq > ?", (shift, acked))
                state = [("last_seq", str(last + shift)), ("acked", str(seq))]
                self._db.executemany("INSERT OR REPLACE INTO venue_state VALUES (?, ?)", state)
                self._db.execute("COMMIT")
            except BaseException:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                raise
        except sqlite3.OperationalError as error:  # SQLITE_FULL, SQLITE_IOERR: nothing changed
            raise DiskFull(f"the venue's results could not be numbered on ({error})") from error
        write_mark(self.mark, last + shift)
        return shift

    def first_kept(self) -> int:
        """The oldest seq still kept (the next to write when none is): the venue will never get one before it."""
        (first,) = self._db.execute("SELECT min(seq) FROM venue_outbox").fetchone()
        return int(first) if first is not None else self.last_seq + 1

    # --- Reading ----------------------------------------------------------------------------------------------------

    def unsent(self, after: int = 0, limit: int = 100) -> list[Envelope]:
        """Rows the venue does not have yet with seq > `after`, in seq order (each saying the oldest seq kept)."""
        first = self.first_kept()
        rows = self._db.execute(
            "SELECT seq, game_id, kind, at, data FROM venue_outbox WHERE sent = 0 AND seq > ? ORDER BY seq LIMIT ?",
            (after, limit),
        )
        return [
            Envelope(self.table, seq, game, kind, at, json.loads(data), first) for seq, game, kind, at, data in rows
        ]

    def pending(self) -> int:
        """How many results the venue does not have yet."""
        (count,) = self._db.execute("SELECT count(*) FROM venue_outbox WHERE sent = 0").fetchone()
        return int(count)
