"""Every benchmark in bench/ still runs: each for a moment (its own arguments for a tiny run), in a process of its
own as `make bench` runs it, printing its figures. The figures' values are BENCHMARKS.md's business, never a
test's: a tiny run on a busy machine says nothing of speed."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
NUMBER = r"[\d.]+"

# bench -> (the arguments of a tiny run, what its figures look like)
TINY_RUNS: dict[str, tuple[list[str], list[str]]] = {
    "bench_scoreboard.py": (
        ["--frames", "3", "--idle", "0.2"],
        [
            rf"busiest screen at 1920x1080, 3 frames: median {NUMBER} ms, p99 {NUMBER} ms",
            rf"idle scoreboard: {NUMBER}%",
        ],
    ),
    "bench_skullking.py": (
        ["--repeats", "1", "--single", "200", "--batch", "2000"],
        [rf"single-trick call +median +{NUMBER} M tricks/s", rf"batch call +median +{NUMBER} M tricks/s"],
    ),
    "bench_hub_latency.py": (["--events", "20"], [rf"20 events: median {NUMBER} ms, p99 {NUMBER} ms"]),
    "bench_referee_memory.py": (
        ["--megabytes", "1", "--runs", "1"],
        [rf"1 KB line: median {NUMBER} MB", rf"1 MB line: median {NUMBER} MB \(ratio {NUMBER}; goal <= 1.5\)"],
    ),
    "bench_trick_latency.py": (
        ["--tricks", "3"],
        [rf"3 tricks: median {NUMBER} ms, p99 {NUMBER} ms", r"peak RSS of the headless demo \(6 players\): \d+ MB"],
    ),
    "bench_evening.py": (
        ["--games", "1", "--idle", "0.2"],
        [rf"1 games, {NUMBER} h of the table's clock", rf"resident memory: {NUMBER} MB", rf"idle table: {NUMBER} %"],
    ),
    "bench_venue.py": (
        ["--tables", "1", "--runs", "1", "--players", "2", "--burst", "1"],
        [rf"results stored +{NUMBER}", rf"trick p99 ms +{NUMBER}", rf"venue peak RSS MB +{NUMBER}"],
    ),
    "bench_vision.py": (
        ["--frames", "2", "--accuracy", "2"],
        [
            rf"segment \+ kind \+ face, 6 dice +median +{NUMBER} ms",
            rf"face right: {NUMBER}%",
            rf"at its peak \(VmHWM\); its own pages {NUMBER} MB",
        ],
    ),
    "bench_vision_voting.py": (
        [
            "--sizes",
            "34",
            "--lamps",
            "overhead",
            "--installations",
            "1",
            "--throws",
            "1",
            "--frames",
            "3",
            "--sequences",
            "1",
        ],
        [
            rf"vote of 3 +: +\d+ dice; right +{NUMBER} %",
            rf"median reading of a 640x480 frame {NUMBER} ms",
            rf"a vote of 3 adds {NUMBER} ms to a throw",
            r"watched throws, vote of 3: every die reported",
        ],
    ),
}


def test_every_bench_has_a_tiny_run() -> None:
    assert sorted(TINY_RUNS) == sorted(path.name for path in (ROOT / "bench").glob("bench_*.py"))


@pytest.mark.parametrize("bench", sorted(TINY_RUNS))
def test_the_bench_runs_and_prints_its_figures(bench: str, tmp_path: Path) -> None:
    arguments, figures = TINY_RUNS[bench]
    environment = {**os.environ, "PYTHONPATH": str(ROOT), "PIRATE_TABLE_HOME": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / bench), *arguments],
        cwd=tmp_path,
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    for figure in figures:
        assert re.search(figure, done.stdout), f"{bench} did not print /{figure}/:\n{done.stdout}"
