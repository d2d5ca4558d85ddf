"""Whether a found die lies flat (its top face is read) or leans on an edge (no face to read): a small network.

Seen from a tilted camera under a lamp, a flat die shows its sides beside its top, and a die leaning on an edge shows
two faces, each squashed: no one measure of a blob's outline tells them apart (issue 29; the outline's length against
its width, vision/segment.py, took 3 % of flat dice for leaning ones and 24 % of leaning dice for flat ones). The
network looks at the die with its surroundings, 1.9 dice wide: the lightness and colour against the die's own (HOG of
each), with what the outline and the top face (vision/topface.py) measured and where in the frame the die lies (a
camera sees the sides that face the frame's middle). It is trained on harsh renders (vision/train.py).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import cv2
import numpy as np

from vision.crops import die_crops, where_die_lies
from vision.faces import hog_of_each
from vision.network import Committee
from vision.segment import Blob
from vision.topface import TopFace

SIZE = 32  # the context crop's side, in pixels
CONTEXT = 1.9  # (dice) the context crop's side: the die, its sides, its shadow and a rim of cloth
LIGHTNESS_GAIN, COLOUR_GAIN = 1.5, 4.0  # LAB differences from the die's body colour, scaled to fill a byte
GEOMETRY = 9  # measures besides the two HOGs (see geometry)
ACROSS = [5, 6]  # which of them are the frame's middle's components along the context crop's two axes
LEANING = 1  # the network's outputs: 0 flat, 1 leaning on an edge
_HOG = cv2.HOGDescriptor((SIZE, SIZE), (16, 16), (8, 8), (8, 8), 9)
INPUTS = 2 * _HOG.getDescriptorSize() + GEOMETRY


def context_crops(
    image: np.ndarray, blobs: Sequence[Blob], tops: Sequence[TopFace | None], die_px: float
) -> np.ndarray:
    """(n, SIZE, SIZE, 3) BGR: each die with its surroundings, centred on its top face (else its blob), turned as its
    blob lies."""
    centres = [(*where_die_lies(blob, top), blob.angle) for blob, top in zip(blobs, tops, strict=True)]
    wide = die_crops(image, centres, die_px * CONTEXT)
    out = np.empty((len(blobs), SIZE, SIZE, 3), np.uint8)
    for i, crop in enumerate(wide):
        out[i] = cv2.resize(crop, (SIZE, SIZE), interpolation=cv2.INTER_AREA)
    return out


def features(image: np.ndarray, blobs: Sequence[Blob], tops: Sequence[TopFace | None], die_px: float,
             body: np.ndarray) -> np.ndarray:  # fmt: skip
    """(n, INPUTS) float32: what the network looks at, for each die (`body`: its body colour, LAB, vision/crops.py)."""
    crops = context_crops(image, blobs, tops, die_px)
    height, width = image.shape[:2]
    measures = np.array([geometry(blob, top, die_px, width, height) for blob, top in zip(blobs, tops, strict=True)])
    return from_crops(crops, measures.reshape(-1, GEOMETRY), body)


def from_crops(crops: np.ndarray, geometry: np.ndarray, body: np.ndarray) -> np.ndarray:
    """features from the context crops, the measures and the body colours (training turns the crops first)."""
    if len(crops) == 0:
        return np.zeros((0, INPUTS), np.float32)
    lightness, colour = (channel.astype(np.uint8) for channel in against_body(crops, body))
    return np.concatenate([hog_of_each(_HOG, lightness), hog_of_each(_HOG, colour), geometry], axis=1).astype(
        np.float32
    )


def against_body(crops: np.ndarray, body: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each crop's lightness and colour against its die's body colour (`body`, LAB, one row per crop), each (n, h, w)
    float32 in 0-255: the lightness 128 where it is the body's."""
    n, h, w = crops.shape[:3]
    lab = cv2.cvtColor(crops.reshape(n * h, w, 3), cv2.COLOR_BGR2LAB).reshape(n, h, w, 3)
    off = lab.astype(np.float32) - np.asarray(body, np.float32)[:, None, None, :]
    lightness = np.clip(128 + off[..., 0] * LIGHTNESS_GAIN, 0, 255)
    colour = np.clip(np.hypot(off[..., 1], off[..., 2]) * COLOUR_GAIN, 0, 255)
    return lightness, colour


def geometry(blob: Blob, top: TopFace | None, die_px: float, width: int, height: int) -> list[float]:
    """Segmentation's own verdict, the top face's shape, where the frame's middle lies seen from the die (in the
    context crop's turned frame: the side that shows) and the die's size."""
    x, y = where_die_lies(blob, top)
    dx, dy = width / 2 - x, height / 2 - y
    out = math.hypot(dx, dy) / math.hypot(width / 2, height / 2)  # 0 at the frame's middle, 1 in its corners
    turn = math.radians(blob.angle)
    along = math.hypot(dx, dy) or 1.0
    across_x = abs(dx * math.cos(turn) + dy * math.sin(turn)) / along
    across_y = abs(-dx * math.sin(turn) + dy * math.cos(turn)) / along
    return [
        float(blob.readable),
        float(top is not None),
        top.skew - 1 if top is not None else 0.0,
        top.side / die_px - 1 if top is not None else 0.0,
        out,
        across_x * out,
        across_y * out,
        die_px / 100,
        math.hypot(blob.x - x, blob.y - y) / die_px,
    ]


class PostureNet(Committee):
    """Flat or leaning on an edge: a committee of small networks (outputs 0 and 1)."""

    FEATURES, OUTPUTS, WHAT = INPUTS, 2, "posture network"

    def leaning(self, x: np.ndarray) -> np.ndarray:
        """The probability that each die (a row of features) leans on an edge."""
        if len(x) == 0:
            return np.zeros(0, np.float32)
        return self.probabilities(x)[:, LEANING]

    @classmethod
    def train(
        cls, x: np.ndarray, leaning: np.ndarray, members: int = 3, hidden: int = 32, epochs: int = 40
    ) -> PostureNet:
        return cls(cls.fitted(x, leaning.astype(np.int64), cls.OUTPUTS, members, hidden, epochs))
