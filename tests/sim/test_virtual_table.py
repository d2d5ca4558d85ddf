"""The virtual table plays whole games through the real app, driver, emulator and flow."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from table.app import PAD_NOT_SAVED
from table.core.frame import Phase
from table.games.skullking import rules as sk
from table.games.skullking.screen import Screen
from table.games.skullking.sim import VirtualTable
from table.sim.score_pad_text import score_pad_lines


def play(folder: Path, players: int, seed: int, faults: bool = False) -> tuple[Screen, VirtualTable]:
    table = VirtualTable(folder, players, seed, faults=faults)
    try:
        return table.run(), table
    finally:
        table.close()


@pytest.mark.parametrize("players", [2, 4, 6])
def test_a_whole_game_is_played_and_scored_by_the_rules(tmp_path: Path, players: int) -> None:
    screen, _ = play(tmp_path, players, seed=players)
    assert screen.phase is Phase.GAME_OVER
    assert [row.round for row in screen.score_pad] == list(range(1, 11))
    totals = [0] * players
    for row in screen.score_pad:
        assert sum(cell.won for cell in row.cells) == row.round  # every trick has one winner
        for n, cell in enumerate(row.cells):
            assert cell.points == sk.round_score(cell.bid, cell.won, row.round, cell.bonus)
            totals[n] += cell.points
            assert cell.total == totals[n]
    assert sorted(p.total for p in screen.ranking) == sorted(totals)
    assert screen.revokes == ()  # the bots only ever play legal cards


def test_the_same_seed_plays_the_same_game_with_or_without_faults(tmp_path: Path) -> None:
    calm, _ = play(tmp_path / "calm", 3, seed=21)
    stormy, table = play(tmp_path / "stormy", 3, seed=21, faults=True)
    assert table.faults is not None and {"unplug", "replug"} <= set(table.faults.injected)
    assert len(table.faults.injected) >= 8
    (said,) = table.report()  # the demo says what trouble it made
    assert said.startswith("faults injected: ") and "the cable pulled out x1, plugged back in x1" in said
    assert score_pad_lines(stormy) == score_pad_lines(calm)
    other, _ = play(tmp_path / "other", 3, seed=22)
    assert score_pad_lines(other) != score_pad_lines(calm)


def test_the_score_pad_ends_with_one_final_line_per_player_best_first(tmp_path: Path) -> None:
    screen, _ = play(tmp_path, 3, seed=5)
    lines = score_pad_lines(screen)
    finals = [line.split() for line in lines[-3:]]
    assert [words[0] for words in finals] == ["FINAL"] * 3
    totals = [int(words[3]) for words in finals]
    assert totals == sorted(totals, reverse=True)
    assert [int(cell) for cell in lines[-5].split()[1:]] == [cell.total for cell in screen.score_pad[-1].cells]
    assert lines[0].startswith("each round: tricks bid/tricks won, then the round's points")  # "0/1 -20" explained


def test_a_score_pad_picture_that_cannot_be_written_stops_nothing(tmp_path: Path) -> None:
    table = VirtualTable(tmp_path, 2, 5)
    pictures: list[int] = []

    def disk_full(number: int, screen: object) -> None:
        pictures.append(number)
        raise pygame.error("Error writing the PNG file")  # what pygame says on a full disk

    table.app.on_round_over = disk_full
    try:
        screen = table.run()
        assert screen.phase is Phase.GAME_OVER and pictures == list(range(1, 11))  # every round, to the end
        assert table.app.notice is not None and table.app.notice[0].text == PAD_NOT_SAVED  # said on the screen
    finally:
        table.close()
