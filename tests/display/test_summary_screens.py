"""The round summary and the final ranking, drawn from a real game's screens at both sizes."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from table.core.frame import Phase, ScoreRow
from table.display import summary_screens
from table.display.summary_screens import draw_ranking, draw_round_summary, round_over
from table.games.skullking.sim import VirtualTable
from tests.display.paints import Marked, Recorder
from tests.display.screens import every_screen


def test_each_round_has_its_summary_and_the_game_its_ranking(tmp_path: Path) -> None:
    table = VirtualTable(tmp_path, players=3, seed=12)
    summaries: list[int] = []
    try:
        table.app.resume()
        while table.flow.screen().phase is not Phase.GAME_OVER:
            table.tick()
            screen = table.flow.screen()
            if screen.phase is Phase.LIFTING and round_over(screen) and screen.round not in summaries:
                summaries.append(screen.round)
                for size in ((1920, 1080), (800, 480)):
                    assert draw_round_summary(screen, size).get_size() == size
            if screen.phase is Phase.PLAYING:
                assert not round_over(screen) or screen.trick is None
        final = table.flow.screen()
    finally:
        table.close()
    assert summaries == list(range(1, 10))  # round 10 ends the game: the ranking follows at once
    assert len(final.ranking) == 3
    for size in ((1920, 1080), (800, 480)):
        assert draw_ranking(final, size).get_size() == size


def test_the_best_points_are_marked_in_their_own_cell_and_a_legend_says_what_the_star_means() -> None:
    """Not "* best" beside the total, where it read as the leader of the game."""
    screen = every_screen("en")["round-summary"].screen
    paint = Recorder(Marked())
    draw_round_summary(screen, (800, 480), paint)
    headers = paint.said[1:8]
    assert headers[-1] == "<Total>" and "<the best points of this round>" in headers[:2]
    assert not any("best" in words and words != "<the best points of this round>" for words in paint.said)
    flat = replace(screen, score_pad=(*screen.score_pad[:-1], _all_missed(screen.score_pad[-1])))
    paint = Recorder(Marked())
    draw_round_summary(flat, (800, 480), paint)
    assert not any("best" in words for words in paint.said)  # no one scored: no star, no legend


def _all_missed(row: ScoreRow) -> ScoreRow:
    return replace(row, cells=tuple(replace(cell, points=-10) for cell in row.cells))


def test_the_final_ranking_crowns_every_winner_with_the_word(monkeypatch: pytest.MonkeyPatch) -> None:
    final = every_screen("en")["final-ranking"].screen
    tie = replace(final, ranking=tuple(replace(p, place=1) if n < 2 else p for n, p in enumerate(final.ranking)))
    crowns: list[pygame.Rect] = []
    monkeypatch.setattr(summary_screens, "draw_crown", lambda surface, box, ink: crowns.append(box))
    paint = Recorder()
    draw_ranking(tie, (800, 480), paint)
    assert paint.said.count("winner") == 2 and len(crowns) == 2
