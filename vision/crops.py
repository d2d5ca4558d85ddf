"""Each found die cut out square to the image, and what the readers need from it: body colour, glyph colour, glyph map.

One small warp per die and one LAB conversion for all dice together: no full-frame colour conversion.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from vision.segment import SHRINK_FIRST, Blob, averaged_around
from vision.topface import TopFace, find_top_face, straightened

CROP = 40  # the whole die, turned square to the image (its angle mod 90)
GLYPH = 32  # the inner 80 % of the crop: no rim, no neighbour
_INNER = slice((CROP - GLYPH) // 2, (CROP + GLYPH) // 2)
_ys, _xs = np.mgrid[0:CROP, 0:CROP] + 0.5 - CROP / 2
_radius = np.hypot(_xs, _ys) / CROP
RING = (_radius > 0.34) & (_radius < 0.44)  # outside the glyph, inside the darker rim: the body's own colour
LAB_WEIGHTS = np.array([0.5, 1.0, 1.0], np.float32)  # light varies lightness far more than colour


@dataclass(frozen=True)
class DieLooks:
    """Per die: body and glyph colour (LAB), and the glyph map (GLYPH x GLYPH, 0-255 'how unlike the body')."""

    body: np.ndarray  # (n, 3)
    glyph: np.ndarray  # (n, 3)
    maps: np.ndarray  # (n, GLYPH, GLYPH) uint8

    @property
    def colours(self) -> np.ndarray:
        """Body and glyph colour side by side, (n, 6): what the kind reader looks at."""
        return np.concatenate([self.body, self.glyph], axis=1)


def die_crops(image: np.ndarray, centres: Sequence[tuple[float, float, float]], die_px: float) -> np.ndarray:
    """(n, CROP, CROP, 3) BGR crops, one per (x, y, angle) in full-frame pixels, each die scaled to CROP pixels.

    A die much bigger than the crop (a low camera, a high resolution; over CROP / SHRINK_FIRST, 57 px) is first
    shrunk by averaging (INTER_AREA): a warp alone would take every other pixel and alias its glyph."""
    crops = np.empty((len(centres), CROP, CROP, 3), np.uint8)
    scale = CROP / die_px
    for i, (x, y, angle) in enumerate(centres):
        source, sx, sy, s = image, x, y, scale
        if scale < SHRINK_FIRST:  # (the crop turned by any angle lies within 0.75 die of its middle)
            source, (sx, sy), whole = averaged_around(image, x, y, int(die_px * 0.75) + 2, SHRINK_FIRST / scale)
            s = scale * whole
        matrix: np.ndarray = cv2.getRotationMatrix2D((sx, sy), angle, s)
        matrix[:, 2] += (CROP / 2 - sx, CROP / 2 - sy)
        crops[i] = cv2.warpAffine(source, matrix, (CROP, CROP), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    return crops


def die_looks(crops: np.ndarray) -> DieLooks:
    n = len(crops)
    if n == 0:
        return DieLooks(
            np.zeros((0, 3), np.float32), np.zeros((0, 3), np.float32), np.zeros((0, GLYPH, GLYPH), np.uint8)
        )
    lab8 = cv2.cvtColor(crops.reshape(n * CROP, CROP, 3), cv2.COLOR_BGR2LAB).reshape(n, CROP, CROP, 3)
    body = np.median(lab8[:, RING], axis=1).astype(np.float32)
    inner = lab8[:, _INNER, _INNER].astype(np.float32)
    offset = inner - body[:, None, None, :]
    offset *= LAB_WEIGHTS
    distance = np.sqrt(np.einsum("nyxc,nyxc->nyx", offset, offset))
    peak = np.maximum(distance.reshape(n, -1).max(axis=1), 20.0)
    distance *= (255 / peak)[:, None, None]
    maps = np.clip(distance, 0, 255).astype(np.uint8)
    # The glyph's colour: the mean of the pixels at least half as unlike the body as the most unlike one.
    strong = (maps >= 128).astype(np.float32)
    glyph = np.einsum("nyxc,nyx->nc", inner, strong) / np.maximum(strong.sum(axis=(1, 2)), 1)[:, None]
    return DieLooks(body, glyph.astype(np.float32), maps)


def where_die_lies(blob: Blob, top: TopFace | None) -> tuple[float, float]:
    """A found die's place in the frame: its top face's middle where that was clear (a blob may carry its shadow and
    sides), else its blob's."""
    return top.centre if top is not None else (blob.x, blob.y)


def top_face_crops(image: np.ndarray, blobs: Sequence[Blob], die_px: float) -> tuple[np.ndarray, list[TopFace | None]]:
    """Like die_crops, but each die whose top face is clear (vision/topface.py) is cut around that face, warped
    square; with each die's top face (None where none was clear)."""
    crops = np.empty((len(blobs), CROP, CROP, 3), np.uint8)
    faces = [find_top_face(image, blob.x, blob.y, blob.angle, die_px, blob.readable) for blob in blobs]
    for i, face in enumerate(faces):
        if face is not None:
            crops[i] = straightened(image, face, die_px, CROP)
    unclear = [i for i, face in enumerate(faces) if face is None]
    if unclear:
        crops[unclear] = die_crops(image, [(blobs[i].x, blobs[i].y, blobs[i].angle) for i in unclear], die_px)
    return crops, faces


def moved_crops(crops: np.ndarray, moves: Sequence[tuple[float, float, float]]) -> np.ndarray:
    """(n, len(moves), CROP, CROP, 3): each crop shifted by (dx, dy) dice and turned by `turn` degrees per move."""
    out = np.empty((len(crops), len(moves), CROP, CROP, 3), np.uint8)
    for j, (dx, dy, turn) in enumerate(moves):
        matrix: np.ndarray = cv2.getRotationMatrix2D((CROP / 2, CROP / 2), turn, 1.0)
        matrix[:, 2] += (dx * CROP, dy * CROP)
        for i, crop in enumerate(crops):
            out[i, j] = cv2.warpAffine(crop, matrix, (CROP, CROP), flags=cv2.INTER_LINEAR,
                                       borderMode=cv2.BORDER_REPLICATE)  # fmt: skip
    return out
