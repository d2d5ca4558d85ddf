"""`pirate-table demo --game piratenpoker`: a whole match through the real app, hub emulator and driver, with faults
on the line, killed (-9) in the middle and resumed to the same FINAL lines."""

from __future__ import annotations

from pathlib import Path

from table.games.piratenpoker.sim import PiratenpokerTable
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


def test_the_score_pad_s_rows_add_up_as_printed() -> None:
    """The sharks column was a count ("1" for +4): a row did not add up to its total."""
    from tests.display.test_piratenpoker_views import SHOTS

    lines = PiratenpokerTable.final_lines(None, SHOTS["final"])  # type: ignore[arg-type]  (uses no table)
    assert "points: fronts + sharks (+4 each) + backs + sets = total" in lines
    header = lines.index("player".ljust(18) + "fronts sharks  backs   sets  total")
    rows = [line[18:].split() for line in lines[header + 1 :] if line and not line.startswith("FINAL")]
    assert len(rows) == len(SHOTS["final"].finals) and any(final.sharks for final in SHOTS["final"].finals)
    for fronts, sharks, backs, sets, total in ([int(n) for n in row] for row in rows):
        assert fronts + sharks + backs + sets == total
