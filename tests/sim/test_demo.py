"""`pirate-table demo`: the determinism contract, with kill -9 in the middle of a game."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
from pathlib import Path

import pytest


def demo(home: Path, *options: str) -> subprocess.Popen[str]:
    environment = {**os.environ, "PIRATE_TABLE_HOME": str(home), "PYTHONUNBUFFERED": "1"}
    return subprocess.Popen(
        [sys.executable, "-m", "table", "demo", "--headless", *options],
        env=environment,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def finals(output: str) -> list[str]:
    return [line for line in output.splitlines() if line.startswith("FINAL ")]


def whole_game(home: Path, *options: str) -> tuple[str, list[str]]:
    """A demo game played to its end: its output and its FINAL lines."""
    whole = demo(home, *options)
    out, _ = whole.communicate(timeout=300)
    assert whole.returncode == 0, out
    return out, finals(out)


def killed_and_resumed(home: Path, rounds_scored: int, *options: str) -> list[str]:
    """A demo game killed (-9) once `rounds_scored` rounds are scored, then resumed to its end as the README says,
    `demo --resume` alone (the players, seed and game are the saved game's): its FINAL lines."""
    killed = demo(home, *options)
    assert killed.stdout is not None
    for _ in range(rounds_scored):
        assert "scored" in killed.stdout.readline()
    os.kill(killed.pid, signal.SIGKILL)
    killed.wait()
    resumed = demo(home, "--resume")
    out, _ = resumed.communicate(timeout=300)
    assert resumed.returncode == 0, out
    assert "Resuming the demo game" in out
    return finals(out)


def test_a_game_killed_at_a_random_moment_resumes_to_the_same_final_scores(tmp_path: Path) -> None:
    options = ("--players", "3", "--seed", "99")
    _, expected = whole_game(tmp_path / "whole", *options)
    assert len(expected) == 3
    assert sorted((tmp_path / "whole" / "demo").glob("round-*.png"))[-1].name == "round-10.png"
    (kept,) = (tmp_path / "whole" / "demo" / "games").glob("*-skullking.json")  # the finished game, kept
    record = json.loads(kept.read_text())
    assert [f"FINAL {p['place']} {p['name'].replace(' ', '_')} {p['total']}" for p in record["ranking"]] == expected
    assert len(record["final"]["score_pad"]) == 10 and (tmp_path / "whole" / "demo" / "table-backup.sqlite3").exists()

    stop_after = random.Random(2013).randrange(1, 9)  # a round that is scored, then in the middle of the next
    assert killed_and_resumed(tmp_path / "killed", stop_after, *options) == expected


def test_resume_refuses_another_seed(tmp_path: Path) -> None:
    first = demo(tmp_path, "--players", "2", "--seed", "1")
    first.communicate(timeout=300)
    other = demo(tmp_path, "--players", "2", "--seed", "2", "--resume")
    out, _ = other.communicate(timeout=60)
    assert other.returncode == 2
    assert "the saved game has 2 players and seed 1" in out


def test_a_damaged_saved_game_is_said_and_a_new_one_starts(tmp_path: Path) -> None:
    (tmp_path / "demo").mkdir()
    (tmp_path / "demo" / "demo.json").write_text("{not json")
    run = demo(tmp_path, "--players", "2", "--seed", "3", "--resume")
    assert run.stdout is not None
    first = run.stdout.readline()  # only its first words matter; no game needs to finish
    run.kill()
    run.communicate(timeout=60)
    assert first == "The saved demo game cannot be read (demo.json is damaged): starting a new one\n"


@pytest.mark.parametrize("players", ["1", "7"])
def test_the_demo_seats_two_to_six(tmp_path: Path, players: str) -> None:
    run = demo(tmp_path, "--players", players)
    out, _ = run.communicate(timeout=60)
    assert run.returncode == 2 and "2 to 6 players" in out
