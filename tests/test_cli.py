"""The `pirate-table` command line."""

from __future__ import annotations

import re

import pytest

from table.cli import main


def test_demo_plays_a_whole_game_and_ends_with_the_final_ranking(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--players", "5", "--seed", "3"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [int(m[1]) for line in out if (m := re.match(r"round +(\d+): ", line))] == list(range(1, 11))
    assert [line.split()[0] for line in out[-5:]] == ["FINAL"] * 5


def test_demo_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    main(["demo", "--seed", "9"])
    first = capsys.readouterr().out
    main(["demo", "--seed", "9"])
    assert capsys.readouterr().out == first


def test_demo_refuses_a_table_skull_king_cannot_seat(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--players", "7"]) == 2
    assert "2 to 6 players" in capsys.readouterr().err
