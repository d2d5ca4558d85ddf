"""Calibrating the reader under a venue's light: the empty tray, then one die of each kind.

What the person does (`pirate-table dice calibrate` asks for it step by step):
1. empties the tray: a few frames are taken and their per-pixel median is the tray background;
2. lays one die of the named kind in the tray, any face up, for each kind in turn: its colour becomes that kind's
   mean colour (the spread around it stays the shipped one), and its width in pixels is measured.
The die width kept is the median over the kinds' dice: it sets the scale of everything the reader does (camera
height, lens and resolution differ from table to table). A tray cloth nearly the colour of a kind of die is
refused: such a die shows only by its glyph, and touching dice of that kind could not be told apart. A cloth merely
close to one is accepted with a warning naming the felt to use instead: at such differences most installations read
those dice as well as any other, some miss a few (measured: BENCHMARKS.md, issue 29's eighth round).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from vision.crops import RING, die_crops, die_looks
from vision.kinds import KindReader, to_lab
from vision.pipeline import DiceReader, TrayReading
from vision.segment import find_dice, half_size_lab, resized, segment_scale
from vision.shadows import without_shadows
from vision.topface import find_top_face

MIN_DIE_PX, MAX_DIE_PX = 16.0, 160.0  # a die narrower or wider than this is no die the reader can use
CORE_AT_LEAST = 0.45  # a die keeps at least this share of the piece (die and shadow) when its shadow is cut off
SIDES_AT_MOST = 0.75  # a die's top face is at least this share of the width of the die and the sides it shows
RIM = 1.05  # the top face, rim included, over the part of it in the body colour
# A die measured narrower than this share of the size kept stands out from the cloth only in part (its glyph, about
# half a die). A whole die's top measures more: the sides a die shows lengthen it by a third at most (SIDES_AT_MOST,
# and a die the colour of its sides is measured with them), and a tilted camera sees a die at the tray's far side
# smaller (a white die's top measured 0.72 of the median on a tilted HD camera over teal felt, issue 29).
PART_SEEN = 0.6
# The die's width is the median of the kinds' measures. Under a tilted, wide camera most kinds can be measured with
# the sides they show in their own colour, the shadow or a blur (a 40 px die measured 41 to 63 px, median 50, on grey
# felt under a dim side lamp): where that median is over OVERSIZED times what the dice's top faces say (their
# outlines as the reader finds them, vision/topface.py: TOP_SHARE of a die's width, its rounded rim left out; at
# least TOPS_AT_LEAST of them found), the top faces' median is kept. On 33 tuning and new installations the two agree
# within 0.95-1.08 but for three (1.16-1.29, dice 26-40 px measured 15-30 % too big); on the 15 held out, 0.95-1.10.
TOP_SHARE, OVERSIZED, TOPS_AT_LEAST = 0.85, 1.12, 4
CLOTH_DISTANCE = 7.0  # a die's body must differ at least this much from the cloth (LAB, lightness counting half)
CLOTH_CLOSE = 14.0  # ... and is said to be close to it under this: calibrated, with a warning
# A pixel with a channel this bright is at the camera's limit: the cloth's colour there is lost, and a die whose
# colour clips alike vanishes against it. A tray more than OVEREXPOSED of such pixels is warned about: teal felt
# under a bright side lamp (19 % of the tray; the cyan mermaid dice missed or misread, 96 % of frames right, issue
# 29); no other installation measured had more than 0.3 %.
CLIPPED, OVEREXPOSED = 250, 0.05
# A lamp far off to the side leaves the far part of the tray dim: there a die's top and sides are lit alike and the
# reader takes a side for the top more often. The empty tray's dimmest twentieth at under UNEVEN of its brightest
# twentieth's brightness (in the camera's picture) is warned about: of 55 rendered installations, the seven under it
# hold four of the five that read the fewest frames right (95-98.3 %; issue 29).
UNEVEN = 0.5
_WEIGHTS = np.array([0.5, 1.0, 1.0], np.float32)


class CalibrationError(ValueError):
    """What the camera saw does not fit the step (dice in the 'empty' tray, no die or several dice)."""


class ClothError(CalibrationError):
    """The tray cloth is too close in colour to a kind of die: another cloth is needed, not another try."""


@dataclass(frozen=True)
class OneDie:
    """What one calibration picture showed: the die's width, its colours and how far its body is from the cloth."""

    die_px: float
    colour: np.ndarray  # body and glyph colour (6 numbers, LAB), what the kind reader looks at
    cloth_distance: float


@dataclass(frozen=True)
class EmptyTray:
    """The empty tray calibrated, and the caution to give when something in it was taken for the light (else None):
    a die or a hand left there would be taken for the tray from then on."""

    picture: np.ndarray
    taken_for_light: str | None


def empty_tray(frames: Sequence[np.ndarray], die_px: float) -> EmptyTray:
    """The tray background: the per-pixel median of frames of the empty tray. Refused if the reader reads a die in
    it, or if something covers it where the lamp overexposes none of the tray (a hand: a hand in the tray makes it
    look unevenly lit too, so only a lamp at the camera's limit tells glare from a hand).

    The light itself can stand out of an empty tray as a die or a hand would: a lamp's hot spot, a corner the lens
    and the light leave dark (a frame's own tray model does not follow so steep a change). Once calibrated, every
    frame is compared with the tray, light and all, so such a tray is calibrated, with the light warned about
    (check_exposure, check_evenness) and what was taken for it named (EmptyTray.taken_for_light). Refused, such
    trays left the reader without a calibrated tray: light wood under a warm side lamp read 33 % of frames right,
    99.5 % calibrated; another, HD, none (six dice called a hand), 100 % calibrated; 3 of 30 HD cameras with a side
    lamp had their dark corners read as dice (issue 29)."""
    if not frames:
        raise CalibrationError("no picture of the empty tray")
    tray = np.median(np.stack(frames), axis=0).astype(np.uint8)
    reading = DiceReader(die_px=die_px).read(tray)
    edge = _at_the_edge(tray.shape[:2], die_px)
    lamp = edge | _overexposed_area(tray, die_px)
    dice = [die for die in reading.dice if not lamp[die.y, die.x]]
    if dice:
        seen = "a die" if len(dice) == 1 else f"{len(dice)} dice"
        raise CalibrationError(f"the tray is not empty: {seen} seen; empty it and retry")
    if reading.obstructed and check_exposure(tray, None) is None:
        raise CalibrationError("the tray is not empty: something covers it (a hand?); empty it and retry")
    return EmptyTray(tray, _taken_for_light(reading, edge))


def _taken_for_light(reading: TrayReading, edge: np.ndarray) -> str | None:
    """What empty_tray took for the light in its `reading` of the empty tray, said (else None)."""
    if reading.obstructed:
        return (
            "something big stood out of the empty tray and was taken for the lamp's glare (see the line on the "
            "overexposed tray). If a hand or anything else lay in the tray, take it away and calibrate again"
        )
    seen = [die for die in reading.dice if edge[die.y, die.x]]
    if not seen:
        return None
    places = ", ".join(f"({die.x}, {die.y})" for die in seen)
    return (
        f"something at the edge of the empty tray's picture looked like a die, at {places} (x, y in pixels), and was "
        f"taken for the light there (a lens and a lamp leave a picture's corners darker). If a die lay there, take it "
        f"away and calibrate again"
    )


def _at_the_edge(shape: tuple[int, ...], die_px: float) -> np.ndarray:
    """(h, w) bool: within a die of the frame's edge, and within two of a corner (darkest under a lens): where the
    light itself can be read as a die in an empty tray."""
    near = np.zeros(shape, bool)
    reach, corner = max(1, round(die_px)), max(1, round(2 * die_px))
    near[:reach], near[-reach:], near[:, :reach], near[:, -reach:] = True, True, True, True
    for rows in (slice(None, corner), slice(-corner, None)):
        near[rows, :corner], near[rows, -corner:] = True, True
    return near


def _overexposed_area(tray: np.ndarray, die_px: float) -> np.ndarray:
    """(h, w) bool: where, in a tray the lamp overexposes (check_exposure), most of a die's square is at the camera's
    limit, so the light itself can be read as a die there (a die lying there would show its own colour); nowhere in
    a tray it does not."""
    if check_exposure(tray, None) is None:
        return np.zeros(tray.shape[:2], bool)
    clipped = (tray.max(axis=2) >= CLIPPED).astype(np.float32)
    reach = max(1, round(die_px))
    return np.asarray(cv2.blur(clipped, (reach, reach)) > 0.5)


def check_exposure(tray: np.ndarray, exposure_us: int | None) -> str | None:
    """The warning to give when the lamp overexposes part of the empty tray (else None): what to change.
    `exposure_us`: the Pi camera's exposure, which the config sets; None for a camera it does not reach (a webcam,
    a folder of pictures), whose exposure is its own."""
    share = float(np.count_nonzero(tray.max(axis=2) >= CLIPPED)) / (tray.shape[0] * tray.shape[1])
    if share <= OVEREXPOSED:
        return None
    shorter = (
        f"shorten the Pi camera's exposure ([camera] exposure_us in the config, now {exposure_us})"
        if exposure_us is not None
        else "turn the camera's own exposure down"
    )
    return (
        f"{share:.0%} of the empty tray is overexposed (the camera sees it at its brightest): there a die the "
        f"colour of the lit cloth is lost against it. Turn the lamp down or away from the tray, or {shorter}, and "
        f"calibrate again"
    )


def check_evenness(tray: np.ndarray) -> str | None:
    """The warning to give when the lamp lights the empty tray very unevenly (else None): what to change."""
    small = cv2.resize(tray, (160, 120), interpolation=cv2.INTER_AREA)  # (any frame size alike; smoothed)
    dim, bright = np.percentile(cv2.cvtColor(small, cv2.COLOR_BGR2GRAY), [5, 95])
    share = float(dim) / max(float(bright), 1.0)
    if share >= UNEVEN:
        return None
    percent = math.floor(share * 100)  # (rounded down: 49.9 % is under half, not "50%")
    return (
        f"the lamp lights the tray unevenly: its dimmest part is {percent}% as bright as its brightest, and dice lying "
        f"there are misread more often. Raise the lamp or move it nearer above the middle of the tray (or light the "
        f"dim side with a second lamp), and calibrate again"
    )


def _biggest_piece(image: np.ndarray, tray: np.ndarray, scale: float) -> tuple[float, int] | None:
    """The side (in the frame's pixels) and area (at `scale`) of the biggest thing unlike the empty tray, its cast
    shadow left out (the cloth darkened, keeping its colour: vision/shadows.py)."""
    small, small_tray = resized(image, scale), resized(tray, scale)
    lab = cv2.cvtColor(small, cv2.COLOR_BGR2LAB).astype(np.float32)
    empty = cv2.cvtColor(small_tray, cv2.COLOR_BGR2LAB).astype(np.float32)
    distance = cv2.transform(cv2.absdiff(lab, empty), _WEIGHTS[None])
    darker = (lab[..., 0] + 40.8) < 0.74 * (empty[..., 0] + 40.8)
    unlike: np.ndarray = (distance > 18).astype(np.uint8) | darker.astype(np.uint8)
    whole, cut = _filled_biggest(unlike), _filled_biggest(without_shadows(unlike, lab, empty))
    # A die whose body looks like the cloth in shadow (a black die on grey felt) loses most of itself to the cut:
    # a cast shadow is a smaller part of the die and its shadow.
    filled = cut if cut is not None and whole is not None and cut.sum() >= whole.sum() * CORE_AT_LEAST else whole
    if filled is None:
        return None
    area = int(filled.sum())
    if area < 16:
        return None
    return _top_face_side(small, filled) / scale, area


def _filled_biggest(mask: np.ndarray) -> np.ndarray | None:
    """The biggest piece of the 0/1 mask, its holes filled (0/1), after a closing that joins a die's parts."""
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5)))
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    if not contours:
        return None
    filled = np.zeros(mask.shape, np.uint8)
    cv2.drawContours(filled, [max(contours, key=cv2.contourArea)], -1, 1, cv2.FILLED)
    return filled


def _top_face_side(image: np.ndarray, piece: np.ndarray) -> float:
    """The width of the die's top face in the 0/1 `piece` of the BGR `image`: away from the point under the camera
    a die shows one or two of its sides too, lit differently. The top face is the most common colour of the piece
    (its body; the glyph is smaller): the rectangle around the pixels of that colour, if they are most of the piece,
    else the whole piece's."""
    ys, xs = np.nonzero(piece)
    colours = image[ys, xs].astype(np.float32)
    coarse = (colours // 24).astype(np.int32)
    codes = (coarse[:, 0] * 16 + coarse[:, 1]) * 16 + coarse[:, 2]
    body = colours[codes == np.bincount(codes).argmax()].mean(axis=0)
    near = np.linalg.norm(colours - body, axis=1) < 0.18 * float(np.linalg.norm(body)) + 14
    points = np.column_stack([xs, ys])[near].astype(np.float32)
    _, (w, h), _ = cv2.minAreaRect(np.column_stack([xs, ys]).astype(np.float32))
    whole = float(np.sqrt(max(w, 1.0) * max(h, 1.0)))
    if len(points) < 0.4 * len(xs):
        return whole
    _, (w, h), _ = cv2.minAreaRect(points)
    # + its rim: rounded edges catch less light, a few % of the side each side fall out of the body colour.
    top = float(np.sqrt(max(w, 1.0) * max(h, 1.0))) * RIM
    # Sides lengthen a die by a third at most: a "top face" smaller than that is a part of it the lamp's glare
    # (or a big glyph) took out of the body colour, and the whole piece is the better measure.
    return top if top >= whole * SIDES_AT_MOST else whole


def measure_die(image: np.ndarray, tray: np.ndarray) -> float:
    """The width in pixels of the one die lying on the calibrated empty tray, whatever its size: first on a small
    copy of the frame, then again at the scale the reader segments that size at (dice ~22 px there)."""
    coarse = _biggest_piece(image, tray, 480 / max(image.shape[:2]))
    if coarse is None:
        raise CalibrationError("no die seen: lay one die in the tray, flat, in the light")
    side, _ = coarse
    if side > MAX_DIE_PX * 1.5:
        raise CalibrationError(f"what lies in the tray is {side:.0f} px wide, no die; lay one die alone, hands away")
    fine = _biggest_piece(image, tray, segment_scale(side))
    return fine[0] if fine is not None else side


def top_face_width(image: np.ndarray, tray: np.ndarray, measured: float) -> float | None:
    """The width of the one die on the calibrated tray as its top face says (None if no clear top face is found
    there): the face the reader finds (vision/topface.py) around the die found at the `measured` width."""
    found = find_dice(image, measured, half_size_lab(tray, segment_scale(measured)))
    if found.obstructed or len(found.blobs) != 1:
        return None
    blob = found.blobs[0]
    face = find_top_face(image, blob.x, blob.y, blob.angle, measured, blob.readable)
    return face.side / TOP_SHARE if face is not None else None


def die_width(measures: Sequence[float], by_tops: Sequence[float]) -> tuple[float, bool]:
    """The die's width from each kind's measure and each top face's (top_face_width), and whether the top faces
    decided it: the measures' median, unless it is over OVERSIZED times the top faces' (see TOP_SHARE)."""
    size = float(np.median(measures))
    if len(by_tops) >= TOPS_AT_LEAST and size > OVERSIZED * float(np.median(by_tops)):
        return float(np.median(by_tops)), True
    return size, False


def one_die(image: np.ndarray, tray: np.ndarray, die_px: float | None = None) -> OneDie:
    """The single die in the picture of the calibrated tray: its width (measured unless `die_px` is given), its
    colours and its body's distance from the cloth around it."""
    measured = measure_die(image, tray)
    size = die_px if die_px is not None else measured
    found = find_dice(image, size, half_size_lab(tray, segment_scale(size)))
    if len(found.blobs) > 1 and measured > size:
        # Sized by the top faces (die_width), a die showing big sides of its own colour covers two dice's area and
        # looks like two: it is the one piece measured, found again at that piece's width.
        found = find_dice(image, measured, half_size_lab(tray, segment_scale(measured)))
    if found.obstructed:
        raise CalibrationError("something covers the tray")
    blobs = found.blobs
    # Its colour where the reader reads it, the middle of its top face: a piece's middle can lie on the side and
    # shadow a low camera shows (a white die measured dark there, its colour then taken for others' under a dim
    # lamp: kinds 80 % right, calibrated without teaching). A side lit unlike the top can be a piece of its own.
    read = DiceReader(die_px=size, tray=tray).read(image).dice if blobs else []
    if len(read) == 1:
        nearest = min(blobs, key=lambda b: math.hypot(b.x - read[0].x, b.y - read[0].y))
        top = (float(read[0].x), float(read[0].y), nearest.angle)
        piece = (nearest.x, nearest.y, nearest.angle) if len(blobs) == 1 else top
    elif len(blobs) == 1:
        top = piece = (blobs[0].x, blobs[0].y, blobs[0].angle)
    else:
        raise CalibrationError(f"{len(blobs)} dice seen: lay exactly one die in the tray, flat")
    colour = die_looks(die_crops(image, [top], size)).colours[0]
    # How far it stands out from the cloth where it lies (what finding it depends on): the piece, sides and all,
    # against the same ring of the empty tray.
    body = die_looks(die_crops(image, [piece], size)).body[0]
    cloth = cv2.cvtColor(die_crops(tray, [piece], size)[0], cv2.COLOR_BGR2LAB)[RING].astype(np.float32)
    offset = (body - np.median(cloth, axis=0)) * _WEIGHTS
    return OneDie(measured, colour, float(np.sqrt(offset @ offset)))


def check_cloth(kind: str, die: OneDie, die_px: float, bodies: Sequence[np.ndarray] = ()) -> str | None:
    """Refuse a cloth nearly the colour of this kind of die, with the reason and what to do: its body differs
    hardly at all from the cloth, or only part of it (its glyph) stands out, so it looks far smaller than the others.
    A cloth merely close to it is accepted: the warning to give, naming the felt to use instead (else None).
    `bodies`: the LAB body colours of all the kinds' dice, to name the cloth farthest from all of them."""
    better = best_cloth([*bodies, die.colour[:3]])
    # Shown rounded down: 6.6 is not "7, at least 7 needed" (and only in the branches a finite difference reaches).
    if die.cloth_distance < CLOTH_DISTANCE:
        why = f"difference {math.floor(die.cloth_distance)}, at least {CLOTH_DISTANCE:.0f} needed"
    elif die.die_px < PART_SEEN * die_px:
        why = f"only {die.die_px:.0f} px of its {die_px:.0f} px stand out from the cloth"
    elif die.cloth_distance < CLOTH_CLOSE:
        return (
            f"the {kind} dice are close in colour to the tray cloth (difference {math.floor(die.cloth_distance)}, "
            f"{CLOTH_CLOSE:.0f} or more is safe): the table may miss a few of them, or read two touching ones as one. "
            f"Check them with pirate-table dice read, or line the tray with {better} and calibrate again"
        )
    else:
        return None
    raise ClothError(
        f"the {kind} dice are too close in colour to the tray cloth ({why}): the table would miss them or read "
        f"two touching ones as one. Line the tray with {better} and calibrate again"
    )


# Plain felts to suggest (BGR, in a neutral light), and what they are called.
FELTS = {
    "mid-grey felt": (120, 118, 112),
    "green felt": (58, 96, 44),
    "navy felt": (82, 44, 30),
    "beige felt": (150, 185, 200),
    "brown felt": (40, 62, 96),
}


def best_cloth(bodies: Sequence[np.ndarray]) -> str:
    """The felt whose colour is farthest from every die body given (LAB): the one to suggest."""
    if not len(bodies):
        return "mid-grey felt"
    lab = {name: to_lab(bgr) for name, bgr in FELTS.items()}

    def nearest(name: str) -> float:
        return min(float(np.linalg.norm((lab[name] - body) * _WEIGHTS)) for body in bodies)

    return max(FELTS, key=nearest)


def die_size(dice: Sequence[OneDie]) -> tuple[float, float, float]:
    """The die width to keep (the median of the kinds' dice) and the smallest and largest measured."""
    sizes = np.array([die.die_px for die in dice])
    return float(np.median(sizes)), float(sizes.min()), float(sizes.max())


def closest_kinds(reader: KindReader) -> tuple[str, str, float]:
    """The two kinds whose calibrated colours are closest, and how far apart they are (Mahalanobis, in standard
    deviations of the kinds' own spread): how sure the colours can be told apart."""
    best = ("", "", float("inf"))
    inverse = np.linalg.inv(reader.covariances.mean(axis=0))
    for i in range(len(reader.kinds)):
        for j in range(i + 1, len(reader.kinds)):
            offset = reader.means[i] - reader.means[j]
            distance = float(np.sqrt(offset @ inverse @ offset))
            if distance < best[2]:
                best = (reader.kinds[i], reader.kinds[j], distance)
    return best


def one_die_colour(image: np.ndarray, die_px: float, tray: np.ndarray | None) -> np.ndarray:
    """Body and glyph colour (6 numbers) of the single die in the picture."""
    found = find_dice(image, die_px, half_size_lab(tray, segment_scale(die_px)) if tray is not None else None)
    if found.obstructed:
        raise CalibrationError("something covers the tray")
    if len(found.blobs) != 1:
        raise CalibrationError(f"{len(found.blobs)} dice seen: lay exactly one die in the tray, flat")
    blob = found.blobs[0]
    return die_looks(die_crops(image, [(blob.x, blob.y, blob.angle)], die_px)).colours[0]


def calibrated_kinds(shipped: KindReader, colours: dict[str, np.ndarray]) -> KindReader:
    return shipped.with_means(colours)
