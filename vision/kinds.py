"""Which kind a die is: its body colour, compared in LAB with one reference colour per kind."""

from __future__ import annotations

import math

import cv2
import numpy as np

LAB_WEIGHTS = np.array([0.5, 1.0, 1.0], np.float32)


def to_lab(bgr: tuple[int, int, int]) -> np.ndarray:
    return cv2.cvtColor(np.uint8([[bgr]]), cv2.COLOR_BGR2LAB)[0, 0].astype(np.float32)


def body_colour(image: np.ndarray, x: float, y: float, die_px: float) -> np.ndarray:
    """The median LAB colour of a ring inside the die: outside the glyph, inside the darker rim."""
    half = math.ceil(die_px * 0.5)
    x0, y0 = max(round(x) - half, 0), max(round(y) - half, 0)
    patch = image[y0 : round(y) + half, x0 : round(x) + half]
    lab = cv2.cvtColor(patch, cv2.COLOR_BGR2LAB).reshape(-1, 3).astype(np.float32)
    ys, xs = np.mgrid[y0 : y0 + patch.shape[0], x0 : x0 + patch.shape[1]]
    r = np.hypot(xs - x, ys - y).ravel() / die_px
    ring = lab[(r > 0.34) & (r < 0.44)]
    return np.median(ring if len(ring) else lab, axis=0)


class KindReader:
    """Nearest reference colour wins; confidence falls as the second-nearest kind comes close."""

    def __init__(self, references: dict[str, np.ndarray]) -> None:
        self.kinds = list(references)
        self.colours = np.stack([references[kind] for kind in self.kinds]).astype(np.float32)

    @classmethod
    def from_look(cls, body: dict[str, tuple[int, int, int]]) -> KindReader:
        return cls({kind: to_lab(colour) for kind, colour in body.items()})

    def read(self, colour: np.ndarray) -> tuple[str, float]:
        # Light on a tray varies in brightness far more than in hue: lightness counts less than colour.
        distance = np.linalg.norm((self.colours - colour) * LAB_WEIGHTS, axis=1)
        order = np.argsort(distance)
        best, second = distance[order[0]], distance[order[1]] if len(order) > 1 else np.inf
        confidence = float(1 - best / (best + second)) if np.isfinite(second) else 1.0
        return self.kinds[order[0]], confidence
