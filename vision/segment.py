"""Finding the dice on the tray: foreground against a smooth model of the tray, touching dice split by size."""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

SCALE = 0.5  # segment at half size: fast, and dice stay ~22 px wide


@dataclass(frozen=True)
class Blob:
    """One die found in the frame (full-size pixels). readable is False for a die on its edge or half hidden."""

    x: float
    y: float
    angle: float
    readable: bool


@dataclass(frozen=True)
class Segmentation:
    blobs: list[Blob]
    obstructed: bool  # something far bigger than any heap of dice (a hand) lies over the tray


def _tray_model(lab: np.ndarray) -> np.ndarray:
    """Fit each LAB channel of the tray as a quadratic in x, y, ignoring pixels that do not fit (the dice)."""
    h, w = lab.shape[:2]
    ys, xs = np.mgrid[0:h:8, 0:w:8]
    sample = lab[ys, xs].reshape(-1, 3).astype(np.float32)
    u, v = xs.ravel() / w - 0.5, ys.ravel() / h - 0.5
    design = np.stack([np.ones_like(u), u, v, u * u, v * v, u * v], axis=1).astype(np.float32)
    keep = np.ones(len(sample), bool)
    for _ in range(3):
        chosen = design[keep]
        coef = np.linalg.solve(chosen.T @ chosen + np.eye(6, dtype=np.float32) * 1e-3, chosen.T @ sample[keep])
        residual = np.linalg.norm(sample - design @ coef, axis=1)
        keep = residual < max(8.0, 2.5 * float(np.median(residual[keep])))
    # The model is smooth: evaluate it on a coarse grid and let resize interpolate (10x faster than per pixel).
    gu, gv = np.meshgrid(np.linspace(-0.5, 0.5, 40, dtype=np.float32), np.linspace(-0.5, 0.5, 30, dtype=np.float32))
    coarse = np.stack([np.ones_like(gu), gu, gv, gu * gu, gv * gv, gu * gv], axis=-1) @ coef.astype(np.float32)
    return cv2.resize(coarse, (w, h), interpolation=cv2.INTER_LINEAR)


def half_size_lab(image: np.ndarray) -> np.ndarray:
    small = cv2.resize(image, None, fx=SCALE, fy=SCALE, interpolation=cv2.INTER_AREA)
    return cv2.cvtColor(small, cv2.COLOR_BGR2LAB).astype(np.float32)


def foreground(image: np.ndarray, tray: np.ndarray | None = None) -> np.ndarray:
    """A 0/255 mask (half size) of everything that is not tray.

    `tray` is the empty tray as half_size_lab gives it (calibrated); without it the tray is modelled from the frame.
    """
    lab = half_size_lab(image)
    difference = cv2.absdiff(lab, _tray_model(lab) if tray is None else tray)
    # Shadows change lightness far more than colour, so lightness counts half.
    distance = cv2.transform(difference, np.array([[0.5, 1.0, 1.0]], np.float32))
    mask = (distance > 18).astype(np.uint8) * 255
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    # A die close to the tray colour shows only as pieces (rim, glyph): closing joins them.
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5)))
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    filled = np.zeros_like(mask)
    cv2.drawContours(filled, contours, -1, 255, cv2.FILLED)  # glyphs close to the tray colour leave holes
    return filled


def find_dice(image: np.ndarray, die_px: float, tray: np.ndarray | None = None) -> Segmentation:
    """Every die on the tray, touching dice separated by how many dice their heap's area holds."""
    mask = foreground(image, tray)
    die_area = (die_px * SCALE) ** 2
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask)
    if stats[1:, cv2.CC_STAT_AREA].sum() > die_area * 8.5:
        # More than six dice could cover: a hand or an arm, perhaps cut in pieces where its colour meets the tray's.
        return Segmentation([], obstructed=True)
    # Perspective, shadows and the light make dice look a little bigger or smaller in each frame: measure a lone die.
    areas = stats[1:, cv2.CC_STAT_AREA]
    lone = areas[(areas > die_area * 0.8) & (areas < die_area * 1.45)]
    unit = float(np.median(lone)) if len(lone) else die_area * 1.1
    blobs: list[Blob] = []
    for label in range(1, count):
        area = stats[label, cv2.CC_STAT_AREA]
        if area < die_area * 0.35:
            continue  # crumbs, noise, a glint
        if area > die_area * 7.5:
            return Segmentation([], obstructed=True)
        x, y, w, h = stats[label, :4]
        ys, xs = np.nonzero(labels[y : y + h, x : x + w] == label)
        points = np.column_stack([xs + x, ys + y]).astype(np.float32)
        heap = max(1, round(area / unit))
        if heap == 2 and _looks_on_edge(points, area, unit):
            heap = 1  # one die leaning on an edge covers 1.4 dice, not two dice side by side (2 x 1)
        blobs.extend(_split(points, heap, die_area))
    return Segmentation(blobs, obstructed=False)


def _looks_on_edge(points: np.ndarray, area: float, die_area: float) -> bool:
    _, (w, h), _ = cv2.minAreaRect(points)
    return area < die_area * 1.85 and max(w, h) / max(min(w, h), 1.0) < 1.7


def _split(points: np.ndarray, heap: int, die_area: float) -> list[Blob]:
    if heap == 1:
        groups = [points]
    else:
        cv2.setRNGSeed(0)  # the same frame always splits the same way
        criteria = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 20, 0.5)
        _, assignment, _ = cv2.kmeans(points, heap, None, criteria, 3, cv2.KMEANS_PP_CENTERS)
        groups = [points[assignment.ravel() == i] for i in range(heap)]
    blobs = []
    for group in groups:
        (cx, cy), (w, h), angle = cv2.minAreaRect(group)
        long, short = max(w, h), max(min(w, h), 1.0)
        # A flat die is square; one on its edge looks 1.4 times as long as wide; a half-hidden one is small.
        # A die cut from a heap has the straight cut of the split as one side, so it may look a little less square.
        readable = long / short < (1.25 if heap == 1 else 1.4) and len(group) > die_area * 0.7
        blobs.append(Blob(cx / SCALE, cy / SCALE, float(angle % 90), readable))
    return blobs
