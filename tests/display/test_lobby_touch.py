"""In the lobby the game and language chips are touched to choose them (not only the bar's buttons and K / I)."""

from __future__ import annotations

import pygame
import pytest

from table.core import catalog, inputs
from table.display.card_art import PAPER
from table.display.scoreboard import Scoreboard
from table.display.views import find_view
from table.lobby.views import lobby_touches
from table.session import TableSession


def touch(position: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=position))


@pytest.mark.parametrize("size", [(1920, 1080), (800, 480)])
def test_touching_a_chip_chooses_the_game_or_the_language(size: tuple[int, int]) -> None:
    flow = TableSession(4)
    board = Scoreboard(pygame.Surface(size), clock=lambda: 0.0)
    board.show(flow.screen())
    board.draw_frame()
    chips = dict((action, rect) for rect, action in lobby_touches(flow.screen(), board.layout()[0].size))
    assert set(chips) == {
        *(inputs.ChooseGame(entry.key) for entry in catalog.games()),  # every game of the catalog
        *(inputs.ChooseLanguage(code) for code in ("en", "de", "fr", "nl", "it")),
    }
    pygame.event.clear()
    touch(chips[inputs.ChooseGame("skullking-dice")].center)
    touch(chips[inputs.ChooseLanguage("fr")].midleft)
    touch((2, 2))  # the title: nothing
    said = board.events()
    assert said == [inputs.ChooseGame("skullking-dice"), inputs.ChooseLanguage("fr")]
    for event in said:
        flow.handle(event)
    assert (flow.screen().game, flow.screen().language) == ("skullking-dice", "fr")


def test_the_chips_are_where_they_are_drawn() -> None:
    flow = TableSession(4)
    board = Scoreboard(pygame.Surface((800, 480)), clock=lambda: 0.0)
    board.show(flow.screen())
    board.draw_frame()
    for rect, action in lobby_touches(flow.screen(), board.layout()[0].size):
        chosen = action == inputs.ChooseLanguage("en") or action == inputs.ChooseGame("skullking")
        inside = board.surface.get_at((rect.centerx, rect.top + rect.height // 10))[:3]
        assert (tuple(inside) == PAPER) == chosen, action  # the chosen chip is filled, the others outlined


def test_no_chips_once_a_game_is_on() -> None:
    flow = TableSession(3)
    for seat in (0, 1):
        flow.handle(inputs.JoinSeat(seat))
    flow.handle(inputs.StartGame())
    view = find_view(flow.screen())
    assert view is not None and view.touches is None  # the game's view: its seats' plates, no chips
