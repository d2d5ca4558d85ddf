"""The seat hub driver against the hub emulator, over a real pseudo-terminal, with every fault on the line.

Time is a fake clock: heartbeats, timeouts and backoff advance only when a test says so. The only waiting is
for bytes in flight through the terminal (select with a short timeout), never a sleep.
"""

from __future__ import annotations

import itertools
import random
import select
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from table.core.events import (
    CardPlaced,
    CardRemoved,
    HubConnected,
    HubLinkLost,
    ReaderFailed,
    ReaderRecovered,
    TableEvent,
    TagWritten,
)
from table.devices.hub_emulator import HubEmulator
from table.devices.nfc import HubLink, LinkState, LinkTiming

UID = [bytes([0x04, n, 0xA2, 0x24, 0x1A, 0x5C, 0x80]) for n in range(256)]


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Table:
    """A link, a hub and a clock, with the loop that turns them."""

    def __init__(self, folder: Path) -> None:
        self.clock = FakeClock()
        self.hub = HubEmulator(folder, readers=6)
        self.link = HubLink(lambda: str(self.hub.path) if self.hub.path.exists() else None, self.clock)
        self.events: list[TableEvent] = []

    def turn(self, wait: float = 0.02) -> list[TableEvent]:
        """One turn of both loops; waits at most `wait` s for bytes already on their way."""
        self.hub.service(self.clock())
        fd = self.link.fileno()
        if fd is not None:
            select.select([fd], [], [], wait)
        new = self.link.poll()
        self.hub.service(self.clock())
        self.events += new
        return new

    def until(self, done: Callable[[list[TableEvent]], bool], turns: int = 60) -> list[TableEvent]:
        """Turn until `done(events so far in this call)`; fail if it never happens."""
        seen: list[TableEvent] = []
        for _ in range(turns):
            seen += self.turn()
            if done(seen):
                return seen
        raise AssertionError(f"not reached; events: {seen}")

    def settle(self, turns: int = 8) -> list[TableEvent]:
        seen: list[TableEvent] = []
        for _ in range(turns):
            seen += self.turn(wait=0.005)
        return seen

    def connect(self) -> None:
        self.until(lambda seen: any(isinstance(e, HubConnected) for e in seen))
        self.settle()  # the snapshot after the handshake


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    t = Table(tmp_path)
    yield t
    t.link.close()
    t.hub.unplug()


def placed(seat: int, n: int, code: str | None = None) -> CardPlaced:
    return CardPlaced(seat, UID[n].hex().upper(), code)


def test_the_handshake_reports_the_hub_and_its_readers(table: Table) -> None:
    table.connect()
    assert HubConnected("1.0.0", 6) in table.events
    assert table.link.state is LinkState.CONNECTED


def test_a_hub_heard_booting_and_answering_is_connected_once(table: Table) -> None:
    table.connect()
    table.hub.boot_hello()  # the hub's HELLO at boot reaches a host that had already said HOST_HELLO
    table.settle()
    assert [e for e in table.events if isinstance(e, HubConnected)] == [HubConnected("1.0.0", 6)]
    assert table.link.state is LinkState.CONNECTED


def test_a_card_placed_and_removed(table: Table) -> None:
    table.connect()
    table.hub.place(3, UID[1], "yellow:12")
    assert table.until(lambda seen: bool(seen)) == [placed(3, 1, "yellow:12")]
    table.hub.remove(3)
    assert table.until(lambda seen: bool(seen)) == [CardRemoved(3)]


def test_a_tag_without_a_code_is_reported_with_its_uid_only(table: Table) -> None:
    table.connect()
    table.hub.place(0, UID[2])
    assert table.until(lambda seen: bool(seen)) == [placed(0, 2)]


def test_cards_already_on_the_table_are_reported_once_at_connection(table: Table) -> None:
    table.hub.place(1, UID[5], "mermaid")
    table.connect()
    assert table.events.count(placed(1, 5, "mermaid")) == 1


def test_garbage_on_the_line_is_survived_and_counted(table: Table) -> None:
    table.connect()
    table.hub.send_garbage()
    table.hub.place(2, UID[3], "black:1")
    table.until(lambda seen: placed(2, 3, "black:1") in seen)
    assert table.link.counters.bad_frames >= 1
    assert table.settle() == []


@pytest.mark.parametrize("fault", ["corrupt_next", "truncate_next", "lose_next"])
def test_a_placement_damaged_or_lost_on_the_line_still_arrives_once(table: Table, fault: str) -> None:
    table.connect()
    getattr(table.hub, fault)()
    table.hub.place(4, UID[7], "pirate")
    table.clock.now += 0.5  # the next heartbeat shows the gap, if nothing else did
    table.until(lambda seen: placed(4, 7, "pirate") in seen)
    assert table.events.count(placed(4, 7, "pirate")) == 1
    assert table.settle() == []


def test_a_duplicated_frame_is_reported_once(table: Table) -> None:
    table.connect()
    table.hub.duplicate_next()
    table.hub.place(5, UID[9], "skullking")
    table.until(lambda seen: bool(seen))
    table.settle()
    assert table.events.count(placed(5, 9, "skullking")) == 1
    assert table.link.counters.duplicate_frames == 1


def test_a_silent_reader_is_reported_and_the_others_go_on(table: Table) -> None:
    table.connect()
    table.hub.silence_reader(2)
    assert table.until(lambda seen: bool(seen)) == [ReaderFailed(2, "no chip")]
    table.hub.place(3, UID[4], "red:3")
    assert table.until(lambda seen: bool(seen)) == [placed(3, 4, "red:3")]
    table.hub.place(2, UID[6], "red:4")  # lies on the dead reader: nobody can see it
    table.hub.revive_reader(2)
    assert table.until(lambda seen: len(seen) == 2) == [ReaderRecovered(2), placed(2, 6, "red:4")]


def test_unplugging_is_reported_and_replugging_resumes_without_losing_or_doubling(table: Table) -> None:
    table.hub.place(0, UID[1], "yellow:1")
    table.hub.place(1, UID[2], "yellow:2")
    table.connect()
    table.hub.unplug()
    lost = table.until(lambda seen: any(isinstance(e, HubLinkLost) for e in seen))
    assert "unplugged" in next(e for e in lost if isinstance(e, HubLinkLost)).reason
    table.hub.remove(1)  # while the hub was away
    table.hub.place(2, UID[3], "yellow:3")
    table.hub.plug()
    table.clock.now += 10  # past any backoff
    table.until(lambda seen: any(isinstance(e, HubConnected) for e in seen))
    assert sorted(map(repr, table.settle())) == sorted(map(repr, [CardRemoved(1), placed(2, 3, "yellow:3")]))
    assert table.events.count(placed(0, 1, "yellow:1")) == 1


def test_missed_heartbeats_make_the_link_stale_and_it_recovers(table: Table) -> None:
    table.connect()
    table.hub.hung = True
    table.clock.now += 1.0
    assert table.settle() == []  # two intervals: not yet
    table.clock.now += 1.0
    lost = table.until(lambda seen: bool(seen))
    assert isinstance(lost[0], HubLinkLost) and "no heartbeat" in lost[0].reason
    table.hub.hung = False
    table.clock.now += 10
    table.until(lambda seen: any(isinstance(e, HubConnected) for e in seen))


def test_no_hub_is_reported_once_and_retried_with_growing_backoff(tmp_path: Path) -> None:
    clock = FakeClock()
    attempts: list[float] = []

    def find_port() -> None:
        attempts.append(clock.now)
        return None

    link = HubLink(find_port, clock, timing=LinkTiming(backoff_first=0.1, backoff_max=1.0))
    events = []
    for _ in range(1000):
        events += link.poll()
        clock.now += 0.01
    assert events == [HubLinkLost("seat hub not found: is its USB cable plugged in?")]
    gaps = [b - a for a, b in itertools.pairwise(attempts)]
    assert gaps[:4] == pytest.approx([0.1, 0.2, 0.4, 0.8], abs=0.011)
    assert max(gaps) == pytest.approx(1.0, abs=0.011)


def test_a_hub_that_never_answers_the_handshake_is_given_up_on(table: Table) -> None:
    table.hub.hung = True
    table.turn()
    table.clock.now += 2.0
    lost = table.until(lambda seen: bool(seen))
    assert isinstance(lost[0], HubLinkLost) and "does not answer" in lost[0].reason


def test_a_hub_speaking_another_protocol_version_is_refused_with_advice(table: Table) -> None:
    table.hub.protocol = 2
    lost = table.until(lambda seen: bool(seen))
    assert isinstance(lost[0], HubLinkLost) and "flash the firmware" in lost[0].reason


def test_writing_a_tag(table: Table) -> None:
    table.connect()
    table.hub.place(1, UID[8])
    table.until(lambda seen: bool(seen))
    assert table.link.write_tag(reader=1, text="escape")
    assert table.until(lambda seen: bool(seen)) == [TagWritten(1, True)]
    assert table.hub.tags[1] == (UID[8], "escape")
    assert table.link.write_tag(reader=4, text="escape")
    assert table.until(lambda seen: bool(seen)) == [TagWritten(4, False, "no_tag")]


def test_writing_while_offline_is_refused_at_once(table: Table) -> None:
    assert not table.link.write_tag(reader=0, text="escape")


def test_a_hundred_unplug_replug_cycles_lose_and_double_nothing(table: Table) -> None:
    """Cards come and go while the hub is plugged in and while it is away; the game's view must end exact."""
    rng = random.Random(2013)
    table.connect()
    fresh = iter(range(10, 256))

    def move_a_card() -> None:
        reader = rng.randrange(6)
        if table.hub.tags[reader] is None:
            n = next(fresh, None) or rng.randrange(10, 256)
            table.hub.place(reader, UID[n], f"red:{1 + n % 13}")
        else:
            table.hub.remove(reader)

    for _cycle in range(100):
        for _ in range(rng.randrange(0, 4)):
            move_a_card()
            if rng.random() < 0.5:
                table.turn(wait=0.002)  # some frames read, some still on the line when the cable goes
        table.hub.unplug()
        table.until(lambda seen: any(isinstance(e, HubLinkLost) for e in seen))
        for _ in range(rng.randrange(0, 3)):
            move_a_card()
        table.hub.plug()
        table.clock.now += 10
        table.until(lambda seen: any(isinstance(e, HubConnected) for e in seen))
        if rng.random() < 0.3:
            move_a_card()  # while the snapshot is on its way
    table.settle(20)
    # Replay what the game was told: it must match the cards on the readers, and never stack two on one seat.
    view: dict[int, str | None] = dict.fromkeys(range(6))
    for event in table.events:
        if isinstance(event, CardPlaced):
            assert view[event.seat] is None, f"seat {event.seat} placed twice without a removal"
            view[event.seat] = event.uid
        elif isinstance(event, CardRemoved):
            assert view[event.seat] is not None, f"seat {event.seat} removed while empty"
            view[event.seat] = None
    assert view == {r: (tag[0].hex().upper() if tag else None) for r, tag in enumerate(table.hub.tags)}
    assert sum(isinstance(e, HubConnected) for e in table.events) == 101
    assert sum(isinstance(e, HubLinkLost) for e in table.events) == 100


def test_the_hub_is_found_by_its_configured_path_or_by_usb_ids(monkeypatch: pytest.MonkeyPatch) -> None:
    from types import SimpleNamespace

    from serial.tools import list_ports

    from table.devices.nfc import MICROPYTHON_PID, PICO_VID, find_hub_port

    ports = [
        SimpleNamespace(device="/dev/ttyUSB0", vid=0x0403, pid=0x6001),  # some other USB serial adapter
        SimpleNamespace(device="/dev/ttyACM1", vid=PICO_VID, pid=MICROPYTHON_PID),
    ]
    monkeypatch.setattr(list_ports, "comports", lambda: ports)
    assert (
        find_hub_port("/dev/serial/by-id/usb-MicroPython_Board-if00") == "/dev/serial/by-id/usb-MicroPython_Board-if00"
    )
    assert find_hub_port("auto") == "/dev/ttyACM1"
    monkeypatch.setattr(list_ports, "comports", lambda: ports[:1])
    assert find_hub_port(None) is None


def test_after_a_restart_the_game_s_belief_is_compared_with_the_readers(table: Table) -> None:
    """The table restarted: its log says cards lie on seats 0 and 1; meanwhile 1 was lifted and 2 was laid."""
    table.hub.place(0, UID[1], "yellow:1")
    table.hub.place(2, UID[3], "yellow:3")
    table.link.assume({0: UID[1].hex().upper(), 1: UID[2].hex().upper()})
    table.connect()
    changes = [e for e in table.events if not isinstance(e, HubConnected)]
    assert sorted(map(repr, changes)) == sorted(map(repr, [CardRemoved(1), placed(2, 3, "yellow:3")]))
