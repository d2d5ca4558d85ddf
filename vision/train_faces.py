"""Train the face network on rendered frames (training fonts only) and save it as vision/models/faces.npz.

    .venv/bin/python -m vision.train_faces [--frames 1200] [--epochs 15]

About 2 minutes on 2 cores. Crops come from the real segmentation, so training sees what reading sees.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np

from vision.dice import FACES, load_dice
from vision.faces import FaceNet, features, glyph_map
from vision.kinds import body_colour
from vision.render import TRAIN_STYLE, Look, Style, load_look, scatter
from vision.segment import find_dice

MODEL = Path(__file__).with_name("models") / "faces.npz"


def labelled_glyphs(seeds: range, style: Style, look: Look) -> tuple[list[np.ndarray], np.ndarray]:
    """Glyph maps of every readable die found in the rendered frames, with the index of its true face."""
    dice = load_dice()
    glyphs, labels = [], []
    for seed in seeds:
        frame = scatter(seed, dice, 4, look=look, style=style, touching=0.3)
        for blob in find_dice(frame.image, frame.die_px).blobs:
            truth = [t for t in frame.dice if np.hypot(t.centre[0] - blob.x, t.centre[1] - blob.y) < 10]
            if len(truth) != 1 or not blob.readable or truth[0].face is None:
                continue
            body = body_colour(frame.image, blob.x, blob.y, frame.die_px)
            glyphs.append(glyph_map(frame.image, blob.x, blob.y, blob.angle, frame.die_px, body))
            labels.append(FACES.index(truth[0].face))
    return glyphs, np.array(labels)


def train(glyphs: list[np.ndarray], labels: np.ndarray, epochs: int) -> FaceNet:
    x = np.concatenate([features(g) for g in glyphs])
    return FaceNet.train(x, np.repeat(labels, 4), epochs=epochs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=1200)
    parser.add_argument("--epochs", type=int, default=15)
    args = parser.parse_args()
    glyphs, labels = labelled_glyphs(range(args.frames), TRAIN_STYLE, load_look())
    MODEL.parent.mkdir(exist_ok=True)
    train(glyphs, labels, args.epochs).save(str(MODEL))
    print(f"trained on {len(glyphs)} dice from {args.frames} frames -> {MODEL}")


if __name__ == "__main__":
    main()
