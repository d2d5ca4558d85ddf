"""The venue's acknowledgements to the tables: after storing, the venue tells each table (retained, QoS 1, on
pirate-table/v1/venue/acks/<table>) the highest seq it holds of it without a gap. A table counts a result
delivered only once this covers it (table.venue.publisher), so nothing depends on the broker keeping anything.

Batched per table: an ack goes out at once when the table's last one is at least EVERY seconds old, else at most
EVERY seconds later with the latest value (a table resending hundreds of results gets a few acks a second, not
hundreds). `all()` sends every table's ack at once: on each (re)connect, since a broker restarted without
persistence has lost the retained ones, and that is how a table waiting on the venue learns it is back.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

log = logging.getLogger(__name__)
EVERY = 0.2  # seconds between two acks to one table, at least


class AckSender:
    def __init__(
        self,
        publish: Callable[[str, int], None],
        every: float = EVERY,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        """`publish(table, seq)`: send one ack (the service's MQTT client, which queues while disconnected)."""
        self.publish, self.every, self.monotonic = publish, every, monotonic
        self._due: dict[str, int] = {}  # table -> the ack waiting for its turn
        self._sent_at: dict[str, float] = {}  # table -> when its last ack went out
        self._lock = threading.Lock()
        self._stopped = threading.Event()
        self._thread: threading.Thread | None = None

    def held(self, table: str, seq: int) -> None:
        """The venue now holds `table` up to `seq`: acked now, or at the table's next turn."""
        with self._lock:
            if self.monotonic() - self._sent_at.get(table, float("-inf")) >= self.every:
                self._send(table, seq)
            else:
                self._due[table] = seq

    def all(self, acks: dict[str, int]) -> None:
        """Every table's ack now (a reconnect)."""
        with self._lock:
            for table, seq in acks.items():
                self._send(table, seq)

    def flush_due(self) -> None:
        """The waiting acks whose turn has come."""
        with self._lock:
            now = self.monotonic()
            for table in [t for t in self._due if now - self._sent_at.get(t, float("-inf")) >= self.every]:
                self._send(table, self._due[table])

    def _send(self, table: str, seq: int) -> None:
        self._due.pop(table, None)
        self._sent_at[table] = self.monotonic()
        try:
            self.publish(table, seq)
        except Exception:  # the network thread must go on: the next ack says the same and more
            log.exception("venue: the ack to table %s could not be sent", table)

    def start(self) -> None:
        self._stopped.clear()
        self._thread = threading.Thread(target=self._run, daemon=True, name="venue-acks")
        self._thread.start()

    def _run(self) -> None:
        while not self._stopped.wait(self.every / 2):
            self.flush_due()

    def stop(self) -> None:
        self._stopped.set()
        if self._thread is not None:
            self._thread.join(2)
            self._thread = None
