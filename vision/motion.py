"""Settle detection: dice count only once the tray has been still for a few frames in a row."""

from __future__ import annotations

import cv2
import numpy as np


class SettleDetector:
    """Feed every frame; `feed` says True on the frame where the tray has been still for `frames` frames.

    Motion is measured on a tiny grey copy (80 x 60): a rolling die changes many of its pixels, sensor noise few.
    """

    def __init__(self, frames: int = 5, changed_fraction: float = 0.002, level: int = 18) -> None:
        self.frames = frames
        self.changed_fraction = changed_fraction
        self.level = level
        self.still = 0
        self._previous: np.ndarray | None = None

    def moving(self, image: np.ndarray) -> bool:
        small = cv2.resize(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), (80, 60), interpolation=cv2.INTER_AREA)
        previous, self._previous = self._previous, small
        if previous is None:
            return True
        changed = np.count_nonzero(cv2.absdiff(small, previous) > self.level)
        return changed > self.changed_fraction * small.size

    def feed(self, image: np.ndarray) -> bool:
        """True exactly once per rest: on the frame that completes `frames` still frames."""
        self.still = 0 if self.moving(image) else self.still + 1
        return self.still == self.frames
