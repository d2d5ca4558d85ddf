"""The venue's acknowledgements (table.venue.acks) and, end to end with a real Mosquitto WITHOUT persistence (the
hard case) and the real venue service, that nothing a table publishes is lost whatever the broker does: killed
with -9 and restarted with the table back before the venue, the venue down for a whole game with the broker
restarted meanwhile, the link cut mid-game, the table restarted, a table whose database was wiped."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pytest

from table.core.catalog import GameEntry
from table.venue.acks import AckSender
from table.venue.broker import LocalBroker
from table.venue.service import Venue
from tests.venue.listener import Listener, wait_until
from tests.venue.proxy import Proxy
from tests.venue.test_publisher import KINDS, Table, settings_for
from tests.venue.test_service import venue_for

RESEND = 0.3  # seconds: the tables' RESEND_AFTER here, so a silent venue is tried again soon


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_acks_go_out_at_once_then_at_most_every_fifth_of_a_second_with_the_latest() -> None:
    clock, sent = Clock(), []
    acks = AckSender(lambda table, seq: sent.append((table, seq)), every=0.2, monotonic=clock)
    acks.held("t1", 1)
    assert sent == [("t1", 1)]  # the first at once
    clock.now += 0.05
    acks.held("t1", 2)
    acks.held("t1", 3)
    acks.held("t2", 7)  # another table has its own turn
    acks.flush_due()
    assert sent == [("t1", 1), ("t2", 7)]
    clock.now += 0.15
    acks.flush_due()
    assert sent == [("t1", 1), ("t2", 7), ("t1", 3)]  # the latest only
    acks.flush_due()
    acks.all({"t1": 3, "t3": 0})
    assert sent[3:] == [("t1", 3), ("t3", 0)]


# --- End to end -------------------------------------------------------------------------------------------------


@pytest.fixture
def highcard(toy_game: GameEntry) -> GameEntry:
    return toy_game


@pytest.fixture
def venue_folder(tmp_path: Path) -> Path:
    return tmp_path / "venue"


def started(broker: LocalBroker, folder: Path) -> Venue:
    venue = venue_for(broker, folder)
    venue.start()
    assert venue.wait_connected(10), venue.state
    return venue


@pytest.fixture
def spy(broker: LocalBroker) -> Iterator[Listener]:
    """Sees what the broker passes on, and acknowledges nothing."""
    listener = Listener(broker, acks=False)
    listener.subscribed.wait(5)
    yield listener
    listener.close()


def stored(venue: Venue, table: str = "t1") -> list[tuple[int, str]]:
    """The venue's events of `table`, in the order they first arrived."""
    rows = venue.store._rows("SELECT seq, kind FROM envelopes WHERE table_id = ? ORDER BY received, seq", table)
    return [(row["seq"], row["kind"]) for row in rows]


def everything_delivered(table: Table, venue: Venue, count: int) -> bool:
    return len(stored(venue)) == count and table.publisher.pending() == 0


def test_a_broker_killed_mid_game_with_the_table_back_before_the_venue_loses_nothing(
    highcard: GameEntry, broker: LocalBroker, spy: Listener, venue_folder: Path, tmp_path: Path
) -> None:
    venue = started(broker, venue_folder)
    table = Table(tmp_path / "table", settings_for(broker), resend_after=RESEND)
    table.start()
    table.play(1)
    wait_until(lambda: everything_delivered(table, venue, 3), table.app, what="round 1")
    broker.kill()  # kill -9: the venue's session and anything queued in it are gone (no persistence)
    table.play(2)
    venue.stop()
    broker.start()
    # the table is back first: the broker takes its results and, with no venue subscribed, drops them
    wait_until(lambda: {e.seq for e in spy.events()} >= {4, 5}, table.app, what="the table's resend to nobody")
    table.play(3)
    wait_until(lambda: {e.seq for e in spy.events()} >= {6, 7, 8}, table.app, what="the rest, to nobody")
    assert table.publisher.pending() == 5  # the broker took them all; the venue has none of them
    back = started(broker, venue_folder)
    try:
        wait_until(lambda: everything_delivered(table, back, 8), table.app, what="the venue getting it all")
        assert stored(back) == list(enumerate(KINDS, start=1))  # each once, first arrivals in order
        assert back.store.counter("seq_conflicts") == 0 and back.store.acked("t1") == 8
        assert table.publisher.outbox.acked == 8
    finally:
        table.app.close_venue()
        back.stop()


def test_a_venue_down_for_a_whole_game_gets_it_all_though_the_broker_restarted(
    highcard: GameEntry, broker: LocalBroker, venue_folder: Path, tmp_path: Path
) -> None:
    started(broker, venue_folder).stop()  # the venue was there once, then went away
    table = Table(tmp_path / "table", settings_for(broker), resend_after=RESEND)
    table.start()
    table.play(1)
    broker.restart()  # the venue's session, its queue and every retained message are gone
    table.play(2)
    table.play(3)
    wait_until(lambda: table.publisher.connected, table.app, what="the table back on the broker")
    for _ in range(50):
        table.app.step(wait=0)
    assert table.publisher.pending() == 8
    venue = started(broker, venue_folder)
    try:
        wait_until(lambda: everything_delivered(table, venue, 8), table.app, what="the whole game")
        assert stored(venue) == list(enumerate(KINDS, start=1))
    finally:
        table.app.close_venue()
        venue.stop()


def test_a_venue_never_seen_gets_everything_and_a_silent_one_only_a_bounded_window_again_and_again(
    highcard: GameEntry, broker: LocalBroker, spy: Listener, venue_folder: Path, tmp_path: Path
) -> None:
    table = Table(tmp_path / "table", settings_for(broker), resend_after=0.05, beyond_ack=3)
    table.start()
    for number in (1, 2, 3):
        table.play(number)
    wait_until(lambda: len(spy.events()) >= 9, table.app, what="three resends to nobody")
    assert {e.seq for e in spy.events()} == {1, 2, 3}  # never more than 3 beyond the venue's ack (none yet: 0)
    assert table.publisher.pending() == 8
    venue = started(broker, venue_folder)  # a venue that never heard of the table: the table's status tells it
    try:
        wait_until(lambda: everything_delivered(table, venue, 8), table.app, what="the whole game")
        assert stored(venue) == list(enumerate(KINDS, start=1))
    finally:
        table.app.close_venue()
        venue.stop()


def test_a_cut_link_mid_game_loses_nothing(highcard: GameEntry, broker: LocalBroker, venue_folder: Path,
                                          tmp_path: Path) -> None:  # fmt: skip
    venue = started(broker, venue_folder)
    proxy = Proxy(broker.port)
    table = Table(tmp_path / "table", settings_for(broker, proxy.port), window=2, resend_after=RESEND)
    try:
        table.start()
        table.play(1)
        proxy.cut()  # mid-game, maybe mid-delivery
        table.play(2)
        for _ in range(20):
            table.app.step(wait=0)
        assert table.publisher.pending() >= 2
        proxy.restore()
        table.play(3)
        wait_until(lambda: everything_delivered(table, venue, 8), table.app, what="the rest")
        assert stored(venue) == list(enumerate(KINDS, start=1))
    finally:
        table.app.close_venue()
        proxy.close()
        venue.stop()


def test_a_restarted_table_sends_only_what_the_venue_lacks(
    highcard: GameEntry, broker: LocalBroker, spy: Listener, venue_folder: Path, tmp_path: Path
) -> None:
    venue = started(broker, venue_folder)
    proxy = Proxy(broker.port)
    table = Table(tmp_path / "table", settings_for(broker, proxy.port), resend_after=RESEND)
    try:
        table.start()
        table.play(1)
        wait_until(lambda: everything_delivered(table, venue, 3), table.app, what="round 1")
        proxy.cut()
        table.play(2)
        table.crash()
        with spy._lock:
            spy.messages.clear()
        again = Table(tmp_path / "table", settings_for(broker), resend_after=RESEND)  # the same database
        wait_until(lambda: everything_delivered(again, venue, 5), again.app, what="round 2")
        assert {e.seq for e in spy.events()} == {4, 5}  # not 1 to 3 again: the venue has them
        assert stored(venue) == list(enumerate(KINDS[:5], start=1))
        again.app.close_venue()
    finally:
        proxy.close()
        venue.stop()


def test_a_table_whose_database_was_wiped_numbers_on_after_the_venue_and_says_so_once(
    highcard: GameEntry, broker: LocalBroker, venue_folder: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    venue = started(broker, venue_folder)
    table = Table(tmp_path / "table", settings_for(broker), resend_after=RESEND)
    table.start()
    table.play(1)
    wait_until(lambda: everything_delivered(table, venue, 3), table.app, what="round 1")
    table.app.close_venue()
    caplog.set_level(logging.ERROR, "table.venue.publisher")
    wiped = Table(tmp_path / "wiped", settings_for(broker), resend_after=RESEND)  # same id, a new data folder
    try:
        wiped.start()  # its game_started is seq 1 again, which the venue holds for another event
        wait_until(lambda: wiped.publisher.ahead == 3, wiped.app, what="the venue's ack ahead of the table")
        wiped.play(1)
        wait_until(lambda: everything_delivered(wiped, venue, 6), wiped.app, what="the new results")
        assert [seq for seq, _ in stored(venue)] == [1, 2, 3, 4, 5, 6]
        assert [kind for _, kind in stored(venue)[3:]] == ["game_started", "trick", "round"]
        for _ in range(50):
            wiped.app.step(wait=0)
        notice = wiped.app.notice
        assert notice is not None and notice[2] and "already had 3 results" in str(notice[0].text)
        assert len([r for r in caplog.records if "already holds results up to 3" in r.getMessage()]) == 1
    finally:
        wiped.app.close_venue()
        venue.stop()
