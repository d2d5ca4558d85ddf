"""Calibrating the reader under a venue's light: the empty tray, then one die of each kind.

What the person does (`pirate-table dice calibrate` asks for it step by step):
1. empties the tray: a few frames are taken and their per-pixel median is the tray background;
2. lays one die of the named kind in the tray, any face up, for each kind in turn: its colour becomes that kind's
   mean colour (the spread around it stays the shipped one).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from vision.crops import die_crops, die_looks
from vision.kinds import KindReader
from vision.segment import find_dice, half_size_lab


class CalibrationError(ValueError):
    """What the camera saw does not fit the step (dice in the 'empty' tray, no die or several dice)."""


def empty_tray(frames: Sequence[np.ndarray], die_px: float) -> np.ndarray:
    """The tray background: the per-pixel median of frames of the empty tray."""
    if not frames:
        raise CalibrationError("no picture of the empty tray")
    tray = np.median(np.stack(frames), axis=0).astype(np.uint8)
    found = find_dice(tray, die_px)
    if found.obstructed or found.blobs:
        raise CalibrationError(f"the tray is not empty: {len(found.blobs)} dice or a hand seen; empty it and retry")
    return tray


def one_die_colour(image: np.ndarray, die_px: float, tray: np.ndarray | None) -> np.ndarray:
    """Body and glyph colour (6 numbers) of the single die in the picture."""
    found = find_dice(image, die_px, half_size_lab(tray) if tray is not None else None)
    if found.obstructed:
        raise CalibrationError("something covers the tray")
    if len(found.blobs) != 1:
        raise CalibrationError(f"{len(found.blobs)} dice seen: lay exactly one die in the tray, flat")
    blob = found.blobs[0]
    return die_looks(die_crops(image, [(blob.x, blob.y, blob.angle)], die_px)).colours[0]


def calibrated_kinds(shipped: KindReader, colours: dict[str, np.ndarray]) -> KindReader:
    return shipped.with_means(colours)
