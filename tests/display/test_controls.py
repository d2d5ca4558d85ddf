"""Seat and operator actions on the scoreboard: what the bar offers, what keys and touches send."""

from __future__ import annotations

import pygame
import pytest

from table.core import inputs
from table.core.frame import Phase
from table.display.controls import ActionBar
from table.games.skullking.screen import Screen
from table.session import TableSession


def key(char: str, code: int | None = None) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code if code is not None else ord(char), unicode=char)


@pytest.fixture
def flow() -> TableSession:
    return TableSession(3)


def test_in_the_lobby_a_seat_joins_and_the_game_starts(flow: TableSession) -> None:
    controls = ActionBar()
    assert [str(b.label) for b in controls.buttons(flow.screen())] == [
        "Seat 1 joins",
        "Rename Seat 1",  # the keyboard on the screen (tests/display/test_keyboard.py)
        "Play Skull King: the dice game",
        "Language: English",  # the language spoken now; I (or a touch) goes on to the next
    ]
    assert controls.handle(key("j"), flow.screen()) == [inputs.JoinSeat(0)]
    flow.handle(inputs.JoinSeat(0))
    controls.handle(key("\t", pygame.K_TAB), flow.screen())
    assert controls.handle(key("j"), flow.screen()) == [inputs.JoinSeat(1)]
    flow.handle(inputs.JoinSeat(1))
    assert "Start the game" in [str(b.label) for b in controls.buttons(flow.screen())]
    assert controls.handle(key("s"), flow.screen()) == [inputs.StartGame()]


def bidding(flow: TableSession) -> Screen:
    for seat in (0, 1):
        flow.handle(inputs.JoinSeat(seat))
    flow.handle(inputs.StartGame())
    return flow.screen()


def test_bids_are_offered_from_zero_to_the_round_for_the_seat_still_bidding(flow: TableSession) -> None:
    screen = bidding(flow)
    assert screen.phase is Phase.BIDDING
    controls = ActionBar()
    labels = [str(b.label) for b in controls.buttons(screen)]
    assert labels[:2] == ["Seat 1 bids 0", "1"] and labels[-1] == "Undo"
    assert controls.handle(key("1"), screen) == [inputs.ChooseBid(0, 1)]
    flow.handle(inputs.ChooseBid(0, 1))
    assert controls.seat(flow.screen()) == 1  # the next seat still to bid is selected by itself


def test_renaming_by_typing(flow: TableSession) -> None:
    controls = ActionBar()
    screen = flow.screen()
    assert controls.handle(key("r"), screen) == []
    for char in "Anne":
        controls.handle(key(char), screen)
    controls.handle(key("x"), screen)
    controls.handle(key("\b", pygame.K_BACKSPACE), screen)
    assert controls.handle(key("\r", pygame.K_RETURN), screen) == [inputs.SetName(0, "Anne")]
    assert controls.of(screen).naming is None


def test_undo_asks_for_a_confirmation(flow: TableSession) -> None:
    bidding(flow)
    flow.handle(inputs.Undo())
    screen = flow.screen()
    controls = ActionBar()
    assert [b.action for b in controls.buttons(screen)] == [inputs.ConfirmUndo(), inputs.CancelUndo()]
    assert controls.handle(key("n"), screen) == [inputs.CancelUndo()]


def test_touching_a_button_or_a_seat_plate(flow: TableSession) -> None:
    screen = flow.screen()
    surface = pygame.Surface((800, 480))
    controls = ActionBar()
    plates = {0: pygame.Rect(10, 10, 100, 40), 2: pygame.Rect(300, 10, 100, 40)}
    bar = pygame.Rect(0, 420, 800, 60)
    controls.draw(surface, screen, bar, plates)
    touch = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(320, 20))
    assert controls.handle(touch, screen) == []
    assert controls.seat(screen) == 2  # the plate touched is selected
    controls.draw(surface, screen, bar, plates)
    touch = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(100, 450))  # the first button
    assert controls.handle(touch, screen) == [inputs.JoinSeat(2)]


def test_escape_or_closing_the_window_quits() -> None:
    controls = ActionBar()
    controls.handle(key("\x1b", pygame.K_ESCAPE), TableSession(2).screen())
    assert controls.quit


def test_the_operator_corrects_a_revealed_bid(flow: TableSession) -> None:
    bidding(flow)
    flow.handle(inputs.ChooseBid(0, 1))
    flow.handle(inputs.ChooseBid(1, 0))
    flow.handle(inputs.CountdownDone())
    screen = flow.screen()
    assert screen.phase is Phase.PLAYING
    controls = ActionBar()
    controls.of(screen).selected = 1
    correct = next(b for b in controls.buttons(screen) if str(b.label) == "Correct Seat 2's bid")
    assert str(correct.short) == "Correct the bid"  # where the bar is too narrow for the name
    assert controls.handle(key("c"), screen) == []  # opens the choice
    assert [str(b.label) for b in controls.buttons(screen)] == ["Seat 2's bid: 0", "1"]
    correction = controls.handle(key("1"), screen)
    assert correction == [inputs.CorrectBid(1, 1)]
    flow.handle(correction[0])
    assert flow.screen().seats[1].bid == 1
    assert not controls.of(screen).correcting


def test_in_the_lobby_keys_choose_the_game_and_the_language(flow: TableSession) -> None:
    controls = ActionBar()
    assert controls.handle(key("k"), flow.screen()) == [inputs.ChooseGame("skullking-dice")]
    assert controls.handle(key("i"), flow.screen()) == [inputs.ChooseLanguage("de")]
    flow.handle(inputs.ChooseLanguage("it"))
    assert controls.handle(key("i"), flow.screen()) == [inputs.ChooseLanguage("en")]  # round and round
