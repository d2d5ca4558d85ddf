"""The local broker admits only its accounts, each table only to its own topic, and over TLS only a client that
trusts its CA and asks for the name on its certificate."""

from __future__ import annotations

import ssl
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from table.venue.broker import (
    MAX_PACKET_BYTES,
    VENUE_USER,
    LocalBroker,
    Tls,
    acl_text,
    make_test_certificates,
    table_user,
    write_passwd,
)
from table.venue.topics import ack_topic, events_topic, status_topic, table_topic

from .broker_clients import TURNS, connect, heard, subscribed


def test_the_acl_gives_each_table_its_own_status_and_events_only() -> None:
    acl = acl_text(["a", "b"])
    assert f"user {table_user('a')}\ntopic write {status_topic('a')}\ntopic write {events_topic('a')}\n" in acl
    assert f"{table_topic('a')}/#" not in acl and "/#" not in acl.split(f"user {table_user('a')}")[1]
    assert f"topic write {events_topic('b')}" not in acl.split(f"user {table_user('b')}")[0]
    assert f"topic read {ack_topic('a')}\n" in acl and "topic read pirate-table/v1/venue/acks/#" not in acl


def test_a_table_writes_nothing_under_its_topic_but_its_status_and_events(broker: LocalBroker) -> None:
    venue, _ = connect(broker.port, VENUE_USER, broker.passwords[VENUE_USER])
    t2, _ = connect(broker.port, table_user("t2"), broker.passwords[table_user("t2")])
    junk = [(f"{table_topic('t2')}/junk/{n}", b"x" * 1000) for n in range(3)]
    own = [(status_topic("t2"), b"status"), (events_topic("t2"), b"own")]
    assert heard(subscribed(venue), t2, [*junk, *own], events_topic("t2")) == [status_topic("t2"), events_topic("t2")]


def test_a_message_beyond_the_size_limit_is_refused_and_kept_nowhere(broker: LocalBroker) -> None:
    venue, _ = connect(broker.port, VENUE_USER, broker.passwords[VENUE_USER])
    subscribed(venue)
    t2, _ = connect(broker.port, table_user("t2"), broker.passwords[table_user("t2")])
    gone: list[object] = []
    t2.on_disconnect = lambda c, u, flags, code, props: gone.append(code)
    t2.publish(events_topic("t2"), b"x" * 1_300_000, qos=1, retain=True)  # as the attack did, 1.3 MB retained
    for _ in range(TURNS):
        if gone:
            break
        t2.loop(timeout=0.05)
        venue.loop(timeout=0.01)
    assert gone  # the broker hung up on it
    t2, _ = connect(broker.port, table_user("t2"), broker.passwords[table_user("t2")])
    largest = b"y" * (MAX_PACKET_BYTES - 1024)  # a message within the limit still goes through
    assert heard(venue, t2, [(events_topic("t2"), largest)], events_topic("t2")) == [events_topic("t2")]
    late, _ = connect(broker.port, VENUE_USER, broker.passwords[VENUE_USER])
    retained: list[bytes] = []
    late.on_message = lambda c, u, message: retained.append(message.payload)
    subscribed(late)
    for _ in range(10):
        late.loop(timeout=0.05)
    assert all(len(payload) < MAX_PACKET_BYTES for payload in retained)  # the big one was not kept


def test_no_password_is_ever_on_a_command_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[list[str]] = []
    real = subprocess.Popen.__init__

    def recording(self: subprocess.Popen[bytes], args: Any, *rest: Any, **options: Any) -> None:
        seen.append([str(arg) for arg in ([args] if isinstance(args, (str, bytes, Path)) else args)])
        real(self, args, *rest, **options)

    monkeypatch.setattr(subprocess.Popen, "__init__", recording)
    local = LocalBroker(tmp_path / "broker", ["t1", "t2"])
    assert any("mosquitto_passwd" in " ".join(argv) for argv in seen)  # the passwords were hashed by the tool
    for password in local.passwords.values():
        assert not any(password in arg for argv in seen for arg in argv)
    with local:
        _, code = connect(local.port, table_user("t1"), local.passwords[table_user("t1")])
        assert code is not None and not code.is_failure  # and the hashed file is the broker's


def test_a_wrong_password_and_no_login_are_refused(broker: LocalBroker) -> None:
    client, code = connect(broker.port, table_user("t1"), "not-the-password")
    assert code is not None and code.is_failure
    anonymous, code = connect(broker.port)
    assert code is not None and code.is_failure
    client.disconnect()
    anonymous.disconnect()


def test_a_table_cannot_publish_under_another_tables_topic(broker: LocalBroker) -> None:
    venue, code = connect(broker.port, VENUE_USER, broker.passwords[VENUE_USER])
    assert code is not None and not code.is_failure
    table, code = connect(broker.port, table_user("t1"), broker.passwords[table_user("t1")])
    assert code is not None and not code.is_failure
    got = heard(
        subscribed(venue), table, [(events_topic("t2"), b"forged"), (events_topic("t1"), b"own")], events_topic("t1")
    )
    assert got == [events_topic("t1")]


def test_a_table_reads_its_own_acks_only_and_writes_none(broker: LocalBroker) -> None:
    venue, _ = connect(broker.port, VENUE_USER, broker.passwords[VENUE_USER])
    t1, _ = connect(broker.port, table_user("t1"), broker.passwords[table_user("t1")])
    acks = [(ack_topic("t2"), b"theirs"), (ack_topic("t1"), b"mine")]
    assert heard(subscribed(t1, "pirate-table/v1/venue/acks/#"), venue, acks, ack_topic("t1")) == [ack_topic("t1")]
    t2, _ = connect(broker.port, table_user("t2"), broker.passwords[table_user("t2")])
    forged = [(ack_topic("t2"), b"forged"), (ack_topic("t1"), b"forged"), (events_topic("t1"), b"own")]
    assert heard(subscribed(t2, "pirate-table/#"), t1, forged, events_topic("t1")) == []  # t2 reads nothing of t1's
    assert heard(subscribed(venue), t1, forged, events_topic("t1")) == [events_topic("t1")]  # no ack written


def test_a_persistent_broker_keeps_retained_acks_across_a_kill(tmp_path: Path) -> None:
    with LocalBroker(tmp_path / "broker", ["t1"], persistent=True) as local:
        venue, _ = connect(local.port, VENUE_USER, local.passwords[VENUE_USER])
        info = venue.publish(ack_topic("t1"), b"kept", qos=1, retain=True)
        while not info.is_published():
            venue.loop(timeout=0.05)
        venue.disconnect()
        local.stop()  # a clean stop saves at once (a kill loses at most the last second: autosave_interval 1)
        local.start()
        t1, _ = connect(local.port, table_user("t1"), local.passwords[table_user("t1")])
        got: list[bytes] = []
        t1.on_message = lambda c, u, message: got.append(message.payload)
        subscribed(t1, ack_topic("t1"))
        for _ in range(100):
            if got:
                break
            t1.loop(timeout=0.05)
        assert got == [b"kept"]


def test_a_killed_broker_comes_back_on_its_port(broker: LocalBroker) -> None:
    port = broker.port
    broker.kill()
    with pytest.raises(OSError):
        connect(broker.port, VENUE_USER, broker.passwords[VENUE_USER])
    broker.start()
    assert broker.port == port
    client, code = connect(broker.port, VENUE_USER, broker.passwords[VENUE_USER])
    assert code is not None and not code.is_failure
    client.disconnect()


# TLS: the broker's certificate is for "localhost" (and 127.0.0.1), signed by a test CA.


@pytest.fixture(scope="module")
def certificates(tmp_path_factory: pytest.TempPathFactory) -> Tls:
    return make_test_certificates(tmp_path_factory.mktemp("tls"))


@pytest.fixture
def tls_broker(tmp_path: Path, certificates: Tls) -> Iterator[LocalBroker]:
    local = LocalBroker(tmp_path / "broker", ["t1", "t2"], tls=certificates)
    local.start()
    yield local
    local.stop()


def test_with_the_right_ca_a_table_connects_over_tls_and_publishes_within_its_acl(tls_broker: LocalBroker) -> None:
    assert tls_broker.tls is not None and tls_broker.tls_port is not None
    venue, code = connect(tls_broker.port, VENUE_USER, tls_broker.passwords[VENUE_USER])
    assert code is not None and not code.is_failure
    user = table_user("t1")
    table, code = connect(tls_broker.tls_port, user, tls_broker.passwords[user], ca=tls_broker.tls.ca, host="localhost")
    assert code is not None and not code.is_failure
    assert table.socket() is not None and isinstance(table.socket(), ssl.SSLSocket)
    attempts = [(events_topic("t2"), b"forged"), (events_topic("t1"), b"own")]
    assert heard(subscribed(venue), table, attempts, events_topic("t1")) == [events_topic("t1")]


def test_tls_still_asks_for_the_password(tls_broker: LocalBroker) -> None:
    assert tls_broker.tls is not None and tls_broker.tls_port is not None
    client, code = connect(tls_broker.tls_port, table_user("t1"), "wrong", ca=tls_broker.tls.ca, host="localhost")
    assert code is not None and code.is_failure
    client.disconnect()


def test_a_client_without_tls_is_refused_on_the_tls_port(tls_broker: LocalBroker) -> None:
    assert tls_broker.tls_port is not None
    user = table_user("t1")
    _, code = connect(tls_broker.tls_port, user, tls_broker.passwords[user])
    assert code is None  # the broker hung up: no CONNACK for a client that does not speak TLS


def test_a_client_trusting_another_ca_is_refused(tls_broker: LocalBroker, tmp_path: Path) -> None:
    assert tls_broker.tls_port is not None
    other = make_test_certificates(tmp_path / "other")
    user = table_user("t1")
    with pytest.raises(ssl.SSLCertVerificationError, match="certificate verify failed"):
        connect(tls_broker.tls_port, user, tls_broker.passwords[user], ca=other.ca, host="localhost")


def test_a_certificate_for_another_name_is_refused(tmp_path: Path) -> None:
    tls = make_test_certificates(tmp_path / "tls", host="venue.example")
    with LocalBroker(tmp_path / "broker", ["t1"], tls=tls) as local:
        assert local.tls_port is not None
        user = table_user("t1")
        with pytest.raises(ssl.SSLCertVerificationError, match="match"):
            connect(local.tls_port, user, local.passwords[user], ca=tls.ca, host="localhost")


def test_a_failing_hash_leaves_no_plain_password_behind(tmp_path: Path) -> None:
    passwd = tmp_path / "passwd"
    with pytest.raises(RuntimeError, match="exited with 1"):
        write_passwd("/bin/false", passwd, {"venue": "secret-one"})
    assert not passwd.exists()
    with pytest.raises(ValueError, match="no ':'"):
        write_passwd("/bin/true", passwd, {"a:b": "secret"})
    assert not passwd.exists()
