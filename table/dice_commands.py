"""`pirate-table dice ...`: read dice from images, render a labelled test set, and measure accuracy on one.

Label format for `dice eval DIR`: every image `NAME.png` has a sidecar `NAME.json`:
    {"dice": [{"kind": "black", "face": "7", "x": 120.5, "y": 88.0}, ...]}
(`face` null for a die on its edge). `dice render DIR` writes exactly this layout.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

import cv2
import numpy as np

MATCH_PX = 12  # a reading within this many pixels of a labelled die is that die


def register(subparsers: argparse._SubParsersAction) -> None:
    dice = subparsers.add_parser("dice", help="read the dice tray from images")
    commands = dice.add_subparsers(dest="dice_command", required=True)
    read = commands.add_parser("read", help="print one JSON line per image with every die found")
    read.add_argument("images", nargs="+", type=Path)
    render = commands.add_parser("render", help="write a labelled set of rendered tray images")
    render.add_argument("folder", type=Path)
    render.add_argument("--count", type=int, default=100)
    render.add_argument("--seed", type=int, default=0)
    render.add_argument("--look", default="default")
    evaluate = commands.add_parser("eval", help="accuracy on a labelled folder (NAME.png + NAME.json)")
    evaluate.add_argument("folder", type=Path)


def run(args: argparse.Namespace) -> int:
    if args.dice_command == "read":
        return _read(args.images)
    if args.dice_command == "render":
        return _render(args.folder, args.count, args.seed, args.look)
    if args.dice_command == "eval":
        return _eval(args.folder)
    raise AssertionError(args.dice_command)


def _read(images: list[Path]) -> int:
    from vision.pipeline import DiceReader

    reader, failed = DiceReader(), 0
    for path in images:
        image = cv2.imread(str(path))
        if image is None:
            print(json.dumps({"image": str(path), "error": "cannot read this image"}))
            failed += 1
            continue
        reading = reader.read(image)
        line: dict[str, object] = {"image": str(path), "dice": [die.as_json() for die in reading.dice]}
        if reading.obstructed:
            line["obstructed"] = True
        print(json.dumps(line))
    return 1 if failed else 0


def _render(folder: Path, count: int, seed: int, look: str) -> int:
    from vision.dice import load_dice
    from vision.render import EVAL_STYLE, load_look, scatter

    folder.mkdir(parents=True, exist_ok=True)
    dice, chosen = load_dice(), load_look(look)
    for i in range(count):
        frame = scatter(seed + i, dice, 1 + i % 6, look=chosen, style=EVAL_STYLE, touching=0.3, on_edge=0.05)
        name = f"tray-{seed + i:06d}"
        cv2.imwrite(str(folder / f"{name}.png"), frame.image)
        labels = [{"kind": d.kind, "face": d.face, "x": d.centre[0], "y": d.centre[1]} for d in frame.dice]
        (folder / f"{name}.json").write_text(json.dumps({"dice": labels}))
    print(f"wrote {count} labelled images to {folder}")
    return 0


def _eval(folder: Path) -> int:
    from vision.pipeline import DiceReader

    reader = DiceReader()
    sidecars = sorted(folder.glob("*.json"))
    if not sidecars:
        print(f"pirate-table dice eval: no NAME.json labels in {folder}", file=sys.stderr)
        return 2
    whole = kinds_right = faces_right = matched = 0
    confusion: Counter[tuple[str, str]] = Counter()
    for sidecar in sidecars:
        image = cv2.imread(str(sidecar.with_suffix(".png")))
        labels = json.loads(sidecar.read_text())["dice"]
        readings = reader.read(image).dice if image is not None else []
        found_all = len(readings) == len(labels)
        for label in labels:
            near = [r for r in readings if np.hypot(r.x - label["x"], r.y - label["y"]) < MATCH_PX]
            if len(near) != 1:
                found_all = False
                continue
            matched += 1
            kinds_right += near[0].kind == label["kind"]
            faces_right += near[0].face == label["face"]
            confusion[(f"{label['kind']}:{label['face']}", f"{near[0].kind}:{near[0].face}")] += 1
        whole += found_all
    print(f"images {len(sidecars)}   every die found, no ghost: {whole / len(sidecars):.2%}")
    print(f"dice matched {matched}   kind right: {kinds_right / max(matched, 1):.2%}   "
          f"face right: {faces_right / max(matched, 1):.2%}")  # fmt: skip
    print("confusions (truth -> read: count):")
    for (truth, read), n in sorted(confusion.items()):
        if truth != read:
            print(f"  {truth} -> {read}: {n}")
    return 0
