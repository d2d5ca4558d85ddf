"""The game catalog (table.core.catalog): one entry per game, and every list of games reads it. A game that exists
only for these tests (tests/toygame: a package in a real game's shape) appears everywhere once registered, while no
shared file of the table names it."""

from __future__ import annotations

import dataclasses
import importlib
import json
from pathlib import Path

import pygame
import pytest

from table.commands import referee
from table.commands.cli import main
from table.commands.run import load_game_views
from table.config import ConfigError, default_text, parse_config
from table.core import catalog
from table.core.catalog import GameEntry
from table.core.effects import LedPattern, Light
from table.core.frame import Phase, PrivateView
from table.core.inputs import CardLaid, ChooseGame, JoinSeat, StartGame
from table.decks import deck_codes, decks
from table.display.views import Paint, find_view
from table.session import TableSession
from table.store.database import open_database
from table.store.event_log import EventLog
from tests.toygame.flow import HighCardFlow
from tests.toygame.inputs import Pass
from tests.toygame.screen import HighCardScreen

TABLE = Path(__file__).parents[2] / "table"


def test_the_built_in_games_are_in_the_catalog() -> None:
    assert catalog.keys()[:2] == ("skullking", "skullking-dice")
    skull_king, dice = catalog.game("skullking"), catalog.game("skullking-dice")
    assert len(skull_king.deck) == 66 and not skull_king.dice
    assert dice.dice and not dice.deck and (dice.min_players, dice.max_players) == (3, 6)
    with pytest.raises(KeyError, match="does not know the game 'chess'"):
        catalog.game("chess")


def test_a_game_is_one_package_that_registers_itself_when_imported() -> None:
    toy = importlib.import_module("tests.toygame")
    with pytest.raises(KeyError):  # tests/conftest.py took it out again, for the tests that ask for it
        catalog.game("highcard")
    try:
        importlib.reload(toy)  # imported afresh, as table/games/__init__.py imports a real game
        assert catalog.game("highcard") is toy.ENTRY
    finally:
        catalog.unregister_game("highcard")
    parts = {path.stem for path in Path(toy.__file__).parent.glob("*.py")}
    assert {"__init__", "rules", "referee", "flow", "inputs", "screen", "views"} <= parts
    folders = [path.parent for path in (TABLE / "games").glob("*/__init__.py") if path.parent.name != "tricks"]
    assert len(folders) == len(catalog.games())  # a folder per game, the trick package aside
    for folder in folders:  # a real game's parts are found by the same names
        assert {"__init__", "rules", "flow", "views"} <= {path.stem for path in folder.glob("*.py")}, folder


def test_adding_the_toy_game_named_it_in_no_shared_file_of_the_table(toy_game: GameEntry) -> None:
    # It is offered, configured, enrolled, refereed, drawn and logged (the tests here), and the table's files know
    # nothing of it: its package is the whole of it.
    named = [
        str(path.relative_to(TABLE))
        for path in TABLE.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
        for said in [path.read_bytes().decode("utf-8", "replace").lower()]
        if "highcard" in said or "high card" in said or "toygame" in said
    ]
    assert named == []
    assert catalog.game("highcard") is toy_game and "highcard" in decks()


def test_a_key_is_registered_once_and_the_lobby_is_no_game(toy_game: GameEntry) -> None:
    with pytest.raises(ValueError, match="registered"):
        catalog.register_game(toy_game)
    with pytest.raises(ValueError, match="registered"):
        catalog.register_game(dataclasses.replace(toy_game, key=catalog.LOBBY))


def test_the_config_accepts_exactly_the_catalog_s_games(toy_game: GameEntry) -> None:
    config = parse_config(default_text().replace('game = "skullking"', 'game = "highcard"'))
    assert config.game == "highcard"
    catalog.unregister_game("highcard")
    try:
        with pytest.raises(ConfigError, match=f"game is one of {', '.join(catalog.keys())}, not 'highcard'"):
            parse_config(default_text().replace('game = "skullking"', 'game = "highcard"'))
    finally:
        catalog.register_game(toy_game)


def test_the_deck_registry_knows_its_deck(toy_game: GameEntry) -> None:
    assert decks()["highcard"] == toy_game.deck
    assert deck_codes("highcard")[0] == "star:1"


def test_the_command_line_offers_it(toy_game: GameEntry, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games"]) == 0
    listed = capsys.readouterr().out
    assert "highcard" in listed and "High Card" in listed and "2-4" in listed and "cards (NFC readers)" in listed
    assert "skullking-dice" in listed and "dice camera" in listed
    with pytest.raises(SystemExit):
        main(["enroll", "--help"])
    assert "highcard" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["demo", "--help"])
    assert "highcard" not in capsys.readouterr().out  # it has no virtual table: no demo offered


def test_demo_offers_a_game_that_has_a_virtual_table(toy_game: GameEntry, capsys: pytest.CaptureFixture[str]) -> None:
    catalog.register_game(dataclasses.replace(toy_game, key="highcard-sim", virtual_table="tests.nowhere:Table"))
    try:
        with pytest.raises(SystemExit):
            main(["demo", "--help"])
        assert "highcard-sim" in capsys.readouterr().out
    finally:
        catalog.unregister_game("highcard-sim")


def test_the_referee_answers_its_questions(toy_game: GameEntry) -> None:
    assert referee.answer({"game": "highcard", "round": ["star:3", "star:9", "star:1"]}) == {"winner": 1}
    assert "error" in referee.answer({"game": "highcard", "round": ["star:10", "star:9"]})
    assert "highcard" in referee.answer({"game": "chess"})["error"]


def test_the_lobby_offers_it_and_starts_its_flow(toy_game: GameEntry) -> None:
    table = TableSession(4)
    screen = table.screen()
    assert ("highcard", "High Card") in [(game.key, str(game.name)) for game in screen.games]
    table.handle(ChooseGame("highcard"))
    for seat in (0, 1, 2):
        table.handle(JoinSeat(seat))
    table.handle(StartGame())
    assert isinstance(table.flow, HighCardFlow) and table.game_key == "highcard"
    table.handle(CardLaid(0, "04A1", "star:7"))
    table.handle(Pass(1))
    table.handle(CardLaid(2, "04A2", "star:2"))
    assert table.screen().points == (1, 0, 0)


def test_the_scoreboard_draws_it(toy_game: GameEntry) -> None:
    pygame.display.init()
    pygame.font.init()
    load_game_views()
    screen = HighCardScreen(Phase.PLAYING, 1, (0, 1), ("star:4",), (0, 0), (), None, None, "en")
    view = find_view(screen)
    assert view is not None
    surface = view.draw(screen, (640, 360), Paint())
    middle = {tuple(surface.get_at((x, 180))) for x in range(0, 640, 2)}
    assert len(middle - {tuple(surface.get_at((5, 5)))}) > 2  # words drawn across the middle (not one pixel's luck)


def test_its_inputs_are_logged_under_its_own_name_and_replayed(toy_game: GameEntry, tmp_path: Path) -> None:
    database = open_database(tmp_path / "table.sqlite3")
    log = EventLog(database, catalog.log_kinds(), catalog.old_log_names())
    log.append(Pass(2), 1.0)
    (kind,) = database.execute("SELECT kind FROM event_log").fetchone()
    assert kind == "highcard:Pass"
    assert [event for _, _, event in log.replay()] == [Pass(2)]


def test_two_games_inputs_of_the_same_name_do_not_collide(toy_game: GameEntry, tmp_path: Path) -> None:
    other = dataclasses.make_dataclass("Pass", [("seat", int)], frozen=True)
    catalog.register_game(dataclasses.replace(toy_game, key="highcard-2", inputs=(other,)))
    try:
        database = open_database(tmp_path / "table.sqlite3")
        log = EventLog(database, catalog.log_kinds())
        log.append(Pass(0), 1.0)
        log.append(other(1), 2.0)
        events = [event for _, _, event in log.replay()]
        assert [type(event) for event in events] == [Pass, other]
    finally:
        catalog.unregister_game("highcard-2")


def test_logs_of_earlier_releases_read_the_dice_game_s_bare_names(tmp_path: Path) -> None:
    database = open_database(tmp_path / "table.sqlite3")
    database.execute(
        "INSERT INTO event_log (at, kind, data) VALUES (?, ?, ?)",
        (1.0, "DieTakenOut", json.dumps({"order": 3})),
    )
    (event,) = [event for _, _, event in EventLog(database, catalog.log_kinds(), catalog.old_log_names()).replay()]
    assert type(event).__name__ == "DieTakenOut" and event.order == 3


def test_a_game_without_bids_lights_the_seat_to_play_and_never_asks_for_a_bid(toy_game: GameEntry) -> None:
    table = TableSession(3)
    table.handle(ChooseGame("highcard"))
    for seat in (0, 1):
        table.handle(JoinSeat(seat))
    effects = table.handle(StartGame())
    lights = {effect.seat: effect.pattern for effect in effects if isinstance(effect, Light)}
    assert lights == {0: LedPattern.GREEN_BLINK, 1: LedPattern.DARK, 2: LedPattern.DARK}
    effects = table.handle(CardLaid(0, "04A1", "star:7"))
    assert {Light(0, LedPattern.DARK), Light(1, LedPattern.GREEN_BLINK)} <= set(effects)
    assert table.private(0) == PrivateView(0)  # nothing secret in this game
    for _ in range(2):  # rounds 1 (its second card), 2 and 3
        table.handle(Pass(1))
        table.handle(CardLaid(0, f"04B{_}", "star:3"))
    effects = table.handle(Pass(1))
    assert table.screen().phase is Phase.GAME_OVER and Light(0, LedPattern.GOLD_FLICKER) in effects
    assert not any(e.pattern is LedPattern.BLUE_DOUBLE_BLINK for e in effects if isinstance(e, Light))
