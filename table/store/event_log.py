"""The event log: every input event is written here, durably, before the table acts on it.

At start the table replays the log and is back exactly where it was: after a power cut in the middle of a trick,
after `kill -9`, after a crash. An event whose append returned is on disk (WAL, synchronous=FULL); an event
whose append did not return was never acted on, so nothing an LED acknowledged can be lost.

Events are frozen dataclasses; the log is told which kinds it may hold and the name each is logged under, so it
can read them back. The table's own inputs are logged by class name ("CardLaid"), a game's own by its catalog key
and class name ("skullking-dice:DieLanded"), so two games' inputs never collide (table.games.catalog.log_kinds).
`old_names` reads logs of earlier releases, which wrote a game's inputs by bare class name.
"""

from __future__ import annotations

import dataclasses
import json
import sqlite3
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from table.store.database import StoreError


class EventLog:
    def __init__(
        self,
        connection: sqlite3.Connection,
        kinds: Mapping[str, type] | Iterable[type],
        old_names: Mapping[str, str] | None = None,
    ) -> None:
        """`kinds`: name in the log -> event class (or just classes, logged by class name); `old_names`: a name an
        earlier release wrote -> the name it is read as now."""
        self._db = connection
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
        cursor = self._db.execute("INSERT INTO event_log (at, kind, data) VALUES (?, ?, ?)", (at, kind, data))
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def replay(self, after: int = 0) -> Iterator[tuple[int, float, Any]]:
        """(place, time, event) for every event after place `after`, in the order they were written."""
        rows = self._db.execute("SELECT seq, at, kind, data FROM event_log WHERE seq > ? ORDER BY seq", (after,))
        for seq, at, kind, data in rows:
            yield seq, at, self.decode(kind, data)

    def last(self) -> int:
        (seq,) = self._db.execute("SELECT coalesce(max(seq), 0) FROM event_log").fetchone()
        return seq
