"""The venue's side, as simple as a test needs: a subscriber on the venue's account that keeps every message and
acknowledges to each table the highest seq it has without a gap (as table.venue.service does, unbatched), and
waiting for what a real network delivers (a short poll with a deadline, pumping the tables meanwhile)."""

from __future__ import annotations

import json
import secrets
import threading
import time
from collections.abc import Callable
from typing import Any

import paho.mqtt.client as mqtt

from table.venue.broker import VENUE_USER, LocalBroker
from table.venue.topics import TOPIC_ROOT, Envelope, ack_payload, ack_topic, parse_envelope

DEADLINE = 8.0  # seconds: far longer than any delivery on 127.0.0.1 takes


def wait_until(done: Callable[[], bool], *pumped: Any, timeout: float = DEADLINE, what: str = "it") -> None:
    """Poll `done()` until it is true, pumping each of `pumped` (publishers, or apps by their step) meanwhile."""
    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} did not happen within {timeout} s")
        for thing in pumped:
            thing.step(wait=0) if hasattr(thing, "step") else thing.pump()
        time.sleep(0.005)  # the broker and paho's threads are real: give them the CPU


class Listener:
    """Subscribed to everything under the venue's topic root (QoS 1), again after every reconnect; `acks`: it
    acknowledges what it has."""

    def __init__(self, broker: LocalBroker, port: int | None = None, acks: bool = True) -> None:
        self.acks = acks
        self.held: dict[str, set[int]] = {}
        self.messages: list[tuple[str, bytes, bool]] = []  # topic, payload, retained
        self.subscribed = threading.Event()
        self._lock = threading.Lock()
        client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=f"venue-{secrets.token_hex(3)}")
        client.username_pw_set(VENUE_USER, broker.passwords[VENUE_USER])
        client.reconnect_delay_set(0.05, 0.2)  # type: ignore[arg-type]
        client.on_connect = lambda c, u, flags, reason, props: c.subscribe(f"{TOPIC_ROOT}/#", qos=1)
        client.on_subscribe = lambda c, u, mid, reasons, props: self.subscribed.set()
        client.on_disconnect = lambda c, u, flags, reason, props: self.subscribed.clear()
        client.on_message = self._message
        client.connect_async("127.0.0.1", port or broker.port)
        client.loop_start()
        self.client = client

    def _message(self, client: mqtt.Client, userdata: Any, message: mqtt.MQTTMessage) -> None:
        with self._lock:
            self.messages.append((message.topic, bytes(message.payload), bool(message.retain)))
        if self.acks and message.topic.endswith("/events"):
            envelope = parse_envelope(message.payload)
            held = self.held.setdefault(envelope.table, set())
            held.add(envelope.seq)
            seq = 0
            while seq + 1 in held:
                seq += 1
            client.publish(ack_topic(envelope.table), ack_payload(envelope.table, seq, time.time()), qos=1, retain=True)

    def events(self) -> list[Envelope]:
        """Every event envelope received, in arrival order, duplicates included."""
        with self._lock:
            return [parse_envelope(payload) for topic, payload, _ in self.messages if topic.endswith("/events")]

    def once(self) -> list[Envelope]:
        """The events as the venue stores them: each (table, seq) once, at its first arrival."""
        seen: set[tuple[str, int]] = set()
        kept = []
        for envelope in self.events():
            if (envelope.table, envelope.seq) not in seen:
                seen.add((envelope.table, envelope.seq))
                kept.append(envelope)
        return kept

    def statuses(self, table: str) -> list[dict[str, Any]]:
        with self._lock:
            return [json.loads(p) | {"retained": r} for t, p, r in self.messages if t.endswith(f"/{table}/status")]

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()
