"""Every screen, at the TV's and the 7-inch screen's size, in all five languages: drawn headless, and no text
overflows its box (the fitting measures each rendered width against its box and reports what it had to cut)."""

from __future__ import annotations

from functools import cache

import pygame
import pytest

from table.core.text import LANGUAGES
from table.display import typeset
from table.display.scoreboard import Scoreboard
from table.display.typeset import watch_overflows
from tests.display.screens import Shot, every_screen

SIZES = [(1920, 1080), (800, 480)]


@cache
def shots(language: str) -> dict[str, Shot]:
    return every_screen(language)


def draw(shot: Shot, size: tuple[int, int]) -> Scoreboard:
    """The shot's frame, with the clock set to the shot's moment of the animations."""
    now = [1000.0]
    board = Scoreboard(pygame.Surface(size), clock=lambda: now[0])
    board.show_pad = shot.pad
    board._phase = shot.screen.phase if shot.reveal_age is None else None
    board.show(shot.screen)
    board._phase_since = now[0] - shot.phase_age
    if shot.reveal_age is not None:
        board._reveal_since = now[0] - shot.reveal_age
    board.draw_frame()
    return board


def test_every_screen_is_there() -> None:
    assert set(shots("en")) == {
        "lobby",
        "round-start",
        "bidding",
        "countdown",
        "reveal",
        "trick",
        "trick-result",
        "round-summary",
        "score-pad",
        "final-ranking",
        "final-score-pad",
        "message",
        "link-lost",
        "undo",
    }


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_screen_draws_in_every_language_without_overflow(language: str, size: tuple[int, int]) -> None:
    for name, shot in shots(language).items():
        with watch_overflows() as overflows:
            board = draw(shot, size)
        assert board.surface.get_size() == size
        assert overflows == [], f"{name} at {size} in {language}: {overflows}"


def test_a_translation_too_long_for_its_box_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    class Verbose:
        def gettext(self, message: str) -> str:
            return " ".join([message] * 12)  # a translator's very long sentence

    monkeypatch.setattr("table.display.scoreboard.catalog", lambda language: Verbose())
    with watch_overflows() as overflows, typeset.record_texts() as drawn:
        draw(shots("en")["trick"], (800, 480))
    assert overflows  # detected: more lines than its box has room for
    long = [d for d in drawn if d.text.count(" ") > 20]
    assert long and all(not d.cut and d.size >= typeset.TOUCH.small for d in long)  # drawn whole, never cut


def test_fitted_text_never_exceeds_its_box_s_width_nor_is_cut() -> None:
    for words in ("7", "Anna", "Der Sitz-Hub ist nicht erreichbar: das Spiel wartet, bis er zurück ist " * 3):
        for lines in (1, 2):
            with watch_overflows(), typeset.screen((800, 480)), typeset.record_texts() as drawn:
                surface = typeset.fit_text(words, 300, 40, (0, 0, 0), lines=lines)
            assert surface.get_width() <= 300
            assert [d.text for d in drawn] == [words]  # all of it, on as many lines as it takes


def test_rendered_text_is_cached() -> None:
    first = typeset.fit_text("Skull King", 400, 60, (1, 2, 3))
    assert typeset.fit_text("Skull King", 400, 60, (1, 2, 3)) is first
