"""`pirate-table demo --game skullking-dice`: the determinism contract, with kill -9 in the middle of a game."""

from __future__ import annotations

import os
import signal
from pathlib import Path

from tests.sim.test_demo import demo, finals


def test_a_dice_game_killed_in_the_middle_resumes_to_the_same_final_scores(tmp_path: Path) -> None:
    options = ("--game", "skullking-dice", "--players", "3", "--seed", "11")
    whole = demo(tmp_path / "whole", *options)
    out, _ = whole.communicate(timeout=300)
    assert whole.returncode == 0, out
    expected = finals(out)
    assert len(expected) == 3 and "dice: " in out
    assert sorted((tmp_path / "whole" / "demo").glob("round-*.png"))[-1].name == "round-08.png"

    killed = demo(tmp_path / "killed", *options)
    assert killed.stdout is not None
    for _ in range(3):
        assert "scored" in killed.stdout.readline()
    os.kill(killed.pid, signal.SIGKILL)  # in round 4
    killed.wait()
    resumed = demo(tmp_path / "killed", *options, "--resume")
    out, _ = resumed.communicate(timeout=300)
    assert resumed.returncode == 0, out
    assert "Resuming the demo game" in out
    assert finals(out) == expected


def test_the_dice_demo_seats_three_to_six(tmp_path: Path) -> None:
    run = demo(tmp_path, "--game", "skullking-dice", "--players", "2")
    out, _ = run.communicate(timeout=60)
    assert run.returncode == 2 and "3 to 6 players" in out
