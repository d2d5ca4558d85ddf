"""The venue trusts no table (issue 24, part A), against a real Mosquitto and the real venue service: what table t2's
account sends as an attacker would (another table's game, a game never started, times, numbers and sizes no table
sends, a huge seq) is refused with its reason, counted for the admin, acknowledged, and changes nothing else; every
page answers after each message; and t2 goes on publishing its later games."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from datetime import datetime
from pathlib import Path
from typing import Any
from urllib.parse import quote

import paho.mqtt.client as mqtt
import pytest
from flask.testing import FlaskClient

from table.store.database import open_database
from table.venue.broker import VENUE_USER, LocalBroker, table_user
from table.venue.outbox import Outbox
from table.venue.publisher import VenuePublisher
from table.venue.samples import SampleTable
from table.venue.service import Venue
from table.venue.settings import VenueSettings
from table.venue.store import Store
from table.venue.topics import ack_topic, events_topic
from table.venue.venue_config import BrokerSettings, VenueConfig, WebSettings, hash_password
from tests.venue.test_service import wait_for

NOW = datetime(2026, 11, 23, 21, 0).timestamp()  # the venue's clock: an evening
PASSWORD = "correct horse"
TEN_YEARS = 10 * 365 * 86400


class Table:
    """A table's account publishing raw payloads on its events topic, and reading its ack as a table does."""

    def __init__(self, broker: LocalBroker, table: str) -> None:
        self.table, self.acks = table, [0]
        client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=f"{table}-probe")
        client.username_pw_set(table_user(table), broker.passwords[table_user(table)])
        client.on_message = lambda c, u, message: self.acks.append(json.loads(message.payload)["seq"])
        client.connect("127.0.0.1", broker.port)
        client.loop_start()
        client.subscribe(ack_topic(table), qos=1)
        self.client = client

    def send(self, body: dict[str, Any] | bytes) -> None:
        payload = body if isinstance(body, bytes) else json.dumps(body).encode()  # NaN and 1e300 as Python writes them
        self.client.publish(events_topic(self.table), payload, qos=1).wait_for_publish(5)

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()


@pytest.fixture
def venue(broker: LocalBroker, tmp_path: Path) -> Iterator[Venue]:
    folder = tmp_path / "venue"
    folder.mkdir()
    (folder / "venue-password").write_text(broker.passwords[VENUE_USER] + "\n")
    config = VenueConfig(
        folder / "venue.toml",
        broker=BrokerSettings(host="127.0.0.1", port=broker.port, password_file=folder / "venue-password"),
        web=WebSettings(host="127.0.0.1", port=0),
        password_hash=hash_password(PASSWORD, rounds=1000),
    )
    venue = Venue(config, folder, clock=lambda: NOW)
    venue.start()
    assert venue.wait_connected(10), venue.state
    yield venue
    venue.stop()


def refused(store: Store) -> int:
    rows = store.refusals()
    return int(rows[0]["count"]) if rows else 0


def delivered(publisher: VenuePublisher) -> bool:
    publisher.pump()  # as the table's loop does in each step
    return publisher.pending() == 0


def admin_client(venue: Venue) -> FlaskClient:
    """The real service's pages, logged in as the admin through the login form."""
    client = venue.app.test_client()
    token = re.search(r'name="csrf" value="([^"]+)"', client.get("/admin").get_data(as_text=True))[1]  # type: ignore[index]
    client.post("/admin/login", data={"csrf": token, "password": PASSWORD})
    assert "League settings" in client.get("/admin").get_data(as_text=True)
    return client


def every_page(client: FlaskClient, store: Store) -> dict[str, int]:
    """Each page's status: the lists, the wall, the live parts, the CSV files, the admin's, each game's and player's."""
    urls = [
        "/",
        "/results",
        "/standings",
        "/wall",
        "/?tv=1",
        "/admin",
        "/export/games.csv",
        "/export/standings.csv",
        "/api/live?parts=tables,results,standings&version=0",
    ]
    for game in store.games(finished=False):
        urls += [f"/games/{quote(game.game_id)}", f"/api/live?parts=game&game={quote(game.game_id)}"]
    urls += [f"/players/{quote(key, safe='')}" for key, _ in store.players()]
    return {url: client.get(url).status_code for url in urls}


def the_games(store: Store) -> list[Any]:
    """Everything the pages are made of: every game with its players, and each game's events."""
    games = store.games(finished=False)
    events = {g.game_id: [store.events(g.game_id, kind) for kind in ("trick", "round")] for g in games}
    return [games, events, store.players(), store.tables()]


def hostile(t1_game: str, g2: str, seq: Callable[[], int]) -> list[tuple[str, dict[str, Any] | bytes]]:
    """What t2's account sends that no table may: (what it is, the payload)."""
    players = [{"seat": 0, "name": "Cleo"}, {"seat": 1, "name": "Dan"}]
    ranking = [
        {"place": 1, "seat": 0, "name": "Mallory", "total": 999},
        {"place": 2, "seat": 1, "name": "Eve", "total": 0},
    ]

    def envelope(game_id: str, kind: str, data: dict[str, Any], at: float = NOW - 60, **more: Any) -> dict[str, Any]:
        return {"v": 1, "table": "t2", "seq": seq(), "game_id": game_id, "kind": kind, "at": at, "data": data, **more}

    why = {"en": "Mallory takes the trick"}
    return [
        (
            "a trick in t1's game",
            envelope(t1_game, "trick", {"round": 1, "number": 1, "winner_seat": 0, "winner": "Mallory", "why": why}),
        ),
        ("t1's game over", envelope(t1_game, "game_over", {"ranking": ranking})),
        ("a game over never started", envelope("t2-20261123205000-99", "game_over", {"ranking": ranking})),
        (
            "a game ten years ahead",
            envelope(
                "t2-20361123205000-4", "game_started", {"game": "skullking", "players": players}, at=NOW + TEN_YEARS
            ),
        ),
        ("scores that are numbers", envelope(g2, "round", {"round": 1, "scores": [1, 2, 3]})),
        ("a game over at 1e300", envelope(g2, "game_over", {"ranking": ranking}, at=1e300)),
        ("a trick at NaN", envelope(g2, "trick", {"round": 1, "number": 1, "why": why}, at=float("nan"))),
        (
            # A 4 MB name, 10 000 players: the broker drops a message over MAX_PACKET_BYTES (tests/venue/test_broker);
            # what passes it is refused here.
            "a 200 kB name",
            envelope(
                "t2-20261123205800-9",
                "game_started",
                {"game": "skullking", "players": [{"seat": 0, "name": "M" * 200_000}, {"seat": 1, "name": "Dan"}]},
            ),
        ),
        (
            "6 000 players",
            envelope(
                "t2-20261123205800-10",
                "game_started",
                {"game": "skullking", "players": [{"seat": n, "name": f"P{n}"} for n in range(6_000)]},
            ),
        ),
        (
            "t1's envelope on t2's topic",
            {
                **envelope("t2-20261123205800-11", "game_started", {"game": "skullking", "players": players}),
                "table": "t1",
            },
        ),
        (
            "a formula for a game id",
            envelope('=HYPERLINK("http://x")', "game_started", {"game": "skullking", "players": players}),
        ),
        (
            "a formula for a game",
            envelope("t2-20261123205800-13", "game_started", {"game": "=1+1", "players": players}),
        ),
    ]


def test_a_table_s_account_changes_nothing_it_may_not_and_goes_on_publishing(broker: LocalBroker, venue: Venue) -> None:
    store, pages = venue.store, admin_client(venue)
    t1, t2 = SampleTable("t1"), SampleTable("t2")
    for envelope in t1.game(["Anna", "Ben", "Cleo"], [40, 20, 10], NOW - 3600) + t1.game(
        ["Anna", "Ben"], [5, 3], NOW - 900, finished=False
    ):
        store.add(envelope)
    t1_game = store.games()[0].game_id
    started = t2.game(["Cleo", "Dan"], [1, 0], NOW - 600, finished=False)[0]  # t2's own game, seq 1
    table = Table(broker, "t2")
    try:
        table.send(started.to_json())
        assert wait_for(lambda: store.acked("t2") == 1)
        before = the_games(store)
        messages = hostile(t1_game, started.game_id, iter(range(2, 100)).__next__)  # seqs 2, 3 ...
        for number, (what, payload) in enumerate(messages, start=1):
            table.send(payload)
            assert wait_for(lambda: refused(store) == number), what  # noqa: B023 (waited for here, in this turn)
            assert [(r["table_id"], r["count"]) for r in store.refusals()] == [("t2", number)], what
            assert store.acked("t2") == number + 1, what  # acknowledged: the table never sends it again
            assert the_games(store) == before, what  # nothing else changed: t1's games, t2's, the players, the tables
            assert set(every_page(pages, store).values()) == {200}, what
            assert pages.get("/games/t2-20261123205000-99").status_code == 404
        assert len(messages) == number
        reasons = store.refusals()[0]["last_reason"]
        assert "not of the right form" in reasons  # the last one's: the game's key
        admin = pages.get("/admin").get_data(as_text=True)
        assert f"Table t2: {number} refused" in admin and "refused: " + str(number) in admin
        # a seq no venue could acknowledge: refused, the ack stays where it was (never 2**63 - 1)
        huge = {**json.loads(started.to_json()), "seq": 2**63 - 1, "first": 2**63 - 1, "game_id": "t2-x-1"}
        table.send(json.dumps(huge).encode())
        assert wait_for(lambda: store.refusals()[0]["count"] == number + 1)
        assert store.acked("t2") == number + 1 and "bad seq" in store.refusals()[0]["last_reason"]
        assert set(every_page(pages, store).values()) == {200}
        # the table goes on: its next game, numbered on after what it sent, is taken and acknowledged
        t2.seq = number + 1
        game = t2.game(["Cleo", "Dan"], [7, 9], NOW - 300)
        for envelope in game:  # every kind accepted, and every page after each
            table.send(envelope.to_json())
            assert wait_for(lambda: store.acked("t2") == envelope.seq), envelope.kind  # noqa: B023 (as above)
            assert set(every_page(pages, store).values()) == {200}, envelope.kind
        assert wait_for(lambda: table.acks[-1] == game[-1].seq)  # what the table reads on its ack topic
        assert 2**63 - 1 not in table.acks and all(seq <= game[-1].seq for seq in table.acks)
        finished = store.game(game[0].game_id)
        assert finished is not None and [(p.name, p.place) for p in finished.players] == [("Cleo", 2), ("Dan", 1)]
        assert the_games(store)[0][0].game_id == game[0].game_id  # the newest
        assert set(every_page(pages, store).values()) == {200}
    finally:
        table.close()


def test_a_real_table_whose_results_are_refused_goes_on_with_its_later_games(
    broker: LocalBroker, venue: Venue, tmp_path: Path
) -> None:
    db = open_database(tmp_path / "table.sqlite3")
    outbox = Outbox(db, "t2", clock=lambda: NOW - 60)
    players = {"game": "skullking", "players": [{"seat": 0, "name": "Cleo"}, {"seat": 1, "name": "Dan"}]}
    scores = [{"seat": 0, "name": "Cleo", "points": 20, "total": 20}, {"seat": 1, "name": "Dan", "points": 0,
                                                                         "total": 0}]  # fmt: skip
    ranking = [{"place": 1, "seat": 0, "name": "Cleo", "total": 20}, {"place": 2, "seat": 1, "name": "Dan",
                                                                        "total": 0}]  # fmt: skip
    outbox.add([("game_started", players), ("round", {"round": 1, "scores": [1, 2, 3]}),  # a broken release's
                ("trick", {"round": 1, "number": 1, "winner_seat": 9})])  # fmt: skip
    outbox.add([("game_started", players), ("round", {"round": 1, "scores": scores}),
                ("game_over", {"ranking": ranking})])  # fmt: skip
    settings = VenueSettings("t2", "127.0.0.1", port=broker.port, password=broker.passwords[table_user("t2")])
    publisher = VenuePublisher(settings, db, clock=lambda: NOW)
    try:
        assert wait_for(lambda: delivered(publisher))  # every one acknowledged, the refused ones too
        (refused,) = venue.store.refusals()
        assert (refused["table_id"], refused["count"], refused["last_seq"]) == ("t2", 2, 3)
        later = venue.store.game(outbox.game_id or "")
        assert later is not None and later.finished and [p.place for p in later.players] == [1, 2]
        assert venue.store.acked("t2") == outbox.last_seq == 6
    finally:
        publisher.close()
