"""How fast the Skull King judge is: 6-card tricks drawn at random from the 66-card deck, on one core.

Two figures: the single-trick call (`table.games.skullking.rules.trick_winner`, plain CPython) and the batch call
(`table.games.skullking.batch.judge_tricks`, NumPy). Prints medians over repeated runs and their ratios to the goals.

    .venv/bin/python bench/bench_skullking.py [--repeats 30] [--single 50000] [--batch 1000000]

Many short runs, because a shared virtual machine has noisy neighbours: the median is the figure, the best run
shows what the code does when the machine is quiet.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time

import numpy as np

from table.games.skullking import batch
from table.games.skullking import rules as sk

SINGLE_GOAL = 2_000_000
BATCH_GOAL = 12_000_000
OTHER_ENGINES = {"Go engine": 11_300_000, "TypeScript engine": 5_100_000}  # measured on this machine, one core


def report(name: str, count: int, seconds: list[float], goal: int) -> float:
    """Print the median and best rate of `count` tricks per run; returns the median."""
    median, best = count / statistics.median(seconds), count / min(seconds)
    print(
        f"{name:<18} median {median / 1e6:6.2f} M tricks/s   best {best / 1e6:6.2f} M/s   "
        f"goal {goal / 1e6:.1f} M   median / goal {median / goal:.2f}"
    )
    return median


def time_single(tricks: list[tuple[sk.Card, ...]], repeats: int) -> list[float]:
    judge = sk.trick_winner
    runs = []
    for _ in range(repeats):
        start = time.perf_counter()
        for trick in tricks:
            judge(trick)
        runs.append(time.perf_counter() - start)
    return runs


def time_batch(codes: np.ndarray, repeats: int) -> list[float]:
    runs = []
    for _ in range(repeats):
        start = time.perf_counter()
        batch.judge_tricks(codes)
        runs.append(time.perf_counter() - start)
    return runs


def cpu_name() -> str:
    try:
        with open("/proc/cpuinfo") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=30)
    parser.add_argument("--single", type=int, default=50_000, help="tricks per single-call run")
    parser.add_argument("--batch", type=int, default=1_000_000, help="tricks per batch call")
    parser.add_argument("--seed", type=int, default=66)
    args = parser.parse_args()

    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core, as the goals are stated
    rng = np.random.default_rng(args.seed)
    batch_codes = batch.random_tricks(rng, args.batch, 6)
    single_codes = batch.random_tricks(rng, args.single, 6)
    single_tricks = [tuple(batch.CARDS[code] for code in row) for row in single_codes]
    expected = [sk.trick_winner(trick) for trick in single_tricks]
    assert batch.judge_tricks(single_codes).tolist() == expected, "the two judges disagree"

    print(
        f"machine: {cpu_name()}, {os.cpu_count()} cores (1 used); Python {platform.python_version()}, "
        f"NumPy {np.__version__}"
    )
    single = report("single-trick call", args.single, time_single(single_tricks, args.repeats), SINGLE_GOAL)
    many = report("batch call", args.batch, time_batch(batch_codes, args.repeats), BATCH_GOAL)
    for engine, rate in OTHER_ENGINES.items():
        print(f"batch / {engine} ({rate / 1e6:.1f} M/s): {many / rate:.2f}")
    print(f"batch / single: {many / single:.1f}")


if __name__ == "__main__":
    main()
