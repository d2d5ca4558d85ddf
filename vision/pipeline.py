"""One settled frame in, every die's kind, face, place and confidence out."""

from __future__ import annotations

import json
import logging
import math
import zipfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TypeVar

import cv2
import numpy as np

from vision.centre import Centring, inputs
from vision.crops import CROP, DieLooks, die_crops, die_looks, moved_crops, top_face_crops, where_die_lies
from vision.dice import DiceSet, load_dice
from vision.faces import FaceNet
from vision.kinds import KindReader
from vision.place import PlaceNet, in_frame, placed
from vision.posture import PostureNet, features
from vision.segment import Blob, find_dice, half_size_lab, segment_scale
from vision.topface import TopFace, beside, squared_away, straightened

log = logging.getLogger(__name__)
T = TypeVar("T")

MODELS = Path(__file__).with_name("models")
DEFAULT_FACES = MODELS / "faces.npz"
DEFAULT_KINDS = MODELS / "kinds.npz"
DEFAULT_POSTURE = MODELS / "posture.npz"
DEFAULT_PLACE = MODELS / "place.npz"
DEFAULT_CENTRE = MODELS / "centre.onnx"

# What teaching and calibrating write into a folder (the table keeps it under PIRATE_TABLE_HOME).
TAUGHT_FACES = "faces.npz"
TAUGHT_KINDS = "kinds.npz"
TAUGHT_TRAY = "tray.png"
TAUGHT_SIZE = "tray.json"  # what calibration measured with the tray: {"die_px": 58.1, "frame": [640, 480]} (and
# "whole_px" where the dice were sized by their top faces: a lone die's width with the sides it shows)
DEFAULT_DIE_PX = 44.0  # a die's width in pixels when nothing was calibrated or configured
UNSURE = 0.9  # a face read with less confidence than this is read again from slightly moved crops
LEANING = 0.5  # a die the posture network thinks this likely to lean on an edge shows no face to read
MOVED = 0.1  # (dice) a flat die the placer moves farther than this is cut again there before it is centred
# A top face found beside a die found leaning (_flat_beside) must look this clearly flat to the posture network and
# this little like no face to the face network, and be a top face's size and shape: no bigger than the calibrated
# die (a top far out is farther from the camera) and nearly square. A leaning die's other half face passes the two
# networks now and then, but is mostly a die long or longer (on 8 tuning installations: of 55 flat dice found
# leaning, 43 passed; of 442 leaning dice, 2).
FLAT_BESIDE, FACE_BESIDE, SIDE_BESIDE, SKEW_BESIDE = 0.3, 0.15, 1.0, 1.25
# (dice) a die found flat this far from the glyph segmentation found with it (Blob.glyph) is looked at there too: what
# was found may be its side and shadow, its top the cloth's colour (a cream die on beige felt under a side lamp)
GLYPH_OFF = 0.3
TOO_CLOSE = 0.8  # (dice) two dice found nearer than this are one (see one_per_place)
AT_THE_EDGE = 0.25  # (dice) a die placed nearer the frame's edge than this is no die seen whole (its top is half out)
SECOND_LOOK = ((0.05, 0.0, 0.0), (-0.05, 0.0, 0.0), (0.0, 0.05, 0.0), (0.0, -0.05, 0.0))  # (x, y) in dice, turn


@dataclass(frozen=True)
class DieReading:
    kind: str
    face: str | None  # None: on its edge or half hidden
    x: int
    y: int
    confidence: float

    def as_json(self) -> dict[str, object]:
        return {"kind": self.kind, "face": self.face, "x": self.x, "y": self.y, "confidence": round(self.confidence, 3)}


@dataclass(frozen=True)
class TrayReading:
    dice: list[DieReading]
    obstructed: bool


class DiceReader:
    """Segmentation, kind by colour, flat or leaning and where the top truly lies by small networks (the placer, then
    the centring network), face by another limited to the faces that kind can show."""

    def __init__(
        self,
        kinds: KindReader | None = None,
        faces: FaceNet | None = None,
        dice: DiceSet | None = None,
        die_px: float = DEFAULT_DIE_PX,
        tray: np.ndarray | None = None,
        whole_px: float | None = None,
    ) -> None:
        """`whole_px`: a lone die's width with the sides it shows, where calibration sized the dice by their top
        faces (vision/segment.find_dice)."""
        self.kinds = kinds or KindReader.load(DEFAULT_KINDS)
        self.faces = faces or FaceNet.load(str(DEFAULT_FACES))
        self.dice = dice or load_dice()
        self.posture, self.place, _ = shipped_networks()
        self.centring = Centring(DEFAULT_CENTRE)  # its own: an OpenCV network is not to be shared between threads
        self.die_px = die_px
        self.whole_px = whole_px
        self.second_look = True
        # A picture of the empty tray (calibrated), else the tray is modelled in every frame.
        self.tray = half_size_lab(tray, segment_scale(die_px)) if tray is not None else None

    @classmethod
    def from_folder(cls, folder: Path | None, dice: DiceSet | None = None, die_px: float | None = None) -> DiceReader:
        """The shipped models, replaced by whatever was taught or calibrated into `folder` (if it exists).

        The die size: `die_px` if given (the config's), else the one calibration measured, else DEFAULT_DIE_PX."""
        kinds = faces = tray = whole_px = None
        if die_px is None:
            learned = learned_die_px(folder)
            die_px = learned or DEFAULT_DIE_PX
            whole_px = learned_die_px(folder, "whole_px") if learned else None  # (only beside its own die_px)
        if folder is not None:
            kinds = _taught(folder / TAUGHT_KINDS, KindReader.load)
            faces = _taught(folder / TAUGHT_FACES, lambda path: FaceNet.load(str(path)))
            if (folder / TAUGHT_TRAY).exists():
                tray = cv2.imread(str(folder / TAUGHT_TRAY))
        return cls(kinds, faces, dice, die_px, tray, whole_px)

    def read(self, image: np.ndarray, tray: np.ndarray | None = None) -> TrayReading:
        """`tray`: a tray model (vision.segment.tray_model) to use instead of the calibrated tray or a fresh fit."""
        found = find_dice(image, self.die_px, tray if tray is not None else self.tray, self.whole_px)  # any size
        blobs = found.blobs
        cut = cut_out(image, blobs, self.die_px, self.posture, self.place, self.centring, self.faces)
        crops, tops, leaning, places, looks = cut.crops, cut.tops, cut.leaning, cut.places, cut.looks
        flat = leaning < LEANING
        kinds, kind_confidence = self.kinds.read_many(looks.colours)
        readable = [i for i in range(len(blobs)) if flat[i]]
        allowed = {i: self.dice.faces_of(kinds[i]) for i in readable}
        faces: dict[int, tuple[str | None, float]] = dict(
            zip(readable, self.faces.read_many(looks.maps[readable], [allowed[i] for i in readable]), strict=True)
        )
        unsure = [i for i in readable if faces[i][1] < UNSURE]
        if unsure and self.second_look:
            # A die read without much certainty (a glyph of few pixels, an unusual font) is read again from its
            # crop a little shifted and turned, all views together deciding.
            views = ((0.0, 0.0, 0.0), *SECOND_LOOK)
            maps = die_looks(moved_crops(crops[unsure], views).reshape(-1, CROP, CROP, 3)).maps
            again = self.faces.read_many(maps, [allowed[i] for i in unsure], len(views))
            faces.update(zip(unsure, again, strict=True))
        readings = []
        for i in range(len(blobs)):
            # The chance the reading is right: its kind, and its face (with the chance the die lies flat: a die
            # leaning on an edge shows a face or two, squashed, and one is read now and then, the posture network
            # having given it a clearly larger chance to lean than a flat die gets) or that it leans.
            face, face_confidence = faces.get(i, (None, float(leaning[i])))  # None: on its edge
            if face is not None:
                face_confidence *= 1.0 - float(leaning[i])
            confidence = float(kind_confidence[i]) * face_confidence
            readings.append(DieReading(kinds[i], face, round(places[i][0]), round(places[i][1]), confidence))
        # Best first: a flat die with a clear top face, then the surest; kept in the order found. A die placed at the
        # frame's very edge shows at most half its top: what was found there is something else (a black die's shadow
        # on dark felt, moved out by the placer), not a die to read.
        height, width = image.shape[:2]
        whole = [i for i, (x, y) in enumerate(places) if min(x, y, width - x, height - y) >= AT_THE_EDGE * self.die_px]
        order = sorted(whole, key=lambda i: (not flat[i], tops[i] is None, -readings[i].confidence))
        kept = {id(reading) for reading in one_per_place([readings[i] for i in order], self.die_px)}
        return TrayReading([reading for reading in readings if id(reading) in kept], found.obstructed)


@dataclass(frozen=True)
class Cut:
    """The found dice cut out for reading: crops (n, CROP, CROP, 3) and what each shows, each die's top face (None
    where none was clear), the chance it leans on an edge and where it lies in the frame."""

    crops: np.ndarray
    looks: DieLooks
    tops: list[TopFace | None]
    leaning: np.ndarray
    places: list[tuple[float, float]]


def cut_out(
    image: np.ndarray,
    blobs: Sequence[Blob],
    die_px: float,
    posture: PostureNet,
    place: PlaceNet,
    centring: Centring | None,
    faces: FaceNet | None = None,
) -> Cut:
    """Each found die cut out as the reader reads it (training cuts its dice the same way; the centring network's
    own training, without it: `centring` None). `faces`: the face network the reader reads with, for the second
    look at dice found leaning (none in training and teaching, whose networks learnt without it)."""
    blobs = list(blobs)  # (the second look below may move a die found leaning)
    # Each die cut around its top face where that is clear: under a lamp its sides look like its top.
    crops, tops = top_face_crops(image, blobs, die_px)
    looks = die_looks(crops)
    seen = features(image, blobs, tops, die_px, looks.body)
    leaning = posture.leaning(seen)
    if faces is not None and _flat_beside(image, blobs, tops, crops, seen, leaning, die_px, posture, faces):
        looks = die_looks(crops)
    offsets = place.offsets(seen)
    places = [placed(blob, top, move, die_px) for blob, top, move in zip(blobs, tops, offsets, strict=True)]
    # A flat die the placer moved was cut around a "top face" that was not all its top (a side with it): it is cut
    # again, square, where it lies (its body colour, which the centring network compares with, is then its own).
    moved = [i for i in range(len(blobs)) if leaning[i] < LEANING and math.hypot(*offsets[i]) > MOVED]
    if moved:
        crops[moved] = die_crops(image, [(*places[i], blobs[i].angle) for i in moved], die_px)
        looks = die_looks(crops)
    # The placer brings a die within a few tenths of a die; every flat one is then centred to a twentieth
    # (vision/centre.py) and cut again, square, there: a crop a tenth off shows the glyph of the side beside it.
    flat = [i for i in range(len(blobs)) if leaning[i] < LEANING]
    if flat and centring is not None:
        at = [(*places[i], blobs[i].angle) for i in flat]
        moves = centring.offsets(inputs(image, at, die_px, looks.body[flat]))
        for i, (x, y, angle), (u, v) in zip(flat, at, moves, strict=True):
            dx, dy = in_frame(float(u) * die_px, float(v) * die_px, angle)
            places[i] = (x + dx, y + dy)
        crops[flat] = die_crops(image, [(*places[i], blobs[i].angle) for i in flat], die_px)
        looks = die_looks(crops)
    return Cut(crops, looks, tops, leaning, places)


def _flat_beside(
    image: np.ndarray,
    blobs: list[Blob],
    tops: list[TopFace | None],
    crops: np.ndarray,
    seen: np.ndarray,
    leaning: np.ndarray,
    die_px: float,
    posture: PostureNet,
    faces: FaceNet,
) -> bool:
    """A second look at each die found leaning on an edge, and at each found flat away from its glyph: does a flat
    die's top lie around that glyph, or beside what was found?

    Far out in a tilted camera's frame a flat die's side (with its shadow, on a cloth like it) can look as big as its
    top and alike to it; found first, it reads as a die on its edge, and the die is lost. Its top is sought around the
    glyph segmentation found with it (Blob.glyph), then beside what was found (vision/topface.beside). A top face
    found there of a top face's size and shape replaces what was found if, seen from there, the posture network says
    clearly flat and the face network sees a face: a leaning die's other half face must not pass. A die whose top is
    the cloth's colour can be found flat, its side and shadow taken for its top, GLYPH_OFF or more from its glyph: it
    is looked at around the glyph, under the same gates, cut square there if no top face of a top's shape shows
    (its top's outline is lost in the cloth). Such a die's blob, top face, crop, posture features (`seen`) and
    leaning are replaced by what was seen there; True if any was."""
    changed = False
    for i, blob in enumerate(blobs):
        flat = leaning[i] < LEANING
        off = blob.glyph is not None and math.dist(where_die_lies(blob, tops[i]), blob.glyph[:2]) > GLYPH_OFF * die_px
        if blob.glyph is not None and (not flat or off):
            look = _around_glyph(image, blob.glyph, die_px, posture, faces, square=flat)
            if look is not None:
                blobs[i], tops[i], crops[i], seen[i], leaning[i] = look
                changed = True
                continue
        if flat:
            continue
        x, y = where_die_lies(blob, tops[i])
        for other in beside(image, tops[i], x, y, blob.angle, die_px):
            if not _top_shaped(other, die_px):
                continue
            crop = straightened(image, other, die_px, CROP)
            there, lean = _looked_at(image, blob, other, crop, die_px, posture, faces)
            if lean is not None:
                tops[i], crops[i], seen[i], leaning[i] = other, crop, there, lean
                changed = True
                break
    return changed


def _around_glyph(
    image: np.ndarray,
    glyph: tuple[float, float, float],
    die_px: float,
    posture: PostureNet,
    faces: FaceNet,
    square: bool,
) -> tuple[Blob, TopFace | None, np.ndarray, np.ndarray, float] | None:
    """A die seen around its glyph (x, y, angle): its blob, top face, crop, posture features and how likely it leans,
    if there it looks clearly flat with a face. Its top face must be a top's size and shape (a face found too long far
    out is first cut square at its far end: vision/topface.squared_away), or if `square` the die is cut square there
    when no such face shows."""
    around = Blob(*glyph, readable=True)
    (crop,), (top,) = top_face_crops(image, [around], die_px)
    if top is not None and not _top_shaped(top, die_px):
        top = squared_away(top, image.shape[1], image.shape[0])
        if top is not None and _top_shaped(top, die_px):
            crop = straightened(image, top, die_px, CROP)
        else:
            top = None
    if top is None:
        if not square:
            return None
        crop = die_crops(image, [glyph], die_px)[0]
    there, lean = _looked_at(image, around, top, crop, die_px, posture, faces)
    return None if lean is None else (around, top, crop, there, lean)


def _top_shaped(top: TopFace, die_px: float) -> bool:
    """A top face's size and shape: no bigger than the calibrated die (a top far out is farther from the camera) and
    nearly square. A leaning die's half face is mostly a die long or longer."""
    return top.side <= SIDE_BESIDE * die_px and top.skew <= SKEW_BESIDE


def _looked_at(
    image: np.ndarray,
    blob: Blob,
    top: TopFace | None,
    crop: np.ndarray,
    die_px: float,
    posture: PostureNet,
    faces: FaceNet,
) -> tuple[np.ndarray, float | None]:
    """A die seen from another place (`top`, `crop`): its posture features there and how likely it leans, or None
    for that if it does not look clearly flat (FLAT_BESIDE) with a face (FACE_BESIDE)."""
    look = die_looks(crop[None])
    there = features(image, [blob], [top], die_px, look.body)
    lean = float(posture.leaning(there)[0])
    flat = lean < FLAT_BESIDE and faces.no_face(look.maps)[0] < FACE_BESIDE
    return there[0], lean if flat else None


@cache
def shipped_networks() -> tuple[PostureNet, PlaceNet, Centring]:
    """The shipped posture network, placer and centring network, loaded once (what cut_out needs besides the
    frame)."""
    return PostureNet.load(str(DEFAULT_POSTURE)), PlaceNet.load(str(DEFAULT_PLACE)), Centring(DEFAULT_CENTRE)


def one_per_place(readings: list[DieReading], die_px: float) -> list[DieReading]:
    """The readings (best first) without any that lies nearer a better one than a die can: two cubes' top faces are
    a die's width apart at least, so a "die" closer than that is a piece of one (a side seen in perspective with its
    shadow, found as a die of its own)."""
    kept: list[DieReading] = []
    for reading in readings:
        if all(math.hypot(reading.x - other.x, reading.y - other.y) >= TOO_CLOSE * die_px for other in kept):
            kept.append(reading)
    return kept


def _taught(path: Path, load: Callable[[Path], T]) -> T | None:
    """What teaching or calibrating kept at `path`, or None (the shipped model is used) when there is none or it
    cannot be read (a damaged card, a file from elsewhere): said in the log, so the table still reads dice."""
    if not path.exists():
        return None
    try:
        return load(path)
    except (OSError, ValueError, KeyError, zipfile.BadZipFile) as error:
        # (numpy's own words for a damaged file would suggest loading it unsafely: not said to an operator)
        log.warning("%s is damaged or not this table's (%s): the shipped reader is used instead; calibrate or teach "
                    "again", path, type(error).__name__)  # fmt: skip
        return None


def learned_die_px(folder: Path | None, key: str = "die_px") -> float | None:
    """The die width calibration measured and kept in `folder` (None if it never did, or the file is damaged);
    `key` "whole_px": a lone die's width with its sides, kept where the top faces set the die width."""
    if folder is None or not (folder / TAUGHT_SIZE).exists():
        return None
    try:
        value = json.loads((folder / TAUGHT_SIZE).read_text(encoding="utf-8"))[key]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return float(value) if isinstance(value, int | float) and 8 <= value <= 400 else None


def keep_die_px(folder: Path, die_px: float, frame: tuple[int, int], whole_px: float | None = None) -> None:
    """Keep the measured die width (and the frame size it was measured in) beside the calibrated tray; `whole_px`
    where the dice were sized by their top faces (vision/calibrate.die_width)."""
    size = {"die_px": round(die_px, 1), "frame": list(frame)}
    if whole_px is not None:
        size["whole_px"] = round(whole_px, 1)
    (folder / TAUGHT_SIZE).write_text(json.dumps(size) + "\n")
