"""The round summary and the final ranking, drawn from a real game's screens at both sizes."""

from __future__ import annotations

from pathlib import Path

from table.display.summary_screens import draw_ranking, draw_round_summary, round_over
from table.games.screen import Phase
from table.sim.virtual_table import VirtualTable


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
