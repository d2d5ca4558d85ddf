"""Whole games through the flow: real hands from a seeded shuffle, legal plays, scores checked by the rules core."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from table.core.effects import SOUNDS, LedPattern, RoundOver, Sound, StartCountdown
from table.core.frame import Phase
from table.core.inputs import (
    INPUT_KINDS,
    CancelUndo,
    CardEntered,
    CardLaid,
    CardLifted,
    ChooseBid,
    ChooseGame,
    ChooseLanguage,
    ChooseScaryMary,
    ConfirmUndo,
    CorrectBid,
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
from table.games.skullking import rules as sk
from table.session import TableSession
from table.store.database import open_database
from table.store.event_log import EventLog
from tests.games.table_driver import ONE_BUTTON, SCREEN, THREE_BUTTONS, Table, english, english_screen, play_game


@pytest.mark.parametrize(
    ("table_seats", "players", "layout", "seed"),
    [
        (2, (0, 1), ONE_BUTTON, 1),
        (4, (0, 1, 2, 3), THREE_BUTTONS, 2),
        (6, (0, 1, 2, 3, 4, 5), ONE_BUTTON, 3),
        (6, (0, 1, 2, 3, 4, 5), SCREEN, 4),
        (6, (1, 3, 4), THREE_BUTTONS, 5),  # not every seat plays: the players sit apart
    ],
)
def test_a_whole_game_scores_as_the_rules_core(
    table_seats: int, players: tuple[int, ...], layout: str, seed: int
) -> None:
    table = Table(table_seats)
    record = play_game(table, players, random.Random(seed), layout)

    screen = table.screen
    assert screen.phase is Phase.GAME_OVER
    assert screen.players == players
    totals = [sum(scores[index] for scores in record.rounds) for index in range(len(players))]
    assert [cell.total for cell in screen.score_pad[-1].cells] == totals
    for row_index, row in enumerate(screen.score_pad):
        running = [sum(scores[i] for scores in record.rounds[: row_index + 1]) for i in range(len(players))]
        assert [cell.total for cell in row.cells] == running
    assert {view.seat: view.total for view in screen.seats if view.seat in players} == dict(
        zip(players, totals, strict=True)
    )
    # The final ranking: best first, equal totals share a place.
    assert [placing.total for placing in screen.ranking] == sorted(totals, reverse=True)
    for placing in screen.ranking:
        assert placing.place == 1 + sum(total > placing.total for total in totals)
    for seat in players:
        first = any(p.seat == seat and p.place == 1 for p in screen.ranking)
        assert table.lights[seat] is (LedPattern.GOLD_FLICKER if first else LedPattern.DARK)
    # One RoundOver per round, the countdown each round, and the end of the game.
    assert [effect.number for effect in table.effects if isinstance(effect, RoundOver)] == list(range(1, 11))
    assert table.effects.count(StartCountdown(3)) == sk.ROUNDS
    assert table.effects.count(Sound("round_over")) == sk.ROUNDS - 1
    assert table.effects.count(Sound("game_over")) == 1
    assert Sound("error") not in table.effects  # a legal game raises no error


def test_the_same_events_give_the_same_game(tmp_path: Path) -> None:
    """Replaying the event log (through SQLite and JSON, as the table does at start) gives an equal screen."""
    table = Table(4)
    play_game(table, (0, 1, 2, 3), random.Random(11), ONE_BUTTON)

    log = EventLog(open_database(tmp_path / "table.sqlite3"), INPUT_KINDS)
    for at, event in enumerate(table.events):
        log.append(event, float(at))
    replayed = TableSession(4)
    effects = []
    for _, _, event in log.replay():
        effects += replayed.handle(event)
    assert english_screen(replayed.screen()) == table.screen
    assert [english(effect) for effect in effects] == table.effects


def test_replaying_stops_anywhere_and_resumes_exactly() -> None:
    table = Table(3)
    play_game(table, (0, 1, 2), random.Random(12), THREE_BUTTONS)
    for cut in (1, 17, 200, len(table.events) // 2, len(table.events) - 5):
        first = TableSession(3)
        for event in table.events[:cut]:
            first.handle(event)
        second = TableSession(3)
        for event in table.events[:cut]:
            second.handle(event)
        assert first.screen() == second.screen()
        # The app sets the lights again after a replay, from resume_effects.
        assert {e.seat: e.pattern for e in first.resume_effects() if hasattr(e, "pattern")} == first.flow.shown
        for event in table.events[cut:]:
            first.handle(event)
        assert english_screen(first.screen()) == table.screen


def test_resume_in_the_countdown_restarts_it() -> None:
    table = Table(2)
    table.send(Press(0, "tap"), Press(1, "tap"))
    table.send(StartGame(), Press(0, "hold"), Press(1, "hold"))
    assert table.screen.phase is Phase.COUNTDOWN
    assert StartCountdown(3) in table.flow.resume_effects()


def test_every_input_kind_survives_the_event_log(tmp_path: Path) -> None:
    samples = [
        CardLaid(2, "04A2241A5C6480", "scarymary"),
        CardLaid(2, "04A2241A5C6481", None, foreign_game="Piratenpoker"),
        CardLifted(2),
        Press(1, "hold"),
        LinkLost("no heartbeat"),
        LinkRestored(),
        ReaderDown(3, "no answer"),
        ReaderUp(3),
        JoinSeat(0, "Anna"),
        LeaveSeat(0),
        SetName(1, "Ben"),
        StartGame(),
        ChooseGame("skullking-dice"),
        ChooseLanguage("de"),
        DealtCards(),
        ChooseBid(1, 3),
        CountdownDone(),
        ChooseScaryMary(2, as_pirate=False),
        CorrectBid(1, 2),
        CardEntered(1, "yellow:7"),
        Undo(),
        ConfirmUndo(),
        CancelUndo(),
        NewGame(),
        ShowLastTrick(),
        HideLastTrick(),
    ]
    assert {type(sample) for sample in samples} == set(INPUT_KINDS)
    log = EventLog(open_database(tmp_path / "table.sqlite3"), INPUT_KINDS)
    for sample in samples:
        log.append(sample, 0.0)
    assert [event for _, _, event in log.replay()] == samples


def test_the_sounds_are_the_documented_ones() -> None:
    table = Table(2)
    play_game(table, (0, 1), random.Random(21), SCREEN)
    table.send(Press(0, "tap"))  # an error at the end
    assert {effect.name for effect in table.effects if isinstance(effect, Sound)} == set(SOUNDS)
