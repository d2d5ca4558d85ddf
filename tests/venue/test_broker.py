"""The local broker admits only its accounts, and each table only to its own topic."""

from __future__ import annotations

import paho.mqtt.client as mqtt
import pytest

from table.venue.broker import VENUE_USER, LocalBroker, acl_text, table_user
from table.venue.topics import events_topic, table_topic


def _client(broker: LocalBroker, user: str, password: str) -> tuple[mqtt.Client, mqtt.ReasonCode]:
    client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, protocol=mqtt.MQTTv311)
    client.username_pw_set(user, password)
    client.connect("127.0.0.1", broker.port)
    codes = []
    client.on_connect = lambda c, u, flags, code, props: codes.append(code)
    while not codes:
        client.loop(timeout=0.1)
    return client, codes[0]


def test_the_acl_gives_each_table_its_own_topic_only() -> None:
    acl = acl_text(["a", "b"])
    assert f"user {table_user('a')}\ntopic write {table_topic('a')}/#" in acl
    assert f"topic write {table_topic('b')}/#" not in acl.split(f"user {table_user('b')}")[0]


def test_a_wrong_password_is_refused(broker: LocalBroker) -> None:
    client, code = _client(broker, table_user("t1"), "not-the-password")
    assert code.is_failure
    client.disconnect()


def test_a_table_cannot_publish_under_another_tables_topic(broker: LocalBroker) -> None:
    venue, code = _client(broker, VENUE_USER, broker.passwords[VENUE_USER])
    assert not code.is_failure
    got: list[str] = []
    venue.on_message = lambda c, u, message: got.append(message.topic)
    venue.subscribe("pirate-table/#", qos=1)
    table, code = _client(broker, table_user("t1"), broker.passwords[table_user("t1")])
    assert not code.is_failure
    table.publish(events_topic("t2"), b"forged", qos=0)
    table.publish(events_topic("t1"), b"own", qos=0)
    for _ in range(100):
        table.loop(timeout=0.02)
        venue.loop(timeout=0.02)
        if got:
            break
    assert got == [events_topic("t1")]


def test_a_killed_broker_comes_back_on_its_port(broker: LocalBroker) -> None:
    port = broker.port
    broker.kill()
    with pytest.raises(OSError):
        _client(broker, VENUE_USER, broker.passwords[VENUE_USER])
    broker.start()
    assert broker.port == port
    client, code = _client(broker, VENUE_USER, broker.passwords[VENUE_USER])
    assert not code.is_failure
    client.disconnect()
