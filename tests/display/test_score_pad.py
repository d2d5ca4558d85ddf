"""The score pad: a legend says what a cell's two numbers are, the heading reads as one title, and at the end the
winners are marked (ties: every winner)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from table.core.text import LANGUAGES
from table.display.language import catalog
from table.display.score_pad import HIGHLIGHT, draw_score_pad, score_pad_grid
from table.display.typeset import record_texts
from tests.display.paints import Marked, Recorder
from tests.display.screens import every_screen


def drawn(screen: object, language: str, size: tuple[int, int]) -> tuple[object, list[str]]:
    paint = Recorder(catalog(language))
    return draw_score_pad(screen, size, paint), paint.said


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_heading_reads_as_one_title_and_a_legend_says_what_a_cell_holds(language: str) -> None:
    for name in ("score-pad", "final-ranking"):
        screen = every_screen(language)[name].screen
        heading = drawn(screen, language, (800, 480))[1][0]
        assert heading.count(":") <= 1, heading  # not "Score pad: Skull King: game over"
        paint = Recorder(Marked())
        draw_score_pad(screen, (800, 480), paint)
        legend = paint.said[1]
        assert legend.startswith("<Each cell: bid / tricks won") and legend.endswith(">")  # translated


def test_the_winner_s_total_is_marked_and_a_tie_marks_every_winner() -> None:
    final = every_screen("en")["final-ranking"].screen
    for size in ((1920, 1080), (800, 480)):
        surface, said = drawn(final, "en", size)
        grid = score_pad_grid(final, size)
        winners = {placing.seat for placing in final.ranking if placing.place == 1}
        for seat in final.players:
            marked = surface.get_at(grid.total(seat).move(3, 3).topleft)[:3] == HIGHLIGHT
            assert marked == (seat in winners), seat
        assert any("winner" in words for words in said)  # the legend says what the mark means
    tie = replace(final, ranking=tuple(replace(p, place=1) if n < 2 else p for n, p in enumerate(final.ranking)))
    surface, _ = drawn(tie, "en", (800, 480))
    grid = score_pad_grid(tie, (800, 480))
    marked = [seat for seat in tie.players if surface.get_at(grid.total(seat).move(3, 3).topleft)[:3] == HIGHLIGHT]
    assert sorted(marked) == sorted(p.seat for p in tie.ranking[:2])


def test_during_the_game_no_one_is_marked_as_winner() -> None:
    screen = every_screen("en")["score-pad"].screen
    surface, said = drawn(screen, "en", (1920, 1080))
    grid = score_pad_grid(screen, (1920, 1080))
    assert all(surface.get_at(grid.total(seat).move(3, 3).topleft)[:3] != HIGHLIGHT for seat in screen.players)
    assert not any("winner" in words for words in said)


def _crown_to_total(screen: Any, seat: int, size: tuple[int, int]) -> tuple[int, int]:
    """The gap between the crown's ink and the total's ink in a winner's total cell, and the figures' height."""
    with record_texts() as found:
        surface = draw_score_pad(screen, size, Recorder(catalog("en")))
    box = score_pad_grid(screen, size).total(seat)
    total = str(screen.score_pad[-1].cells[screen.players.index(seat)].total)
    (drawn,) = [d for d in found if d.text == total and d.rect is not None and box.contains(d.rect)]
    assert drawn.surface is not None and drawn.rect is not None
    figures = drawn.surface.get_bounding_rect().move(drawn.rect.topleft)
    inner = box.inflate(-8, -8)  # clear of the grid's lines
    inked = [
        x
        for x in range(inner.left, figures.left)
        if any(sum(abs(a - b) for a, b in zip(surface.get_at((x, y))[:3], HIGHLIGHT, strict=True)) > 60
               for y in range(inner.top, inner.bottom))
    ]  # fmt: skip
    assert inked, "no crown before the total"
    return figures.left - max(inked) - 1, figures.height


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720), (800, 480)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_crown_keeps_clear_of_the_winner_s_total(size: tuple[int, int]) -> None:
    """The crown touched the total's "-" on the 7-inch screen (2 px between their inks): a quarter of the
    figures' height at least, measured between the inks."""
    final = every_screen("en")["final-ranking"].screen
    tie = replace(final, ranking=tuple(replace(p, place=1) if n < 2 else p for n, p in enumerate(final.ranking)))
    for screen in (final, tie):
        for placing in screen.ranking:
            if placing.place == 1:
                gap, figures = _crown_to_total(screen, placing.seat, size)
                assert gap >= max(3, figures // 4), (placing.name, gap, figures)
