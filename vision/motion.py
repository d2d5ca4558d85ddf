"""Settle detection: dice count only once the tray has been still for a few frames in a row."""

from __future__ import annotations

import cv2
import numpy as np

MOTION_SIZE = (80, 60)  # motion is measured on a tiny grey copy: a rolling die changes many of its pixels, noise few


class MotionCheck:
    """Which cells of the tiny grey copy changed since the previous frame (None for the first frame)."""

    def __init__(self, level: int = 18) -> None:
        self.level = level
        self._previous: np.ndarray | None = None

    def changed(self, image: np.ndarray) -> np.ndarray | None:
        small = cv2.resize(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), MOTION_SIZE, interpolation=cv2.INTER_AREA)
        previous, self._previous = self._previous, small
        if previous is None:
            return None
        return cv2.absdiff(small, previous) > self.level

    def forget(self) -> None:
        """The next frame is compared with nothing (after the camera was lost)."""
        self._previous = None


class SettleDetector:
    """Feed every frame; `feed` says True on the frame where the tray has been still for `frames` frames."""

    def __init__(self, frames: int = 5, changed_fraction: float = 0.002, level: int = 18) -> None:
        self.frames = frames
        self.changed_fraction = changed_fraction
        self.still = 0
        self.check = MotionCheck(level)

    def is_moving(self, changed: np.ndarray | None) -> bool:
        return changed is None or bool(np.count_nonzero(changed) > self.changed_fraction * changed.size)

    def moving(self, image: np.ndarray) -> bool:
        return self.is_moving(self.check.changed(image))

    def feed(self, image: np.ndarray) -> bool:
        """True exactly once per rest: on the frame that completes `frames` still frames."""
        self.still = 0 if self.moving(image) else self.still + 1
        return self.still == self.frames
