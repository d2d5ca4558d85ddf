"""`pirate-table demo --game skullking-dice`: the determinism contract, with kill -9 in the middle of a game."""

from __future__ import annotations

from pathlib import Path

from tests.sim.test_demo import demo, killed_and_resumed, whole_game


def test_a_dice_game_killed_in_the_middle_resumes_to_the_same_final_scores(tmp_path: Path) -> None:
    options = ("--game", "skullking-dice", "--players", "3", "--seed", "11")
    out, expected = whole_game(tmp_path / "whole", *options)
    assert len(expected) == 3 and "dice: " in out
    assert sorted((tmp_path / "whole" / "demo").glob("round-*.png"))[-1].name == "round-08.png"

    assert killed_and_resumed(tmp_path / "killed", 3, *options) == expected  # killed in round 4


def test_the_dice_demo_seats_three_to_six(tmp_path: Path) -> None:
    run = demo(tmp_path, "--game", "skullking-dice", "--players", "2")
    out, _ = run.communicate(timeout=60)
    assert run.returncode == 2 and "3 to 6 players" in out
