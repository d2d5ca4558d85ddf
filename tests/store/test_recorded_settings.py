"""A game is judged by the settings it started with: the lobby's StartGame carries them into the event log, so a table
restarted mid-game with another config.toml replays the past exactly as it was played (issue 25). A log written
before (a StartGame without settings) replays with the config's settings, as it always did."""

from __future__ import annotations

import dataclasses
import json
import logging
import random
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from table.app import TableApp
from table.config import Config, parse_config
from table.core import catalog
from table.core.inputs import CardLaid, CardLifted, ChooseGame, CountdownDone, JoinSeat, NewGame, Press, StartGame
from table.display.sounds import SoundPlayer
from table.games.flying_hollander import rules as fh
from table.session import TableSession
from table.store.database import open_database
from table.store.decks import DeckRegistry
from table.store.event_log import EventLog
from tests.devices.test_nfc import FakeClock
from tests.games.test_settings import OTHER_THAN_DEFAULT, two_seats

WITH_SETTINGS = [entry.key for entry in catalog.games() if entry.settings is not None]
DEFAULT = parse_config(two_seats())  # the café owner's config.toml after the change: every game's default


class Hub:
    """The seat hub as resume meets it: told which tags lie on the readers."""

    def assume(self, on_reader: dict[int, str]) -> None:
        self.on_reader = on_reader


def table_app(session: TableSession, database: sqlite3.Connection) -> TableApp:
    return TableApp(
        session=session,
        event_log=EventLog(database, catalog.log_kinds()),
        registry=DeckRegistry(database),
        hub=Hub(),  # type: ignore[arg-type]  # resume only tells it the readers
        buttons=None,  # type: ignore[arg-type]  # inputs are submitted, never read from buttons
        lights={},
        sound=SoundPlayer(enabled=False),
        clock=FakeClock(),
    )


@pytest.fixture
def builds(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, Any]]]:
    """(game, settings) of every game flow built, in order: each game's catalog entry, with its build watched."""
    built: list[tuple[str, Any]] = []
    for key in WITH_SETTINGS:
        entry = catalog.game(key)

        def watched(table: Any, players: Any, settings: Any, entry: catalog.GameEntry = entry) -> Any:
            built.append((entry.key, settings))
            return entry.build(table, players, settings)

        monkeypatch.setitem(catalog._entries, key, dataclasses.replace(entry, build=watched))
    yield built


def some_play(key: str, seats: int, rng: random.Random) -> list[Any]:
    """A game started, a few dozen inputs of play (cards laid and lifted, buttons), a new game started again."""
    deck = catalog.game(key).deck
    events: list[Any] = [ChooseGame(key), *(JoinSeat(seat) for seat in range(seats)), StartGame()]
    for number in range(60):
        seat = rng.randrange(seats)
        events += rng.choice(
            [
                [CardLaid(seat, f"{number:014X}", rng.choice(deck)), CardLifted(seat)] if deck else [],
                [Press(seat, rng.choice(["tap", "hold", "plus", "minus", "ok"]))],
                [CountdownDone()],
            ]
        )
    return [*events, NewGame(), StartGame(), Press(0, "tap")]


@pytest.mark.parametrize("key", WITH_SETTINGS)
def test_a_game_resumed_after_the_config_changed_has_the_settings_it_started_with(
    key: str, builds: list[tuple[str, Any]], tmp_path: Path
) -> None:
    started = parse_config(two_seats(OTHER_THAN_DEFAULT[key]))
    entry = catalog.game(key)
    seats = entry.min_players
    database = open_database(tmp_path / "table.sqlite3")
    live = table_app(TableSession(seats, config=started), database)
    for event in some_play(key, seats, random.Random(key)):
        live.submit(event)
    assert builds == [(key, started.game_settings(key))] * 2  # the game, and the new game after it
    played = live.session.screen()

    builds.clear()
    resumed = table_app(TableSession(seats, config=DEFAULT), database)  # config.toml changed, the table restarted
    assert resumed.resume() > 0
    assert builds == [(key, started.game_settings(key))] * 2 != [(key, DEFAULT.game_settings(key))] * 2
    assert resumed.session.screen() == played
    database.close()


def test_the_flying_hollander_resumed_ends_as_it_began_whatever_the_config_says_now(tmp_path: Path) -> None:
    """The issue's example: `[flying-hollander] ending` changed and the table restarted mid-game."""
    database = open_database(tmp_path / "table.sqlite3")
    played_on = parse_config(two_seats('[flying-hollander]\nending = "last-standing"\n'))
    live = table_app(TableSession(3, config=played_on), database)
    for event in [ChooseGame("flying-hollander"), JoinSeat(0), JoinSeat(1), StartGame()]:
        live.submit(event)
    assert live.session.flow.state.game.ending == fh.LAST_STANDING
    logged = [event for _, _, event in live.event_log.replay()][-1]
    assert json.loads(logged.settings) == {
        "game": "flying-hollander",
        "settings": {"counts": {}, "ending": "last-standing"},
    }

    resumed = table_app(TableSession(3, config=DEFAULT), database)
    resumed.resume()
    assert resumed.session.flow.state.game.ending == fh.LAST_STANDING
    new_game = table_app(TableSession(3, config=DEFAULT), database)  # a new game is started by today's config
    new_game.resume()
    for event in [NewGame(), StartGame()]:
        new_game.submit(event)
    assert new_game.session.flow.state.game.ending == fh.FIRST_OUT
    database.close()


def test_a_log_from_before_replays_with_the_config_s_settings_as_it_did(tmp_path: Path) -> None:
    database = open_database(tmp_path / "table.sqlite3")
    log = EventLog(database, catalog.log_kinds())
    for event in [ChooseGame("flying-hollander"), JoinSeat(0), JoinSeat(1)]:
        log.append(event, 0.0)
    database.execute("INSERT INTO event_log (at, kind, data) VALUES (0, 'StartGame', '{}')")  # as earlier releases
    for config, ending in [
        (DEFAULT, fh.FIRST_OUT),
        (parse_config(two_seats('[flying-hollander]\nending = "last-standing"\n')), fh.LAST_STANDING),
    ]:
        resumed = table_app(TableSession(3, config=config), database)
        resumed.resume()
        assert resumed.session.flow.state.game.ending == ending
    database.close()


def test_only_the_lobby_s_start_of_a_game_with_settings_is_written_with_them() -> None:
    session = TableSession(3, config=DEFAULT)
    assert session.recorded(JoinSeat(0)) == JoinSeat(0)
    assert session.recorded(StartGame()) == StartGame()  # the first game, Skull King 2013, has no settings
    session.handle(ChooseGame("skullking-2021"))
    start = session.recorded(StartGame())
    assert start != StartGame() and json.loads(start.settings)["game"] == "skullking-2021"
    given = StartGame('{"game": "skullking-2021", "settings": {"kraken_leader": "after-kraken"}}')
    assert session.recorded(given) is given  # settings already written (a replay) are kept
    for event in [JoinSeat(0), JoinSeat(1), start]:
        session.handle(event)
    assert session.game_key == "skullking-2021"
    assert session.recorded(StartGame()) == StartGame()  # refused by the game on: nothing to write


def test_a_table_without_a_config_writes_each_game_s_default() -> None:
    session = TableSession(3)
    session.handle(ChooseGame("flying-hollander"))
    assert json.loads(session.recorded(StartGame()).settings)["settings"] == {"counts": {}, "ending": "first-out"}


@pytest.mark.parametrize(
    "written",
    [
        '{"game": "flying-hollander", "settings": {"ending": "sudden"}}',
        '{"game": "piratenpoker", "settings": {"ending": "last-standing"}}',
        '{"game": "flying-hollander", "settings": ["last-standing"]}',
        '["flying-hollander"]',
        "not json",
    ],
)
def test_settings_in_the_log_that_cannot_be_read_build_with_the_config_s_and_say_so(
    written: str, caplog: pytest.LogCaptureFixture
) -> None:
    session = TableSession(3, config=parse_config(two_seats('[flying-hollander]\nending = "last-standing"\n')))
    with caplog.at_level(logging.ERROR, logger="table.session"):
        for event in [ChooseGame("flying-hollander"), JoinSeat(0), JoinSeat(1), StartGame(written)]:
            session.handle(event)
    assert session.flow.state.game.ending == fh.LAST_STANDING
    assert "the settings flying-hollander was started with, in the game log cannot be read" in caplog.text
    assert "the game is built with the config's settings" in caplog.text


def test_a_config_without_sections_writes_the_defaults() -> None:
    config = Config(language="en", sound=True, game="piratenpoker", hub_port="auto", camera_source="auto", seats=())
    start = TableSession(3, first_game="piratenpoker", config=config).recorded(StartGame())
    assert json.loads(start.settings)["settings"]["loot"] == [5, 5, 6, 6, 8, 8, 10]
