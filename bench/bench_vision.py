"""How fast and how right the dice vision is, on rendered frames, on one core.

    .venv/bin/python bench/bench_vision.py [--frames 300] [--accuracy 1000]

Speed: median and p99 of the motion check per frame, and of finding 6 dice and reading their kinds and faces after
settling. Accuracy: on frames the training never saw (other seeds, the evaluation fonts and glyph drawings), the
share of frames with every die found and no ghost, and the shares of kinds and faces right.
Memory: the resident size of this process after the runs (vision only: this script imports no `table`).
"""

from __future__ import annotations

import argparse
import resource
import statistics
import time

import cv2
import numpy as np

from vision.dice import load_dice
from vision.kinds import KindReader, body_colour
from vision.motion import SettleDetector
from vision.pipeline import DiceReader
from vision.render import EVAL_STYLE, load_look, scatter
from vision.segment import find_dice


def percentiles(name: str, seconds: list[float]) -> None:
    ms = sorted(s * 1000 for s in seconds)
    p99 = ms[min(len(ms) - 1, round(0.99 * (len(ms) - 1)))]
    print(f"{name:<34} median {statistics.median(ms):6.2f} ms   p99 {p99:6.2f} ms   ({len(ms)} runs)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=300, help="frames timed")
    parser.add_argument("--accuracy", type=int, default=1000, help="frames for the accuracy figures")
    parser.add_argument("--look", default="default")
    args = parser.parse_args()
    cv2.setNumThreads(1)  # one core, as the goal says

    dice, look = load_dice(), load_look(args.look)
    reader = KindReader.from_look(look.body)
    dice_reader = DiceReader(kinds=reader)
    # Frames are rendered one at a time so that the memory figure is the vision's, not a pile of test frames.
    detector, motion, reading = SettleDetector(), [], []
    for i in range(args.frames):
        image = scatter(70_000 + i, dice, 6, look=look, style=EVAL_STYLE, touching=0.4).image
        start = time.perf_counter()
        detector.feed(image)
        motion.append(time.perf_counter() - start)
        start = time.perf_counter()
        dice_reader.read(image)
        reading.append(time.perf_counter() - start)
    percentiles("motion check per frame", motion)
    percentiles("segment + kind + face, 6 dice", reading)

    whole = kinds_right = kinds_total = faces_right = faces_total = 0
    for i in range(args.accuracy):
        frame = scatter(80_000 + i, dice, 1 + i % 6, look=look, style=EVAL_STYLE, touching=0.4)
        blobs = find_dice(frame.image, frame.die_px).blobs
        matched = [[b for b in blobs if np.hypot(b.x - d.centre[0], b.y - d.centre[1]) < 12] for d in frame.dice]
        whole += len(blobs) == len(frame.dice) and all(len(m) == 1 for m in matched)
        for die, near in zip(frame.dice, matched, strict=True):
            if len(near) == 1:
                kinds_total += 1
                kind, _ = reader.read(body_colour(frame.image, near[0].x, near[0].y, frame.die_px))
                kinds_right += kind == die.kind
        for die in frame.dice:
            near = [
                r for r in dice_reader.read(frame.image).dice if np.hypot(r.x - die.centre[0], r.y - die.centre[1]) < 12
            ]
            if len(near) == 1 and near[0].kind == die.kind:
                faces_total += 1
                faces_right += near[0].face == die.face
    print(f"frames with every die found, no ghost: {whole / args.accuracy:.2%} of {args.accuracy} (1-6 dice)")
    print(f"kind right: {kinds_right / max(kinds_total, 1):.2%} of {kinds_total} dice found ({look.name} look)")
    print(f"face right: {faces_right / max(faces_total, 1):.2%} of {faces_total} dice found with the right kind")
    print(f"resident memory (max RSS): {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")


if __name__ == "__main__":
    main()
