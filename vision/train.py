"""Train the shipped models on rendered frames (training fonts and drawings only) and save them in vision/models/.

    .venv/bin/python -m vision.train [--frames 4400] [--epochs 30] [--cache /tmp/pirate-train-crops.npz]

Writes vision/models/faces.npz (the face network) and vision/models/kinds.npz (one colour Gaussian per kind, default
look). Crops come from the real segmentation, so training sees what reading sees. Rendering takes most of the time
(about 5 minutes for 4 400 frames on one core); `--cache` keeps the crops for another training run.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import cv2
import numpy as np

from vision.crops import die_crops, die_looks
from vision.dice import FACES, DiceSet, load_dice
from vision.faces import FaceNet, features
from vision.kinds import KindReader
from vision.render import TRAIN_STYLE, Look, Style, load_look, scatter
from vision.segment import find_dice

MODELS = Path(__file__).with_name("models")


def labelled_crops(seeds: range, style: Style, look: Look, dice: DiceSet) -> tuple[np.ndarray, list[str], list[str]]:
    """Crops of every readable die found in rendered frames, with its true kind and face."""
    crops, kinds, faces = [], [], []
    for seed in seeds:
        frame = scatter(seed, dice, 1 + seed % 6, look=look, style=style, touching=0.3)
        blobs = [b for b in find_dice(frame.image, frame.die_px).blobs if b.readable]
        truths = []
        for blob in blobs:
            near = [t for t in frame.dice if np.hypot(t.centre[0] - blob.x, t.centre[1] - blob.y) < 10]
            truths.append(near[0] if len(near) == 1 and near[0].face is not None else None)
        chosen = [(b.x, b.y, b.angle) for b, t in zip(blobs, truths, strict=True) if t is not None]
        crops.append(die_crops(frame.image, chosen, frame.die_px))
        kinds += [t.kind for t in truths if t is not None]
        faces += [t.face for t in truths if t is not None and t.face is not None]  # each truth has a face
    return np.concatenate(crops), kinds, faces


def train_faces(crops: np.ndarray, faces: list[str], epochs: int, start: FaceNet | None = None, **options) -> FaceNet:
    x = features(die_looks(crops).maps)
    y = np.repeat([FACES.index(face) for face in faces], 4)
    return FaceNet.train(x, y, epochs=epochs, start=start, **options)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=4400)
    parser.add_argument("--epochs", type=int, default=30)
    parser.add_argument("--hidden", type=int, default=96)
    parser.add_argument("--cache", type=Path, help="keep the rendered crops here (and reuse them if present)")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    if args.cache and args.cache.exists():
        data = np.load(args.cache)
        crops, kinds, faces = data["crops"], [str(k) for k in data["kinds"]], [str(f) for f in data["faces"]]
    else:
        crops, kinds, faces = labelled_crops(range(args.frames), TRAIN_STYLE, load_look(), load_dice())
        if args.cache:
            np.savez_compressed(args.cache, crops=crops, kinds=np.array(kinds), faces=np.array(faces))
    MODELS.mkdir(exist_ok=True)
    KindReader.fit(die_looks(crops).colours, kinds).save(MODELS / "kinds.npz")
    train_faces(crops, faces, args.epochs, hidden=args.hidden).save(str(MODELS / "faces.npz"))
    print(f"trained on {len(crops)} dice from {args.frames} frames -> {MODELS}")


if __name__ == "__main__":
    main()
