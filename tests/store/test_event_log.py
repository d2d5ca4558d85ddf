"""The event log: written before acting, read back in order, and nothing acknowledged lost to kill -9."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from table.core.events import CardPlaced, CardRemoved, HubConnected
from table.store.database import DiskFull, StoreError, open_database
from table.store.event_log import EventLog

KINDS = (CardPlaced, CardRemoved, HubConnected)


def test_events_are_read_back_in_order_with_their_times(tmp_path: Path) -> None:
    log = EventLog(open_database(tmp_path / "t.db"), KINDS)
    events = [HubConnected("1.0.0", 6), CardPlaced(2, "04A2", "yellow:12"), CardPlaced(3, "04A3"), CardRemoved(2)]
    places = [log.append(event, at=10.0 + n) for n, event in enumerate(events)]
    assert places == sorted(places)
    again = EventLog(open_database(tmp_path / "t.db"), KINDS)
    assert [(at, event) for _, at, event in again.replay()] == [(10.0 + n, e) for n, e in enumerate(events)]
    assert [event for _, _, event in again.replay(after=places[1])] == events[2:]
    assert again.last() == places[-1]


def test_an_event_kind_the_log_does_not_hold_is_refused(tmp_path: Path) -> None:
    log = EventLog(open_database(tmp_path / "t.db"), (CardRemoved,))
    with pytest.raises(TypeError, match="not a kind of event this log holds"):
        log.append(CardPlaced(0, "01"), at=1.0)


def test_a_log_written_by_a_newer_table_says_so(tmp_path: Path) -> None:
    EventLog(open_database(tmp_path / "t.db"), KINDS).append(CardPlaced(0, "01"), at=1.0)
    with pytest.raises(StoreError, match="kind 'CardPlaced' this version of the table does not know"):
        list(EventLog(open_database(tmp_path / "t.db"), (CardRemoved,)).replay())


WRITER = """
import sys
from table.core.events import CardPlaced
from table.store.database import open_database
from table.store.event_log import EventLog
log = EventLog(open_database(sys.argv[1]), [CardPlaced])
n = 0
while True:
    place = log.append(CardPlaced(n % 6, f"{n:014X}"), at=float(n))
    print(place, flush=True)  # the acknowledgement: what an LED would show
    n += 1
"""


@pytest.mark.parametrize("acknowledged_before_kill", [1, 37, 400])
def test_kill_9_loses_nothing_that_was_acknowledged(tmp_path: Path, acknowledged_before_kill: int) -> None:
    path = tmp_path / "t.db"
    open_database(path)  # the schema exists before the writer starts
    writer = subprocess.Popen([sys.executable, "-c", WRITER, str(path)], stdout=subprocess.PIPE, text=True)
    assert writer.stdout is not None
    acknowledged = [int(writer.stdout.readline()) for _ in range(acknowledged_before_kill)]
    os.kill(writer.pid, signal.SIGKILL)  # mid-write, most likely: it never pauses
    writer.wait()
    survived = [place for place, _, _ in EventLog(open_database(path), [CardPlaced]).replay()]
    assert survived[: len(acknowledged)] == acknowledged
    assert survived == list(range(1, len(survived) + 1))  # and nothing half-written or out of order


# --- When the world goes wrong -------------------------------------------------------------------------------------


def test_an_event_this_version_cannot_read_sets_the_whole_log_aside_and_says_so(tmp_path: Path) -> None:
    db = open_database(tmp_path / "t.db")
    log = EventLog(db, KINDS, mark=tmp_path / "mark")
    log.append(CardPlaced(0, "01"), at=1.0)
    db.execute("INSERT INTO event_log (at, kind, data) VALUES (2.0, 'FromTheFuture', '{}')")
    log.append(CardRemoved(0), at=3.0)
    db.execute("INSERT INTO event_log (at, kind, data) VALUES (4.0, 'CardRemoved', '{\"seat\": \xde\xad')")
    assert log.unreadable() == (2, "the event log holds an event of kind 'FromTheFuture' this version of the "
                                   "table does not know")  # fmt: skip
    said = log.set_aside_unreadable()
    assert said is not None and "from event 2 on" in said and "rather than replay part of it" in said
    assert list(log.replay()) == [] and log.unreadable() is None  # a new, empty log
    (kept,) = db.execute("SELECT name FROM sqlite_master WHERE name LIKE 'event_log_unreadable_%'").fetchone()
    assert db.execute(f"SELECT count(*) FROM {kept}").fetchone() == (4,)  # nothing thrown away
    assert log.set_aside_unreadable() is None


def test_a_full_disk_is_its_own_error_and_writes_nothing(tmp_path: Path) -> None:
    db = open_database(tmp_path / "t.db")
    log = EventLog(db, KINDS)
    (pages,) = db.execute("PRAGMA page_count").fetchone()
    db.execute(f"PRAGMA max_page_count = {pages}")  # the disk is full from here on
    with pytest.raises(DiskFull, match="could not be saved"):
        for n in range(1000):
            log.append(CardPlaced(n % 6, f"{n:014X}" * 20), at=float(n))
    before = log.last()
    with pytest.raises(DiskFull):
        log.append(CardPlaced(0, "F" * 5000), at=0.0)
    assert log.last() == before


def test_events_lost_after_a_kill_are_said(tmp_path: Path) -> None:
    """The -wal file deleted after a kill (or the database cut short): the mark remembers how far the log was."""
    path, mark = tmp_path / "t.db", tmp_path / "mark"
    db = open_database(path)
    db.execute("PRAGMA wal_autocheckpoint = 0")  # the events stay in the -wal file, as after a kill
    log = EventLog(db, KINDS, mark=mark)
    for n in range(5):
        log.append(CardPlaced(n, "01"), at=float(n))
    copy = tmp_path / "copy"
    copy.mkdir()
    (copy / "t.db").write_bytes(path.read_bytes())  # the database file without its -wal
    (copy / "mark").write_bytes(mark.read_bytes())
    again = EventLog(open_database(copy / "t.db"), KINDS, mark=copy / "mark")
    said = again.lost()
    assert said is not None and "lost its last 5 events" in said
    assert log.lost() is None  # the log that has them all says nothing
