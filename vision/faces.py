"""Which face a die shows: a small numpy network on HOG features of the die's glyph, turned upright."""

from __future__ import annotations

import math

import cv2
import numpy as np

from vision.dice import FACES

CROP = 32
_HOG = cv2.HOGDescriptor((CROP, CROP), (16, 16), (8, 8), (8, 8), 9)


def glyph_map(image: np.ndarray, x: float, y: float, angle: float, die_px: float, body: np.ndarray) -> np.ndarray:
    """The die turned square to the image (its angle mod 90), as CROP x CROP 'how unlike the body' values."""
    scale = CROP / (die_px * 0.8)  # the inner 80 %: no rim, no neighbour
    matrix = cv2.getRotationMatrix2D((x, y), angle, scale)
    matrix[:, 2] += (CROP / 2 - x, CROP / 2 - y)
    crop = cv2.warpAffine(image, matrix, (CROP, CROP), flags=cv2.INTER_AREA | cv2.INTER_LINEAR)
    lab = cv2.cvtColor(crop, cv2.COLOR_BGR2LAB).astype(np.float32)
    distance = np.linalg.norm(lab - body, axis=2)
    return np.clip(distance / max(float(distance.max()), 20.0) * 255, 0, 255).astype(np.uint8)


def features(glyph: np.ndarray) -> np.ndarray:
    """HOG of the glyph in its four quarter turns: a die's glyph can point any of four ways."""
    return np.stack([_HOG.compute(np.ascontiguousarray(np.rot90(glyph, k))).ravel() for k in range(4)])


class FaceNet:
    """One hidden layer, softmax over all faces; a kind's impossible faces are masked out when reading."""

    def __init__(self, w1: np.ndarray, b1: np.ndarray, w2: np.ndarray, b2: np.ndarray) -> None:
        self.w1, self.b1, self.w2, self.b2 = w1, b1, w2, b2

    def probabilities(self, x: np.ndarray) -> np.ndarray:
        hidden = np.maximum(x @ self.w1 + self.b1, 0)
        logits = hidden @ self.w2 + self.b2
        logits -= logits.max(axis=-1, keepdims=True)
        e = np.exp(logits)
        return e / e.sum(axis=-1, keepdims=True)

    def read(self, glyph: np.ndarray, allowed: tuple[str, ...]) -> tuple[str, float]:
        p = self.probabilities(features(glyph)).mean(axis=0)  # averaged over the four turns: turn-invariant
        mask = np.array([face in allowed for face in FACES])
        p = np.where(mask, p, 0)
        best = int(np.argmax(p))
        return FACES[best], float(p[best] / max(p.sum(), 1e-9))

    @classmethod
    def train(cls, x: np.ndarray, y: np.ndarray, hidden: int = 64, epochs: int = 30, seed: int = 0) -> FaceNet:
        rng = np.random.default_rng(seed)
        n, d = x.shape
        w1 = rng.normal(0, math.sqrt(2 / d), (d, hidden)).astype(np.float32)
        b1 = np.zeros(hidden, np.float32)
        w2 = rng.normal(0, math.sqrt(1 / hidden), (hidden, len(FACES))).astype(np.float32)
        b2 = np.zeros(len(FACES), np.float32)
        params = [w1, b1, w2, b2]
        m = [np.zeros_like(p) for p in params]
        v = [np.zeros_like(p) for p in params]
        step = 0
        for _ in range(epochs):
            for batch in np.array_split(rng.permutation(n), max(1, n // 128)):
                xb, yb = x[batch], y[batch]
                h = np.maximum(xb @ w1 + b1, 0)
                logits = h @ w2 + b2
                logits -= logits.max(axis=1, keepdims=True)
                p = np.exp(logits)
                p /= p.sum(axis=1, keepdims=True)
                p[np.arange(len(yb)), yb] -= 1
                g_logits = p / len(yb)
                g_h = (g_logits @ w2.T) * (h > 0)
                grads = [xb.T @ g_h + 1e-4 * w1, g_h.sum(0), h.T @ g_logits + 1e-4 * w2, g_logits.sum(0)]
                step += 1
                for i, (param, grad) in enumerate(zip(params, grads, strict=True)):
                    m[i] = 0.9 * m[i] + 0.1 * grad
                    v[i] = 0.999 * v[i] + 0.001 * grad * grad
                    param -= 0.003 * (m[i] / (1 - 0.9**step)) / (np.sqrt(v[i] / (1 - 0.999**step)) + 1e-8)
        return cls(w1, b1, w2, b2)

    def save(self, path: str) -> None:
        np.savez_compressed(path, w1=self.w1, b1=self.b1, w2=self.w2, b2=self.b2)

    @classmethod
    def load(cls, path: str) -> FaceNet:
        data = np.load(path)
        return cls(data["w1"], data["b1"], data["w2"], data["b2"])
