"""The why line and the last trick shown again (table.display.why_line), in every game, at the TV's and the 7-inch
screen's size, in all five languages."""

from __future__ import annotations

import dataclasses
from functools import cache
from typing import Any

import pygame
import pytest

from table.core import catalog, inputs
from table.core.text import LANGUAGES, Text
from table.display.card_art import CardFace
from table.display.language import catalog as catalog_for
from table.display.scoreboard import Scoreboard
from table.display.typeset import block_height, record_texts, scale_for, watch_overflows
from table.display.why_line import STRIP
from tests.display.screens import every_screen
from tests.display.why_shots import why_screens

SIZES = [(1920, 1080), (800, 480)]


@cache
def screens(language: str) -> dict[str, Any]:
    return why_screens(language)


def board(screen: Any, size: tuple[int, int]) -> Scoreboard:
    scoreboard = Scoreboard(pygame.Surface(size), clock=lambda: 1000.0)
    scoreboard.show(screen)
    scoreboard.draw_frame()
    return scoreboard


def test_every_game_of_the_catalog_has_a_why_screen() -> None:
    shown = screens("en")
    assert set(catalog.keys()) <= set(shown)
    assert all(screen.why is not None for screen in shown.values())


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_why_line_and_the_last_trick_draw_in_every_language(language: str, size: tuple[int, int]) -> None:
    for name, screen in screens(language).items():
        with watch_overflows() as before:  # the view's own texts (the type scale's business), without the why
            board(dataclasses.replace(screen, why=None, showing_last=False), size)
        for shown in (screen, dataclasses.replace(screen, showing_last=True)):
            with watch_overflows() as overflows, record_texts() as found:
                scoreboard = board(shown, size)
            added = [overflow for overflow in overflows if overflow not in before]
            assert added == [], f"{name} at {size} in {language}: {added}"
            strip = scoreboard.why_strip()
            said = shown.why.render(catalog_for(language))
            if shown.showing_last:  # the last trick's panel says the why: the strip gives the view its room
                assert strip.height == 0 and said in [d.text for d in found if d.target is scoreboard._board]
                continue
            lines = [d.rect for d in found if d.text == said and d.rect is not None and d.rect.colliderect(strip)]
            assert lines and all(strip.contains(rect) for rect in lines), f"{name}: the why spills out of its strip"
            assert strip.height >= size[1] // 20
            colours = {scoreboard.surface.get_at((x, strip.centery))[:3] for x in range(0, size[0], 4)}
            assert len(colours - {STRIP}) > 2, f"{name}: the why line is empty"  # words are drawn on it


def test_without_a_why_there_is_no_strip_and_the_view_takes_its_room() -> None:
    """The empty strip (and the empty banner under it) took a sixth of the height from the seats' plates."""
    screen = screens("en")["skullking"]
    quiet = board(dataclasses.replace(screen, why=None, messages=()), (800, 480))
    assert quiet.why_strip().height == 0
    said = board(screen, (800, 480))
    strip = said.why_strip()
    assert strip.height >= max(480 // 16, block_height(2, scale_for((800, 480)).small))  # two lines of small type
    assert quiet.layout()[1].height == 0  # nothing to say: no banner either
    assert quiet.layout()[0].bottom == quiet.layout()[3].top  # the view reaches the bar
    assert {said.surface.get_at((x, strip.top + 1))[:3] for x in range(0, 800, 4)} == {STRIP}
    lobby = board(every_screen("en")["lobby"].screen, (800, 480))
    assert lobby.why_strip().height == 0


def test_the_final_screen_has_no_why_of_the_last_trick() -> None:
    final = every_screen("en")["final-ranking"].screen
    assert final.why is not None  # the flow keeps it, for the "Last trick" button
    assert board(final, (800, 480)).why_strip().height == 0


def test_a_long_why_gets_a_line_more_and_is_drawn_whole_inside_its_strip() -> None:
    screen = screens("de")["skullking"]
    long = Text("{a}; {a}; {a}; {a}; {a}; {a}", (("a", screen.why),))  # three lines
    usual = board(screen, (800, 480)).why_strip()
    with record_texts() as found:
        scoreboard = board(dataclasses.replace(screen, why=long), (800, 480))
    strip = scoreboard.why_strip()
    assert strip.height > usual.height and strip.bottom == usual.bottom  # the view gives the line's room
    (said,) = [drawn for drawn in found if drawn.text == long.render(catalog_for("de"))]
    assert said.rect is not None and strip.contains(said.rect) and said.rendered[1] > 2 * said.size  # 3 lines, whole


def test_the_last_trick_lies_over_the_view_and_goes_again() -> None:
    screen = screens("en")["skullking"]
    scoreboard = board(screen, (1920, 1080))
    before = scoreboard.surface.copy()
    scoreboard.show(dataclasses.replace(screen, showing_last=True))
    scoreboard.draw_frame()
    middle = (960, 300)
    assert scoreboard.surface.get_at(middle) != before.get_at(middle)
    scoreboard.show(screen)
    scoreboard.draw_frame()
    assert scoreboard.surface.get_at(middle) == before.get_at(middle)


def key(char: str) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=ord(char), unicode=char, mod=0)


@pytest.mark.parametrize("name", ["skullking", "skullking-2021", "skullking-dice", "piratenpoker", "flying-hollander"])
def test_the_l_key_asks_for_the_last_trick_in_every_game(name: str) -> None:
    scoreboard = board(screens("en")[name], (1920, 1080))
    assert scoreboard.controls.handle(key("l"), screens("en")[name]) == [inputs.ShowLastTrick()]


def test_a_roomy_bar_has_the_last_trick_button_and_a_full_one_only_its_key() -> None:
    screen = screens("en")["skullking"]
    scoreboard = board(screen, (1920, 1080))
    labels = [str(button.label) for button in scoreboard.controls.bar_buttons(screen)]
    assert labels[-1] == "Last trick"
    poker = screens("en")["piratenpoker"]  # choosing the loot: a full bar
    assert "Last showdown" not in [str(button.label) for button in scoreboard.controls.bar_buttons(poker)]
    assert scoreboard.controls.handle(key("l"), poker) == [inputs.ShowLastTrick()]


def test_the_why_line_is_drawn_again_where_it_moves_to() -> None:
    screen = screens("en")["skullking"]
    scoreboard = board(screen, (1920, 1080))
    before = scoreboard.why_strip()
    scoreboard.show(screen, hand=[CardFace("mermaid")])  # the demo's hand pushes the strips up
    scoreboard.draw_frame()
    after = scoreboard.why_strip()
    assert after.top < before.top and after in [pygame.Rect(rect) for rect in scoreboard.updated]
    colours = {scoreboard.surface.get_at((x, after.centery))[:3] for x in range(0, 1920, 4)}
    assert len(colours - {STRIP}) > 2
