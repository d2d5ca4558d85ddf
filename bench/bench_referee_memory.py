"""How much memory `pirate-table referee` takes for one huge request line: it answers by the line's length, read a
piece at a time, so its peak stays that of a referee answering small lines.

    .venv/bin/python bench/bench_referee_memory.py [--megabytes 400] [--runs 3]

Each run starts the referee in a process of its own, writes one line of `--megabytes` MB and one ordinary request
through a pipe, and reads the child's peak resident memory (ru_maxrss). The baseline is the same with a line of
one kilobyte. Prints the medians and the ratio of the huge line's peak to the baseline's.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys

GOOD = b'{"game": "skullking", "trick": ["red:1", "red:5"]}\n'
CHUNK = 1 << 20
GOAL_RATIO = 1.5  # the huge line may cost at most half again the baseline's peak


def peak_mb(line_bytes: int) -> float:
    """The referee's peak RSS in MB after answering a line of `line_bytes` bytes and one ordinary request."""
    child = subprocess.Popen(
        [sys.executable, "-m", "table", "referee"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": os.getcwd()},
    )
    assert child.stdin is not None and child.stdout is not None
    left = line_bytes
    piece = b"x" * CHUNK
    child.stdin.write(b'{"game": "')
    while left > 0:
        child.stdin.write(piece[: min(left, CHUNK)])
        left -= CHUNK
    child.stdin.write(b'"}\n' + GOOD)
    child.stdin.close()
    answers = [json.loads(line) for line in child.stdout.read().splitlines()]
    _, _, usage = os.wait4(child.pid, 0)  # this child's own peak (kB on Linux)
    child.returncode = 0  # reaped here, so Popen does not wait for it again
    if len(answers) != 2 or answers[1].get("winner") != 1:
        raise SystemExit(f"the referee answered {answers}")
    return usage.ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--megabytes", type=int, default=400)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    baseline = statistics.median(peak_mb(1024) for _ in range(args.runs))
    huge = statistics.median(peak_mb(args.megabytes << 20) for _ in range(args.runs))
    ratio = huge / baseline
    print(f"referee peak RSS, 1 KB line: median {baseline:.1f} MB")
    print(f"referee peak RSS, {args.megabytes} MB line: median {huge:.1f} MB (ratio {ratio:.2f}; goal <= {GOAL_RATIO})")


if __name__ == "__main__":
    main()
