"""Finding the dice on the tray: foreground against a smooth model of the tray, touching dice split by size.

- Foreground: a clear colour difference from the tray model (LAB, lightness counting half because of shadows), or
  a pixel much darker than the tray there (darker than any shadow: a black die on dark felt).
- Heaps of touching dice: the count their area suggests; when the area is ambiguous ("3.5 dice") both counts are
  tried and the split whose parts look most like single dice (alike in size, none smaller than a die) is kept.
- A die joined by the closing to the glyph of a touching die (one ragged "die") is cut free by a wider opening; a
  heap with a part unlike a die is cut at its thin necks (dice seen in part, a glyph's stroke) the same way.
- Thin strokes far unlike the tray, away from every die found, that the noise filter erased are a dim glyph whose
  die's body is the tray's colour: strokes near one another are joined and sought as one glyph.
- A die whose body is almost the tray's colour shows only its glyph: a glyph-sized piece with no die around it is
  grown through a faint difference mask (the body, a little darker or differently tinted) into a die, if the grown
  piece is die-sized; else (body and shadow alike) the die is the square of a die's size around the glyph whose
  outline is sharpest (a die's edge is sharp, a shadow's soft).
- Two touching dice, one near the tray's colour and seen in part, make one ragged "die": if both halves have a die's
  outline around them, they are two dice.
The tray model is fitted to each frame, or given (calibrated empty tray, or fitted once on a still camera).
Any camera height and resolution: each frame is segmented at the scale that makes its dice SEGMENT_DIE (22) px wide,
half size for the 44 px dice every size in pixels below was tuned at; the die's width comes from calibration.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

import cv2
import numpy as np

from vision.shadows import shadow_mask, shadow_masks

SCALE = 0.5  # a 44 px die (the size the thresholds below were tuned at) is segmented at half size
SEGMENT_DIE = 22.0  # every frame is segmented at the scale that makes its dice this wide: any camera height
DARK = 0.74  # (L + 40.8) ratio to the tray's under which a pixel is a die, not a shadow
FAINT = 7.0  # a faint difference: the body of a die close to the tray colour (and shadows)
FAINT_DARK = 0.88  # ... or this (L + 40.8) ratio
STROKE = 40.0  # a thin stroke this unlike the tray is no noise: the glyph of a die otherwise unseen
SHADOW_AREA = 0.15  # (dice) a cast shadow smaller than this is left on its die: the reader copes as it always did
DEEP = 0.74  # (L + 40.8) ratio: a lamp's shadow core (~55 % of the pixel values) is darker; a soft shade is not
LOOSE = 1.5  # a shadow found is grown through pixels this much less strictly like the cloth in shadow
# (dice) "shadow" over more than this: the light changed (a lamp turned down), not cast shadows. Six dice under a low
# side lamp cast up to 6.5 dice of shadow (a fresh installation of issue 29's fourteenth round, beige felt at 48 px:
# at 6, left uncut, their pieces covered more than six dice can, "a hand"); a dimmed lamp darkens the whole tray.
LIGHT_CHANGE = 12.0
# (dice) pixels far unlike the cloth amid a shadow-like patch: a glyph, whose die the patch is (a smaller island is
# a bit of a die's own edge cut off by its shadow)
ISLAND = 0.05
# (dice) a piece keeps at least this much without its shadow: a die, whose shadow can go. A cream die on light wood
# keeps less than 0.6 (its top stands out from the wood only in part), and kept its shadow: found 0.3 die off towards
# it and read as leaning (issue 29's tenth round).
CAST_BY = 0.3
# A lone die covers up to this many dice: its side faces show away from the point under the camera (issue 29).
LONE_MAX = 1.75
# (dice) the most six dice cover, with the side faces the camera sees: more is a hand (30 dice or more) or a drift of
# the light (a first look); looked at again, up to 9.2 dice were seen under a high, tilted HD camera and a side lamp
# (tuning installation dev-side-hd-44px-green)
MOST, MOST_AGAIN = 8.5, 10.0
SIDES_SHOW = 1.25  # (dice) a lone piece bigger than this shows a die's sides too: its top face is sought
SIDES_AREA = 0.45  # (dice) at most this much of a lone piece lies outside its top face: a die's sides
SIDES_COLOUR = 12.0  # a*, b* (summed) within which a die's sides are its body's colour in another light
TOP_NEAR = 14.0  # LAB distance (lightness counting half) from the body colour within which a pixel is the top face
ONLY_SHADOW = 0.95  # a part of a heap with this share of its pixels cast shadow, and no glyph, is no die
GLYPH_AREA = 0.01  # a piece at least this big (in dice) may be the glyph of a die otherwise unseen


@dataclass(frozen=True)
class Blob:
    """One die found in the frame (full-size pixels). readable is False for a die on its edge or half hidden."""

    x: float
    y: float
    angle: float
    readable: bool
    # A piece unlike a die (found "on its edge"): where its top would lie if it is a flat die's top and side in one
    # piece, or its side and shadow with its top the cloth's colour: around its glyph (x, y, angle), in the piece or
    # apart beside it. The reader's second look (at a die found leaning, or flat away from it) tries there first.
    glyph: tuple[float, float, float] | None = None


@dataclass(frozen=True)
class Segmentation:
    blobs: list[Blob]
    obstructed: bool  # something far bigger than any heap of dice (a hand) lies over the tray


@lru_cache(maxsize=4)
def _tray_design(h: int, w: int) -> tuple[np.ndarray, np.ndarray]:
    """Where the tray is sampled (every 8th pixel) and the quadratic terms there; the same for every frame."""
    ys, xs = np.mgrid[0:h:8, 0:w:8]
    u, v = xs.ravel() / w - 0.5, ys.ravel() / h - 0.5
    design = np.stack([np.ones_like(u), u, v, u * u, v * v, u * v], axis=1).astype(np.float32)
    return design, (ys.ravel() * w + xs.ravel())


_COARSE_TERMS = np.stack(
    [
        np.ones((30, 40), np.float32),
        *np.meshgrid(np.linspace(-0.5, 0.5, 40, dtype=np.float32), np.linspace(-0.5, 0.5, 30, dtype=np.float32)),
    ],
    axis=-1,
)
_COARSE_TERMS = np.concatenate(
    [_COARSE_TERMS, _COARSE_TERMS[..., 1:2] ** 2, _COARSE_TERMS[..., 2:3] ** 2,
     _COARSE_TERMS[..., 1:2] * _COARSE_TERMS[..., 2:3]], axis=-1
)  # fmt: skip
_RIDGE = np.eye(6, dtype=np.float32) * 1e-3


def _tray_model(lab: np.ndarray) -> np.ndarray:
    """Fit each LAB channel of the tray as a quadratic in x, y, ignoring pixels that do not fit (the dice)."""
    h, w = lab.shape[:2]
    design, where = _tray_design(h, w)
    sample = lab.reshape(-1, 3)[where]
    keep = np.ones(len(sample), bool)
    for _ in range(3):
        chosen = design[keep]
        _, coef = cv2.solve(chosen.T @ chosen + _RIDGE, chosen.T @ sample[keep], flags=cv2.DECOMP_CHOLESKY)
        offset = sample - design @ coef
        residual = np.sqrt(np.einsum("ij,ij->i", offset, offset))
        keep = residual < max(8.0, 2.5 * float(np.median(residual[keep])))
    # The model is smooth: evaluate it on a coarse grid and let resize interpolate (10x faster than per pixel).
    return cv2.resize(_COARSE_TERMS @ coef.astype(np.float32), (w, h), interpolation=cv2.INTER_LINEAR)


def segment_scale(die_px: float) -> float:
    """How much a frame whose dice are `die_px` wide is shrunk (or grown) for segmenting: to dice SEGMENT_DIE wide.
    Dice within 10 % of 44 px are segmented at exactly half size (a clean 2 x 2 average), as they always were."""
    return SCALE if abs(die_px * SCALE / SEGMENT_DIE - 1) <= 0.1 else SEGMENT_DIE / die_px


def tray_model(image: np.ndarray, die_px: float = 44.0) -> np.ndarray:
    """The smooth model of the tray fitted to this frame, as find_dice takes it: fit it once on a still camera."""
    return _tray_model(half_size_lab(image, segment_scale(die_px)))


DRIFT_GRID = 8  # the camera's drift is fitted on every this-many-th pixel each way
DRIFT_OFF = 9.0  # a pixel farther than this from a fit of the drift (a die, a hand) is left out of the next fit
DRIFT_RIDGE = 25.0  # a channel whose tray spread is under this (its square) keeps a slope near 1: a plain cloth


def matched_tray(tray: np.ndarray, lab: np.ndarray) -> np.ndarray:
    """The calibrated empty tray (LAB, at the segmenting scale) in the exposure and white balance of this frame.

    A camera's exposure and white balance drift a few % from frame to frame: on a bright, saturated cloth that moves
    the cloth's colour farther from the calibrated one than a die's difference from it (teal felt under a lamp: three
    frames in 200 taken for a hand, issue 29). Each LAB channel of the frame is fitted as a line of the tray's: first
    a plain shift (the median: robust to dice and a hand), then twice a line through the pixels the fit before left
    near it."""
    before = tray[::DRIFT_GRID, ::DRIFT_GRID].reshape(-1, 3)
    now = lab[::DRIFT_GRID, ::DRIFT_GRID].reshape(-1, 3)
    slope, offset = np.ones(3, np.float32), np.median(now - before, axis=0)
    off = 2 * DRIFT_OFF
    for _ in range(2):
        near = (np.abs(before * slope + offset - now) @ _WEIGHTS[0]) < off
        if np.count_nonzero(near) < len(near) // 4:  # most of the tray covered: no fit to trust beyond the shift
            break
        x, y = before[near], now[near]
        mx, my = x.mean(axis=0), y.mean(axis=0)
        slope = (((x - mx) * (y - my)).mean(axis=0) + DRIFT_RIDGE) / (((x - mx) ** 2).mean(axis=0) + DRIFT_RIDGE)
        offset, off = my - slope * mx, DRIFT_OFF
    return cv2.transform(tray, np.column_stack([np.diag(slope), offset]).astype(np.float32))


def half_size_lab(image: np.ndarray, scale: float = SCALE) -> np.ndarray:
    """The frame at the segmenting scale (half size for 44 px dice; see segment_scale), in float LAB."""
    return cv2.cvtColor(resized(image, scale), cv2.COLOR_BGR2LAB).astype(np.float32)


def resized(image: np.ndarray, scale: float) -> np.ndarray:
    """The frame scaled. Shrunk to half or less (dice of 44 px and more), its pixels are averaged; shrunk by less
    (smaller dice), it is interpolated: averaging by a fraction of a pixel costs 5-8 times as much there and reads no
    better (measured on held-apart frames of 26 and 34 px dice). Averaging by a whole number of pixels is fast, by a
    fraction slow (5.5 ms for a 1280 x 960 frame shrunk to 0.44, 0.3 ms to 0.5): the frame is averaged by the whole
    number of pixels in 1 / scale and the rest (a shrink by less than half) interpolated."""
    if scale == 1.0:
        return image
    if scale > SCALE:
        return cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_LINEAR)
    height, width = image.shape[:2]
    whole = int(1 / scale + 1e-9)
    if abs(whole * scale - 1) < 1e-9:
        return cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)  # (half size: 44 px dice)
    # Cut to a multiple of `whole` (at most whole - 1 pixels off the right and bottom edges): OpenCV's fast path.
    cut = image[: height - height % whole, : width - width % whole]
    averaged = cv2.resize(cut, (cut.shape[1] // whole, cut.shape[0] // whole), interpolation=cv2.INTER_AREA)
    return cv2.resize(averaged, (round(width * scale), round(height * scale)), interpolation=cv2.INTER_LINEAR)


SHRINK_FIRST = 0.7  # a die cut out smaller than this scale is averaged down first (a warp alone would alias it)


def averaged_around(
    image: np.ndarray, x: float, y: float, reach: int, shrink: float
) -> tuple[np.ndarray, tuple[float, float], int]:
    """The square of `reach` pixels around (x, y) averaged down by the whole number of pixels next over `shrink` (an
    average by a whole number is 5-8 times as fast as by a fraction; the rest of the shrink is left to a warp); with
    where (x, y) lies in it and that number."""
    height, width = image.shape[:2]
    whole = max(1, int(np.ceil(shrink - 1e-9)))
    x0, y0 = max(int(x) - reach, 0), max(int(y) - reach, 0)
    x1, y1 = min(int(x) + reach + 1, width), min(int(y) + reach + 1, height)
    x1, y1 = x0 + max((x1 - x0) // whole, 1) * whole, y0 + max((y1 - y0) // whole, 1) * whole  # (whole pixels)
    part = image[y0:y1, x0:x1]
    source = cv2.resize(part, (part.shape[1] // whole, part.shape[0] // whole), interpolation=cv2.INTER_AREA)
    return source, ((x - x0 + 0.5) / whole - 0.5, (y - y0 + 0.5) / whole - 0.5), whole  # (pixel centres)


def foreground(image: np.ndarray, tray: np.ndarray | None = None, die_px: float = 44.0) -> np.ndarray:
    """A 0/255 mask (at the segmenting scale) of everything that is not tray.

    `tray` is the empty tray as half_size_lab gives it (calibrated); without it the tray is modelled from the frame.
    """
    masks = _Masks(image, tray, segment_scale(die_px))
    filled = np.zeros(masks.distance.shape, np.uint8)
    cv2.drawContours(filled, masks.contours, -1, 255, cv2.FILLED)  # glyphs close to the tray colour leave holes
    return filled


class _Masks:
    """The foreground (filled holes) and, on demand, a faint mask: whatever differs even a little from the tray."""

    def __init__(self, image: np.ndarray, tray: np.ndarray | None, scale: float, matched: bool = False) -> None:
        """`matched`: the calibrated `tray` matched to the frame's exposure and white balance first (matched_tray)."""
        lab = half_size_lab(image, scale)
        if tray is not None and tray.shape != lab.shape:
            tray = None  # a tray calibrated at another frame size or die size: fitted to this frame instead
        self.given_tray = tray is not None  # (else the tray was fitted to this frame: nothing to match)
        model = _tray_model(lab) if tray is None else matched_tray(tray, lab) if matched else tray
        # Shadows change lightness far more than colour, so lightness counts half.
        self.distance = cv2.transform(cv2.absdiff(lab, model), _WEIGHTS)
        # ... but nothing on the tray except a die is much darker than the tray: diffuse light's shade takes at most
        # ~30 % of the light (a lamp's cast shadow, darker, is cut off below). (L + 40.8 is proportional to the cube
        # root of luminance: a ratio of it is a ratio of light.)
        self.lightness, self.tray_lightness = lab[..., 0] + 40.8, model[..., 0] + 40.8
        dark = (self.lightness < DARK * self.tray_lightness).view(np.uint8)
        mask = cv2.bitwise_or((self.distance > 18).view(np.uint8), dark)
        mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, _SQUARE3)
        # A die close to the tray colour shows only as pieces (rim, glyph): closing joins them.
        self.mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, _DISC5)
        self.lab, self.model = lab, model
        self.cast: np.ndarray | None = None  # the cast shadows taken off the dice that cast them
        if cv2.countNonZero(dark) >= SHADOW_AREA * _DIE_AREA:  # a lamp's shadow has a deep core: perhaps one here
            deep = np.nonzero(cv2.bitwise_and(dark, mask))
            if np.count_nonzero(shadow_mask(lab[deep], model[deep])) >= SHADOW_AREA * _DIE_AREA:
                self._cut_shadows(mask)  # (a black die is darker still, and most frames stop here)
        self.contours, _ = cv2.findContours(self.mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)

    def _cut_shadows(self, mask: np.ndarray) -> None:
        """A lamp's cast shadow (the cloth darkened, its colour kept: vision/shadows.py) taken off the die that casts
        it. Only from a piece that keeps a die's worth of pixels without it, and not where a glyph lies in the
        "shadow": a die whose body looks like the cloth in shadow (a black die on dark felt) stays whole."""
        ys, xs = np.nonzero(mask)
        strict = shadow_mask(self.lab[ys, xs], self.model[ys, xs]) > 0  # the cloth darkened, keeping its colour
        amount = int(strict.sum())
        if amount < SHADOW_AREA * _DIE_AREA or amount > LIGHT_CHANGE * _DIE_AREA:
            return  # no shadow worth cutting (most frames under a soft light), or the light changed (not shadows)
        # Each piece on its own, in a window around it (a piece's shadow lies in the piece): only a piece with a
        # shadow's deep core can lose its shadow, and most pieces have none.
        count, labels, stats, _ = cv2.connectedComponentsWithStats(self.mask)
        deep = strict & (self.lightness[ys, xs] < DEEP * self.tray_lightness[ys, xs])
        deep_area = np.bincount(labels[ys[deep], xs[deep]], minlength=count)
        deep_area[0] = 0  # (the cloth)
        height, width = mask.shape
        cast = np.zeros_like(mask)
        kept = mask.copy()
        for piece in np.nonzero(deep_area >= SHADOW_AREA * _DIE_AREA)[0]:
            x, y, w, h = stats[piece, :4]
            rows = slice(max(y - 3, 0), min(y + h + 3, height))  # a margin for the 5 x 5 filters below
            cols = slice(max(x - 3, 0), min(x + w + 3, width))
            own = (labels[rows, cols] == piece).view(np.uint8)
            found = self._cast_shadow(rows, cols, own, mask[rows, cols] & own)
            if found is not None:
                shadow, core = found
                kept[rows, cols][shadow] = core[shadow]
                cast[rows, cols][shadow] = 1
        if cast.any():
            self.cast = cast
            self.mask = cv2.morphologyEx(kept, cv2.MORPH_CLOSE, _DISC5)

    def _cast_shadow(
        self, rows: slice, cols: slice, own: np.ndarray, mask: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray] | None:
        """The cast shadow to take off one piece (0/1 `own` in the window `rows`, `cols`; `mask`: its pixels before
        the closing), and the piece's core that stays where the shadow was; None if it keeps its shadow."""
        strict, loose = shadow_masks(self.lab[rows, cols], self.model[rows, cols], (1.0, LOOSE))
        shadow = strict & mask
        rest = mask & (1 - shadow)
        # A cast shadow lies outside the die, on the cloth: a shadow-like patch inside a piece (a dark glyph of the
        # cloth's hue) is none. And a glyph in a shadow-like patch (an island of pixels far unlike the cloth, apart
        # from every die-sized part) makes the patch that glyph's die, not a shadow.
        patches, patch_labels = cv2.connectedComponents(shadow)
        outside = cv2.dilate(1 - own, _DISC5)
        cast = np.zeros(patches, bool)
        cast[np.unique(patch_labels[(outside > 0) & (shadow > 0)])] = True
        parts, part_labels, stats, _ = cv2.connectedComponentsWithStats(rest)
        far = np.bincount(part_labels[self.distance[rows, cols] > STROKE], minlength=parts)
        islands = (stats[:, cv2.CC_STAT_AREA] < CAST_BY * _DIE_AREA) & (far >= ISLAND * _DIE_AREA)
        islands[0] = False
        if islands.any():
            touching = cv2.dilate(islands[part_labels].view(np.uint8), _SQUARE3)
            cast[np.unique(patch_labels[(touching > 0) & (shadow > 0)])] = False
        cast[0] = False
        cast_here = cast[patch_labels]
        # A lamp's shadow has a deep core, darker than the soft shade between dice under diffuse light (which the
        # segmenter has always coped with, and is left alone); the die that casts it keeps a die's worth of pixels.
        core = cv2.morphologyEx(rest, cv2.MORPH_OPEN, _SQUARE3)
        deep = cast_here & (self.lightness[rows, cols] < DEEP * self.tray_lightness[rows, cols])
        if cv2.countNonZero(core & own) < CAST_BY * _DIE_AREA or np.count_nonzero(deep) < SHADOW_AREA * _DIE_AREA:
            return None
        # Grown into the shadow's deepest, noisiest pixels next to it (a looser test, only where a shadow was found).
        grown, grown_labels = cv2.connectedComponents(loose & mask)
        reached = np.zeros(grown, bool)
        reached[np.unique(grown_labels[cast_here])] = True
        reached[0] = False
        return (cast_here | reached[grown_labels]) & (own > 0), core

    def strokes(self) -> Sequence[np.ndarray]:
        """Contours of thin strokes far unlike the tray that the noise filter erased, away from everything found:
        the dim glyph of a die whose body is the tray's colour (a black die on dark felt), drawn in lines a pixel or
        two wide at half size. Noise never differs this much from the tray."""
        strokes: np.ndarray = (self.distance > STROKE).view(np.uint8)
        strokes[cv2.dilate(self.mask, _DISC5) > 0] = 0
        if self.cast is not None:  # a cast shadow's deepest pixels differ from the cloth as much as a glyph's
            strokes[cv2.dilate(self.cast, _DISC5) > 0] = 0
        if not cv2.countNonZero(strokes):
            return []  # most frames: every such pixel is on a die found
        strokes = cv2.morphologyEx(strokes, cv2.MORPH_CLOSE, _DISC5)
        contours, _ = cv2.findContours(strokes, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        return contours

    def faint(self, y0: int, y1: int, x0: int, x1: int) -> np.ndarray:
        """0/255 where the window differs faintly from the tray: the body of a die near the tray's colour, shadows."""
        window = (self.distance[y0:y1, x0:x1] > FAINT) | (
            self.lightness[y0:y1, x0:x1] < FAINT_DARK * self.tray_lightness[y0:y1, x0:x1]
        )
        return window.astype(np.uint8) * 255


_WEIGHTS = np.array([[0.5, 1.0, 1.0]], np.float32)
_SQUARE3 = np.ones((3, 3), np.uint8)
_DISC5 = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5))
_DIE_AREA = SEGMENT_DIE**2  # a die's area at the segmenting scale


@dataclass(frozen=True)
class _Piece:
    """One connected piece of the foreground, its holes filled (glyphs close to the tray colour leave holes)."""

    x: int
    y: int
    filled: np.ndarray  # 0/255, the piece's bounding box
    area: int

    @classmethod
    def of(cls, contour: np.ndarray) -> _Piece:
        x, y, w, h = cv2.boundingRect(contour)
        filled = np.zeros((h, w), np.uint8)
        cv2.drawContours(filled, [contour], -1, 255, cv2.FILLED, offset=(-x, -y))
        return cls(x, y, filled, cv2.countNonZero(filled))

    def points(self) -> np.ndarray:
        ys, xs = np.nonzero(self.filled)
        return np.column_stack([xs + self.x, ys + self.y]).astype(np.float32)

    def inside(self, x0: int, y0: int, x1: int, y1: int) -> np.ndarray:
        """The piece's 0/255 pixels in the window (x0, y0)-(x1, y1)."""
        window = np.zeros((y1 - y0, x1 - x0), np.uint8)
        h, w = self.filled.shape
        ax, ay, bx, by = max(self.x, x0), max(self.y, y0), min(self.x + w, x1), min(self.y + h, y1)
        if bx > ax and by > ay:
            window[ay - y0 : by - y0, ax - x0 : bx - x0] = self.filled[
                ay - self.y : by - self.y, ax - self.x : bx - self.x
            ]
        return window


def find_dice(
    image: np.ndarray, die_px: float, tray: np.ndarray | None = None, whole_px: float | None = None
) -> Segmentation:
    """Every die on the tray, touching dice separated by how many dice their heap's area holds.

    The frame is segmented at the scale that makes its dice SEGMENT_DIE wide (half size for 44 px dice), so every
    size in pixels below is the one tuned for 44 px dice, whatever the camera's height and resolution.

    `whole_px`: a lone die's width with the sides it shows, where calibration sized the dice by their top faces
    (vision/calibrate.die_width: a tilted wide camera). Six such dice cover as much more of the tray, before they
    can be a hand, as a lone one does (six 40 px dice sized 37 px covered 11-12.5 dice's area, over MOST_AGAIN)."""
    scale = segment_scale(die_px)
    spread = max(1.0, whole_px / die_px) ** 2 if whole_px else 1.0
    masks = _Masks(image, tray, scale)
    found = _find_dice(masks, die_px * scale)
    if found.obstructed:
        # The camera's drift alone can look like a hand (matched_tray): looked at again in the frame's own light. A
        # hand is still a hand; dice are no longer lost to a drift (matching every frame would move the thresholds
        # below, tuned without it: on the tuning installations 1 frame in 2 400 lost a die before, 6 with it). And
        # six dice with all the sides and shadows they show may cover more than a first look allows (more still
        # where a lone die shows sides as big as its top: `whole_px`).
        again = _Masks(image, tray, scale, matched=True) if masks.given_tray else masks
        found = _find_dice(again, die_px * scale, MOST_AGAIN * spread)
    blobs = [
        Blob(b.x / scale, b.y / scale, b.angle, b.readable, None if b.glyph is None else _scaled(b.glyph, scale))
        for b in found.blobs
    ]
    return Segmentation(blobs, found.obstructed)


def _scaled(glyph: tuple[float, float, float], scale: float) -> tuple[float, float, float]:
    return glyph[0] / scale, glyph[1] / scale, glyph[2]


def _find_dice(masks: _Masks, side: float, most_dice: float = MOST) -> Segmentation:
    """find_dice at the segmenting scale: the blobs' places are in its pixels. `most_dice`: the most, in dice, that
    six dice may cover (more is a hand)."""
    die_area = side**2
    pieces = [_Piece.of(contour) for contour in masks.contours]
    areas = np.array([piece.area for piece in pieces])
    # Perspective, shadows and the light make dice look a little bigger or smaller in each frame: measure a lone die.
    lone = areas[(areas > die_area * 0.8) & (areas < die_area * LONE_MAX)]
    unit = float(np.median(lone)) if len(lone) else die_area * 1.1
    most = max(die_area * most_dice, unit * 7.7)
    if areas.sum() > most or (areas > most - die_area).any():
        # More than six dice could cover: a hand or an arm, perhaps cut in pieces where its colour meets the tray's.
        return Segmentation([], obstructed=True)
    blobs: list[Blob] = []
    glyphs: list[_Piece] = []
    for piece in pieces:
        area = piece.area
        if area < die_area * 0.35:
            if area > die_area * GLYPH_AREA:
                glyphs.append(piece)  # perhaps the glyph of a die whose body is close to the tray's colour
            continue  # crumbs, noise, a glint
        points = piece.points()
        heap = max(1, round(area / unit))
        if heap == 2 and _looks_on_edge(points, area, unit):
            heap = 1  # one die leaning on an edge covers 1.4 dice, not two dice side by side (2 x 1)
        if heap == 1:
            (blob,) = _blobs([points], 1, die_area)
            if (not blob.readable or area > die_area * SIDES_SHOW) and area < die_area * LONE_MAX:
                # Away from the point under the camera a die shows its sides too: the piece is longer than a die
                # (read "on its edge") or bigger, and its middle is off the top face's. The top face is found by
                # its colour.
                blob = _top_face(piece, masks, side, die_area) or blob
            if not blob.readable and area < die_area * 1.6:
                # The closing may join a die to the glyph of a touching die near the tray's colour: opening with a
                # bigger disc cuts the glyph's thin strokes off, leaving a square die; the glyph is sought apart.
                trimmed = _trim(piece, die_area)
                if trimmed is not None:
                    blob, rest = trimmed
                    glyphs.extend(rest)
            if not blob.readable and area < die_area * 1.2:
                # Too small or ragged for a die on its edge: a die near the tray's colour, seen in pieces. Its body
                # in the faint mask may show it whole.
                blob = _die_around_glyph(piece, masks, side, die_area, [], guess=False) or blob
            if not blob.readable and area > die_area * 0.9:
                # Two touching dice, one near the tray's colour and seen only in part, cover about one die: if both
                # halves show a die's sharp square outline, they are two dice.
                pair = _two_outlines(points, masks.lightness, side)
                if pair is not None:
                    blobs.extend(pair)
                    continue
                # Or a flat die's top and a side of one colour, lit alike, far out in a wide view: its top lies
                # around its glyph, off the piece's middle (the reader looks there if the die is found leaning).
                blob = Blob(blob.x, blob.y, blob.angle, False, _own_glyph(piece, masks, side, die_area))
            blobs.append(blob)
            continue
        # Shadows and the light make a heap's area say "3.5 dice": split it both ways, keep the split whose parts
        # look most like single dice.
        found = _heap(points, area, unit, die_area, masks)
        if not all(blob.readable for blob in found):
            # Parts unlike dice: a chain of dice near the tray's colour, joined by thin necks, or the glyph of a die
            # near the tray's colour joined to the heap. Opening with a wider disc cuts the necks and the strokes.
            cut = _cut_necks(piece, unit, die_area)
            if cut is not None and sum(not b.readable for b in cut[0]) < sum(not b.readable for b in found):
                found = cut[0]
                glyphs.extend(cut[1])
        blobs.extend(found)
    glyphs.extend(piece for piece in map(_Piece.of, masks.strokes()) if piece.area > die_area * GLYPH_AREA)
    for piece in _merge_glyphs(glyphs, side):
        if _only_shadow(piece.points(), masks, die_area):
            continue  # a piece of a cast shadow, apart from its die (the lamp's light between), not a glyph
        around = _die_around_glyph(piece, masks, side, die_area, blobs)
        # A stroke at a found die's edge (a side face's glyph, a glint) leads back to that die: no second one.
        if around is not None and all(np.hypot(b.x - around.x, b.y - around.y) >= side * 0.6 for b in blobs):
            blobs.append(around)
        else:
            _hint_glyph(piece, masks, side, blobs)
    return Segmentation(blobs, obstructed=False)


def _top_face(piece: _Piece, masks: _Masks, side: float, die_area: float) -> Blob | None:
    """The die's top face in a piece that shows its sides too: the square of the piece's commonest colour (its
    body: the glyph is smaller, the sides are lit otherwise), if it is a flat die's size and shape."""
    h, w = piece.filled.shape
    inside = piece.filled > 0
    colours = masks.lab[piece.y : piece.y + h, piece.x : piece.x + w][inside]
    body = _commonest(colours)
    offset = (colours - body) * _WEIGHTS[0]
    near = np.einsum("ij,ij->i", offset, offset) < TOP_NEAR**2
    if near.sum() < die_area * 0.45:
        return None
    ys, xs = np.nonzero(inside)
    (cx, cy), (rw, rh), angle = cv2.minAreaRect(np.column_stack([xs[near], ys[near]]).astype(np.float32))
    long, short = max(rw, rh), max(min(rw, rh), 1.0)
    if long / short > 1.25 or short < side * 0.75 or long > side * 1.25:
        return None
    # What lies outside the top face must be a die's sides, thin strips along it: not a touching die of another
    # colour.
    face = np.zeros_like(piece.filled)
    corners = cv2.boxPoints(((cx, cy), (rw + 2, rh + 2), angle))
    cv2.fillConvexPoly(face, np.round(corners).astype(np.int32), 255)
    beyond = (piece.filled & ~face)[inside] > 0
    if beyond.sum() > die_area * SIDES_AREA:
        return None
    if beyond.sum() > die_area * 0.05:
        # ... the same body under less (or more) light: a*, b* scaled as L + 40.8 is (vision/shadows.py), unlike
        # a touching die of another colour seen in part.
        sides = colours[beyond]
        ratio = (sides[:, 0] + 40.8) / (body[0] + 40.8)
        drift = np.abs(sides[:, 1:] - 128 - ratio[:, None] * (body[1:] - 128)).sum(axis=1)
        if float(np.median(drift)) > SIDES_COLOUR:
            return None
    return Blob(cx + piece.x, cy + piece.y, float(angle % 90), True)


def _commonest(colours: np.ndarray) -> np.ndarray:
    """The mean of the (n, 3) LAB `colours` in their commonest coarse bin (16 levels a channel)."""
    coarse = (colours // 16).astype(np.int32)
    codes = (coarse[:, 0] * 16 + coarse[:, 1]) * 16 + coarse[:, 2]
    return colours[codes == np.bincount(codes).argmax()].mean(axis=0)


def _merge_glyphs(glyphs: list[_Piece], side: float) -> list[_Piece]:
    """Glyph pieces closer than half a die's side joined into one: a dim glyph breaks into strokes, and the die lies
    around the whole glyph, not around one stroke."""
    groups: list[list[_Piece]] = []
    for piece in sorted(glyphs, key=lambda piece: -piece.area):
        h, w = piece.filled.shape
        for group in groups:
            gh, gw = group[0].filled.shape
            if np.hypot(piece.x + w / 2 - group[0].x - gw / 2, piece.y + h / 2 - group[0].y - gh / 2) < side / 2:
                group.append(piece)
                break
        else:
            groups.append([piece])
    merged = []
    for group in groups:
        if len(group) == 1:
            merged.append(group[0])
            continue
        x0, y0 = min(piece.x for piece in group), min(piece.y for piece in group)
        x1 = max(piece.x + piece.filled.shape[1] for piece in group)
        y1 = max(piece.y + piece.filled.shape[0] for piece in group)
        filled = np.zeros((y1 - y0, x1 - x0), np.uint8)
        for piece in group:
            filled |= piece.inside(x0, y0, x1, y1)
        merged.append(_Piece(x0, y0, filled, cv2.countNonZero(filled)))
    return merged


def _heap(points: np.ndarray, area: float, unit: float, die_area: float, masks: _Masks | None = None) -> list[Blob]:
    """A heap's dice: shadows and the light make its area say "3.5 dice", so it is split both ways and the split
    whose parts look most like single dice is kept. With `masks`, a part that is only shadow is left out."""
    share = area / unit
    if share < 1.5:
        return _blobs([points], 1, die_area)
    counts = sorted({max(2, int(share)), max(2, int(share) + 1)} if abs(share - round(share)) > 0.2 else {round(share)})
    splits = [_split(points, k) for k in counts]
    best = min(splits, key=lambda groups: _misfit(groups, unit))
    kept = [group for group in best if masks is None or not _only_shadow(group, masks, die_area)]
    return _blobs(kept or best, len(best), die_area)


def _only_shadow(group: np.ndarray, masks: _Masks, die_area: float) -> bool:
    """Whether pixels (x, y) at the segmenting scale are nothing but a cast shadow: the cloth darkened, its colour
    kept, in (nearly) every pixel, and no glyph (hardly a pixel far unlike the cloth). A dark die and its shadow,
    alike, make one piece the size of two dice, split in two; a lamp's shadow may lie in two pieces, one apart from
    its die, and the piece apart looks like the glyph of a die whose body is the cloth's colour (issue 29: the edge of
    a wide camera's frame)."""
    xs, ys = group[:, 0].astype(np.intp), group[:, 1].astype(np.intp)
    shadow = np.count_nonzero(shadow_mask(masks.lab[ys, xs], masks.model[ys, xs]))
    glyph = np.count_nonzero(masks.distance[ys, xs] > STROKE)
    return bool(shadow >= ONLY_SHADOW * len(group) and glyph < ISLAND * die_area)


def _cut_necks(piece: _Piece, unit: float, die_area: float) -> tuple[list[Blob], list[_Piece]] | None:
    """The heap opened with a disc of half a die's side: the thin necks between dice seen in part and the strokes of
    a glyph joined to it are cut. Each piece left is a heap of its own; the strokes cut off are sought as glyphs."""
    size = int(die_area**0.5 / 2) | 1
    opened = cv2.morphologyEx(piece.filled, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size)))
    contours, _ = cv2.findContours(opened, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    parts = [_Piece.of(contour + np.array([piece.x, piece.y], np.int32)) for contour in contours]
    parts = [part for part in parts if part.area > die_area * 0.35]
    if not parts:
        return None
    found = [blob for part in parts for blob in _heap(part.points(), part.area, unit, die_area)]
    rest = cv2.subtract(piece.filled, cv2.dilate(opened, _SQUARE3))
    contours, _ = cv2.findContours(rest, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    cut = [_Piece.of(contour + np.array([piece.x, piece.y], np.int32)) for contour in contours]
    return found, [part for part in cut if part.area > die_area * GLYPH_AREA]


def _trim(piece: _Piece, die_area: float) -> tuple[Blob, list[_Piece]] | None:
    """The piece opened with a disc of half a die's side: a flat die (square, die-sized) and the thin pieces cut off
    (a glyph that the closing joined to it), or None if no flat die is left."""
    size = int(die_area**0.5 / 2) | 1
    opened = cv2.morphologyEx(piece.filled, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size)))
    if cv2.countNonZero(opened) < die_area * 0.7:
        return None
    ys, xs = np.nonzero(opened)
    points = np.column_stack([xs + piece.x, ys + piece.y]).astype(np.float32)
    (blob,) = _blobs([points], 1, die_area)
    if not blob.readable:
        return None
    rest = cv2.subtract(piece.filled, cv2.dilate(opened, _SQUARE3))
    contours, _ = cv2.findContours(rest, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    cut = [_Piece.of(contour + np.array([piece.x, piece.y], np.int32)) for contour in contours]
    return blob, [part for part in cut if part.area > die_area * GLYPH_AREA]


def _die_around_glyph(
    glyph: _Piece, masks: _Masks, side: float, die_area: float, found: list[Blob], guess: bool = True
) -> Blob | None:
    """A die whose body barely differs from the tray shows only its glyph: look for its body in the faint mask.
    If no die-sized body shows there and `guess`, the die is taken to lie around the glyph."""
    h, w = glyph.filled.shape
    cx, cy = glyph.x + w / 2, glyph.y + h / 2
    if any(np.hypot(b.x - cx, b.y - cy) < side * 0.6 for b in found):
        return None  # a piece of a die already found
    x0, y0, x1, y1 = _window_around(masks, cx, cy, side)
    seed = glyph.inside(x0, y0, x1, y1)
    faint = masks.faint(y0, y1, x0, x1)
    body = _body(faint | seed, seed, side, die_area, x0, y0)
    if body is None and guess:
        # Too big or too long for a die: its body and its own shadow, both faint, grown into one. A die lit brighter
        # than a dark cloth is no shadow: the cloth in shadow (its colour kept) taken out leaves its body alone. (A
        # black die on dark felt looks like the cloth in shadow and is lost again: it is sought by its outline below.)
        # Not for a piece that is more than a glyph (`guess` False): two touching dice there are sought apart next.
        shade = shadow_mask(masks.lab[y0:y1, x0:x1], masks.model[y0:y1, x0:x1])
        body = _body((faint & ~(shade * 255)) | seed, seed, side, die_area, x0, y0)
    if body is not None or not guess:
        return body
    # The body is lost in the tray (or in its own shadow): the glyph is printed in the middle of the face, so the die
    # lies around it, turned as the edges around the glyph run; its sharp outline (a shadow's edge is soft) places it.
    angle = _edge_angle(masks.lightness, cx, cy, side, seed, x0, y0)
    fit = _fit_outline(masks.lightness, cx, cy, side, angle, seed, x0, y0)
    if fit is None:
        return None
    return Blob(fit[0], fit[1], angle, True)


def _window_around(masks: _Masks, cx: float, cy: float, side: float) -> tuple[int, int, int, int]:
    """(x0, y0, x1, y1): the window reaching 1.1 die each way from a glyph's middle, within the frame."""
    reach = round(side * 1.1)
    height, width = masks.distance.shape
    return (
        max(int(cx) - reach, 0),
        max(int(cy) - reach, 0),
        min(int(cx) + reach + 1, width),
        min(int(cy) + reach + 1, height),
    )


GLYPH_WIDE = 0.75  # (dice) a glyph is printed within this much of its face
GLYPH_FAR = 30.0  # LAB distance (lightness counting half) from a die's body beyond which a pixel is its glyph
GLYPH_SHARE = 0.5  # a glyph at least this share of the biggest in a piece may be its top's


def _own_glyph(piece: _Piece, masks: _Masks, side: float, die_area: float) -> tuple[float, float, float] | None:
    """Where a flat die's top would lie in a piece unlike a die, and its turn: around its glyph, a glyph-sized part of
    the piece unlike the cloth, unlike the piece's commonest colour (the die's body, a side, a shadow) and no shadow
    (of the biggest, the one farthest from the frame's middle); placed by the die's outline around it, else on the
    glyph. None if no glyph."""
    h, w = piece.filled.shape
    rows, cols = slice(piece.y, piece.y + h), slice(piece.x, piece.x + w)
    inside = piece.filled > 0
    colours = masks.lab[rows, cols]
    offset = (colours - _commonest(colours[inside])) * _WEIGHTS[0]
    far = (masks.distance[rows, cols] > STROKE) & inside & (np.einsum("yxc,yxc->yx", offset, offset) > GLYPH_FAR**2)
    far &= shadow_mask(colours, masks.model[rows, cols]) == 0
    count, labels, stats, centres = cv2.connectedComponentsWithStats(far.view(np.uint8))
    glyphs = [
        i
        for i in range(1, count)
        if max(stats[i, cv2.CC_STAT_WIDTH], stats[i, cv2.CC_STAT_HEIGHT]) <= side * GLYPH_WIDE
        and stats[i, cv2.CC_STAT_AREA] >= ISLAND * die_area
    ]
    if not glyphs:
        return None
    # Far out in a wide view the side a flat die shows faces the frame's middle, its glyph as big as the top's: of the
    # biggest glyphs, the one farthest from the middle.
    biggest = max(stats[i, cv2.CC_STAT_AREA] for i in glyphs)
    height, width = masks.distance.shape
    middle = np.array([width / 2 - piece.x, height / 2 - piece.y])
    glyph = max(
        (i for i in glyphs if stats[i, cv2.CC_STAT_AREA] >= GLYPH_SHARE * biggest),
        key=lambda i: float(np.hypot(*(centres[i] - middle))),
    )
    cx, cy = centres[glyph] + (piece.x, piece.y)
    return _placed_around(_Piece(piece.x, piece.y, (labels == glyph).view(np.uint8) * 255, 0), cx, cy, masks, side)


def _hint_glyph(glyph: _Piece, masks: _Masks, side: float, blobs: list[Blob]) -> None:
    """A glyph apart from the die found beside it (that die with no glyph of its own): where its top would lie. A
    die whose top is the cloth's colour in the lamp's light (a black die on dark felt) shows only its darker side,
    its shadow and, apart, its glyph: the side is found, "on its edge", and the reader's second look at it tries
    around this glyph first."""
    h, w = glyph.filled.shape
    cx, cy = glyph.x + w / 2, glyph.y + h / 2
    near = [i for i, b in enumerate(blobs) if np.hypot(b.x - cx, b.y - cy) < side * 0.6]
    if len(near) == 1 and blobs[near[0]].glyph is None:
        blobs[near[0]] = replace(blobs[near[0]], glyph=_placed_around(glyph, cx, cy, masks, side))


def _placed_around(glyph: _Piece, cx: float, cy: float, masks: _Masks, side: float) -> tuple[float, float, float]:
    """Where a flat die's top lies around its glyph (centred at cx, cy), and its turn: placed by the die's outline
    around it, else on the glyph."""
    x0, y0, x1, y1 = _window_around(masks, cx, cy, side)
    seed = glyph.inside(x0, y0, x1, y1)
    angle = _edge_angle(masks.lightness, cx, cy, side, seed, x0, y0)
    fit = _fit_outline(masks.lightness, cx, cy, side, angle, seed, x0, y0)
    x, y = (float(cx), float(cy)) if fit is None else fit
    return x, y, angle


def _body(window: np.ndarray, seed: np.ndarray, side: float, die_area: float, x0: int, y0: int) -> Blob | None:
    """The die-sized part of the 0/255 `window` (at x0, y0) that holds most of the glyph's `seed` pixels."""
    # The faint mask also holds the die's soft shadow: opening peels that thin fringe.
    window = cv2.morphologyEx(window, cv2.MORPH_OPEN, _DISC5)
    _, parts, part_stats, _ = cv2.connectedComponentsWithStats(window)
    inside = parts[seed > 0]
    inside = inside[inside > 0]  # none if the glyph is thin strokes and the body does not show
    part = int(np.bincount(inside).argmax()) if len(inside) else 0
    if not part or not die_area * 0.6 < part_stats[part, cv2.CC_STAT_AREA] < die_area * 1.6:
        return None
    ys, xs = np.nonzero(parts == part)
    points = np.column_stack([xs + x0, ys + y0]).astype(np.float32)
    (bx, by), (bw, bh), angle = cv2.minAreaRect(_outline(points))
    if max(bw, bh) > side * 1.5:
        return None
    return Blob(bx, by, float(angle % 90), max(bw, bh) / max(min(bw, bh), 1.0) < 1.3)


def _two_outlines(points: np.ndarray, lightness: np.ndarray, side: float) -> list[Blob] | None:
    """The piece's pixels as two dice, if each half has a die's outline around it and the two are a die apart (a die
    on its edge, 1.4 dice long, has one outline)."""
    fits = []
    for group in _split(points, 2):
        cx, cy = group.mean(axis=0)
        reach = round(side * 1.1)
        x0, y0 = int(cx) - reach, int(cy) - reach
        if x0 < 0 or y0 < 0 or x0 + 2 * reach + 1 > lightness.shape[1] or y0 + 2 * reach + 1 > lightness.shape[0]:
            return None
        middle = np.zeros((2 * reach + 1, 2 * reach + 1), np.uint8)
        cv2.circle(middle, (round(cx) - x0, round(cy) - y0), round(side * 0.3), 255, cv2.FILLED)  # the glyph
        angle = _edge_angle(lightness, cx, cy, side, middle, x0, y0)
        fit = _fit_outline(lightness, cx, cy, side, angle, middle, x0, y0)
        if fit is None:
            return None
        fits.append((fit, angle))
    (ax, ay), (bx, by) = fits[0][0], fits[1][0]
    if np.hypot(ax - bx, ay - by) < side * 0.85:
        return None
    return [Blob(x, y, angle, True) for (x, y), angle in fits]


def _edge_angle(lightness: np.ndarray, cx: float, cy: float, side: float, glyph: np.ndarray, x0: int, y0: int) -> float:
    """The turn (0-90 degrees) of the edges around (cx, cy): the mean of the gradients' directions taken four times
    (a square's four sides agree then), weighted by their strength, the glyph's own edges left out."""
    h, w = glyph.shape
    window = lightness[y0 : y0 + h, x0 : x0 + w]
    gx = cv2.Sobel(window, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(window, cv2.CV_32F, 0, 1, ksize=3)
    ys, xs = np.mgrid[y0 : y0 + h, x0 : x0 + w]
    radius = np.hypot(xs - cx, ys - cy)
    weight = np.hypot(gx, gy) * ((radius > side * 0.3) & (radius < side * 0.8)) * (cv2.dilate(glyph, _SQUARE3) == 0)
    turn = np.angle((weight * np.exp(4j * np.arctan2(gy, gx))).sum())
    return float(np.degrees(turn / 4) % 90)


EDGE_POINTS = 9  # points along each side of a square sought (odd: one is its median)


def _square_edge(side: float, angle: float) -> tuple[np.ndarray, np.ndarray]:
    """Points along the four sides of a square of `side` turned by `angle` degrees, centred on 0, and each point's
    outward normal."""
    t = np.linspace(-0.4, 0.4, EDGE_POINTS) * side
    a = np.radians(angle)
    normals = np.array([[np.cos(a + k * np.pi / 2), np.sin(a + k * np.pi / 2)] for k in range(4)])
    points = np.concatenate([n * side / 2 + t[:, None] * np.array([-n[1], n[0]]) for n in normals])
    return points.astype(np.float32), np.repeat(normals, len(t), axis=0).astype(np.float32)


OUTLINE = 1.2  # a die's outline is this many times as sharp as the gradients around (felt grain, shadow edges)


def _fit_outline(
    lightness: np.ndarray, cx: float, cy: float, side: float, angle: float, glyph: np.ndarray, x0: int, y0: int
) -> tuple[float, float] | None:
    """Where around (cx, cy) a die of about `side` turned by `angle` has the sharpest outline: the gradient
    across the square's sides (the glyph's own edges left out), over shifts of up to a quarter of a side. None if no
    outline stands out from the gradients around (the glyph was a crumb, a glint, a shadow's corner)."""
    h, w = glyph.shape
    window = lightness[y0 : y0 + h, x0 : x0 + w]
    gx = cv2.Sobel(window, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(window, cv2.CV_32F, 0, 1, ksize=3)
    keep = (cv2.dilate(glyph, _SQUARE3) == 0).astype(np.float32)
    gx, gy = gx * keep, gy * keep
    steps = np.arange(-side / 4, side / 4 + 0.01, 0.5)
    shifts = np.stack(np.meshgrid(steps, steps), axis=-1).reshape(-1, 1, 2).astype(np.float32)
    # The glyph is printed near the middle of the face: a far shift must be clearly sharper to win.
    near = 1 - 2 * (shifts[:, 0, 0] ** 2 + shifts[:, 0, 1] ** 2) / side**2
    best, where = -1.0, (cx, cy)
    # The gradient across each of the square's four sides, over the whole window (each side's normal is the same at
    # every shift and size): one look-up per point then.
    _, normals = _square_edge(side, angle)
    sides = normals[::EDGE_POINTS]
    across_sides = np.abs(gx[None] * sides[:, 0, None, None] + gy[None] * sides[:, 1, None, None])
    which = np.repeat(np.arange(4), EDGE_POINTS)  # each point's side
    for size in (side * 0.95, side * 1.05, side * 1.15):
        points, _ = _square_edge(size, angle)
        at = points[None] + shifts + np.array([cx - x0, cy - y0], np.float32)
        px = np.clip(np.rint(at[..., 0]).astype(int), 0, w - 1)
        py = np.clip(np.rint(at[..., 1]).astype(int), 0, h - 1)
        across = across_sides[which, py, px].reshape(len(shifts), 4, -1)
        # Every side must show along most of its length: a neighbour's edge or a glint makes one side or a spot.
        # (Each side's median: the middle one of its EDGE_POINTS, an odd number.)
        score = np.partition(across, EDGE_POINTS // 2, axis=2)[..., EDGE_POINTS // 2].min(axis=1) * near
        i = int(score.argmax())
        if score[i] > best:
            best, where = float(score[i]), (cx + float(shifts[i, 0, 0]), cy + float(shifts[i, 0, 1]))
    background = float(np.median(np.hypot(gx, gy)))
    return where if best > OUTLINE * max(background, 1.0) else None


def _outline(points: np.ndarray) -> np.ndarray:
    """The first and last pixel of each row of pixels listed row by row, left to right (as np.nonzero lists them):
    they hold every corner of the pixels' convex hull, so minAreaRect gives the same answer 30 times faster."""
    rows = np.flatnonzero(np.diff(points[:, 1])) + 1
    return np.concatenate([points[np.r_[0, rows]], points[np.r_[rows - 1, len(points) - 1]]])


def _looks_on_edge(points: np.ndarray, area: float, die_area: float) -> bool:
    _, (w, h), _ = cv2.minAreaRect(_outline(points))
    return area < die_area * 1.85 and max(w, h) / max(min(w, h), 1.0) < 1.7


def _split(points: np.ndarray, heap: int) -> list[np.ndarray]:
    """The heap's pixels in `heap` groups: k-means on every 3rd pixel (3 times faster), then every pixel joins the
    nearest centre."""
    cv2.setRNGSeed(0)  # the same frame always splits the same way
    criteria = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 20, 0.5)
    # OpenCV takes None for bestLabels (no initial labels); its stubs require an array.
    _, _, centres = cv2.kmeans(points[::3], heap, None, criteria, 3, cv2.KMEANS_PP_CENTERS)  # type: ignore[call-overload]
    nearest = ((points[:, None, :] - centres[None]) ** 2).sum(axis=2).argmin(axis=1)
    return [points[nearest == i] for i in range(heap)]


SWELL = 0.25  # how much bigger than its dice a heap may look (the shadows between them)


def _misfit(groups: list[np.ndarray], unit: float) -> float:
    """How unlike single flat dice these parts of a heap are: sides off the die's side, areas off one another and
    their mean off a die's area (beyond what shadows add)."""
    side = unit**0.5
    # Shadows between the dice make a heap look up to a quarter bigger than its dice, never smaller: its parts, alike
    # in size and each a little big, are dice; parts of unlike sizes, or smaller than a die, are not.
    mean = sum(len(group) for group in groups) / len(groups)
    scale = max(0.0, 0.95 - mean / unit) + max(0.0, mean / unit - 1 - SWELL)
    cost = 0.0
    for group in groups:
        _, (w, h), _ = cv2.minAreaRect(_outline(group))
        cost += (abs(w - side) + abs(h - side)) / side + abs(len(group) - mean) / unit + scale
    return cost


def _blobs(groups: list[np.ndarray], heap: int, die_area: float) -> list[Blob]:
    blobs = []
    for group in groups:
        (cx, cy), (w, h), angle = cv2.minAreaRect(_outline(group))
        long, short = max(w, h), max(min(w, h), 1.0)
        # A flat die is square; one on its edge looks 1.4 times as long as wide; a half-hidden one is small.
        # A die cut from a heap has the straight cut of the split as one side, so it may look a little less square.
        readable = long / short < (1.25 if heap == 1 else 1.4) and len(group) > die_area * 0.7
        blobs.append(Blob(cx, cy, float(angle % 90), readable))
    return blobs
