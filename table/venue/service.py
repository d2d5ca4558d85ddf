"""The venue service: subscribes to every table's topics on the venue's broker, keeps what arrives in the store,
and serves the web page. `pirate-table venue` runs it; tests, `pirate-table demo --tables N` and benchmarks start
it in-process:

    from table.venue.service import Venue
    from table.venue.venue_config import VenueConfig, BrokerSettings, WebSettings

    config = VenueConfig(path=folder / "venue.toml",
                         broker=BrokerSettings(host="127.0.0.1", port=broker.port,
                                               password_file=file_holding_the_venue_password),
                         web=WebSettings(host="127.0.0.1", port=0))   # port 0: any free port
    venue = Venue(config, folder)      # folder: the venue's database (venue.sqlite3) and session secret
    venue.start()                      # the web server is listening when this returns; MQTT connects meanwhile
    venue.wait_connected(10)           # True once subscribed (optional: the client keeps retrying anyway)
    venue.web_url                      # "http://127.0.0.1:<port>"; a game's page is web_url + "/games/<id>"
    venue.phone_urls                   # what phones can open: each LAN address, then the mDNS name (addresses.py)
    venue.store                        # table.venue.store.Store: games(), game(id), tables(), envelope_count()...
    venue.stop()                       # disconnects (the broker keeps the venue's session), stops the server

(`load_venue_config(path)` reads a venue.toml instead.)

MQTT: paho-mqtt 2.x with its network thread (loop_start), the "venue" account, a fixed client id and a persistent
session (clean_session False), subscribed to pirate-table/v1/tables/# at QoS 1: while the venue is down the broker
keeps the QoS 1 messages for it, and hands them over when it is back. The paho thread is the store's one writer
of events; a payload refused (table.venue.schema: unreadable, out of range, another table's game) is logged,
counted, shown to the admin and acknowledged, never stored. A broker that cannot be reached is
retried (1 s, doubling to 30 s); `state` says what is going on in plain words.
"""

from __future__ import annotations

import logging
import socket
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt

from table.venue.acks import AckSender
from table.venue.addresses import interface_addresses, phone_urls
from table.venue.store import DATABASE_NAME, Store
from table.venue.topics import TOPIC_ROOT, ack_payload, ack_topic
from table.venue.venue_config import VenueConfig
from table.venue.web import WebServer, create_app
from table.venue.web.site import EXTENSION, Site

log = logging.getLogger(__name__)
SUBSCRIPTION = f"{TOPIC_ROOT}/tables/#"  # not the venue's own acks
OLD_SUBSCRIPTION = f"{TOPIC_ROOT}/#"  # before the acks: a session the broker kept may still have it


class Venue:
    def __init__(
        self,
        config: VenueConfig,
        folder: Path,
        clock: Callable[[], float] = time.time,
        poll_ms: int = 2000,
        on_state: Callable[[str], None] | None = None,
        interfaces: Callable[[], list[tuple[str, str]]] = interface_addresses,
        hostname: Callable[[], str] = socket.gethostname,
    ) -> None:
        """`interfaces`, `hostname`: this machine's addresses and name, for the addresses phones can open."""
        self.config = config
        self.folder = folder
        self.store = Store(folder / DATABASE_NAME, clock)
        self.app = create_app(self.store, config, folder, clock, poll_ms)
        self.state = "not started"
        self.on_state = on_state  # told each change of `state` (the command prints it)
        self.messages = 0  # every message taken from the broker
        self._connected = threading.Event()
        self._web: WebServer | None = None
        self._client: mqtt.Client | None = None
        self.clock = clock
        self.acks = AckSender(self._publish_ack)
        self.phone_urls: list[str] = []
        self._interfaces, self._hostname = interfaces, hostname
        site: Site = self.app.extensions[EXTENSION]
        site.broker_up = self._connected.is_set  # the pages say when no news can come from the tables

    @property
    def web_url(self) -> str:
        return self._web.url if self._web is not None else ""

    def start(self) -> None:
        """The web server (OSError when its port is taken) and the MQTT client (which retries on its own)."""
        web = self.config.web
        self._web = WebServer(self.app, web.host, web.port)
        self.phone_urls = phone_urls(web.host, self._web.port, web.behind_proxy, self._interfaces(), self._hostname())
        site: Site = self.app.extensions[EXTENSION]
        site.addresses = self.phone_urls  # the wall's QR code and its caption
        self._client = self._mqtt_client()
        broker = self.config.broker
        self._say(f"connecting to the broker at {broker.host}:{broker.port}")
        self._client.connect_async(broker.host, broker.port, keepalive=30)
        self._client.loop_start()
        self.acks.start()

    def wait_connected(self, timeout: float) -> bool:
        return self._connected.wait(timeout)

    def stop(self) -> None:
        self.acks.stop()
        if self._client is not None:
            self._client.disconnect()  # the session stays with the broker: it queues for the venue meanwhile
            self._client.loop_stop()
            self._client = None
        self._connected.clear()
        if self._web is not None:
            self._web.stop()
            self._web = None
        self.store.close()
        self.state = "stopped"
        log.info("venue: stopped")

    def _say(self, state: str) -> None:
        if state != self.state:
            self.state = state
            log.info("venue: %s", state)
            if self.on_state is not None:
                self.on_state(state)

    def _mqtt_client(self) -> mqtt.Client:
        broker = self.config.broker
        client = mqtt.Client(
            mqtt.CallbackAPIVersion.VERSION2,
            client_id=broker.client_id,
            clean_session=False,
            protocol=mqtt.MQTTv311,
        )
        client.username_pw_set(broker.username, broker.password())
        if broker.tls_ca is not None:
            client.tls_set(ca_certs=str(broker.tls_ca))
        client.reconnect_delay_set(min_delay=1, max_delay=30)
        client.on_connect = self._on_connect
        client.on_connect_fail = self._on_connect_fail
        client.on_disconnect = self._on_disconnect
        client.on_subscribe = self._on_subscribe
        client.on_message = self._on_message
        return client

    def _on_connect(self, client: mqtt.Client, _: Any, flags: Any, reason: Any, __: Any) -> None:
        if reason.is_failure:
            self._say(f"the broker refused the venue's account ({reason}); trying again")
            return
        if flags.session_present:
            client.unsubscribe(OLD_SUBSCRIPTION)
        client.subscribe(SUBSCRIPTION, qos=1)

    def _on_subscribe(self, _: mqtt.Client, __: Any, mid: int, reasons: list[Any], ___: Any) -> None:
        broker = self.config.broker
        if any(reason.is_failure for reason in reasons):
            self._say(f"the broker refused the venue's subscription to {SUBSCRIPTION} (its ACL)")
            return
        self.acks.all(self.store.acks())  # the broker may have lost them: and the tables learn the venue is back
        self._connected.set()  # from here on nothing a table publishes is missed
        self._say(f"connected to the broker at {broker.host}:{broker.port}")

    def _on_connect_fail(self, _: mqtt.Client, __: Any) -> None:
        broker = self.config.broker
        self._say(f"cannot reach the broker at {broker.host}:{broker.port}; trying again")

    def _on_disconnect(self, _: mqtt.Client, __: Any, flags: Any, reason: Any, ___: Any) -> None:
        self._connected.clear()
        if reason.is_failure:
            self._say(f"lost the broker ({reason}); trying again")

    def _on_message(self, _: mqtt.Client, __: Any, message: mqtt.MQTTMessage) -> None:
        self.messages += 1
        parts = message.topic.split("/")
        # pirate-table/v1/tables/<table>/<status|events>
        if len(parts) != 5 or "/".join(parts[:3]) != f"{TOPIC_ROOT}/tables":
            return
        table, kind = parts[3], parts[4]
        try:
            if kind == "events":
                self.store.add_payload(table, message.payload)
                self.acks.held(table, self.store.acked(table))  # a repeat too: the table resends until it is told
            elif kind == "status" and self.store.set_status(table, message.payload):
                self.acks.held(table, self.store.acked(table))  # a table that just connected: what it need not send
        except Exception:  # a store that fails must not end the network thread: said, and the next one tried
            log.exception("venue: a message from table %s could not be stored", table)

    def _publish_ack(self, table: str, seq: int) -> None:
        client = self._client
        if client is not None:  # while disconnected paho keeps it and sends it on reconnecting
            client.publish(ack_topic(table), ack_payload(table, seq, self.clock()), qos=1, retain=True)
