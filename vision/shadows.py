"""Telling a cast shadow from a die (issue 29).

A shadow takes light away from the cloth and nothing else: every colour channel falls by the same share, so the
cloth keeps its hue and its chroma ratio. In LAB that is exact: scaling the light by k scales L* + 16, a* and b*
alike by the cube root of k (L + 40.8, a - 128 and b - 128 in OpenCV's 8-bit LAB). A shadow also never falls below
what the room's light leaves (a lamp's shadow core is about half the cloth's brightness). A die has its own colour
(a* and b* not the cloth's, scaled) or is darker than any shadow (a black die on grey felt keeps the felt's grey
but takes ~90 % of the light).
"""

from __future__ import annotations

import cv2
import numpy as np

DARKEST = 0.5  # (L + 40.8) ratio: a shadow keeps ~12 % of the light (~40 % of the pixel values); darker is a die
LIGHTEST = 0.95  # a darkening of less than this (~15 % of the light) is noise or the lamp's slope
SAME_COLOUR = 10.0  # a*, b* within this (summed) of the cloth's scaled by the same ratio: the cloth in shadow


def shadow_mask(lab: np.ndarray, tray: np.ndarray, loose: float = 1.0) -> np.ndarray:
    """0/1 uint8 where `lab` (OpenCV 8-bit LAB scale, float) is the cloth of `tray` (same) in shadow. `loose` > 1
    widens the colour allowed and the depth: for growing a shadow already found (its deepest, noisiest pixels).
    Any shape: the last axis is L, a, b (so it also takes (n, 3) pixels picked out)."""
    return shadow_masks(lab, tray, (loose,))[0]


def shadow_masks(lab: np.ndarray, tray: np.ndarray, looseness: tuple[float, ...]) -> list[np.ndarray]:
    """shadow_mask at several `loose` values, the light's ratio and the colour's drift computed once."""
    ratio = (lab[..., 0] + 40.8) / (tray[..., 0] + 40.8)
    drift = np.abs((lab[..., 1] - 128) - ratio * (tray[..., 1] - 128))
    drift += np.abs((lab[..., 2] - 128) - ratio * (tray[..., 2] - 128))
    lit = ratio < LIGHTEST
    return [(lit & (ratio > DARKEST / loose) & (drift < SAME_COLOUR * loose)).view(np.uint8) for loose in looseness]


def without_shadows(mask: np.ndarray, lab: np.ndarray, tray: np.ndarray) -> np.ndarray:
    """The 0/1 `mask` of things unlike the tray with the shadow pixels taken out, and the thin remains of the
    shadow's edge opened away."""
    kept = mask & (1 - shadow_mask(lab, tray))
    return cv2.morphologyEx(kept, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
