"""A seat hub on a pseudo-terminal: the real wire protocol, the real serial driver, only the physics imitated.

The hub appears at `path`, a symlink to the pty like the /dev/serial/by-id/ link of a real Pico, so unplugging
and plugging it back in behaves as for real: the link disappears, the driver's reads fail, and a new terminal
appears at the same path. Tags lie on readers across an unplug, as cards stay on the table.

Faults on demand: garbage bytes, a bad checksum, a truncated, duplicated or lost frame, a silent reader, a hub
that hangs (no more frames), unplug and replug.
"""

from __future__ import annotations

import contextlib
import os
import select
import threading
import time
import tty
from collections.abc import Callable
from pathlib import Path

from table.devices import hub_protocol as wire

FIRMWARE = (1, 0, 0)


class HubEmulator:
    def __init__(
        self, folder: Path, readers: int = 6, heartbeat_ms: int = 500, firmware: tuple[int, int, int] = FIRMWARE
    ) -> None:
        self.path = folder / "seat-hub"
        self.readers = readers
        self.heartbeat_ms = heartbeat_ms
        self.firmware = firmware
        self.protocol = wire.PROTOCOL_VERSION
        self.tags: list[tuple[bytes, str] | None] = [None] * readers
        self.silent_readers: set[int] = set()
        self.hung = False
        self.frames_sent = 0
        self._lock = threading.RLock()  # the virtual table places cards from its own thread
        self._master: int | None = None
        self._slave: int | None = None
        self._decoder = wire.FrameDecoder()
        self._seq = 0
        self._next_heartbeat = 0.0
        self._started = time.monotonic()
        self._faults: list[str] = []  # applied to the next frames sent, in order
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self.plug()

    # --- The physical world -------------------------------------------------------------------------------------

    def place(self, reader: int, uid: bytes, code: str = "") -> None:
        """A tag settles on a reader."""
        with self._lock:
            self.tags[reader] = (uid, code)
            if reader not in self.silent_readers:
                self._send(wire.Placed(reader, uid, code))

    def remove(self, reader: int) -> None:
        with self._lock:
            had = self.tags[reader]
            self.tags[reader] = None
            if had and reader not in self.silent_readers:
                self._send(wire.Removed(reader))

    def boot_hello(self) -> None:
        """The HELLO the firmware sends unasked when it has booted: a host that opened the port while the hub was
        booting hears it as well as the answer to its HOST_HELLO."""
        with self._lock:
            self._send(wire.Hello(self.protocol, self.firmware, self.readers))

    @property
    def plugged(self) -> bool:
        return self._master is not None

    def plug(self) -> None:
        """Power up: a new terminal at the same path; frames are numbered from 0 again."""
        with self._lock:
            if self.plugged:
                return
            self._master, self._slave = os.openpty()
            tty.setraw(self._slave)  # no line discipline: bytes pass as they are
            os.set_blocking(self._master, False)
            self.path.unlink(missing_ok=True)
            self.path.symlink_to(os.ttyname(self._slave))
            self._decoder = wire.FrameDecoder()
            self._seq = 0

    def unplug(self) -> None:
        with self._lock:
            if not self.plugged:
                return
            self.path.unlink(missing_ok=True)
            for fd in (self._master, self._slave):
                assert fd is not None
                os.close(fd)
            self._master = self._slave = None

    # --- Faults -----------------------------------------------------------------------------------------------

    def send_garbage(self, data: bytes = b"\xde\xad\x55\x01\x7f noise \x03\x04") -> None:
        with self._lock:
            self._write(data)

    def corrupt_next(self) -> None:
        """The next frame leaves with a wrong checksum."""
        self._faults.append("corrupt")

    def truncate_next(self) -> None:
        self._faults.append("truncate")

    def duplicate_next(self) -> None:
        self._faults.append("duplicate")

    def lose_next(self) -> None:
        self._faults.append("lose")

    def silence_reader(self, reader: int) -> None:
        """The reader stops answering (a broken wire); the hub says so and polls the others."""
        with self._lock:
            self.silent_readers.add(reader)
            self._send(wire.ReaderError(reader, wire.ReaderFault.NO_CHIP))

    def revive_reader(self, reader: int) -> None:
        with self._lock:
            self.silent_readers.discard(reader)
            self._send(wire.ReaderOk(reader))
            tag = self.tags[reader]
            if tag:
                uid, code = tag
                self._send(wire.Placed(reader, uid, code))

    # --- The hub's loop ---------------------------------------------------------------------------------------

    def service(self, now: float) -> None:
        """Answer the host's frames and send a heartbeat when one is due. Never blocks."""
        with self._lock:
            if self._master is None:
                return
            try:
                data = os.read(self._master, 4096)
            except BlockingIOError:
                data = b""
            except OSError:  # the host side is not open: nothing to read yet
                data = b""
            for item in self._decoder.feed(data):
                self._answer(item)
            if now >= self._next_heartbeat:
                self._next_heartbeat = now + self.heartbeat_ms / 1000
                self._send(wire.Heartbeat(self.heartbeat_ms, int((now - self._started) * 1000) & 0xFFFFFFFF))

    def start(self, clock: Callable[[], float] = time.monotonic) -> None:
        """Run the hub's loop in a thread, for the virtual table."""
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, args=(clock,), name="hub-emulator", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread:
            self._thread.join()
        self.unplug()

    def _run(self, clock: Callable[[], float]) -> None:
        while not self._stop.is_set():
            master = self._master
            if master is None:
                self._stop.wait(0.05)
                continue
            try:
                select.select([master], [], [], 0.05)
            except (OSError, ValueError):
                continue  # unplugged meanwhile
            self.service(clock())

    def _answer(self, item: wire.Frame | wire.FrameFault) -> None:
        if isinstance(item, wire.FrameFault):
            self._send(wire.Error(item, 0, 0))
            return
        try:
            message = wire.decode_message(item, from_hub=False)
        except wire.ProtocolError as error:
            self._send(wire.Error(error.fault, item.type, item.seq))
            return
        match message:
            case wire.HostHello():
                self._send(wire.Hello(self.protocol, self.firmware, self.readers))
            case wire.SnapshotRequest():
                self._send(wire.Snapshot(item.seq, tuple(self._reader_state(r) for r in range(self.readers))))
            case wire.WriteTag(reader, text):
                self._send(self._write_tag(item.seq, reader, text))
            case wire.Ping():
                self._send(wire.Pong(item.seq))

    def _reader_state(self, reader: int) -> wire.ReaderSnapshot:
        if reader in self.silent_readers:
            return wire.ReaderSnapshot(wire.ReaderState.FAILED, error=wire.ReaderFault.NO_CHIP)
        tag = self.tags[reader]
        if tag is None:
            return wire.ReaderSnapshot(wire.ReaderState.EMPTY)
        return wire.ReaderSnapshot(wire.ReaderState.TAG, tag[0], tag[1])

    def _write_tag(self, ref: int, reader: int, text: str) -> wire.WriteResult:
        if not 0 <= reader < self.readers:
            return wire.WriteResult(ref, reader, wire.WriteStatus.BAD_READER)
        if reader in self.silent_readers:
            return wire.WriteResult(ref, reader, wire.WriteStatus.READER_FAILED)
        tag = self.tags[reader]
        if tag is None:
            return wire.WriteResult(ref, reader, wire.WriteStatus.NO_TAG)
        self.tags[reader] = (tag[0], text)
        return wire.WriteResult(ref, reader, wire.WriteStatus.OK, tag[0])

    def _send(self, message: wire.Message) -> None:
        if self._master is None or self.hung:
            return
        frame = wire.encode_message(message, self._seq)
        self._seq = (self._seq + 1) & 0xFF
        fault = self._faults.pop(0) if self._faults else None
        if fault == "lose":
            return
        if fault == "corrupt":
            body = bytearray(wire.cobs_decode(frame[1:-1]))
            body[-1] ^= 0x5A  # a wrong CRC, still valid COBS
            frame = b"\x00" + wire.cobs_encode(bytes(body)) + b"\x00"
        elif fault == "truncate":
            frame = frame[: len(frame) // 2] + b"\x00"
        elif fault == "duplicate":
            frame += frame
        self._write(frame)
        self.frames_sent += 1

    def _write(self, data: bytes) -> None:
        assert self._master is not None
        with contextlib.suppress(OSError):  # a full terminal buffer: bytes lost on the line, as on a real wire
            os.write(self._master, data)
