"""The outbox: results kept in the table's database, numbered without gaps, one game id per game, kept across a
kill, rows the venue acknowledged delivered, a venue ahead of the table, a full disk said as DiskFull."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from table.store.database import DiskFull, open_database
from table.venue.outbox import KEEP_SENT, Outbox, SeqOutOfRange, game_id
from table.venue.publisher import VenuePublisher
from table.venue.settings import VenueSettings
from table.venue.topics import MAX_SEQ

NOV_23 = 1795471200.0  # 2026-11-23 22:00:00 UTC


def _outbox(path: Path, covered: int = 0) -> tuple[sqlite3.Connection, Outbox]:
    db = open_database(path)
    return db, Outbox(db, "t1", clock=lambda: NOV_23, covered=covered)


def test_a_game_id_is_the_table_the_utc_start_and_the_seq_of_its_start() -> None:
    assert game_id("t1", NOV_23, 7) == "t1-20261123220000-7"


def test_results_are_numbered_from_one_and_a_start_begins_a_game(tmp_path: Path) -> None:
    _, outbox = _outbox(tmp_path / "table.sqlite3")
    assert (outbox.game_id, outbox.last_seq) == (None, 0)
    first = outbox.add([("game_started", {"game": "skullking"}), ("round", {"round": 1})], place=5)
    assert [(e.seq, e.kind, e.game_id) for e in first] == [
        (1, "game_started", "t1-20261123220000-1"),
        (2, "round", "t1-20261123220000-1"),
    ]
    second = outbox.add([("game_over", {}), ("game_started", {"game": "piratenpoker"}), ("trick", {})], place=9)
    assert [(e.seq, e.game_id) for e in second] == [
        (3, "t1-20261123220000-1"),
        (4, "t1-20261123220000-4"),
        (5, "t1-20261123220000-4"),
    ]
    assert (outbox.game_id, outbox.last_seq, outbox.covered) == ("t1-20261123220000-4", 5, 9)
    assert [e.seq for e in outbox.unsent()] == [1, 2, 3, 4, 5] and outbox.pending() == 5
    assert outbox.unsent()[1].data == {"round": 1} and outbox.unsent()[0].table == "t1"


def test_rows_the_venue_acknowledged_are_delivered_and_unsent_is_in_seq_order(tmp_path: Path) -> None:
    db, outbox = _outbox(tmp_path / "table.sqlite3")
    outbox.add([("trick", {"number": n}) for n in range(1, 7)])
    assert outbox.acked == 0  # nothing heard from the venue yet
    outbox.acknowledge(3)
    assert [e.seq for e in outbox.unsent()] == [4, 5, 6] and outbox.acked == 3
    assert [e.seq for e in outbox.unsent(after=4, limit=1)] == [5]
    assert outbox.pending() == 3
    outbox.acknowledge(1)  # a venue that went back (its database replaced): what it lacks is pending again
    assert outbox.pending() == 5 and [e.seq for e in outbox.unsent()] == [2, 3, 4, 5, 6]
    assert db.execute("SELECT group_concat(sent) FROM venue_outbox").fetchone() == ("1,0,0,0,0,0",)


def test_every_envelope_says_the_oldest_seq_kept(tmp_path: Path) -> None:
    _, outbox = _outbox(tmp_path / "table.sqlite3")
    assert outbox.first_kept() == 1
    outbox.add([("trick", {})] * (KEEP_SENT + 5))
    outbox.acknowledge(KEEP_SENT + 3)
    assert outbox.first_kept() == 6  # the KEEP_SENT newest rows are kept
    assert {e.first for e in outbox.unsent()} == {6} and b'"first":6' in outbox.unsent()[0].to_json()


def test_a_venue_ahead_of_the_table_gets_its_undelivered_rows_numbered_on(tmp_path: Path) -> None:
    mark = tmp_path / "venue.seq-mark"
    db = open_database(tmp_path / "table.sqlite3")
    outbox = Outbox(db, "t1", clock=lambda: NOV_23, mark=mark)
    outbox.add([("game_started", {}), ("trick", {}), ("round", {})])
    outbox.acknowledge(1)
    assert outbox.renumber_after(40) == 39
    assert [(e.seq, e.kind) for e in outbox.unsent()] == [(41, "trick"), (42, "round")]
    assert (outbox.last_seq, outbox.acked, outbox.pending(), mark.read_text()) == (42, 40, 2, "42\n")
    assert outbox.unsent()[0].game_id == "t1-20261123220000-1"  # the game keeps its id
    assert outbox.add([("trick", {})])[0].seq == 43


def test_a_killed_table_goes_on_with_its_game_id_and_the_next_seq(tmp_path: Path) -> None:
    db, outbox = _outbox(tmp_path / "table.sqlite3")
    outbox.add([("game_started", {}), ("trick", {})], place=3)
    outbox.acknowledge(1)
    del outbox
    db.close()  # as after kill -9: what was committed is on disk
    _, again = _outbox(tmp_path / "table.sqlite3", covered=99)  # `covered` counts only for a new outbox
    assert (again.game_id, again.last_seq, again.covered, again.acked) == ("t1-20261123220000-1", 2, 3, 1)
    assert [e.seq for e in again.unsent()] == [2]
    (written,) = again.add([("round", {})], place=4)
    assert (written.seq, written.game_id) == (3, "t1-20261123220000-1")


def test_a_new_outbox_starts_after_the_log_it_finds(tmp_path: Path) -> None:
    _, outbox = _outbox(tmp_path / "table.sqlite3", covered=42)
    assert outbox.covered == 42
    outbox.uncover(50)
    assert outbox.covered == 42  # only ever lowered: the log was set aside and starts again
    outbox.uncover(0)
    assert outbox.covered == 0


def test_old_delivered_rows_are_dropped_but_the_seq_goes_on(tmp_path: Path) -> None:
    db, outbox = _outbox(tmp_path / "table.sqlite3")
    outbox.add([("trick", {})] * (KEEP_SENT + 10))
    outbox.acknowledge(5)
    (rows,) = db.execute("SELECT count(*) FROM venue_outbox").fetchone()
    assert rows == KEEP_SENT + 5  # the delivered ones older than the KEEP_SENT newest rows went; undelivered stay
    outbox.acknowledge(KEEP_SENT + 10)
    (rows,) = db.execute("SELECT count(*) FROM venue_outbox").fetchone()
    assert rows == KEEP_SENT
    assert outbox.add([("trick", {})])[0].seq == KEEP_SENT + 11


def test_a_full_disk_is_diskfull_and_writes_nothing(tmp_path: Path) -> None:
    db, outbox = _outbox(tmp_path / "table.sqlite3")
    outbox.add([("game_started", {})])
    (pages,) = db.execute("PRAGMA page_count").fetchone()
    db.execute(f"PRAGMA max_page_count = {pages}")  # the disk is full from here on
    with pytest.raises(DiskFull, match="could not be saved"):
        for _ in range(200):
            outbox.add([("trick", {"why": "x" * 2000})] * 5)
    last = outbox.last_seq
    with pytest.raises(DiskFull):
        outbox.add([("trick", {"why": "y" * 50_000})])
    assert outbox.last_seq == last and not db.in_transaction
    (count,) = db.execute("SELECT count(*) FROM venue_outbox").fetchone()
    assert count == last


def test_a_database_lost_whole_never_makes_a_seq_twice(tmp_path: Path) -> None:
    mark = tmp_path / "venue.seq-mark"
    db = open_database(tmp_path / "table.sqlite3")
    outbox = Outbox(db, "t1", clock=lambda: NOV_23, mark=mark)
    outbox.add([("game_started", {}), ("trick", {})])
    assert mark.read_text() == "2\n"
    db.close()
    (tmp_path / "table.sqlite3").unlink()  # damaged and moved aside at start: a new database
    fresh = Outbox(open_database(tmp_path / "table.sqlite3"), "t1", clock=lambda: NOV_23, mark=mark)
    assert fresh.game_id is None and fresh.add([("round", {})])[0].seq == 3
    mark.write_text("garbage")  # a mark cut short by a power cut is no mark
    assert Outbox(open_database(tmp_path / "other.sqlite3"), "t1", mark=mark).last_seq == 0


def test_an_ack_too_far_to_number_on_after_changes_nothing(tmp_path: Path) -> None:
    """A forged ack of 2**63 - 1 once made the table crash at every start (IntegrityError in the renumbering)."""
    _, outbox = _outbox(tmp_path / "table.sqlite3")
    outbox.add([("game_started", {}), ("trick", {}), ("round", {})])
    outbox.acknowledge(1)
    for seq in (2**63 - 1, MAX_SEQ):
        with pytest.raises(SeqOutOfRange):
            outbox.renumber_after(seq)
    assert [(e.seq, e.kind) for e in outbox.unsent()] == [(2, "trick"), (3, "round")]
    assert (outbox.last_seq, outbox.acked, outbox.pending()) == (3, 1, 2)


def test_the_publisher_ignores_an_absurd_ack_and_goes_on(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    db = open_database(tmp_path / "table.sqlite3")
    settings = VenueSettings("t1", "127.0.0.1", password_file=tmp_path / "no-password")  # no network: acks by hand
    publisher = VenuePublisher(settings, db, clock=lambda: NOV_23)
    publisher.outbox.add([("game_started", {}), ("trick", {}), ("round", {})])
    publisher._last = publisher.outbox.last_seq
    for seq in (2**63 - 1, MAX_SEQ):  # refused when read, then too far to number on after
        publisher._events.put(("venue", json.dumps({"v": 1, "table": "t1", "seq": seq}).encode()))
        publisher.pump()
    assert publisher.pending() == 3 and publisher.outbox.last_seq == 3 and publisher.ahead is None
    assert "bad seq" in caplog.text and "ignored" in caplog.text
    publisher._events.put(("venue", b'{"v": 1, "table": "t1", "seq": 2}'))  # the real venue's word still counts
    publisher.pump()
    assert publisher.pending() == 1
    publisher.close()
