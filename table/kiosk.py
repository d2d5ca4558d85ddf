"""What keeps the table up as a kiosk: one table per data folder, a clean stop on SIGTERM, and the systemd
watchdog fed from the app's loop.

- `TableLock`: `run` and `demo` hold an exclusive lock on a file in their data folder for as long as they run, so
  a second table started on the same folder stops at once with a plain message instead of writing the same log.
  A data folder that cannot be written (a failing SD card is remounted read-only) gets no lock, said in the log:
  nothing can be written there, so two tables cannot clash, and the table plays on saving nothing.
- `stop_on_sigterm()`: SIGTERM (systemctl stop, a shutdown, `kill`) ends a command the way Ctrl-C does, through
  its `finally` blocks: the hub's port closed, the log flushed.
- `Watchdog`: under systemd (`Type=notify`, `WatchdogSec=`), says READY once and then "still alive" from the app's
  loop, at most every few seconds; a loop that hangs stops saying it and systemd restarts the table. Outside
  systemd it does nothing. The protocol is one datagram on the socket in $NOTIFY_SOCKET (sd_notify(3)).
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import logging
import os
import signal
import socket
from collections.abc import Callable
from pathlib import Path

from table.store.database import StoreError

log = logging.getLogger(__name__)
LOCK_NAME = "table.lock"
WATCHDOG_EVERY = 5.0  # seconds between "still alive"; the unit's WatchdogSec is several times this


class TableBusy(RuntimeError):
    """Another table holds this data folder."""


class DataFolderUnusable(StoreError):
    """The data folder cannot hold the lock: missing, or no folder (a read-only one is played on without a lock)."""


class TableLock:
    def __init__(self, folder: Path, name: str = LOCK_NAME) -> None:
        self.path = folder / name
        self._file: int | None = None
        self.skipped: str | None = None  # why no lock is held (the folder cannot be written)

    def __enter__(self) -> TableLock:
        try:
            handle = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as error:
            if error.errno in (errno.ENOENT, errno.ENOTDIR):
                raise DataFolderUnusable(
                    f"the data folder {self.path.parent} cannot be used ({error.strerror}): point PIRATE_TABLE_HOME "
                    "at a folder"
                ) from None
            self.skipped = error.strerror or str(error)
            log.warning("the data folder %s cannot be written (%s): no table lock is taken, as nothing can be written "
                        "there; the table plays on saving nothing", self.path.parent, self.skipped)  # fmt: skip
            return self
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.read(handle, 32).decode(errors="replace").strip() or "?"
            os.close(handle)
            raise TableBusy(
                f"another Pirate Table (process {holder}) is running on the data folder {self.path.parent}; "
                "stop it first, or give this one its own folder with PIRATE_TABLE_HOME"
            ) from None
        os.ftruncate(handle, 0)
        os.write(handle, f"{os.getpid()}\n".encode())
        self._file = handle
        return self

    def __exit__(self, *exc: object) -> None:
        if self._file is not None:
            os.close(self._file)  # closing releases the lock, also when the process is killed
            self._file = None


def stop_on_sigterm() -> None:
    """SIGTERM raises KeyboardInterrupt in the main thread, so a command stops as it does on Ctrl-C."""
    signal.signal(signal.SIGTERM, signal.default_int_handler)


class Watchdog:
    def __init__(self, clock: Callable[[], float], address: str | None = None) -> None:
        self.clock = clock
        self.address = address if address is not None else os.environ.get("NOTIFY_SOCKET", "")
        self._last: float | None = None

    def ready(self) -> None:
        self._send("READY=1")
        self._last = self.clock()

    def alive(self) -> None:
        """From the app's loop: tell systemd the table still turns (rate-limited)."""
        now = self.clock()
        if self._last is None or now - self._last >= WATCHDOG_EVERY:
            self._send("WATCHDOG=1")
            self._last = now

    def _send(self, message: str) -> None:
        if not self.address:
            return  # not started by systemd
        address = "\0" + self.address[1:] if self.address.startswith("@") else self.address  # abstract namespace
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock, contextlib.suppress(OSError):
            sock.sendto(message.encode(), address)  # OSError: systemd went away (a shutdown), nothing to tell
