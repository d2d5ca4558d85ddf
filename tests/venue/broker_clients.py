"""Raw paho clients for the broker tests: connect, publish and wait for the broker's answers (each wait is a turn
of the client's loop on its socket, never a sleep)."""

from __future__ import annotations

from pathlib import Path

import paho.mqtt.client as mqtt

TURNS = 200  # each turn waits on the socket for at most 0.05 s


def connect(
    port: int,
    user: str | None = None,
    password: str | None = None,
    *,
    ca: Path | None = None,
    host: str = "127.0.0.1",
    client_id: str = "",
) -> tuple[mqtt.Client, mqtt.ReasonCode | None]:
    """A raw paho client; its CONNACK code, or None when the broker hung up without one. With a `client_id` the
    session is kept by the broker while the client is away (as the venue service's is)."""
    client = mqtt.Client(
        mqtt.CallbackAPIVersion.VERSION2, client_id=client_id, clean_session=not client_id, protocol=mqtt.MQTTv311
    )
    if user is not None:
        client.username_pw_set(user, password)
    if ca is not None:
        client.tls_set(ca_certs=str(ca))
    codes: list[mqtt.ReasonCode] = []
    gone: list[object] = []
    client.on_connect = lambda c, u, flags, code, props: codes.append(code)
    client.on_disconnect = lambda c, u, flags, code, props: gone.append(code)
    client.connect(host, port)
    for _ in range(TURNS):
        if codes or gone:
            break
        client.loop(timeout=0.05)
    return client, codes[0] if codes else None


def published(client: mqtt.Client, topic: str, payload: bytes) -> None:
    """Publishes at QoS 1 and returns once the broker has acknowledged it (taken, or dropped by the ACL)."""
    info = client.publish(topic, payload, qos=1)
    for _ in range(TURNS):
        if info.is_published():
            return
        client.loop(timeout=0.05)
    raise AssertionError("the broker never acknowledged the message")


def heard(listener: mqtt.Client, speaker: mqtt.Client, attempts: list[tuple[str, bytes]], last: str) -> list[str]:
    """The topics `listener` receives of `attempts` published in order by `speaker`, once `last` has arrived."""
    got: list[str] = []
    listener.on_message = lambda c, u, message: got.append(message.topic)
    for topic, payload in attempts:
        published(speaker, topic, payload)
    for _ in range(TURNS):
        if last in got:
            break
        listener.loop(timeout=0.05)
        speaker.loop(timeout=0.01)
    return got


def subscribed(client: mqtt.Client, pattern: str = "pirate-table/#") -> mqtt.Client:
    done: list[object] = []
    client.on_subscribe = lambda c, u, mid, codes, props: done.append(codes)
    client.subscribe(pattern, qos=1)
    for _ in range(TURNS):
        if done:
            return client
        client.loop(timeout=0.05)
    raise AssertionError("no SUBACK")
