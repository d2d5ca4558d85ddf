"""Which face a die shows: a small numpy network on HOG features of the die's glyph map (vision/crops.py).

Besides the faces the network has one more answer, NO_FACE: what it was shown is no die's top face (a die on its
edge, a side seen in perspective). It decides for a die segmentation was unsure of, whose top face looked clear.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from vision.crops import GLYPH
from vision.dice import FACES

NO_FACE = "no face"
LABELS: tuple[str, ...] = (*FACES, NO_FACE)  # the network's outputs, in order (a face's index is its FACES index)
_HOG = cv2.HOGDescriptor((GLYPH, GLYPH), (16, 16), (8, 8), (8, 8), 9)


def features(maps: np.ndarray) -> np.ndarray:
    """HOG of each glyph map in its four quarter turns, (4 n, d), turns of one die together: a die's glyph can
    point any of four ways."""
    if len(maps) == 0:
        return np.zeros((0, _HOG.getDescriptorSize()), np.float32)
    # All turns of all dice in one call: stacked in one tall picture, each framed by the pixel HOG itself would
    # mirror at a picture's border, so every descriptor is exactly that of the glyph map alone.
    turns = np.stack([np.rot90(maps, k, axes=(1, 2)) for k in range(4)], axis=1).reshape(-1, GLYPH, GLYPH)
    framed = np.pad(turns, ((0, 0), (1, 1), (1, 1)), mode="reflect").reshape(-1, GLYPH + 2)
    locations = [(1, 1 + (GLYPH + 2) * i) for i in range(len(turns))]
    # OpenCV returns an ndarray; its stubs say Sequence[float].
    descriptors = np.asarray(_HOG.compute(framed, winStride=(1, 1), padding=(0, 0), locations=locations))
    return descriptors.reshape(len(turns), -1)


class FaceNet:
    """One hidden layer, softmax over all faces and NO_FACE; a kind's impossible faces are masked out when reading.

    A network saved before NO_FACE existed (a venue's taught faces.npz) has one output per face and never says
    NO_FACE."""

    def __init__(self, w1: np.ndarray, b1: np.ndarray, w2: np.ndarray, b2: np.ndarray) -> None:
        # Weight decay leaves unused weights tiny; as subnormal floats they make every product many times slower.
        self.w1, self.b1, self.w2, self.b2 = (
            np.where(np.abs(w) < 1e-30, 0, w).astype(np.float32) for w in (w1, b1, w2, b2)
        )

    def probabilities(self, x: np.ndarray) -> np.ndarray:
        hidden = np.maximum(x @ self.w1 + self.b1, 0)
        logits = hidden @ self.w2 + self.b2
        logits -= logits.max(axis=-1, keepdims=True)
        e = np.exp(logits)
        return e / e.sum(axis=-1, keepdims=True)

    @property
    def labels(self) -> tuple[str, ...]:
        return LABELS[: self.w2.shape[1]]

    def read_many(
        self, maps: np.ndarray, allowed: list[tuple[str, ...]], views: int = 1
    ) -> list[tuple[str | None, float]]:
        """The face of each glyph map, limited to the faces `allowed` (its kind's, and NO_FACE where that may be the
        answer), with its probability; None when NO_FACE wins. With `views`, each die has that many maps in a row
        (its crop a little moved) and their probabilities are averaged."""
        if len(maps) == 0:
            return []
        n, labels = len(maps) // views, self.labels
        p = self.probabilities(features(maps)).reshape(n, views * 4, len(labels)).mean(axis=1)  # turn-invariant
        mask = np.array([[label in faces for label in labels] for faces in allowed])
        p = np.where(mask, p, 0)
        best = p.argmax(axis=1)
        confidence = p[np.arange(len(best)), best] / np.maximum(p.sum(axis=1), 1e-9)
        return [(None if labels[b] == NO_FACE else labels[b], float(c)) for b, c in zip(best, confidence, strict=True)]

    @classmethod
    def train(
        cls,
        x: np.ndarray,
        y: np.ndarray,
        hidden: int = 64,
        epochs: int = 30,
        seed: int = 0,
        start: FaceNet | None = None,
        rate: float = 0.003,
        faces_only: bool = False,
    ) -> FaceNet:
        """Adam on cross-entropy; from `start`'s weights when given (teaching adapts the shipped network).

        `faces_only` (teaching: photos of faces only): NO_FACE is left out of the softmax and its own weights are not
        changed, or photos that all show a face would teach the network never to say NO_FACE."""
        rng = np.random.default_rng(seed)
        n, d = x.shape
        if start is not None:
            w1, b1, w2, b2 = (p.astype(np.float32).copy() for p in (start.w1, start.b1, start.w2, start.b2))
        else:
            w1 = rng.normal(0, math.sqrt(2 / d), (d, hidden)).astype(np.float32)
            b1 = np.zeros(hidden, np.float32)
            w2 = rng.normal(0, math.sqrt(1 / hidden), (hidden, len(LABELS))).astype(np.float32)
            b2 = np.zeros(len(LABELS), np.float32)
        trained = len(FACES) if faces_only else w2.shape[1]
        params = [w1, b1, w2[:, :trained], b2[:trained]]  # views: updating them updates w2 and b2
        m = [np.zeros_like(p) for p in params]
        v = [np.zeros_like(p) for p in params]
        step = 0
        for _ in range(epochs):
            for batch in np.array_split(rng.permutation(n), max(1, n // 128)):
                xb, yb = x[batch], y[batch]
                h = np.maximum(xb @ w1 + b1, 0)
                logits = h @ params[2] + params[3]
                logits -= logits.max(axis=1, keepdims=True)
                p = np.exp(logits)
                p /= p.sum(axis=1, keepdims=True)
                p[np.arange(len(yb)), yb] -= 1
                g_logits = p / len(yb)
                g_h = (g_logits @ params[2].T) * (h > 0)
                grads = [xb.T @ g_h + 1e-4 * w1, g_h.sum(0), h.T @ g_logits + 1e-4 * params[2], g_logits.sum(0)]
                step += 1
                for i, (param, grad) in enumerate(zip(params, grads, strict=True)):
                    m[i] = 0.9 * m[i] + 0.1 * grad
                    v[i] = 0.999 * v[i] + 0.001 * grad * grad
                    param -= rate * (m[i] / (1 - 0.9**step)) / (np.sqrt(v[i] / (1 - 0.999**step)) + 1e-8)
                    param[np.abs(param) < 1e-30] = 0  # no subnormals (see __init__)
                    v[i][v[i] < 1e-30] = 0
        return cls(w1, b1, w2, b2)

    def save(self, path: str) -> None:
        np.savez_compressed(path, w1=self.w1, b1=self.b1, w2=self.w2, b2=self.b2)

    @classmethod
    def load(cls, path: str) -> FaceNet:
        """The network saved at `path`; ValueError if it holds no face network this reader can use."""
        data = np.load(path)
        w1, b1, w2, b2 = (data[name] for name in ("w1", "b1", "w2", "b2"))
        hidden = b1.shape[0] if b1.ndim == 1 else -1
        outputs = w2.shape[1] if w2.ndim == 2 else -1
        if not (
            w1.shape == (_HOG.getDescriptorSize(), hidden)
            and w2.shape == (hidden, outputs)
            and b2.shape == (outputs,)
            and outputs in (len(FACES), len(LABELS))
        ):
            raise ValueError(f"not a face network of this reader (weights {w1.shape} {b1.shape} {w2.shape} {b2.shape})")
        return cls(w1, b1, w2, b2)
