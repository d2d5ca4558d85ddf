"""The venue service against a real Mosquitto (tests/venue/conftest.py): what tables publish is stored once, and
what they publish while the venue is down arrives when it is back."""

from __future__ import annotations

import json
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import paho.mqtt.client as mqtt
import pytest

from table.venue.broker import VENUE_USER, LocalBroker, table_user
from table.venue.samples import SampleTable
from table.venue.service import Venue
from table.venue.topics import Envelope, events_topic, status_topic
from table.venue.venue_config import BrokerSettings, VenueConfig, WebSettings

START = 1_790_000_000.0


def wait_for(condition: Callable[[], bool], timeout: float = 10.0) -> bool:
    """A short poll for what real processes (the broker, paho's thread) do."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def venue_for(broker: LocalBroker, folder: Path) -> Venue:
    password = folder / "venue-password"
    folder.mkdir(parents=True, exist_ok=True)
    password.write_text(broker.passwords[VENUE_USER] + "\n")
    config = VenueConfig(
        folder / "venue.toml",
        broker=BrokerSettings(host="127.0.0.1", port=broker.port, password_file=password),
        web=WebSettings(host="127.0.0.1", port=0),
    )
    return Venue(config, folder)


@pytest.fixture
def table(broker: LocalBroker) -> Iterator[Callable[[Envelope], None]]:
    """Publishes as table t1's account, QoS 1, each publish acknowledged by the broker."""
    client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id="table-t1-test")
    client.username_pw_set(table_user("t1"), broker.passwords[table_user("t1")])
    client.connect("127.0.0.1", broker.port)
    client.loop_start()

    def publish(envelope: Envelope) -> None:
        client.publish(events_topic(envelope.table), envelope.to_json(), qos=1).wait_for_publish(5)

    yield publish
    client.disconnect()
    client.loop_stop()


def test_what_a_table_publishes_is_stored_once(
    broker: LocalBroker, table: Callable[[Envelope], None], tmp_path: Path
) -> None:
    venue = venue_for(broker, tmp_path / "venue")
    venue.start()
    try:
        assert venue.wait_connected(10), venue.state
        events = SampleTable("t1").game(["Anna", "Ben"], [5, 3], START)
        for envelope in events + events[:3]:  # the outbox sends some again after a reconnect
            table(envelope)
        assert wait_for(lambda: venue.messages == len(events) + 3)
        assert venue.store.envelope_count() == len(events)
        assert venue.store.game(events[0].game_id).finished  # type: ignore[union-attr]
        page = urllib.request.urlopen(f"{venue.web_url}/games/{events[0].game_id}", timeout=5).read().decode()
        assert "Anna" in page and "Score pad" in page
    finally:
        venue.stop()


def test_a_status_and_a_bad_message(broker: LocalBroker, tmp_path: Path) -> None:
    venue = venue_for(broker, tmp_path / "venue")
    venue.start()
    client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id="table-t2-test")
    client.username_pw_set(table_user("t2"), broker.passwords[table_user("t2")])
    try:
        assert venue.wait_connected(10), venue.state
        client.connect("127.0.0.1", broker.port)
        client.loop_start()
        status = {"v": 1, "table": "t2", "online": True, "at": START}
        client.publish(status_topic("t2"), json.dumps(status), qos=1, retain=True).wait_for_publish(5)
        client.publish(events_topic("t2"), b"\xff not json", qos=1).wait_for_publish(5)
        assert wait_for(lambda: venue.messages == 2)
        assert venue.store.tables()[0]["online"] == 1 and venue.store.bad_messages == 1
        assert venue.store.envelope_count() == 0
    finally:
        client.disconnect()
        client.loop_stop()
        venue.stop()


def test_messages_sent_while_the_venue_was_down_arrive_when_it_is_back(
    broker: LocalBroker, table: Callable[[Envelope], None], tmp_path: Path
) -> None:
    folder = tmp_path / "venue"
    first = venue_for(broker, folder)
    first.start()
    assert first.wait_connected(10), first.state
    events = SampleTable("t1").game(["Anna", "Ben"], [5, 3], START)
    table(events[0])
    assert wait_for(lambda: first.store.envelope_count() == 1)
    first.stop()
    for envelope in events[1:]:  # the broker keeps these for the venue's session
        table(envelope)
    second = venue_for(broker, folder)
    second.start()
    try:
        assert wait_for(lambda: second.store.envelope_count() == len(events)), second.store.envelope_count()
        assert second.store.game(events[0].game_id).finished  # type: ignore[union-attr]
    finally:
        second.stop()


def test_a_broker_that_is_not_there_yet_is_retried(tmp_path: Path) -> None:
    broker = LocalBroker(tmp_path / "broker", ["t1"])  # configured, not started
    states: list[str] = []
    venue = venue_for(broker, tmp_path / "venue")
    venue.on_state = states.append
    venue.start()
    try:
        assert wait_for(lambda: "cannot reach" in venue.state), venue.state
        broker.start()
        assert venue.wait_connected(15), venue.state
        assert any("cannot reach the broker" in state for state in states) and "connected" in venue.state
    finally:
        venue.stop()
        broker.stop()


def test_a_port_in_use_is_an_error_at_start(broker: LocalBroker, tmp_path: Path) -> None:
    first = venue_for(broker, tmp_path / "a")
    first.start()
    try:
        port = int(first.web_url.rsplit(":", 1)[1])
        taken = venue_for(broker, tmp_path / "b")
        taken.config = VenueConfig(taken.config.path, taken.config.broker, WebSettings("127.0.0.1", port))
        with pytest.raises(OSError):
            taken.start()
        taken.stop()
    finally:
        first.stop()


def test_over_tls_with_the_venues_ca(tmp_path: Path) -> None:
    from table.venue.broker import make_test_certificates

    broker = LocalBroker(tmp_path / "broker", ["t1"], tls=make_test_certificates(tmp_path / "tls"))
    broker.start()
    venue = venue_for(broker, tmp_path / "venue")
    assert broker.tls is not None and broker.tls_port is not None
    venue.config = VenueConfig(
        venue.config.path,
        BrokerSettings("127.0.0.1", broker.tls_port, venue.config.broker.password_file, broker.tls.ca),
        venue.config.web,
    )
    venue.start()
    try:
        assert venue.wait_connected(10), venue.state
        assert str(broker.tls_port) in venue.state
    finally:
        venue.stop()
        broker.stop()
