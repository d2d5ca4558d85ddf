"""The seat hub on the Pi: finds it, shakes hands, and turns its frames into table events.

One `HubLink` is polled by the table's main loop. `poll()` never blocks: it reads what the serial port holds,
runs the timers (handshake, heartbeat, reconnect backoff) on the injected clock, and returns events. The loop can
sleep in `select()` on `fileno()` so that a frame is handled the moment it arrives.

What the link guarantees the game: every card resting on a reader is reported placed exactly once, and removed
once when it leaves, across garbage on the line, lost or repeated frames, and unplugging the hub. It keeps the
last state it told the game for every reader and, after every (re)connection and whenever a frame went missing,
asks the hub for a snapshot of all readers and reports only the differences.
"""

from __future__ import annotations

import contextlib
import logging
import os
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum, auto
from typing import Protocol

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
from table.devices import hub_protocol as wire

log = logging.getLogger(__name__)

MAX_READERS = 6  # a seat hub drives up to six

# The Raspberry Pi Pico running MicroPython enumerates with these USB ids.
PICO_VID = 0x2E8A
MICROPYTHON_PID = 0x0005


class SerialPort(Protocol):
    """What the link needs of a pyserial `Serial` (opened with timeout=0, so reads never wait)."""

    def read(self, size: int) -> bytes: ...
    def reset_input_buffer(self) -> None: ...
    def close(self) -> None: ...
    def fileno(self) -> int: ...


def open_serial(path: str) -> SerialPort:
    import serial  # pyserial; imported here so the rules and tests that never touch a port do not need it

    # DTR stays asserted (pyserial's default): MicroPython's USB CDC only sends while the host holds DTR, and the
    # RP2040 does not reset on it. exclusive: a second program on the same port would steal frames.
    return serial.Serial(path, baudrate=115200, timeout=0, exclusive=True)


def find_hub_port(configured: str | None = None) -> str | None:
    """The configured path (a /dev/serial/by-id/ link, say), else the first Pico running MicroPython."""
    if configured and configured != "auto":
        return configured
    from serial.tools import list_ports

    for port in list_ports.comports():
        if (port.vid, port.pid) == (PICO_VID, MICROPYTHON_PID):
            return port.device
    return None


class LinkState(Enum):
    DISCONNECTED = auto()
    HANDSHAKE = auto()
    CONNECTED = auto()


@dataclass(frozen=True)
class LinkTiming:
    hello_timeout: float = 1.0  # the hub answers HOST_HELLO within this, or the attempt failed
    hello_resend: float = 0.25
    stale_heartbeats: int = 3  # this many heartbeat intervals without a frame: the link is stale
    heartbeat_interval: float = 0.5  # until the hub's HELLO/HEARTBEAT says otherwise
    backoff_first: float = 0.1
    backoff_max: float = 5.0


@dataclass
class LinkCounters:
    bad_frames: int = 0
    lost_frames: int = 0
    duplicate_frames: int = 0
    drops: int = 0  # times the port was closed for a fault


Tag = tuple[bytes, str]  # uid, code


class HubLink:
    def __init__(
        self,
        find_port: Callable[[], str | None],
        clock: Callable[[], float],
        open_port: Callable[[str], SerialPort] = open_serial,
        seat_of_reader: Callable[[int], int] = lambda reader: reader,
        timing: LinkTiming = LinkTiming(),
    ) -> None:
        self._find_port, self._clock, self._open_port = find_port, clock, open_port
        self._seat_of_reader = seat_of_reader
        self.timing = timing
        self.counters = LinkCounters()
        self.state = LinkState.DISCONNECTED
        self.firmware: str | None = None
        self._connected: HubConnected | None = None  # what the last HELLO said
        self._port: SerialPort | None = None
        self._decoder = wire.FrameDecoder()
        self._next_attempt = clock()
        self._backoff = timing.backoff_first
        self._deadline = 0.0
        self._last_hello_sent = 0.0
        self._last_heard = 0.0
        self._heartbeat = timing.heartbeat_interval
        self._last_seq: int | None = None
        self._out_seq = 0
        self._snapshot_pending: int | None = None  # seq of an unanswered SNAPSHOT_REQUEST
        self._snapshot_asked = 0.0
        self._known: dict[int, Tag | None] = {}  # reader -> what the game was last told lies there
        self._failed: set[int] = set()
        self._lost_reported = False  # a hub missing at start is reported too
        self._events: list[TableEvent] = []

    # --- The main loop's side -----------------------------------------------------------------------------------

    def fileno(self) -> int | None:
        """The port's descriptor for select(), while one is open."""
        return self._port.fileno() if self._port else None

    def poll(self) -> list[TableEvent]:
        """Whatever happened since the last call. Never blocks."""
        now = self._clock()
        if self.state is LinkState.DISCONNECTED:
            if now >= self._next_attempt:
                self._connect(now)
        elif self._port is not None:
            self._read(now)
            self._check_timers(now)
        events, self._events = self._events, []
        return events

    def assume(self, tags_at_seats: dict[int, str]) -> None:
        """What the game believes lies on each seat's reader (seat -> UID hex), as after replaying its log.

        The first snapshot is then compared with this belief, so a card lifted, or laid, while the table was
        down is reported, and a card still lying there is not reported twice.
        """
        for reader in range(MAX_READERS):
            seat = self._seat_of_reader(reader)
            if seat in tags_at_seats:
                self._known[reader] = (bytes.fromhex(tags_at_seats[seat]), "")
            elif seat >= 0:
                self._known[reader] = None

    def write_tag(self, reader: int, text: str) -> bool:
        """Ask the hub to write `text` into the tag on `reader`; a TagWritten event answers. False if offline."""
        if self.state is not LinkState.CONNECTED:
            return False
        self._send(wire.WriteTag(reader, text))
        return True

    def close(self) -> None:
        self._drop(None)

    # --- Connecting -------------------------------------------------------------------------------------------

    def _connect(self, now: float) -> None:
        path = self._find_port()
        if path is None:
            self._retry_later("seat hub not found: is its USB cable plugged in?")
            return
        try:
            self._port = self._open_port(path)
        except (OSError, ValueError) as error:  # pyserial's SerialException is an OSError
            self._retry_later(f"cannot open the seat hub at {path}: {error}")
            return
        self._port.reset_input_buffer()  # bytes of an earlier session: the snapshot will cover what they said
        self.state = LinkState.HANDSHAKE
        self._decoder = wire.FrameDecoder()
        self._out_seq = 0  # a new session numbers from 0 (HOST_HELLO 0, SNAPSHOT_REQUEST 1)
        self._deadline = now + self.timing.hello_timeout
        self._send_hello(now)

    def _send_hello(self, now: float) -> None:
        self._last_hello_sent = now
        self._send(wire.HostHello())

    def _retry_later(self, reason: str | None) -> None:
        if reason:
            self._report_lost(reason)
        self._next_attempt = self._clock() + self._backoff
        self._backoff = min(self._backoff * 2, self.timing.backoff_max)

    def _drop(self, reason: str | None) -> None:
        """Close the port and try again later; `reason` is reported unless the table itself closed it."""
        if self._port is not None:
            with contextlib.suppress(OSError):
                self._port.close()
            self.counters.drops += 1
        self._port = None
        self._snapshot_pending = None
        self.state = LinkState.DISCONNECTED
        self._retry_later(reason)

    def _report_lost(self, reason: str) -> None:
        if not self._lost_reported:
            log.warning("seat hub link lost: %s", reason)
            self._events.append(HubLinkLost(reason))
            self._lost_reported = True

    # --- Reading ----------------------------------------------------------------------------------------------

    def _read(self, now: float) -> None:
        assert self._port is not None
        try:
            data = self._port.read(4096)
        except OSError as error:
            self._drop(f"seat hub unplugged ({error})")
            return
        for item in self._decoder.feed(data):
            if isinstance(item, wire.FrameFault):
                self._bad_frame(f"bad frame from the hub: {item.name.lower()}")
            else:
                self._frame(item, now)
            if self._port is None:
                return

    def _bad_frame(self, why: str) -> None:
        self.counters.bad_frames += 1
        log.info(why)
        if self.state is LinkState.CONNECTED:
            self._request_snapshot()  # the damaged frame may have been a placement: ask for the whole picture

    def _frame(self, frame: wire.Frame, now: float) -> None:
        try:
            message = wire.decode_message(frame)
        except wire.ProtocolError as error:
            self._bad_frame(f"unreadable {frame.type:#04x} frame from the hub: {error}")
            return
        self._last_heard = now
        if isinstance(message, wire.Hello):  # a (re)started hub numbers its frames afresh
            self._last_seq = frame.seq
            self._hello(message, now)
            return
        if self.state is not LinkState.CONNECTED:
            return  # nothing counts before the handshake
        if self._last_seq is not None:
            step, lost = wire.sequence_step(self._last_seq, frame.seq)
            if step is wire.Sequence.DUPLICATE:
                self.counters.duplicate_frames += 1
                return
            if lost:
                self.counters.lost_frames += lost
                self._request_snapshot()  # what went missing may have been a placement
        self._last_seq = frame.seq
        self._message(message)

    def _hello(self, hello: wire.Hello, now: float) -> None:
        if hello.protocol != wire.PROTOCOL_VERSION:
            self._drop(
                f"the seat hub speaks protocol {hello.protocol}, this table {wire.PROTOCOL_VERSION}: "
                "flash the firmware that comes with this version of the table"
            )
            return
        connected = HubConnected(".".join(map(str, hello.firmware)), hello.readers)
        again = self.state is LinkState.CONNECTED and connected == self._connected
        self.firmware, self._connected = connected.firmware, connected
        self.state = LinkState.CONNECTED
        self._backoff = self.timing.backoff_first
        self._lost_reported = False
        if not again:  # the boot HELLO and the answer to HOST_HELLO of one hub: one connection, said once
            self._events.append(connected)
            log.info("seat hub %s with %d readers connected", connected.firmware, connected.readers)
        self._snapshot_pending = None
        self._request_snapshot()

    def _message(self, message: wire.Message) -> None:
        match message:
            case wire.Placed(reader, uid, code):
                self._settle(reader, (uid, code))
            case wire.Removed(reader):
                self._settle(reader, None)
            case wire.Snapshot(ref, readers):
                if ref == self._snapshot_pending:
                    self._snapshot_pending = None
                for reader, seen in enumerate(readers):
                    if seen.state is wire.ReaderState.FAILED:
                        self._reader_failed(reader, seen.error)
                    else:
                        self._reader_ok(reader)
                        self._settle(reader, (seen.uid, seen.code) if seen.state is wire.ReaderState.TAG else None)
            case wire.Heartbeat(interval_ms=interval):
                self._heartbeat = interval / 1000 or self.timing.heartbeat_interval
            case wire.ReaderError(reader, error):
                self._reader_failed(reader, error)
            case wire.ReaderOk(reader):
                self._reader_ok(reader)
            case wire.WriteResult(reader=reader, status=status):
                ok = status is wire.WriteStatus.OK
                self._events.append(TagWritten(self._seat_of_reader(reader), ok, None if ok else status.name.lower()))
            case wire.Error(error, ref_type, ref):
                log.warning("the seat hub refused our frame %#04x (seq %d): error %d", ref_type, ref, error)

    def _settle(self, reader: int, tag: Tag | None) -> None:
        """Tell the game about reader `reader` only what differs from what it was last told."""
        before = self._known.get(reader)
        if before == tag or (before and tag and before[0] == tag[0]):
            return  # the same tag again (a repeated frame, or a snapshot agreeing): nothing new
        seat = self._seat_of_reader(reader)
        if before is not None:
            self._events.append(CardRemoved(seat))
        if tag is not None:
            self._events.append(CardPlaced(seat, tag[0].hex().upper(), tag[1] or None))
        self._known[reader] = tag

    def _reader_failed(self, reader: int, error: int) -> None:
        if reader in self._failed:
            return
        self._failed.add(reader)
        try:
            reason = wire.ReaderFault(error).name.lower().replace("_", " ")
        except ValueError:
            reason = f"error {error}"
        self._events.append(ReaderFailed(self._seat_of_reader(reader), reason))

    def _reader_ok(self, reader: int) -> None:
        if reader in self._failed:
            self._failed.discard(reader)
            self._events.append(ReaderRecovered(self._seat_of_reader(reader)))

    # --- Timers and sending -----------------------------------------------------------------------------------

    def _check_timers(self, now: float) -> None:
        if self.state is LinkState.HANDSHAKE:
            if now >= self._deadline:
                self._drop("the seat hub does not answer: is it running the Pirate Table firmware?")
            elif now - self._last_hello_sent >= self.timing.hello_resend:
                self._send_hello(now)
        elif self.state is LinkState.CONNECTED:
            silent = now - self._last_heard
            if silent > self.timing.stale_heartbeats * self._heartbeat:
                self._drop(f"no heartbeat from the seat hub for {silent:.1f} s")
            elif self._snapshot_pending is not None and now - self._snapshot_asked > self.timing.hello_timeout:
                self._snapshot_pending = None  # the answer was lost on the line: ask again
                self._request_snapshot()

    def _request_snapshot(self) -> None:
        if self._snapshot_pending is None:
            self._snapshot_asked = self._clock()
            self._snapshot_pending = self._send(wire.SnapshotRequest())

    def _send(self, message: wire.Message) -> int | None:
        if self._port is None:
            return None
        seq = self._out_seq
        self._out_seq = (self._out_seq + 1) & 0xFF
        frame = wire.encode_message(message, seq)
        # os.write on the port's descriptor, which pyserial opens non-blocking: pyserial's own write() with a
        # timeout raises after a complete write if the process was merely slow to check the clock.
        try:
            written = os.write(self._port.fileno(), frame)
        except BlockingIOError:
            written = 0
        except OSError as error:
            self._drop(f"cannot write to the seat hub ({error})")
            return None
        if written < len(frame):
            self._drop("the seat hub does not read what the table sends (its buffer is full)")
            return None
        return seq
