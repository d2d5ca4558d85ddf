"""`pirate-table demo --game skullking-2021`: a whole game with faults, killed (-9) and resumed to the same FINAL
lines; eight players at a virtual table of its own."""

from __future__ import annotations

from pathlib import Path

from table.config import default_text
from table.games.skullking_2021.sim import VirtualTable2021, big_table_config
from tests.sim.test_demo import killed_and_resumed, whole_game


def test_the_same_seed_gives_the_same_final_lines_with_faults_and_after_kill_and_resume(tmp_path: Path) -> None:
    options = ("--game", "skullking-2021", "--players", "4", "--seed", "1")
    out, expected = whole_game(tmp_path / "whole", *options)
    assert len(expected) == 4 and "round 10 scored" in out
    assert killed_and_resumed(tmp_path / "killed", 4, *options, "--faults") == expected


def test_eight_players_sit_at_a_virtual_table_of_eight_seats(tmp_path: Path) -> None:
    assert len(big_table_config(8).seats) == 8
    table = VirtualTable2021(tmp_path, 8, seed=3)
    try:
        screen = table.run()
    finally:
        table.close()
    lines = table.final_lines(screen)
    assert len([line for line in lines if line.startswith("FINAL ")]) == 8
    assert [row.round for row in screen.score_pad] == list(range(1, 11))


def test_a_whole_game_with_rascal_scoring_from_the_tables_config(tmp_path: Path) -> None:
    (tmp_path / "config.toml").write_text(default_text() + '\n[skullking-2021]\nscoring = "rascal"\n')
    table = VirtualTable2021(tmp_path / "demo", 3, seed=5)
    try:
        screen = table.run()
    finally:
        table.close()
    assert screen.scoring == "rascal"
    points = [cell.points for row in screen.score_pad for cell in row.cells]
    assert min(points) >= 0  # Rascal scoring never takes points away (no wager, no cannonball missed below 0)
    assert len(screen.score_pad) == 10
