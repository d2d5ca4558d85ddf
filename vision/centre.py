"""Where a flat die's top face's middle lies, to a twentieth of a die: a small convolutional network.

A face is read right 99.8 % of the time from a crop cut within 0.05 die of the top face's middle, and 77-91 % from
one 0.1-0.3 die off: far out in a tilted camera's frame the side beside the top carries a glyph of its own, as big as
the top's at 26 px (issue 29). The placer (vision/place.py) brings a die to within a few tenths; this network looks
at the die there, 1.6 dice wide at 25 pixels a die, its lightness and colour against the die's own body colour, with
where the frame's middle lies (a camera sees the sides that face it), and says how far the top's middle lies from
the crop's (in dice, along the crop's axes).

Trained with PyTorch on harsh renders (vision/train_centre.py) and run here by OpenCV's DNN module from an ONNX file:
no PyTorch on the table.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path

import cv2
import numpy as np

from vision.crops import CROP, die_crops
from vision.place import along_crop, capped
from vision.posture import against_body

SPAN = 1.6  # (dice) the crop's side: the die, the sides it shows and a rim of cloth
CHANNELS = 5  # lightness, colour, and three constants: the frame's middle along the crop's two axes, the die size
REACH = 0.35  # (dice) no die is moved farther than this: what was trained on (jitters up to 0.3 die from the placer's)
DEFAULT_MODEL = Path(__file__).with_name("models") / "centre.onnx"


def inputs(
    image: np.ndarray, centres: Sequence[tuple[float, float, float]], die_px: float, body: np.ndarray
) -> np.ndarray:
    """(n, CHANNELS, CROP, CROP) float32: what the network looks at, around each (x, y, angle) (`body`: each die's
    body colour, LAB, vision/crops.py)."""
    n = len(centres)
    out = np.empty((n, CHANNELS, CROP, CROP), np.float32)
    if n == 0:
        return out
    lightness, colour = against_body(die_crops(image, centres, die_px * SPAN), body)
    out[:, 0], out[:, 1] = lightness / 255, colour / 255
    height, width = image.shape[:2]
    half_diagonal = math.hypot(width / 2, height / 2)
    for i, (x, y, angle) in enumerate(centres):
        u, v = along_crop(width / 2 - x, height / 2 - y, angle)
        out[i, 2], out[i, 3], out[i, 4] = u / half_diagonal, v / half_diagonal, die_px / 100
    return out


class Centring:
    """The network, loaded from its ONNX file."""

    def __init__(self, path: Path = DEFAULT_MODEL) -> None:
        try:
            self.net = cv2.dnn.readNetFromONNX(str(path))
        except cv2.error as error:
            raise ValueError(f"{path} holds no centring network this reader can use") from error

    def offsets(self, x: np.ndarray) -> np.ndarray:
        """(n, 2): how far each top's middle lies from its crop's, in dice along the crop's axes, at most REACH."""
        if len(x) == 0:
            return np.zeros((0, 2), np.float32)
        self.net.setInput(np.ascontiguousarray(x, np.float32))
        return capped(np.asarray(self.net.forward(), np.float32).reshape(len(x), 2), REACH)
