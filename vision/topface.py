"""A die's top face located by its outline and straightened, so the face reader sees the top face alone (issue 29).

Under a lamp the sides of a die look much like its top, so a crop centred on the die's whole blob lies about a tenth
of a die off the top face and carries a side's glyph. Here, in a window around the blob, the top face is the region
of the die's own colour around the middle (the sides are lit otherwise: darker or lighter); the convex hull of its
outline (closing the glyph's hole), reduced to four corners, is the face in perspective. The crop is then a
perspective warp of that quadrilateral to a square of the face's own size: centred on the top face, its sides made
square. Anything that does not look like a die's top face (too small, too big, not four-sided) leaves the old square
crop.

Far out in the frame of a wide, low camera a die shows a side nearly as big as its top, in the same colour: the two
are found as one long piece. That piece is split where the lightness steps (top and side face the lamp differently),
and the top is the part farther from the frame's middle: a camera sees the sides that face it. Likewise a top face
found longer one way than a top face looks has the strip of side it took in trimmed off the same way.

A side can still be found first: as big as the top and alike to it, with a step too faint to cut at. The reader then
takes the die for one on its edge and looks again (vision/pipeline.py): `beside` finds the top faces across the
found face's edges.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

import cv2
import numpy as np

from vision.segment import SHRINK_FIRST, averaged_around

WINDOW = 64  # the window around a blob, in pixels, covering REACH dice: the die is WINDOW / REACH px wide there
REACH = 1.6
_DIE = WINDOW / REACH  # a die's width in the window
# (LAB distance from the body colour, lightness counting half, within which a pixel is the top face; the longest side
# at most this many times the shortest), tried in turn until a face is found
TRIES = ((16.0, 1.35), (22.0, 1.35), (28.0, 1.45))
# A top face covers this share of a die's area (square of die_px), no less, no more: less than a die's square, for
# its rounded rim, and less still at the far edge of a tilted camera's frame, farther from it than the calibrated die
MIN_AREA, MAX_AREA = 0.45, 1.3
MAX_SHIFT = 0.3  # (dice) the top face's middle lies this near the window's, or the blob was something else
# (dice) windows tried in turn: the blob's middle, a quarter of a die to each side, then 0.3 die along each diagonal
# (a big die on a cloth like its sides, lit from above: its blob takes in its dark sides and shadow on one corner)
LOOK_AROUND = ((0.0, 0.0), (0.25, 0.0), (-0.25, 0.0), (0.0, 0.25), (0.0, -0.25),
               (0.3, 0.3), (-0.3, 0.3), (0.3, -0.3), (-0.3, -0.3))  # fmt: skip
# (dice) and this near the blob's middle (which lies up to about half a die off the top face): a neighbour's face
# found from here is a die already found, and the reader keeps one die per place (pipeline.one_per_place)
MAX_DRIFT = 0.6
_WEIGHTS = np.array([0.5, 1.0, 1.0], np.float32)
_CENTRE = slice(int(WINDOW / 2 - _DIE * 0.25), int(WINDOW / 2 + _DIE * 0.25))
_ys, _xs = np.mgrid[0:WINDOW, 0:WINDOW] + 0.5 - WINDOW / 2
_RADIUS = np.hypot(_xs, _ys) / _DIE
# Outside the glyph (printed in the face's middle), inside the face even when the blob is a tenth of a die off it.
_RING = (_RADIUS > 0.3) & (_RADIUS < 0.42)
_RIM = np.zeros((WINDOW, WINDOW), bool)  # the window's outer 3 px: mostly cloth
_RIM[:3], _RIM[-3:], _RIM[:, :3], _RIM[:, -3:] = True, True, True, True
# A top face and one side found as one piece: its area (share of a die's) and longest side over shortest
PAIR_AREA, PAIR_SKEW = (0.55, 1.6), (1.35, 2.5)
PAIR_CUT = (0.3, 0.7)  # where along such a piece top and side meet: each is 0.3 of it at least
TRIM_OVER = 1.2  # a top face longer than this (longest side over shortest) ...
TRIM_CUT = (0.1, 0.4)  # ... may carry a strip of side this share of its length
MIN_STEP = 8.0  # (LAB lightness) top and side differ at least this much, or the piece is something else
MIN_EVEN = 0.15  # and the cut explains this share of the piece's lightness spread at least (a glare does not)
MIN_SPLIT_AREA = 0.35  # a die far out in the frame is farther from the camera: its top face looks smaller
NEARER = 1.5  # the cloth-aware tests: a face pixel is this many times nearer the body's colour than the cloth's
# Beside a face that proved no top (vision/pipeline.py's second look): the top is sought across each of its edges, as
# far again as the edge (ACROSS_EDGE times the way to its middle), and a step along the blob's axes (ALONG_AXES dice)
ACROSS_EDGE, ALONG_AXES = (2.0, 1.5), (0.7, 0.4)
BESIDE = (0.3, 1.2)  # (dice) how far beyond the first face such a top lies
# Around a glyph far out in the frame (the second look again): a face found too long, a top and the side beside it
# lit alike with no step to cut at, is cut square from its end away from the frame's middle if it runs along the way
# to the middle (the cosine at least ALONG_RADIUS) and lies far out (FAR_OUT of the half diagonal from the middle).
ALONG_RADIUS, FAR_OUT = 0.85, 0.5
_BEFORE = [3, 0, 1, 2]  # each corner's one before (np.roll by one, 10 times as fast)
_DISC = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5))


@dataclass(frozen=True)
class TopFace:
    """The top face's four corners in full-frame pixels, in turn around it, always the same way round (a warp from
    them never mirrors the glyph)."""

    corners: np.ndarray  # (4, 2) float32

    @property
    def centre(self) -> tuple[float, float]:
        x, y = self.corners.mean(axis=0)
        return float(x), float(y)

    @property
    def skew(self) -> float:
        """Its longest side over its shortest: 1 for a square seen straight on."""
        return _skew(self.corners)

    @property
    def side(self) -> float:
        """The side of the square of the face's area (the shoelace formula)."""
        x, y = self.corners[:, 0], self.corners[:, 1]
        return float(abs(np.dot(x, y[_BEFORE]) - np.dot(y, x[_BEFORE])) / 2) ** 0.5


def _skew(corners: np.ndarray) -> float:
    """A quadrilateral's longest side over its shortest."""
    sides = np.hypot(*(corners - corners[_BEFORE]).T)
    return float(sides.max() / max(sides.min(), 1e-6))


def _window(image: np.ndarray, x: float, y: float, angle: float, die_px: float) -> tuple[np.ndarray, np.ndarray]:
    """The WINDOW x WINDOW window around (x, y), turned by `angle`, and the affine map from the frame to it."""
    scale = _DIE / die_px
    matrix: np.ndarray = cv2.getRotationMatrix2D((x, y), angle, scale)
    matrix[:, 2] += (WINDOW / 2 - x, WINDOW / 2 - y)
    window = cv2.warpAffine(image, matrix, (WINDOW, WINDOW), flags=cv2.INTER_LINEAR,
                            borderMode=cv2.BORDER_REPLICATE)  # fmt: skip
    return window, matrix


def _corners(contour: np.ndarray) -> np.ndarray | None:
    """Four corners of a convex outline (its hull simplified until four points are left), or None."""
    hull = cv2.convexHull(contour)
    perimeter = cv2.arcLength(hull, True)
    for tolerance in (0.02, 0.04, 0.06, 0.08):
        corners = cv2.approxPolyDP(hull, tolerance * perimeter, True)
        if len(corners) == 4:
            return corners.reshape(4, 2).astype(np.float32)
        if len(corners) < 4:
            break
    return None


def find_top_face(
    image: np.ndarray, x: float, y: float, angle: float, die_px: float, flat: bool = True
) -> TopFace | None:
    """The top face of the die found at (x, y) (its blob's middle and angle), or None if none is clear there.

    Looked for around the blob's middle first, then a quarter of a die to each side and along the diagonals: a blob
    that carries the die's shadow (a dark die on dark cloth) has its middle off the top face. `flat`: segmentation
    took the die for one lying flat, so a piece twice as long may be its top and a side (a die on its edge shows two
    half faces)."""
    for dx, dy in LOOK_AROUND:
        cx, cy = x + dx * die_px, y + dy * die_px
        face = _top_face_at(image, cx, cy, angle, die_px, flat)
        if face is not None and np.hypot(face.centre[0] - x, face.centre[1] - y) <= MAX_DRIFT * die_px:
            return face
    return None


def beside(
    image: np.ndarray, face: TopFace | None, x: float, y: float, angle: float, die_px: float
) -> Iterator[TopFace]:
    """Top faces found beside the one found at (x, y) (`face`, else the blob's middle there): where the top lies
    when what was found first was a side, or a side and its shadow, alike to it. At most one each way: across each of
    the face's edges first, then along the blob's axes (found as they are asked for: the first may do)."""
    middle = np.array([x, y], np.float32)
    turn = math.radians(angle)
    axes = np.array([(math.cos(turn), math.sin(turn)), (-math.sin(turn), math.cos(turn))], np.float32)
    ways = [(np.concatenate([axes, -axes]) * die_px, ALONG_AXES)]
    if face is not None:  # to the middle of each of its edges
        ways.insert(0, ((face.corners + face.corners[_BEFORE]) / 2 - middle, ACROSS_EDGE))
    for steps, times in ways:
        for step in steps:
            reach = float(np.hypot(*step))
            if reach < 1.0:
                continue  # (a face found with no size)
            for t in times:
                at = middle + step * t
                other = _top_face_at(image, float(at[0]), float(at[1]), angle, die_px, flat=True)
                if other is None:
                    continue
                beyond = float(np.subtract(other.centre, middle) @ step) / reach
                if BESIDE[0] * die_px < beyond < BESIDE[1] * die_px:
                    yield other
                    break


def _top_face_at(image: np.ndarray, x: float, y: float, angle: float, die_px: float, flat: bool) -> TopFace | None:
    window, matrix = _window(image, x, y, angle, die_px)
    lab = cv2.cvtColor(cv2.GaussianBlur(window, (3, 3), 0), cv2.COLOR_BGR2LAB).astype(np.float32)
    distance = _distance(lab, np.median(lab[_RING], axis=0))  # from the body's colour
    back = cv2.invertAffineTransform(matrix)
    # The top is the part away from the frame's middle: that direction, turned and scaled as the window is.
    away = matrix[:, :2] @ np.array([x - image.shape[1] / 2, y - image.shape[0] / 2])
    pairs = []  # pieces that look like a top face and a side together
    # The strictest colour test first (the most exact outline); a looser one for a face the lamp lights unevenly.
    # Where the cloth is near the body's colour (a black die on navy felt), then only pixels nearer the body than
    # the cloth (the window's rim) count.
    for cloth_aware in (False, True):
        if cloth_aware:
            nearer_body = distance * NEARER**2 < _distance(lab, np.median(lab[_RIM], axis=0))
        for near_colour, skew in TRIES:
            test = distance < near_colour**2
            piece, corners = _central_piece((test & nearer_body if cloth_aware else test).view(np.uint8))
            if corners is None:
                continue
            if _is_top_face(corners, skew):
                if _skew(corners) > TRIM_OVER:  # perhaps a strip of side taken in
                    trimmed = _part_away(lab[..., 0], piece, corners, away, TRIM_CUT)
                    if trimmed is not None and _skew(trimmed) < _skew(corners):
                        corners = trimmed
                return _in_frame(corners, back)
            if flat and _is_top_and_side(corners):
                pairs.append((piece, corners))
    for piece, corners in pairs:
        top = _part_away(lab[..., 0], piece, corners, away, PAIR_CUT)
        if top is not None and _skew(top) <= TRIES[-1][1]:
            return _in_frame(top, back)
    return None


def _in_frame(corners: np.ndarray, back: np.ndarray) -> TopFace:
    """The face whose corners are given in the window, in the frame's pixels (`back`: the window's inverse map)."""
    if cv2.contourArea(corners, oriented=True) < 0:
        corners = corners[::-1].copy()  # always the same turn: a warp must never mirror the glyph
    return TopFace((corners @ back[:, :2].T + back[:, 2]).astype(np.float32))


def _distance(lab: np.ndarray, colour: np.ndarray) -> np.ndarray:
    """Squared LAB distance of each pixel from `colour`, lightness counting half."""
    offset = (lab - colour) * _WEIGHTS
    return np.einsum("yxc,yxc->yx", offset, offset)


def _central_piece(near: np.ndarray) -> tuple[np.ndarray, np.ndarray | None]:
    """The piece of `near` (0/1: the body's colour) with most pixels in the window's middle (the glyph there is a
    hole in it, or cuts it open), and its four corners (None if it has no four-sided outline)."""
    near = cv2.morphologyEx(near, cv2.MORPH_OPEN, _DISC)  # a side's stray pixels of the body's colour
    count, labels = cv2.connectedComponents(near)
    if count < 2:
        return near, None
    votes = np.bincount(labels[_CENTRE, _CENTRE].ravel(), minlength=count)
    votes[0] = 0
    piece = (labels == int(votes.argmax())).view(np.uint8)
    contours, _ = cv2.findContours(piece, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    return piece, _corners(max(contours, key=cv2.contourArea))


def _is_top_face(corners: np.ndarray, skew: float) -> bool:
    """A top face's size and shape, near the window's middle."""
    area = cv2.contourArea(corners)
    return (
        MIN_AREA * _DIE**2 <= area <= MAX_AREA * _DIE**2
        and _skew(corners) <= skew
        and np.hypot(*(corners.mean(axis=0) - WINDOW / 2)) <= MAX_SHIFT * _DIE
    )


def _is_top_and_side(corners: np.ndarray) -> bool:
    """A top face and a side seen as one piece: about a die wide and up to two long."""
    area = cv2.contourArea(corners)
    return PAIR_AREA[0] * _DIE**2 <= area <= PAIR_AREA[1] * _DIE**2 and PAIR_SKEW[0] < _skew(corners) <= PAIR_SKEW[1]


def _part_away(
    lightness: np.ndarray, piece: np.ndarray, corners: np.ndarray, away: np.ndarray, near_share: tuple[float, float]
) -> np.ndarray | None:
    """The corners of the part of a long `piece` (its four `corners`) farther along `away` (from the frame's middle):
    the piece straightened with its long sides upright and cut across where the lightness of its rows (the glyphs
    left out) steps most, the other part `near_share` of the piece's length. None if there is no clear step where a
    top and a side would meet, or what is left is too small for a top face."""
    quad = _lengthwise(corners)
    along = quad[1] - quad[0] + quad[2] - quad[3]  # from the first rows to the last
    length = round((np.hypot(*(quad[1] - quad[0])) + np.hypot(*(quad[2] - quad[3]))) / 2)
    width = round((np.hypot(*(quad[3] - quad[0])) + np.hypot(*(quad[2] - quad[1]))) / 2)
    upright = np.array([[0, 0], [0, length], [width, length], [width, 0]], np.float32)
    matrix = cv2.getPerspectiveTransform(quad.astype(np.float32), upright)
    rows = cv2.warpPerspective(lightness, matrix, (width, length), flags=cv2.INTER_LINEAR).astype(np.float64)
    kept = cv2.warpPerspective(piece, matrix, (width, length), flags=cv2.INTER_NEAREST).astype(bool)
    count, total = kept.sum(axis=1).astype(np.float64), (rows * kept).sum(axis=1)
    everywhere = float((rows * rows * kept).sum()) - total.sum() ** 2 / max(count.sum(), 1.0)
    far_last = bool(along @ away > 0)  # the last rows are the far part
    low, high = near_share if far_last else (1 - near_share[1], 1 - near_share[0])
    # The cut leaving the two parts each most even in lightness: the one explaining most of the spread (each cut's
    # sums from running totals: one pass, not one per cut).
    cuts = np.arange(round(length * low), round(length * high) + 1)
    counted, summed = np.cumsum(np.r_[0.0, count]), np.cumsum(np.r_[0.0, total])
    valid = np.minimum(counted[cuts], counted[-1] - counted[cuts]) >= width
    cuts = cuts[valid]
    if not len(cuts):
        return None
    before, after = counted[cuts], counted[-1] - counted[cuts]
    step = summed[cuts] / before - (summed[-1] - summed[cuts]) / after
    explained = before * after / (before + after) * step**2
    best = int(explained.argmax())  # (the first of equals, as the loop it replaces took)
    if abs(step[best]) < MIN_STEP or explained[best] < MIN_EVEN * everywhere:
        return None
    start, end = (int(cuts[best]), length) if far_last else (0, int(cuts[best]))
    part = np.array([[[0, start], [0, end], [width, end], [width, start]]], np.float32)
    top: np.ndarray = cv2.perspectiveTransform(part, np.linalg.inv(matrix))[0]
    return top if cv2.contourArea(top) >= MIN_SPLIT_AREA * _DIE**2 else None


def _lengthwise(corners: np.ndarray) -> np.ndarray:
    """The four corners in turn from one where a long side starts: (0 -> 1) and (3 -> 2) run along the piece."""
    sides = np.hypot(*(corners - corners[_BEFORE]).T)  # sides[i]: from corner i - 1 to corner i
    return corners[_BEFORE] if sides[0] + sides[2] > sides[1] + sides[3] else corners


def squared_away(face: TopFace, width: int, height: int) -> TopFace | None:
    """The square end of a face found too long, away from the middle of the frame (`width` x `height`): a flat die far
    out in a wide view shows a side beside its top, towards the middle, and of one colour, lit alike, they are found
    as one face. None unless the face runs along the way to the middle and lies far out (ALONG_RADIUS, FAR_OUT): a die
    on its edge shows two half faces side by side any way round, anywhere."""
    quad = _lengthwise(face.corners)
    length = (np.hypot(*(quad[1] - quad[0])) + np.hypot(*(quad[2] - quad[3]))) / 2
    across = (np.hypot(*(quad[3] - quad[0])) + np.hypot(*(quad[2] - quad[1]))) / 2
    middle = np.array([width / 2, height / 2], np.float32)
    out = face.corners.mean(axis=0) - middle
    along = (quad[1] + quad[2] - quad[0] - quad[3]) / 2
    reach = float(np.hypot(*out))
    if length <= across or reach < FAR_OUT * float(np.hypot(*middle)):
        return None
    if abs(float(out @ along)) < ALONG_RADIUS * reach * float(np.hypot(*along)):
        return None
    if float(out @ along) < 0:
        quad = quad[[2, 3, 0, 1]]  # (the same turn, so the glyph is never mirrored) the far end now at corners 1, 2
    cut = 1 - float(across / length)
    square = [quad[0] + cut * (quad[1] - quad[0]), quad[1], quad[2], quad[3] + cut * (quad[2] - quad[3])]
    return TopFace(np.array(square, np.float32))


def straightened(image: np.ndarray, face: TopFace, die_px: float, crop: int) -> np.ndarray:
    """A crop x crop picture of the die with its top face warped square, as big in it as the face is among dice
    die_px wide: the crop the face reader has always read, with the face centred and its perspective undone."""
    half = crop * face.side / die_px / 2
    centre = crop / 2
    square = np.array([[centre - half, centre - half], [centre + half, centre - half], [centre + half, centre + half],
                       [centre - half, centre + half]], np.float32)  # fmt: skip
    matrix = cv2.getPerspectiveTransform(face.corners, square)
    if face.side <= 2 * crop:
        return cv2.warpPerspective(image, matrix, (crop, crop), flags=cv2.INTER_LINEAR,
                                   borderMode=cv2.BORDER_REPLICATE)  # fmt: skip
    # A large die: its neighbourhood averaged down first, or the warp would alias its glyph.
    x, y = face.centre
    source, (sx, sy), whole = averaged_around(image, x, y, int(face.side), SHRINK_FIRST * face.side / crop)
    back = np.array([[whole, 0, x - sx * whole], [0, whole, y - sy * whole], [0, 0, 1]])  # its pixels in the frame
    return cv2.warpPerspective(source, matrix @ back, (crop, crop), flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REPLICATE)  # fmt: skip
