"""`pirate-table demo --game piratenpoker`: a whole match through the real app, hub emulator and driver, with faults
on the line, killed (-9) in the middle and resumed to the same FINAL lines."""

from __future__ import annotations

from pathlib import Path

from tests.sim.test_demo import demo, killed_and_resumed, whole_game


def test_a_match_with_faults_killed_and_resumed_ends_the_same(tmp_path: Path) -> None:
    options = ("--game", "piratenpoker", "--players", "4", "--seed", "1", "--faults")
    out, expected = whole_game(tmp_path / "whole", *options)
    assert len(expected) == 4 and expected[0].startswith("FINAL 1 ")
    assert "faults injected: " in out
    assert killed_and_resumed(tmp_path / "killed", 2, *options) == expected


def test_the_demo_needs_three_to_five_players(tmp_path: Path) -> None:
    run = demo(tmp_path, "--game", "piratenpoker", "--players", "2")
    out, _ = run.communicate(timeout=60)
    assert run.returncode != 0 and "3 to 5" in out
