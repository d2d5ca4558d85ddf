"""Where a found die's top face truly lies: a small network's correction to the place segmentation found.

Far out in a tilted camera's frame, a flat die's top face and the side beside it can look alike under the lamp: one
piece of one lightness with no step to cut at (vision/topface.py), so the top face found is top and side together and
its middle lies 0.3-0.5 die off, away from the frame's middle. A die leaning on an edge is found by its blob, whose
middle is not its top's either. The placer looks at what the posture network looks at (vision/posture.py: the die in
its surroundings, turned as its blob lies, and what the outline and top face measured) and says how far, in dice,
along the context crop's two axes the die's true top lies from there. Trained on harsh renders (vision/train.py).
"""

from __future__ import annotations

import math

import numpy as np

from vision.crops import where_die_lies
from vision.network import Committee
from vision.posture import INPUTS
from vision.segment import Blob
from vision.topface import TopFace

REACH = 0.6  # (dice) no die is moved farther than this: what was trained on (a blob nearer another die is not)


def along_crop(dx: float, dy: float, angle: float) -> tuple[float, float]:
    """A step in the frame, as it lies in a crop turned by `angle` degrees (vision/crops.die_crops)."""
    turn = math.radians(angle)
    return dx * math.cos(turn) + dy * math.sin(turn), -dx * math.sin(turn) + dy * math.cos(turn)


def in_frame(u: float, v: float, angle: float) -> tuple[float, float]:
    """A step along a turned crop's axes, as it lies in the frame (the inverse of along_crop)."""
    turn = math.radians(angle)
    return u * math.cos(turn) - v * math.sin(turn), u * math.sin(turn) + v * math.cos(turn)


def quarter_turned(offsets: np.ndarray, k: int) -> np.ndarray:
    """(n, 2) offsets along a crop's axes, as they lie once the crop is turned by np.rot90(crop, k)."""
    out = offsets.copy()
    for _ in range(k % 4):
        out = np.stack([out[:, 1], -out[:, 0]], axis=1)
    return out


def capped(moves: np.ndarray, reach: float) -> np.ndarray:
    """(n, 2) moves, each shortened to `reach` if longer (its direction kept)."""
    length = np.hypot(moves[:, 0], moves[:, 1])[:, None]
    return np.where(length > reach, moves * reach / np.maximum(length, 1e-9), moves).astype(np.float32)


def placed(blob: Blob, top: TopFace | None, offset: np.ndarray, die_px: float) -> tuple[float, float]:
    """Where the die lies in the frame: where segmentation found it, moved by the placer's `offset` (in dice)."""
    x, y = where_die_lies(blob, top)
    dx, dy = in_frame(float(offset[0]) * die_px, float(offset[1]) * die_px, blob.angle)
    return x + dx, y + dy


class PlaceNet(Committee):
    """How far each die's true top lies from where it was found: a committee of small networks fitted to it."""

    FEATURES, OUTPUTS, WHAT = INPUTS, 2, "placer"

    def offsets(self, x: np.ndarray) -> np.ndarray:
        """(n, 2) in dice along each context crop's axes, at most REACH long."""
        if len(x) == 0:
            return np.zeros((0, 2), np.float32)
        return capped(self.values(x), REACH)

    @classmethod
    def train(
        cls, x: np.ndarray, offsets: np.ndarray, members: int = 3, hidden: int = 32, epochs: int = 15
    ) -> PlaceNet:
        return cls(cls.fitted(x, offsets.astype(np.float32), cls.OUTPUTS, members, hidden, epochs))
