"""Every game of the catalog, however players misbehave: random inputs at random seats (cards of any game, unknown
tags, seats that do not exist, buttons, undo, the hub coming and going, the game's own inputs with odd values) never
raise, and replaying the same inputs gives the same screen (what the event log relies on)."""

from __future__ import annotations

import dataclasses
import random
import typing

import pytest

from table.core import catalog
from table.core.effects import Judged
from table.core.inputs import (
    CancelUndo,
    CardLaid,
    CardLifted,
    ChooseBid,
    ChooseGame,
    ChooseScaryMary,
    ConfirmUndo,
    CountdownDone,
    DealtCards,
    HideLastTrick,
    JoinSeat,
    LinkLost,
    LinkRestored,
    NewGame,
    Press,
    ReaderDown,
    ReaderUp,
    ShowLastTrick,
    StartGame,
    Undo,
)
from table.session import TableSession

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


@pytest.mark.parametrize("key", catalog.keys())
def test_random_play_never_raises_and_replays_the_same(key: str) -> None:
    entry, rng = catalog.game(key), random.Random(key)
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


# Inputs after which a trick may be judged again: an undo, a correction (a game's own input), a new game.
REJUDGING = (ConfirmUndo, NewGame, StartGame)


@pytest.mark.parametrize("key", catalog.keys())
def test_every_game_judges_each_trick_once_and_shows_the_last_one_on_demand(key: str) -> None:
    entry, rng = catalog.game(key), random.Random(f"why {key}")
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
        screen = table.screen()
        assert screen.why is None or screen.judged is not None
        if table.game_key == key and screen.judged is not None:
            table.handle(ShowLastTrick())
            assert table.screen().showing_last
            table.handle(HideLastTrick())
            assert not table.screen().showing_last


def test_the_test_only_game_judges_its_rounds_too(toy_game: catalog.GameEntry) -> None:
    table = TableSession(3)
    for event in [ChooseGame(toy_game.key), JoinSeat(0), JoinSeat(1), StartGame()]:
        table.handle(event)
    effects = []
    for n, (seat, code) in enumerate([(0, "star:3"), (1, "star:7"), (0, "star:9"), (1, "star:2")]):
        effects += table.handle(CardLaid(seat, f"T{n}", code))
    said = [
        (effect.round, effect.number, effect.winner, str(effect.why))
        for effect in effects
        if isinstance(effect, Judged)
    ]
    assert said == [(1, 1, 1, "Highest card: star:7"), (2, 1, 0, "Highest card: star:9")]
    table.handle(ShowLastTrick())
    assert table.screen().showing_last and str(table.screen().judged.heading) == "Round 2"
