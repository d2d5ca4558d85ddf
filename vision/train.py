"""Train the shipped models on rendered frames (training fonts and drawings only) and save them in vision/models/.

    .venv/bin/python -m vision.train [--flat 4400] [--harsh 12000] [--jobs 2] [--cache /tmp/pirate-train-crops.npz]

Writes vision/models/faces.npz (the face network) and vision/models/kinds.npz (one colour Gaussian per kind, default
look, from the flat frames). The face network learns from two kinds of frame: the flat renders of issue 16 (44 px
dice seen from straight above) and harsh ones (vision/harsh.py: every frame its own installation, dice 22-110 px
wide at 640x480 or 1280x960, overhead or side lamp, any cloth, lamp colour and printing), with some dice on their
edge, taught as NO_FACE. Crops come from the real segmentation and the reader's own rule for which dice it reads, so
training sees what reading sees. Rendering takes most of the time (about 12 minutes on two cores); `--cache` keeps
the crops for another training run.
"""

from __future__ import annotations

import argparse
import math
from concurrent.futures import ProcessPoolExecutor
from functools import cache
from pathlib import Path

import cv2
import numpy as np

from vision.crops import die_looks, top_face_crops
from vision.dice import load_dice
from vision.faces import LABELS, NO_FACE, FaceNet, features
from vision.kinds import KindReader
from vision.render import CLOTHS, LAMPS, TRAIN_STYLE, Frame, Scene, load_look, scatter
from vision.segment import find_dice

MODELS = Path(__file__).with_name("models")
LOOKS = ("default", "harbour", "tavern")
HARSH_CAMERAS = 1_000_000  # harsh training frames' camera seeds start here: far from any bench installation's
CHUNK = 250  # frames per job


_dice = cache(load_dice)  # read once per process, not once per frame
_look = cache(load_look)


def flat_frame(seed: int) -> tuple[Frame, float]:
    frame = scatter(seed, _dice(), 1 + seed % 6, look=_look("default"), style=TRAIN_STYLE, touching=0.3, on_edge=0.1)
    return frame, frame.die_px


def harsh_frame(seed: int) -> tuple[Frame, float]:
    """A frame of its own random installation, and the die width calibration would have measured there (within
    5 %)."""
    rng = np.random.default_rng([seed, 99])
    width, height = (1280, 960) if rng.random() < 0.3 else (640, 480)
    die_px = math.exp(rng.uniform(math.log(22), math.log(110)))
    cloth = str(rng.choice([name for name in CLOTHS if name != "teal felt"]))  # teal: calibration refuses it
    scene = Scene(width, height, die_px, cloth=cloth, lamp=str(rng.choice(list(LAMPS))), harsh=True,
                  lamp_place=str(rng.choice(["overhead", "side"])))  # fmt: skip
    look = _look(LOOKS[int(rng.integers(len(LOOKS)))])
    frame = scatter(seed, _dice(), int(rng.integers(1, 7)), look=look, style=TRAIN_STYLE, scene=scene,
                    touching=0.12, on_edge=0.15, camera_seed=HARSH_CAMERAS + seed)  # fmt: skip
    return frame, die_px * rng.uniform(0.95, 1.05)


def labelled_crops(seeds: range, harsh: bool) -> tuple[np.ndarray, list[str], list[str]]:
    """The crops the reader would read in these frames, with each die's true kind and face (NO_FACE on its edge)."""
    cv2.setNumThreads(1)
    crops, kinds, labels = [], [], []
    for seed in seeds:
        frame, die_px = harsh_frame(seed) if harsh else flat_frame(seed)
        blobs = find_dice(frame.image, die_px).blobs
        cut, tops = top_face_crops(frame.image, blobs, die_px)
        reach = max(12.0, 0.3 * frame.die_px)
        for blob, crop, top in zip(blobs, cut, tops, strict=True):
            x, y = top.centre if top is not None else (blob.x, blob.y)  # where the reader says the die lies
            near = [t for t in frame.dice if math.hypot(t.centre[0] - x, t.centre[1] - y) < reach]
            # What the reader reads, and more: every die whose top face is clear, a leaning one too (vision/pipeline.py
            # reads it only if its face looks square; the network learns NO_FACE from the rest).
            if (blob.readable or top is not None) and len(near) == 1:
                crops.append(crop)
                kinds.append(near[0].kind)
                labels.append(near[0].face or NO_FACE)
    return np.array(crops).reshape(-1, *cut.shape[1:]), kinds, labels


def render_crops(flat: int, harsh: int, jobs: int) -> tuple[np.ndarray, list[str], list[str], np.ndarray]:
    """Crops, kinds and labels of `flat` flat and `harsh` harsh frames, and which crops are flat."""
    work = [(range(s, min(s + CHUNK, flat)), False) for s in range(0, flat, CHUNK)]
    work += [(range(s, min(s + CHUNK, harsh)), True) for s in range(0, harsh, CHUNK)]
    with ProcessPoolExecutor(jobs) as pool:
        parts = list(pool.map(labelled_crops, *zip(*work, strict=True)))
    crops = np.concatenate([p[0] for p in parts])
    kinds = [k for p in parts for k in p[1]]
    labels = [label for p in parts for label in p[2]]
    is_flat = np.concatenate([np.full(len(p[1]), not harsh) for p, (_, harsh) in zip(parts, work, strict=True)])
    return crops, kinds, labels, is_flat


def train_faces(crops: np.ndarray, labels: list[str], epochs: int, start: FaceNet | None = None, **options) -> FaceNet:
    x = features(die_looks(crops).maps)
    y = np.repeat([LABELS.index(label) for label in labels], 4)
    return FaceNet.train(x, y, epochs=epochs, start=start, **options)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--flat", type=int, default=4400, help="flat frames (issue 16's renders)")
    parser.add_argument("--harsh", type=int, default=12000, help="harsh frames (a real camera under one lamp)")
    parser.add_argument("--epochs", type=int, default=40)
    parser.add_argument("--hidden", type=int, default=192)
    parser.add_argument("--jobs", type=int, default=2, help="rendering processes")
    parser.add_argument("--cache", type=Path, help="keep the rendered crops here (and reuse them if present)")
    args = parser.parse_args()
    if args.cache and args.cache.exists():
        data = np.load(args.cache)
        crops, kinds, labels = data["crops"], [str(k) for k in data["kinds"]], [str(f) for f in data["labels"]]
        is_flat = data["flat"]
    else:
        crops, kinds, labels, is_flat = render_crops(args.flat, args.harsh, args.jobs)
        if args.cache:
            np.savez_compressed(args.cache, crops=crops, kinds=kinds, labels=labels, flat=is_flat)
    MODELS.mkdir(exist_ok=True)
    # The kinds' colour spreads from the flat frames' dice (calibration replaces the means at each installation).
    flat_faces = is_flat & (np.array(labels) != NO_FACE)
    KindReader.fit(die_looks(crops[flat_faces]).colours, list(np.array(kinds)[flat_faces])).save(MODELS / "kinds.npz")
    train_faces(crops, labels, args.epochs, hidden=args.hidden).save(str(MODELS / "faces.npz"))
    print(f"trained on {len(crops)} dice ({int(is_flat.sum())} flat) from {args.flat + args.harsh} frames -> {MODELS}")


if __name__ == "__main__":
    main()
