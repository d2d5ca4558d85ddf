"""The table's side of the venue: its results to the venue's MQTT broker, without ever making the table wait.

paho-mqtt's own network thread does all the network's work (the name lookup, the TCP connect, the TLS handshake,
the writes to a full socket, the reconnects with backoff); the app's thread alone touches the database. In each
step the app hands the publisher what its last input did (`take`), which writes the results to the outbox
(table.venue.outbox), and calls `pump`, which takes back the news from paho's thread (paho's callbacks put it in
a thread-safe queue), then hands paho the next rows in seq order, at most WINDOW in flight at a time.

Delivered means the venue has it, not the broker: the broker may lose what it took (killed, restarted without
persistence, a queue over its limit, no venue subscribed just then). So the table subscribes (QoS 1) to its own
ack topic, where the venue says, retained, the highest seq it holds without a gap; rows it covers are delivered,
and the broker's PUBACK only frees a place in the window. The rows after the venue's ack are sent again, in seq
order, a window at a time and never more than AHEAD beyond the venue's ack (the venue takes each (table, seq)
once): after each connect, when the venue says its ack again without it having moved (it is back, or has just
been told the table is), and after RESEND_AFTER s with nothing in flight and no news from the venue (doubling up
to RESEND_LONGEST s while it stays silent). A table that never heard from the venue keeps everything and sends it
again when the venue is there. A venue ack
beyond any seq this table wrote (its database and its seq mark lost, or another table with its id) is said once
in the log and on the screen (`ahead`), and the table numbers its undelivered rows on after it, so the venue
takes them.

The table's status (retained, QoS 1) is online true on each connect, online false on a clean stop, and online
false from the broker itself when the connection dies (the last will).

Using it (the real table builds it from `[venue]` in table.commands.run.build_table; a virtual table too, when its
config has a `venue`):

    from table.venue.publisher import VenuePublisher
    from table.venue.settings import VenueSettings

    settings = VenueSettings(table="t2", broker="127.0.0.1", port=broker.port, password=broker.passwords["table-t2"])
    # (or password_file=Path(...); tls_ca=Path(ca) with port=broker.tls_port; url="http://..." for game_url())
    # connection: the table's database (its event log's); covered: the log's last place, so a new outbox publishes
    # what happens from now on and not the games already in the log; mark: a file beside the database
    publisher = VenuePublisher(settings, connection, covered=event_log.last(), mark=folder / "venue.seq-mark")
    app.attach_venue(publisher)   # before app.resume(): the app hands it every input's effects and pumps it
    ...
    app.close_venue()             # or publisher.close(): online false, then the connection and its thread end

For a virtual table: `dataclasses.replace(parse_config(default_text()), venue=settings)` as its `config`: it
builds and attaches the publisher itself, and `table.close()` closes it. `publisher.game_url()` is the venue
page of the current or last game ("<url>/games/<game_id>"), None without a url or before the first game.
"""

from __future__ import annotations

import contextlib
import json
import logging
import queue
import secrets
import sqlite3
import ssl
import sys
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt

from table.core.effects import SwitchGame
from table.store.database import DiskFull
from table.venue.outbox import Outbox, SeqOutOfRange
from table.venue.results import Result, game_started, results
from table.venue.settings import VenueSettings
from table.venue.topics import VERSION, BadMessage, ack_topic, events_topic, parse_ack, status_topic

log = logging.getLogger(__name__)

WINDOW = 20  # results handed to paho and not yet taken by the broker (PUBACK), at most
AHEAD = 200  # results sent beyond the venue's ack, at most: a silent venue is sent no more than this again
KEEPALIVE = 30  # seconds: a dead connection is noticed within 1.5 times this
RECONNECT = (1, 30)  # seconds: paho's backoff, from the first to the longest wait between tries
PASSWORD_RETRY = 30.0  # seconds between looks at a password file that could not be read
STOP_WAIT = 1.0  # seconds a clean stop waits for the broker to take "online false"
RESEND_AFTER = 2.0  # seconds with nothing in flight and the venue's ack behind before it is sent again (the
# venue acks within 0.2 s: table.venue.acks)
RESEND_LONGEST = 60.0  # seconds: the longest wait between resends to a venue that stays silent


def status_payload(table: str, online: bool, at: float) -> bytes:
    return json.dumps({"v": VERSION, "table": table, "online": online, "at": at}, separators=(",", ":")).encode()


class VenuePublisher:
    def __init__(
        self,
        settings: VenueSettings,
        connection: sqlite3.Connection,
        *,
        covered: int = 0,
        mark: Path | None = None,
        clock: Callable[[], float] = time.time,
        monotonic: Callable[[], float] = time.monotonic,
        reconnect: tuple[float, float] = RECONNECT,
        keepalive: int = KEEPALIVE,
        window: int = WINDOW,
        resend_after: float = RESEND_AFTER,
        beyond_ack: int = AHEAD,
    ) -> None:
        """`connection`: the table's database; `covered`: its event log's last place, for a new outbox (results
        are published from there on); `mark`: a file beside the database keeping the last seq (table.venue.outbox);
        `clock`: unix time; `reconnect`: paho's backoff (first, longest wait); `resend_after`: RESEND_AFTER;
        `beyond_ack`: AHEAD."""
        self.settings = settings
        self.outbox = Outbox(connection, settings.table, clock, covered, mark)
        self.clock, self.monotonic = clock, monotonic
        self.reconnect, self.keepalive, self.window = reconnect, keepalive, window
        self.problem: str | None = None  # what the operator must put right (password, TLS, account); for the screen
        self.connected = False
        self._said: str | None = None  # the last connection trouble logged, so it is logged once
        self._events: queue.SimpleQueue[tuple[str, Any]] = queue.SimpleQueue()  # from paho's thread
        self._in_flight: dict[int, int] = {}  # paho's message id -> seq
        self._last = self.outbox.last_seq  # the highest seq written
        self._acked = self.outbox.acked  # the venue holds every seq up to this one
        self._handed = self._acked  # the highest seq handed to paho since the last (re)send from the venue's ack
        self.resend_after, self.beyond_ack = resend_after, beyond_ack
        self._wait = resend_after  # before the next resend to a silent venue: doubles while it stays silent
        self._quiet_since = monotonic()  # the last news: a PUBACK, the venue's ack moving, a resend
        self._resend_due = False  # send again what the venue lacks once nothing is in flight
        self.ahead: int | None = None  # the venue's ack beyond this table's own seq, once seen (for the screen)
        self._client: mqtt.Client | None = None
        self._next_try = 0.0
        self.start()

    # --- The connection (paho's thread) ----------------------------------------------------------------------------

    def start(self) -> None:
        """Build the client and let paho's thread connect; a password or CA that cannot be had is `problem`, tried
        again every PASSWORD_RETRY s by `pump`."""
        settings = self.settings
        try:
            password = settings.read_password()
        except (OSError, ValueError) as error:
            why = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
            self._trouble(f"the table's broker password cannot be read ({settings.password_file}: {why})")
            return
        client = mqtt.Client(
            mqtt.CallbackAPIVersion.VERSION2,
            client_id=f"{settings.user}-{secrets.token_hex(3)}",
            protocol=mqtt.MQTTv311,
            clean_session=True,
        )
        client.username_pw_set(settings.user, password)
        if settings.tls_ca is not None:
            try:
                client.tls_set_context(ssl.create_default_context(cafile=str(settings.tls_ca)))
            except (OSError, ssl.SSLError) as error:
                self._trouble(f"the venue's CA certificate {settings.tls_ca} cannot be used ({error})")
                return
        client.will_set(status_topic(settings.table), status_payload(settings.table, False, self.clock()), 1, True)
        client.reconnect_delay_set(*self.reconnect)  # type: ignore[arg-type]  # paho types seconds as int; floats work
        client.max_inflight_messages_set(self.window)
        client.on_connect = self._on_connect
        client.on_connect_fail = self._on_connect_fail
        client.on_disconnect = self._on_disconnect
        client.on_publish = self._on_publish
        client.on_message = self._on_message
        self._in_flight.clear()  # a new client: nothing of the old one's is coming back
        self._handed = self._acked
        client.connect_async(settings.broker, settings.port, keepalive=self.keepalive)
        client.loop_start()  # the network thread: the table's never waits on it
        self._client = client
        self.problem = None
        log.info("venue: publishing to %s:%d as %s", settings.broker, settings.port, settings.user)

    def _on_connect(self, client: mqtt.Client, userdata: Any, flags: Any, reason: Any, properties: Any) -> None:
        if reason.is_failure:
            self._events.put(("refused", str(reason)))
            return
        online = status_payload(self.settings.table, True, self.clock())
        client.publish(status_topic(self.settings.table), online, qos=1, retain=True)
        client.subscribe(ack_topic(self.settings.table), qos=1)  # the retained ack comes at once
        self._events.put(("up", None))

    def _on_connect_fail(self, client: mqtt.Client, userdata: Any) -> None:
        error = sys.exc_info()[1]  # paho calls this inside its `except OSError`: the reason is at hand
        self._events.put(("failed", error))

    def _on_disconnect(self, client: mqtt.Client, userdata: Any, flags: Any, reason: Any, properties: Any) -> None:
        self._events.put(("down", str(reason)))

    def _on_publish(self, client: mqtt.Client, userdata: Any, mid: int, reason: Any, properties: Any) -> None:
        self._events.put(("puback", mid))

    def _on_message(self, client: mqtt.Client, userdata: Any, message: mqtt.MQTTMessage) -> None:
        self._events.put(("venue", bytes(message.payload)))

    # --- The app's thread ------------------------------------------------------------------------------------------

    def take(self, effects: Iterable[Any], switches: Iterable[SwitchGame], session: Any, place: int | None) -> None:
        """One input's effects and flow switches, and the session after it: its results into the outbox.
        `place`: the input's place in the event log (None: not logged, the disk is full)."""
        found = results(effects, switches, session)
        if not found:
            return
        if self.outbox.game_id is None and found[0].kind != "game_started":
            found.insert(0, _started_now(session))  # the venue was set up in the middle of a game
        try:
            written = self.outbox.add(found, place)
        except DiskFull as error:
            log.error("venue: %s; they are not sent", error)
            return
        self._last = written[-1].seq
        for envelope in written:
            log.info("venue: %s %d of game %s waits to be sent", envelope.kind, envelope.seq, envelope.game_id)

    def uncover(self, place: int) -> None:
        """The event log now ends at `place` (it was set aside and started again)."""
        try:
            self.outbox.uncover(place)
        except DiskFull as error:  # the replayed results are not written again: the table plays on
            log.error("venue: %s", error)

    @property
    def covered(self) -> int:
        """The event log's place of the last input whose results are in the outbox (table.app.TableApp.resume)."""
        return self.outbox.covered

    def pump(self) -> None:
        """Take the news from paho's thread (the venue's ack: what is delivered), hand paho the next rows, or the
        rows the venue lacks again. Never waits."""
        venue: int | None = None
        while True:
            try:
                what, detail = self._events.get_nowait()
            except queue.Empty:
                break
            if what == "puback":
                if self._in_flight.pop(detail, None) is not None:
                    self._quiet_since = self.monotonic()
            elif what == "venue":
                try:
                    venue = parse_ack(detail)  # only the latest of a batch counts
                except BadMessage as error:
                    log.warning("venue: the venue's acknowledgement cannot be read: %s", error)
            else:
                self._news(what, detail)
        if venue is not None:
            self._venue_says(venue)
        if self._client is None:
            if self.monotonic() >= self._next_try:
                self.start()
            return
        if not self.connected:
            return
        if self._handed <= self._acked:
            self._resend_due = False  # nothing sent that the venue lacks
        elif not self._in_flight:
            silent = self.monotonic() - self._quiet_since >= self._wait
            if self._resend_due or silent:
                self._resend(silent and not self._resend_due)
        if self._handed < min(self._last, self._acked + self.beyond_ack) and len(self._in_flight) < self.window:
            self._hand_on()

    def _venue_says(self, seq: int) -> None:
        """The venue holds every seq up to `seq`."""
        if seq > self._last:
            self._ahead(seq)
        elif seq > self._acked:
            self.outbox.acknowledge(seq)
            self._acked, self._wait, self._quiet_since = seq, self.resend_after, self.monotonic()
        elif seq == self._acked:  # said again, not moved: the venue is back, or was told this table is
            self._resend_due = self._handed > seq
        else:
            log.warning("venue: the venue now holds this table's results up to %d only, not %d (was its database "
                        "replaced?); what the table still keeps is sent again", seq, self._acked)  # fmt: skip
            self.outbox.acknowledge(seq)
            self._acked, self._resend_due = seq, True

    def _ahead(self, seq: int) -> None:
        """The venue's ack is beyond every seq this table wrote: its undelivered rows are numbered on after it
        (they would be taken for results the venue has), once; said in the log and, once, on the screen. An ack
        too far to number on after is said and ignored: the table goes on as before."""
        try:
            shift = self.outbox.renumber_after(seq)
        except SeqOutOfRange as error:
            self._log_once(f"an acknowledgement from the venue is ignored ({error})", logging.ERROR)
            return
        except DiskFull as error:  # tried again at the venue's next acknowledgement
            self._log_once(f"{error}; the venue's acknowledgement is ignored for now", logging.ERROR)
            return
        log.error("venue: the venue already holds results up to %d from table %s, beyond the %d this table wrote "
                  "(its database and seq mark were lost, or another table has its id); its %d undelivered results "
                  "are numbered on from %d", seq, self.settings.table, self._last, self.outbox.pending(),
                  seq + 1)  # fmt: skip
        self._last += shift
        self._acked = self._handed = seq
        self.ahead = seq

    def _resend(self, silent: bool) -> None:
        """Send again, in seq order, what the venue lacks (the venue takes each seq once)."""
        log.info("venue: sending again the results after %d (the venue has not acknowledged up to %d)", self._acked,
                 self._handed)  # fmt: skip
        if silent:
            self._wait = min(self._wait * 2, RESEND_LONGEST)
        self._handed, self._resend_due, self._quiet_since = self._acked, False, self.monotonic()

    def _hand_on(self) -> None:
        assert self._client is not None
        room = min(self.window - len(self._in_flight), self._acked + self.beyond_ack - self._handed)
        waiting = self.outbox.unsent(after=self._handed, limit=room)
        for envelope in waiting:
            info = self._client.publish(events_topic(self.settings.table), envelope.to_json(), qos=1)
            if info.rc not in (mqtt.MQTT_ERR_SUCCESS, mqtt.MQTT_ERR_NO_CONN):  # not taken: again next pump
                log.warning("venue: paho did not take result %d (%s)", envelope.seq, mqtt.error_string(info.rc))
                return
            self._in_flight[info.mid] = envelope.seq  # NO_CONN: paho keeps it and sends it on reconnecting
            self._handed = envelope.seq
        if len(waiting) < room:  # the rest up to the last written is sent already: no need to look again
            self._handed = max(self._handed, self._last)

    def _news(self, what: str, detail: Any) -> None:
        if what == "up":
            self.connected, self._said = True, None
            self._resend_due = True  # what the venue lacks, once paho's own resends are through
            if self.problem is not None:
                self.problem = None
            log.info("venue: connected to %s:%d (%d results to send)", self.settings.broker, self.settings.port,
                     self.outbox.pending())  # fmt: skip
        elif what == "down":
            self.connected = False
            self._log_once(f"the connection to the broker was lost ({detail}); results wait in the outbox")
        elif what == "refused":
            self._trouble(f"the broker refused the table's account {self.settings.user} ({detail})")
        elif what == "failed":
            if isinstance(detail, ssl.SSLError):  # a certificate the CA did not sign, or a name that does not match
                self._trouble(f"the broker's certificate is not trusted ({detail})")
            else:
                where = f"{self.settings.broker}:{self.settings.port}"
                self._log_once(f"the broker {where} cannot be reached ({detail}); results wait in the outbox")

    def _trouble(self, why: str) -> None:
        """What the operator must put right: said once in the log and kept for the screen."""
        self._log_once(why, logging.ERROR)
        self.problem = why
        self._next_try = self.monotonic() + PASSWORD_RETRY

    def _log_once(self, why: str, level: int = logging.WARNING) -> None:
        if why != self._said:
            self._said = why
            log.log(level, "venue: %s", why)

    def pending(self) -> int:
        """How many results the venue does not have yet (by its own acknowledgement)."""
        return self.outbox.pending()

    def game_url(self) -> str | None:
        """The venue's page of the current or last game; None without a venue url or before the first game."""
        game = self.outbox.game_id
        return self.settings.game_url(game) if game is not None else None

    def close(self) -> None:
        """A clean stop: online false (waited for at most STOP_WAIT s), then the connection and paho's thread end.
        What the venue has not acknowledged stays in the outbox for the next start."""
        client, self._client = self._client, None
        if client is None:
            return
        if client.is_connected():  # paho's own word: the app may not have pumped the news of the connect yet
            offline = status_payload(self.settings.table, False, self.clock())
            info = client.publish(status_topic(self.settings.table), offline, qos=1, retain=True)
            with contextlib.suppress(ValueError, RuntimeError):  # not sent: the broker's last will says the same
                info.wait_for_publish(STOP_WAIT)
        client.disconnect()
        # paho's thread ends once its messages are out; on a link that hangs they never are: wait a bounded time
        # (it is a daemon thread, gone with the process).
        stopper = threading.Thread(target=client.loop_stop, daemon=True, name="venue-stop")
        stopper.start()
        stopper.join(STOP_WAIT)
        self.connected = False


def _started_now(session: Any) -> Result:
    """A game_started for the game on the table now (the venue was set up after it started)."""
    screen = session.screen()
    players = tuple(getattr(screen, "players", ())) or tuple(range(session.table.seats))
    return game_started(session.game_key or session.chosen_game, players, session.table)
