"""The score pad: a legend says what a cell's two numbers are, the heading reads as one title, and at the end the
winners are marked (ties: every winner)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from table.core.text import LANGUAGES
from table.display.language import catalog
from table.display.score_pad import HIGHLIGHT, draw_score_pad, score_pad_grid
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
