"""Every game of the catalog, the test-only game included, keeps the contract every game keeps with the table:

- however players misbehave (random inputs at random seats: cards of any game, unknown tags, seats that do not
  exist, buttons, undo, the hub coming and going, the game's own inputs with odd values) it never raises, and
  replaying the same inputs gives the same screen (what the event log relies on);
- the lobby's inputs (joining, leaving, starting, choosing a game, a player badge) are refused in the same words;
- the table's inputs (a name, the language, a badge that names no one) are taken alike;
- undo takes the start back to the lobby, and NewGame goes there and back;
- the hub lost and found leaves the game where it was;
- what the screen sends for the game (its own inputs, undo, a new game) is the operator's (table.operator);
- each judged play (a trick, a showdown, a pile) says why, once, and can be shown again.
"""

from __future__ import annotations

import dataclasses
import random
import typing
from pathlib import Path
from typing import Any

import pytest

from table.app import TableApp
from table.core import catalog
from table.core.effects import Judged, LedPattern, Light, Message, Sound
from table.core.frame import Phase
from table.core.inputs import (
    TRAY_FACTS,
    CancelUndo,
    CardEntered,
    CardLaid,
    CardLifted,
    ChooseBid,
    ChooseGame,
    ChooseLanguage,
    ChooseScaryMary,
    ConfirmUndo,
    CountdownDone,
    DealtCards,
    HideLastTrick,
    JoinSeat,
    LeaveSeat,
    LinkLost,
    LinkRestored,
    NewGame,
    Press,
    ReaderDown,
    ReaderUp,
    SetName,
    ShowLastTrick,
    StartGame,
    Undo,
)
from table.display.sounds import SoundPlayer
from table.operator import OperatorRole, OperatorSettings
from table.operator_pin import hash_pin
from table.session import TableSession
from table.sim.demo import virtual_table_class
from table.store.database import open_database
from table.store.decks import DeckRegistry
from table.store.event_log import EventLog
from tests.devices.test_nfc import FakeClock
from tests.toygame import ENTRY as TOY_GAME

EVENTS = 300


def any_event(rng: random.Random, entry: catalog.GameEntry, seats: int, codes: list[str | None]) -> object:
    seat = rng.choice([*range(seats), seats, -1])
    roll = rng.random()
    if roll < 0.35:
        return CardLaid(seat, f"{rng.randrange(120):014X}", rng.choice([*entry.deck, *codes]) if entry.deck else None)
    if roll < 0.5:
        return CardLifted(seat)
    if roll < 0.7:
        return Press(seat, rng.choice(["tap", "hold", "minus", "plus", "ok", "elbow"]))
    if roll < 0.76:
        return rng.choice([Undo(), ConfirmUndo(), CancelUndo(), CountdownDone(), DealtCards(), StartGame()])
    if roll < 0.8:
        return rng.choice([ChooseBid(seat, rng.randrange(-1, 12)), ChooseScaryMary(seat, rng.random() < 0.5)])
    if roll < 0.81:
        return NewGame()
    if roll < 0.85:
        return rng.choice([LinkLost("unplugged"), LinkRestored(), ReaderDown(seat, "no answer"), ReaderUp(seat)])
    if not entry.inputs:
        return Undo()
    kind = rng.choice(entry.inputs)
    hints = typing.get_type_hints(kind)
    values = []
    for field in dataclasses.fields(kind):
        hint = str(hints[field.name])
        if "bool" in hint:
            values.append(rng.random() < 0.5)
        elif "int" in hint:
            values.append(rng.choice([seat, 0, 1, 99]))
        elif "float" in hint:
            values.append(rng.random())
        else:
            values.append(rng.choice([*entry.deck[:20], "skull", "7", "black", "x", None]))
    return kind(*values)


GAMES = [*catalog.keys(), TOY_GAME.key]  # every game of the catalog, and the test-only game
PIN = "482913"


@pytest.fixture(params=GAMES)
def entry(request: pytest.FixtureRequest) -> catalog.GameEntry:
    """Each game: the catalog's, and the test-only game (registered in the catalog for the test)."""
    if request.param == TOY_GAME.key:
        return typing.cast(catalog.GameEntry, request.getfixturevalue("toy_game"))
    return catalog.game(request.param)


def game_on(entry: catalog.GameEntry) -> TableSession:
    """A table with one seat more than the game's fewest players; the game started with the others seated."""
    table = TableSession(entry.min_players + 1)
    for event in [ChooseGame(entry.key), *(JoinSeat(seat) for seat in range(entry.min_players)), StartGame()]:
        table.handle(event)
    assert table.game_key == entry.key
    return table


def unchanged(table: TableSession) -> Any:
    """The game's screen, its messages aside: what a refused input must leave as it was."""
    return dataclasses.replace(table.screen(), messages=())


def said(effects: list[Any]) -> list[tuple[str, int | None]]:
    return [(str(effect.text), effect.seat) for effect in effects if isinstance(effect, Message)]


def test_random_play_never_raises_and_replays_the_same(entry: catalog.GameEntry) -> None:
    key, rng = entry.key, random.Random(entry.key)
    codes: list[str | None] = ["badge:Anna", "yellow:99", "nonsense", None, *[e.deck[0] for e in catalog.with_deck()]]
    for _ in range(3):
        seats = rng.randrange(entry.min_players, min(6, entry.max_players) + 1)
        events: list[object] = [ChooseGame(key), *(JoinSeat(seat) for seat in range(seats)), StartGame()]
        events += [any_event(rng, entry, seats, codes) for _ in range(EVENTS)]
        table = TableSession(seats)
        for event in events[: seats + 2]:
            table.handle(event)
        assert table.game_key == key  # the game is on: the random inputs meet its flow, not the lobby
        for event in events[seats + 2 :]:
            table.handle(event)
            table.screen()
            for seat in range(seats):
                table.private(seat)
        again = TableSession(seats)
        for event in events:
            again.handle(event)
        assert again.screen() == table.screen()


def test_the_lobby_s_inputs_are_refused_in_the_same_words_in_every_game(entry: catalog.GameEntry) -> None:
    table = game_on(entry)
    free, flow = entry.min_players, table.flow
    other = next(game.key for game in catalog.games() if game.key != entry.key)
    refusals = [
        (JoinSeat(free, "Zoe"), free, "Seats are taken in the lobby, before a game starts"),
        (JoinSeat(0), 0, "Seats are taken in the lobby, before a game starts"),
        (LeaveSeat(0), 0, "Seat 1 can leave only a seat taken in the lobby"),
        (StartGame(), None, "A game is on already; NewGame goes back to the lobby"),
        (ChooseGame(other), None, "The game is chosen in the lobby; NewGame goes back to it"),
        (CardLaid(1, "04BADGE", "badge:Anna"), 1, "Seat 2: that is a player badge; badges name a seat in the lobby"),
    ]
    before = unchanged(table)
    for event, seat, words in refusals:
        effects = table.handle(event)
        assert said(effects) == [(words, seat)], event
        assert Sound("error") in effects and (seat is None or Light(seat, LedPattern.RED_BURST) in effects)
        assert table.flow is flow and unchanged(table) == before
    assert table.handle(CardLaid(1, "04BADGE", "badge:Anna")) == []  # the same badge reported again: refused once
    assert table.table.names[1] is None and table.chosen_game == entry.key


def test_the_table_s_own_inputs_are_taken_alike_in_every_game(entry: catalog.GameEntry) -> None:
    table = game_on(entry)
    assert table.handle(SetName(1, "  Anna   Bonny ")) == [] and table.table.names[1] == "Anna Bonny"
    assert "Anna Bonny" in repr(table.screen())  # the game says the seat's player by the new name
    assert table.handle(ChooseLanguage("de")) == [] and table.screen().language == "de"
    table.handle(ChooseLanguage("en"))
    before = unchanged(table)
    for event, seat, words in [
        (ChooseLanguage("xx"), None, "The table does not speak 'xx'"),
        (SetName(9, "Ben"), None, f"This table has seats 1 to {entry.min_players + 1}; there is no seat 9"),
        (CardLaid(0, "04BAD", "badge:\x00"), 0, "Seat 1: this player badge names no one; write a name on it with "
         "pirate-table write-badge"),
    ]:  # fmt: skip
        effects = table.handle(event)
        assert said(effects) == [(words, seat)], event
        assert Sound("error") in effects and (seat is None or Light(seat, LedPattern.RED_BURST) in effects)
        assert unchanged(table) == before and table.screen().messages[-1].error


def test_every_table_input_gets_an_answer_in_the_game_s_words(entry: catalog.GameEntry) -> None:
    """No game answers one of the table's inputs with the catch-all for an input it does not know."""
    samples = [CardEntered(0, entry.deck[0] if entry.deck else "yellow:1"), CardEntered(0, "nonsense")]
    for event in samples:
        said_now = said(game_on(entry).handle(event))
        assert not any("does not know the input" in words for words, _ in said_now), (event, said_now)


def test_undo_takes_every_game_s_start_back_to_the_lobby(entry: catalog.GameEntry) -> None:
    table = game_on(entry)
    players = tuple(range(entry.min_players))
    assert said(table.handle(Undo())) == [("Undo the start of the game? Confirm or cancel on the screen", None)]
    table.handle(ConfirmUndo())
    assert table.game_key is None and table.screen().phase is Phase.LOBBY
    assert table.screen().players == players and table.chosen_game == entry.key  # seated as before the start
    table.handle(StartGame())
    assert table.game_key == entry.key


def test_a_new_game_goes_to_the_lobby_and_undo_brings_every_game_back(entry: catalog.GameEntry) -> None:
    table = game_on(entry)
    before, flow = unchanged(table), table.flow
    table.handle(NewGame())
    assert table.game_key is None and table.screen().players == tuple(range(entry.min_players))
    table.handle(Undo())
    table.handle(ConfirmUndo())
    assert table.flow is flow and unchanged(table) == before


def test_the_hub_lost_and_found_leaves_every_game_where_it_was(entry: catalog.GameEntry) -> None:
    table = game_on(entry)
    before, lights = unchanged(table), dict(table.flow.shown)
    table.handle(LinkLost("unplugged"))
    assert table.table.link_lost == "unplugged"
    if entry.deck:  # a game read from the seats' readers waits for the hub, and every seat's light says so
        assert set(table.flow.shown.values()) == {LedPattern.AMBER_LONG_BLINK}
    else:  # one played without readers plays on
        assert table.flow.shown == lights
    table.handle(LinkRestored())
    assert table.table.link_lost is None
    assert unchanged(table) == before and table.flow.shown == lights


def sample(kind: type) -> Any:
    """An input of `kind` with plain values (seat 0, the first of a choice): what the screen would send."""
    plain = {"int": 0, "str": "x", "bool": False, "float": 1.0}
    hints = typing.get_type_hints(kind)
    return kind(*(next(v for name, v in plain.items() if name in str(hints[f.name])) for f in dataclasses.fields(kind)))


def test_what_the_screen_sends_for_every_game_is_the_operator_s(entry: catalog.GameEntry, tmp_path: Path) -> None:
    clock = FakeClock()
    database = open_database(tmp_path / "table.sqlite3")
    session = game_on(entry)
    app = TableApp(
        session=session,
        event_log=EventLog(database, catalog.log_kinds()),
        registry=DeckRegistry(database),
        hub=None,  # type: ignore[arg-type]  # inputs from the screen meet neither the hub nor the buttons
        buttons=None,  # type: ignore[arg-type]
        lights={},
        sound=SoundPlayer(enabled=False),
        clock=clock,
        operator=OperatorRole(OperatorSettings(hash_pin(PIN)), clock),  # the config keeps only its hash
    )
    from_the_screen = [sample(kind) for kind in entry.inputs if kind not in TRAY_FACTS]
    for event in [*from_the_screen, Undo(), NewGame()]:
        before = unchanged(session)
        assert app.from_screen(event) is False, event  # a player at the screen: refused, the game never hears of it
        assert app.event_log.last() == 0 and unchanged(session) == before
    assert app.from_screen(ShowLastTrick()) is True  # anyone may see the last trick again
    assert app.operator is not None and app.operator.pin(PIN)
    for event in [*from_the_screen, Undo()]:
        assert app.from_screen(event) is True  # the operator, unlocked: the game hears it, and it is logged
        assert [logged for _, _, logged in app.event_log.replay()][-1] == event
    database.close()


class JudgedWatch:
    """The venue's place at the table's app (table.app.Venue): it sees every input's effects, here to keep each
    Judged with the why line the screen shows at that moment."""

    problem: str | None = None
    ahead: int | None = None
    covered = 0

    def __init__(self) -> None:
        self.judged: list[tuple[Judged, Any]] = []

    def take(self, effects: list[Any], switches: list[Any], session: Any, place: int | None) -> None:
        self.judged += [(effect, session.screen().why) for effect in effects if isinstance(effect, Judged)]

    def pump(self) -> None:
        pass

    def uncover(self, place: int) -> None:
        pass

    def close(self) -> None:
        pass


def says_why_once(judged: list[tuple[Judged, Any]]) -> None:
    """Each play judged has its why line, on the screen at once, and is judged once."""
    assert len(judged) >= 2
    for effect, shown in judged:
        assert str(effect.why) and shown == effect.why
    assert len({(effect.round, effect.number) for effect, _ in judged}) == len(judged)


@pytest.mark.parametrize("key", [entry.key for entry in catalog.games() if entry.virtual_table])
def test_every_game_played_by_its_bots_says_why_of_each_judged_play(key: str, tmp_path: Path) -> None:
    entry = catalog.game(key)
    table = virtual_table_class(key)(tmp_path, entry.min_players, 1)
    watch = JudgedWatch()
    table.app.attach_venue(watch)
    try:
        table.run(on_tick=lambda: len(watch.judged) < 3)  # the real table, its bots at every seat: three plays
    finally:
        table.close()
    says_why_once(watch.judged)


# Inputs after which a trick may be judged again: an undo, a correction (a game's own input), a new game.
REJUDGING = (ConfirmUndo, NewGame, StartGame)


def test_every_game_judges_each_trick_once_and_shows_the_last_one_on_demand(entry: catalog.GameEntry) -> None:
    key, rng = entry.key, random.Random(f"why {entry.key}")
    codes: list[str | None] = ["badge:Anna", "nonsense", None]
    seats = rng.randrange(entry.min_players, min(6, entry.max_players) + 1)
    table = TableSession(seats)
    for event in [ChooseGame(key), *(JoinSeat(seat) for seat in range(seats)), StartGame()]:
        table.handle(event)
    screen = table.screen()
    assert (screen.why, screen.judged, screen.showing_last) == (None, None, False)  # every game has the why line
    last_judged: dict[tuple[int, int], int] = {}  # (round, number) -> the event that judged it
    since_reset = 0
    for index in range(EVENTS * 5):
        event = any_event(rng, entry, seats, codes)
        if isinstance(event, REJUDGING) or type(event) in entry.inputs:
            since_reset = index
        for effect in table.handle(event):
            if isinstance(effect, Judged):
                where = (effect.round, effect.number)
                assert last_judged.get(where, -1) < since_reset, f"{where} judged twice by {event}"
                last_judged[where] = index
                assert table.screen().why == effect.why
        if table.game_key is None:
            continue  # back in the lobby: no game, nothing judged
        screen = table.screen()
        assert screen.why is None or screen.judged is not None
        if table.game_key == key and screen.judged is not None:
            table.handle(ShowLastTrick())
            assert table.screen().showing_last
            table.handle(HideLastTrick())
            assert not table.screen().showing_last


def test_the_test_only_game_says_why_of_each_judged_round(toy_game: catalog.GameEntry) -> None:
    table = game_on(toy_game)  # it has no virtual table: its rounds are played here
    judged = []
    for n, (seat, code) in enumerate([(0, "star:3"), (1, "star:7"), (0, "star:9"), (1, "star:2")]):
        effects = table.handle(CardLaid(seat, f"T{n}", code))
        judged += [(effect, table.screen().why) for effect in effects if isinstance(effect, Judged)]
    says_why_once(judged)
    said = [(effect.round, effect.number, effect.winner, str(effect.why)) for effect, _ in judged]
    assert said == [(1, 1, 1, "Highest card: star:7"), (2, 1, 0, "Highest card: star:9")]
    table.handle(ShowLastTrick())
    assert table.screen().showing_last and str(table.screen().judged.heading) == "Round 2"
