"""The table publishing to a real Mosquitto: a whole game in order; nothing lost with the broker killed, the link
cut or the table killed; the table never waiting on a hung network; TLS; the retained status and the last will."""

from __future__ import annotations

import ast
import dataclasses
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from table.app import TableApp
from table.config import default_text, parse_config
from table.core import catalog
from table.core.catalog import GameEntry
from table.core.effects import RoundOver
from table.core.frame import Phase
from table.core.inputs import CardLaid, ChooseGame, ConfirmUndo, JoinSeat, StartGame, Undo
from table.display.sounds import SoundPlayer
from table.games.skullking.sim import VirtualTable
from table.session import TableSession
from table.store.database import open_database
from table.store.decks import DeckRegistry
from table.store.event_log import EventLog
from table.venue import publisher as publisher_module
from table.venue.broker import LocalBroker, free_port, make_test_certificates, table_user
from table.venue.publisher import VenuePublisher
from table.venue.settings import VenueSettings
from tests.devices.test_nfc import FakeClock
from tests.toygame.inputs import Pass
from tests.venue.listener import Listener, wait_until
from tests.venue.proxy import Proxy

KINDS = ["game_started", "trick", "round", "trick", "round", "trick", "round", "game_over"]  # High Card, 3 rounds


class NoHub:
    def fileno(self) -> None:
        return None

    def poll(self) -> list[Any]:
        return []

    def assume(self, tags: dict[int, str]) -> None:
        pass

    def close(self) -> None:
        pass


class NoButtons:
    def poll(self, now: float) -> list[Any]:
        return []

    def close(self) -> None:
        pass


class ScoredSession(TableSession):
    """High Card with the RoundOver effect a game's flow gives at a round's end (the toy game's flow has none; it
    says its Judged itself)."""

    def handle(self, event: Any) -> list[Any]:
        playing = self.game_key == "highcard"
        before = (self.flow.state.round, dict(self.flow.state.points)) if playing else None
        effects = super().handle(event)
        if before is not None and self.game_key == "highcard" and self.flow.state.round > before[0]:
            effects.append(RoundOver(before[0]))
        return effects


class Table:
    """A three-seat table playing High Card through the real app, publishing to the venue; its files stay in
    `folder`, so another Table on the same folder is the same table started again."""

    def __init__(self, folder: Path, settings: VenueSettings, **options: Any) -> None:
        folder.mkdir(exist_ok=True)
        self.db = open_database(folder / "table.sqlite3")
        self.clock = FakeClock()
        self.log = EventLog(self.db, catalog.log_kinds())
        self.app = TableApp(
            session=ScoredSession(3),
            event_log=self.log,
            registry=DeckRegistry(self.db),
            hub=NoHub(),  # type: ignore[arg-type]
            buttons=NoButtons(),  # type: ignore[arg-type]
            lights={},
            sound=SoundPlayer(enabled=False),
            clock=self.clock,
        )
        options.setdefault("reconnect", (0.05, 0.2))
        self.publisher = VenuePublisher(settings, self.db, covered=self.log.last(), **options)
        self.app.attach_venue(self.publisher)
        self.app.resume()

    def start(self) -> None:
        for event in (
            ChooseGame("highcard"),
            JoinSeat(0, "Anna"),
            JoinSeat(1, "Ben"),
            JoinSeat(2, "Cleo"),
            StartGame(),
        ):
            self.app.submit(event)

    def round_inputs(self, number: int) -> list[Any]:
        """Round `number`: its seat lays a star 9, the others pass."""
        winner = (number - 1) % 3
        return [CardLaid(seat, f"04{number}{seat}", "star:9") if seat == winner else Pass(seat) for seat in range(3)]

    def play(self, number: int) -> None:
        for event in self.round_inputs(number):
            self.app.submit(event)
            self.app.step(wait=0)

    def crash(self) -> None:
        """As kill -9: paho's thread stops without a word to the broker, the connection just drops."""
        client = self.publisher._client
        if client is not None:
            client._thread_terminate = True  # paho's thread ends at its next turn, sending nothing more
            client._thread.join(5)  # type: ignore[union-attr]
            if (sock := client.socket()) is not None:
                sock.close()
        self.db.close()


@pytest.fixture
def highcard(toy_game: GameEntry) -> GameEntry:
    return toy_game


@pytest.fixture
def venue(broker: LocalBroker) -> Iterator[Listener]:
    listener = Listener(broker)
    listener.subscribed.wait(5)
    yield listener
    listener.close()


def settings_for(broker: LocalBroker, port: int | None = None, **more: Any) -> VenueSettings:
    password = broker.passwords[table_user("t1")]
    return VenueSettings("t1", "127.0.0.1", port or broker.port, password=password, url="http://venue.test", **more)


def _online(venue: Listener) -> bool | None:
    """The table's last status the venue heard: online or not; None before any."""
    statuses = venue.statuses("t1")
    return bool(statuses[-1]["online"]) if statuses else None


def _kinds_and_seqs(venue: Listener) -> list[tuple[int, str]]:
    return [(envelope.seq, envelope.kind) for envelope in venue.once()]


def test_a_game_is_published_whole_and_in_order(highcard: GameEntry, broker: LocalBroker, venue: Listener,
                                                tmp_path: Path) -> None:  # fmt: skip
    table = Table(tmp_path / "table", settings_for(broker))
    assert table.publisher.game_url() is None
    table.start()
    for number in (1, 2, 3):
        table.play(number)
    assert table.app.session.screen().phase is Phase.GAME_OVER
    wait_until(lambda: len(venue.once()) == 8 and table.publisher.pending() == 0, table.app, what="delivery")
    assert _kinds_and_seqs(venue) == list(enumerate(KINDS, start=1))
    events = venue.once()
    assert len({envelope.game_id for envelope in events}) == 1 and events[0].game_id.endswith("-1")
    assert [p["name"] for p in events[0].data["players"]] == ["Anna", "Ben", "Cleo"]
    assert events[1].data["winner"] == "Anna" and events[1].data["why"]["de"].startswith("Highest card: ")
    assert events[7].data["score_pad"]["phase"] == "game_over"
    assert table.publisher.game_url() == f"http://venue.test/games/{events[0].game_id}"
    table.app.close_venue()


def test_a_killed_broker_loses_nothing(highcard: GameEntry, broker: LocalBroker, venue: Listener,
                                       tmp_path: Path) -> None:  # fmt: skip
    table = Table(tmp_path / "table", settings_for(broker))
    table.start()
    table.play(1)
    wait_until(lambda: table.publisher.pending() == 0 and len(venue.once()) == 3, table.app, what="round 1")
    broker.kill()
    wait_until(lambda: not table.publisher.connected and not venue.subscribed.is_set(), table.app, what="noticing")
    table.play(2)
    table.play(3)  # the table plays on; its results wait
    assert table.app.session.screen().phase is Phase.GAME_OVER
    assert table.publisher.pending() == 5
    broker.start()
    venue.subscribed.wait(5)  # the venue's subscription is back before the table's results come
    wait_until(lambda: table.publisher.pending() == 0 and len(venue.once()) == 8, table.app, what="the rest")
    assert _kinds_and_seqs(venue) == list(enumerate(KINDS, start=1))
    table.app.close_venue()


def test_a_cut_link_loses_nothing(highcard: GameEntry, broker: LocalBroker, venue: Listener, tmp_path: Path) -> None:
    proxy = Proxy(broker.port)
    table = Table(tmp_path / "table", settings_for(broker, proxy.port), window=2)  # two at a time in flight
    table.start()
    table.app.submit(table.round_inputs(1)[0])
    wait_until(lambda: len(venue.once()) == 1, table.app, what="the start")
    for event in table.round_inputs(1)[1:]:
        table.app.submit(event)
    proxy.cut()  # mid-game, maybe mid-delivery
    table.play(2)
    for _ in range(20):
        table.app.step(wait=0)
    assert table.publisher.pending() >= 4
    proxy.restore()
    table.play(3)
    wait_until(lambda: table.publisher.pending() == 0 and len(venue.once()) == 8, table.app, what="the rest")
    assert _kinds_and_seqs(venue) == list(enumerate(KINDS, start=1))  # each once, first arrivals in order
    assert proxy.accepted >= 2  # it did connect again
    table.app.close_venue()
    proxy.close()


def test_a_killed_table_sends_what_was_not_acknowledged_and_goes_on(
    highcard: GameEntry, broker: LocalBroker, venue: Listener, tmp_path: Path
) -> None:
    proxy = Proxy(broker.port)
    proxy.cut()  # nothing reaches the broker before the kill
    table = Table(tmp_path / "table", settings_for(broker, proxy.port))
    table.start()
    table.play(1)
    for event in table.round_inputs(2):  # logged, then killed before the table acted on the last of them
        table.log.append(event, table.clock())
    assert table.publisher.pending() == 3
    table.crash()
    proxy.close()

    again = Table(tmp_path / "table", settings_for(broker))  # started again: replays its log
    wait_until(lambda: len(venue.once()) == 5 and again.publisher.pending() == 0, again.app, what="the resend")
    again.play(3)
    wait_until(lambda: len(venue.once()) == 8 and again.publisher.pending() == 0, again.app, what="the rest")
    assert _kinds_and_seqs(venue) == list(enumerate(KINDS, start=1))
    assert len({envelope.game_id for envelope in venue.once()}) == 1  # the same game id after the kill
    again.app.close_venue()


def test_the_table_never_waits_on_a_hung_network(highcard: GameEntry, broker: LocalBroker, tmp_path: Path) -> None:
    hole = Proxy(broker.port, answer=False)  # takes the connection and never answers (no CONNACK, ever)
    table = Table(tmp_path / "table", settings_for(broker, hole.port))
    wait_until(lambda: hole.accepted >= 1, what="the connection to the black hole")
    table.start()
    for number in (1, 2, 3):
        table.play(number)  # every submit and step returned ...
    for _ in range(50):
        table.publisher.pump()
    assert table.app.session.screen().phase is Phase.GAME_OVER
    assert table.publisher.pending() == 8 and not table.publisher.connected  # ... and the outbox kept it all
    assert table.publisher.problem is None  # not the operator's to put right: it is said in the log only
    table.app.close_venue()  # returns though the network never answers
    hole.close()


def test_tls_with_the_venue_s_ca(highcard: GameEntry, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    tls = make_test_certificates(tmp_path / "tls")
    broker = LocalBroker(tmp_path / "broker", ["t1"], tls=tls)
    broker.start()
    venue = Listener(broker)
    try:
        assert broker.tls_port is not None
        table = Table(tmp_path / "table", settings_for(broker, broker.tls_port, tls_ca=tls.ca))
        table.start()
        wait_until(lambda: len(venue.once()) == 1, table.app, what="delivery over TLS")
        table.app.close_venue()

        other = make_test_certificates(tmp_path / "other")  # a CA that did not sign the broker's certificate
        caplog.set_level(logging.WARNING, "table.venue.publisher")
        stranger = Table(tmp_path / "stranger", settings_for(broker, broker.tls_port, tls_ca=other.ca))
        stranger.start()
        wait_until(lambda: stranger.publisher.problem is not None, stranger.app, what="the refusal")
        assert "certificate is not trusted" in str(stranger.publisher.problem)
        assert "certificate verify failed" in caplog.text
        assert stranger.publisher.pending() == 1 and len(venue.once()) == 1  # its start never went out
        notice = stranger.app.notice
        assert notice is not None and "The venue cannot be reached" in str(notice[0].text) and notice[2]
        stranger.app.close_venue()
    finally:
        venue.close()
        broker.stop()


def test_the_status_is_retained_online_then_offline_by_the_last_will(
    broker: LocalBroker, venue: Listener, tmp_path: Path
) -> None:
    table = Table(tmp_path / "table", settings_for(broker))
    wait_until(lambda: _online(venue) is True, table.app, what="online")
    late = Listener(broker)  # a venue that comes later is told by the broker (retained)
    wait_until(lambda: late.statuses("t1") != [], what="the retained status")
    assert late.statuses("t1")[-1] | {"at": 0} == {"v": 1, "table": "t1", "online": True, "at": 0, "retained": True}
    late.close()
    table.crash()  # the connection dies without a goodbye: the broker says the will
    wait_until(lambda: _online(venue) is False, what="the last will")
    later = Listener(broker)
    wait_until(lambda: later.statuses("t1") != [], what="the retained will")
    assert later.statuses("t1")[-1]["online"] is False and later.statuses("t1")[-1]["retained"]
    later.close()


def test_a_clean_stop_says_offline(broker: LocalBroker, venue: Listener, tmp_path: Path) -> None:
    table = Table(tmp_path / "table", settings_for(broker))
    wait_until(lambda: _online(venue) is True, table.app, what="online")
    table.app.close_venue()
    wait_until(lambda: _online(venue) is False, what="offline")
    assert [status["online"] for status in venue.statuses("t1")] == [True, False]


def test_a_missing_password_file_lets_the_table_play_and_says_why_once(
    highcard: GameEntry, broker: LocalBroker, venue: Listener, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    now = [0.0]
    password = tmp_path / "venue-password"
    settings = dataclasses.replace(settings_for(broker), password=None, password_file=password)
    sounds: list[str] = []
    table = Table(tmp_path / "table", settings, monotonic=lambda: now[0])
    monkeypatch.setattr(table.app.sound, "play", sounds.append)
    table.start()
    table.play(1)
    table.app.step(wait=0)
    notice = table.app.notice
    assert notice is not None and notice[2] and "password cannot be read" in str(notice[0].text)
    assert str(password) in str(notice[0].text)
    assert sounds == [] and table.publisher.pending() == 3  # no error sound; the results wait
    password.write_text(broker.passwords[table_user("t1")] + "\n")  # the operator puts it right
    now[0] += publisher_module.PASSWORD_RETRY
    wait_until(lambda: len(venue.once()) == 3, table.app, what="delivery once the password is there")
    assert table.app.notice is None  # the note is gone with the trouble
    table.app.close_venue()


def test_a_virtual_table_publishes_a_whole_skull_king_game(broker: LocalBroker, venue: Listener,
                                                           tmp_path: Path) -> None:  # fmt: skip
    config = dataclasses.replace(parse_config(default_text()), venue=settings_for(broker))
    table = VirtualTable(tmp_path / "virtual", 2, seed=7, config=config)
    try:
        screen = table.run()
        # the start, 55 tricks (one in round 1 ... ten in round 10), 10 rounds, the end
        wait_until(lambda: len(venue.once()) == 67, table.app, what="the game")
    finally:
        table.close()
    tricks = [e for e in venue.once() if e.kind == "trick"]
    assert [(e.data["round"], e.data["number"]) for e in tricks] == [
        (r, n) for r in range(1, 11) for n in range(1, r + 1)
    ]
    assert all(e.data["why"]["en"] and e.data["why"]["de"] for e in tricks)
    events = [e for e in venue.once() if e.kind != "trick"]
    assert [e.kind for e in events] == ["game_started", *["round"] * 10, "game_over"]
    assert [e.data["round"] for e in events[1:11]] == list(range(1, 11))
    final = {(p.seat, p.total) for p in screen.ranking}
    assert {(p["seat"], p["total"]) for p in events[11].data["ranking"]} == final
    assert [s["total"] for s in events[10].data["scores"]] == [cell.total for cell in screen.score_pad[-1].cells]
    assert events[0].data["game_name"]["en"] == "Skull King"
    assert venue.statuses("t1")[-1]["online"] is False  # close() said goodbye


# --- The app's side, with no broker to reach (a port nobody listens on) -------------------------------------------


def _nowhere() -> VenueSettings:
    return VenueSettings("t1", "127.0.0.1", free_port(), password="unused")


def _written(table: Table) -> list[tuple[int, str, str]]:
    rows = table.db.execute("SELECT seq, kind, game_id FROM venue_outbox ORDER BY seq").fetchall()
    return [(seq, kind, game) for seq, kind, game in rows]


def test_undoing_a_start_publishes_nothing_and_starting_again_is_a_new_game(highcard: GameEntry,
                                                                            tmp_path: Path) -> None:  # fmt: skip
    table = Table(tmp_path / "table", _nowhere())
    for event in (ChooseGame("skullking"), JoinSeat(0, "Anna"), JoinSeat(1, "Ben"), StartGame(), Undo(), ConfirmUndo()):
        table.app.submit(event)
    assert table.app.session.game_key is None  # back in the lobby
    assert [kind for _, kind, _ in _written(table)] == ["game_started"]
    table.app.submit(StartGame())
    first, again = _written(table)
    assert (first[:2], again[:2]) == ((1, "game_started"), (2, "game_started")) and first[2] != again[2]
    assert table.publisher.game_url() is None  # no venue url given
    table.app.close_venue()


def test_a_venue_set_up_mid_game_publishes_from_there_starting_with_the_game(highcard: GameEntry,
                                                                            tmp_path: Path) -> None:  # fmt: skip
    table = Table(tmp_path / "table", _nowhere())
    table.app.venue = None  # as a table whose config had no [venue] yet
    table.start()
    table.play(1)
    table.app.close_venue()
    table.publisher.close()
    late = VenuePublisher(_nowhere(), table.db, covered=table.log.last(), reconnect=(0.05, 0.2))
    table.app.attach_venue(late)
    table.play(2)
    assert [kind for _, kind, _ in _written(table)] == ["game_started", "trick", "round"]
    started = late.outbox.unsent()[0].data
    assert [p["name"] for p in started["players"]] == ["Anna", "Ben", "Cleo"] and started["game"] == "highcard"
    late.close()


def test_a_log_set_aside_is_published_again_from_its_start(highcard: GameEntry, tmp_path: Path) -> None:
    table = Table(tmp_path / "table", _nowhere())
    table.start()
    table.play(1)
    table.app.close_venue()
    table.db.execute("DELETE FROM event_log")  # a log started afresh, shorter than what the outbox covered
    table.db.execute("DELETE FROM sqlite_sequence WHERE name = 'event_log'")
    for event in (ChooseGame("highcard"), JoinSeat(0, "Dora"), JoinSeat(1, "Eli"), StartGame()):
        table.log.append(event, 0.0)
    table.db.close()
    again = Table(tmp_path / "table", _nowhere())
    assert [kind for _, kind, _ in _written(again)] == ["game_started", "trick", "round", "game_started"]
    assert [p["name"] for p in again.publisher.outbox.unsent()[-1].data["players"]] == ["Dora", "Eli"]
    again.app.close_venue()


def test_games_and_rules_know_nothing_of_the_venue() -> None:
    root = Path(__file__).parents[2] / "table"
    for folder in ("games", "rules"):
        for module in (root / folder).rglob("*.py"):
            imported = [
                name
                for node in ast.walk(ast.parse(module.read_text()))
                for name in (
                    [alias.name for alias in node.names] if isinstance(node, ast.Import) else
                    [node.module or ""] if isinstance(node, ast.ImportFrom) else []
                )
            ]  # fmt: skip
            assert not [name for name in imported if name.startswith("table.venue")], module


def test_a_refused_account_is_said_on_the_screen(broker: LocalBroker, tmp_path: Path) -> None:
    settings = dataclasses.replace(settings_for(broker), password="not-the-password")
    table = Table(tmp_path / "table", settings)
    wait_until(lambda: table.app.notice is not None, table.app, what="the note")
    assert "refused the table's account table-t1" in str(table.publisher.problem)
    assert not table.publisher.connected
    table.app.close_venue()
