"""The event log: every input event is written here, durably, before the table acts on it.

At start the table replays the log and is back exactly where it was: after a power cut in the middle of a trick,
after `kill -9`, after a crash. An event whose append returned is on disk (WAL, synchronous=FULL); an event
whose append did not return was never acted on, so nothing an LED acknowledged can be lost.

Events are frozen dataclasses; the log is told which kinds it may hold and the name each is logged under, so it
can read them back. The table's own inputs are logged by class name ("CardLaid"), a game's own by its catalog key
and class name ("skullking-dice:DieLanded"), so two games' inputs never collide (table.core.catalog.log_kinds).
`old_names` reads logs of earlier releases, which wrote a game's inputs by bare class name.

What the log does when the world goes wrong (each case has a test in tests/store/test_event_log.py):
- a write fails (the disk is full, or fails): `append` raises DiskFull; the app plays on unsaved and says so;
- the log holds an event this version cannot read (another release's, a damaged row): `set_aside_unreadable`
  keeps the whole log under another name and starts an empty one, never replaying part of it, and says so;
- events written and then lost (a -wal file deleted after a kill, a database cut short): the `mark` file beside
  the database holds the place of the last event written, so `lost()` can say how many went missing.
"""

from __future__ import annotations

import dataclasses
import json
import sqlite3
import time
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from table.store.database import MIGRATIONS, DiskFull, StoreError
from table.store.seq_mark import read_mark, write_mark


class EventLog:
    def __init__(
        self,
        connection: sqlite3.Connection,
        kinds: Mapping[str, type] | Iterable[type],
        old_names: Mapping[str, str] | None = None,
        mark: Path | None = None,
    ) -> None:
        """`kinds`: name in the log -> event class (or just classes, logged by class name); `old_names`: a name an
        earlier release wrote -> the name it is read as now; `mark`: a file that keeps the last place written."""
        self._db = connection
        self.mark = mark
        self._kinds = dict(kinds) if isinstance(kinds, Mapping) else {kind.__name__: kind for kind in kinds}
        self._names = {kind: name for name, kind in self._kinds.items()}
        if len(self._names) != len(self._kinds):
            raise TypeError("an event class is given under two names")
        self._old_names = dict(old_names or {})
        for kind in self._kinds.values():
            if not dataclasses.is_dataclass(kind):
                raise TypeError(f"{kind.__name__} is not a dataclass")

    def encode(self, event: object) -> tuple[str, str]:
        kind = self._names.get(type(event))
        if kind is None:
            raise TypeError(f"{type(event).__name__} is not a kind of event this log holds")
        return kind, json.dumps(dataclasses.asdict(event), sort_keys=True)  # type: ignore[call-overload]

    def decode(self, kind: str, data: str) -> Any:
        kind = self._old_names.get(kind, kind)
        if kind not in self._kinds:
            raise StoreError(f"the event log holds an event of kind '{kind}' this version of the table does not know")
        fields = json.loads(data)
        return self._kinds[kind](**{name: tuple(v) if isinstance(v, list) else v for name, v in fields.items()})

    def append(self, event: object, at: float) -> int:
        """Write `event` (which happened at clock time `at`) durably; returns its place in the log."""
        kind, data = self.encode(event)
        try:
            cursor = self._db.execute("INSERT INTO event_log (at, kind, data) VALUES (?, ?, ?)", (at, kind, data))
        except sqlite3.OperationalError as error:  # SQLITE_FULL, SQLITE_IOERR: nothing was written
            raise DiskFull(f"the event could not be saved ({error})") from error
        assert cursor.lastrowid is not None
        write_mark(self.mark, cursor.lastrowid)
        return cursor.lastrowid

    def replay(self, after: int = 0) -> Iterator[tuple[int, float, Any]]:
        """(place, time, event) for every event after place `after`, in the order they were written."""
        rows = self._db.execute("SELECT seq, at, kind, data FROM event_log WHERE seq > ? ORDER BY seq", (after,))
        for seq, at, kind, data in rows:
            yield seq, at, self.decode(kind, data)

    def last(self) -> int:
        (seq,) = self._db.execute("SELECT coalesce(max(seq), 0) FROM event_log").fetchone()
        return seq

    # --- When the world goes wrong (see the module's docstring) ------------------------------------------------

    def unreadable(self) -> tuple[int, str] | None:
        """The first event this version cannot read back: (place, why); None if every one reads."""
        for seq, kind, data in self._db.execute("SELECT seq, kind, data FROM event_log ORDER BY seq"):
            try:
                self.decode(kind, data)
            except (StoreError, ValueError, TypeError) as error:  # JSON, fields or kind this version lacks
                return seq, str(error)
        return None

    def set_aside_unreadable(self) -> str | None:
        """If the log holds an event it cannot read, keep the whole log as another table and start empty; what
        was done, in words (None: the log reads whole)."""
        problem = self.unreadable()
        if problem is None:
            return None
        seq, why = problem
        kept = f"event_log_unreadable_{time.strftime('%Y%m%d_%H%M%S')}"
        self._db.execute("BEGIN IMMEDIATE")
        self._db.execute(f"ALTER TABLE event_log RENAME TO {kept}")
        self._db.execute(MIGRATIONS[1])
        self._db.execute("COMMIT")
        write_mark(self.mark, 0)
        return (
            f"The game log could not be read back from event {seq} on ({why}); rather than replay part of it, the "
            f"whole log was kept aside in the database (table {kept}) and a new game starts"
        )

    def lost(self) -> str | None:
        """If events written before were lost since (the mark is further than the log), say so."""
        marked = read_mark(self.mark)
        if marked is None:
            return None  # no mark yet, or one cut short by a power cut: nothing to compare with
        last = self.last()
        if marked <= last:
            return None
        return (
            f"The game log lost its last {marked - last} events (a file of the database was deleted or cut short): "
            f"the table carries on from event {last}, not {marked}"
        )
