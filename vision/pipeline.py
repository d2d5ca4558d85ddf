"""One settled frame in, every die's kind, face, place and confidence out."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from vision.crops import die_crops, die_looks, top_face_crops
from vision.dice import DiceSet, load_dice
from vision.faces import FaceNet
from vision.kinds import KindReader
from vision.segment import find_dice, half_size_lab, segment_scale

MODELS = Path(__file__).with_name("models")
DEFAULT_FACES = MODELS / "faces.npz"
DEFAULT_KINDS = MODELS / "kinds.npz"

# What teaching and calibrating write into a folder (the table keeps it under PIRATE_TABLE_HOME).
TAUGHT_FACES = "faces.npz"
TAUGHT_KINDS = "kinds.npz"
TAUGHT_TRAY = "tray.png"
TAUGHT_SIZE = "tray.json"  # what calibration measured with the tray: {"die_px": 58.1, "frame": [640, 480]}
DEFAULT_DIE_PX = 44.0  # a die's width in pixels when nothing was calibrated or configured
UNSURE = 0.9  # a face read with less confidence than this is read again from slightly moved crops
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
    """Segmentation, kind by colour, face by the small network limited to the faces that kind can show."""

    def __init__(
        self,
        kinds: KindReader | None = None,
        faces: FaceNet | None = None,
        dice: DiceSet | None = None,
        die_px: float = DEFAULT_DIE_PX,
        tray: np.ndarray | None = None,
    ) -> None:
        self.kinds = kinds or KindReader.load(DEFAULT_KINDS)
        self.faces = faces or FaceNet.load(str(DEFAULT_FACES))
        self.dice = dice or load_dice()
        self.die_px = die_px
        self.second_look = True
        # A picture of the empty tray (calibrated), else the tray is modelled in every frame.
        self.tray = half_size_lab(tray, segment_scale(die_px)) if tray is not None else None

    @classmethod
    def from_folder(cls, folder: Path | None, dice: DiceSet | None = None, die_px: float | None = None) -> DiceReader:
        """The shipped models, replaced by whatever was taught or calibrated into `folder` (if it exists).

        The die size: `die_px` if given (the config's), else the one calibration measured, else DEFAULT_DIE_PX."""
        kinds = faces = tray = None
        if die_px is None:
            die_px = learned_die_px(folder) or DEFAULT_DIE_PX
        if folder is not None:
            if (folder / TAUGHT_KINDS).exists():
                kinds = KindReader.load(folder / TAUGHT_KINDS)
            if (folder / TAUGHT_FACES).exists():
                faces = FaceNet.load(str(folder / TAUGHT_FACES))
            if (folder / TAUGHT_TRAY).exists():
                tray = cv2.imread(str(folder / TAUGHT_TRAY))
        return cls(kinds, faces, dice, die_px, tray)

    def read(self, image: np.ndarray, tray: np.ndarray | None = None) -> TrayReading:
        """`tray`: a tray model (vision.segment.tray_model) to use instead of the calibrated tray or a fresh fit."""
        found = find_dice(image, self.die_px, tray if tray is not None else self.tray)  # any die size
        blobs = found.blobs
        # Each die cut around its top face where that is clear: under a lamp its sides look like its top.
        crops, middles = top_face_crops(image, [(b.x, b.y, b.angle) for b in blobs], self.die_px)
        looks = die_looks(crops)
        kinds, kind_confidence = self.kinds.read_many(looks.colours)
        readable = [i for i, blob in enumerate(blobs) if blob.readable]
        allowed = [self.dice.faces_of(kinds[i]) for i in readable]
        faces: dict[int, tuple[str, float]] = dict(
            zip(readable, self.faces.read_many(looks.maps[readable], allowed), strict=True)
        )
        unsure = [i for i in readable if faces[i][1] < UNSURE]
        if unsure and self.second_look:
            # A die read without much certainty (a glyph of few pixels, an unusual font) is read again from crops a
            # little shifted and turned around the found centre, all views together deciding.
            views = [(middles[i][0] + dx * self.die_px, middles[i][1] + dy * self.die_px, blobs[i].angle + turn)
                     for i in unsure for dx, dy, turn in SECOND_LOOK]  # fmt: skip
            moved = die_looks(die_crops(image, views, self.die_px)).maps.reshape(
                len(unsure), len(SECOND_LOOK), *looks.maps.shape[1:]
            )
            maps = np.concatenate([looks.maps[unsure][:, None], moved], axis=1).reshape(-1, *looks.maps.shape[1:])
            again = self.faces.read_many(maps, [self.dice.faces_of(kinds[i]) for i in unsure], 1 + len(SECOND_LOOK))
            faces.update(zip(unsure, again, strict=True))
        readings = []
        for i, blob in enumerate(blobs):
            face, face_confidence = faces.get(i, (None, 1.0))
            confidence = float(kind_confidence[i]) * face_confidence
            readings.append(DieReading(kinds[i], face, round(blob.x), round(blob.y), confidence))
        return TrayReading(readings, found.obstructed)


def learned_die_px(folder: Path | None) -> float | None:
    """The die width calibration measured and kept in `folder` (None if it never did, or the file is damaged)."""
    if folder is None or not (folder / TAUGHT_SIZE).exists():
        return None
    try:
        value = json.loads((folder / TAUGHT_SIZE).read_text(encoding="utf-8"))["die_px"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return float(value) if isinstance(value, int | float) and 8 <= value <= 400 else None


def keep_die_px(folder: Path, die_px: float, frame: tuple[int, int]) -> None:
    """Keep the measured die width (and the frame size it was measured in) beside the calibrated tray."""
    (folder / TAUGHT_SIZE).write_text(json.dumps({"die_px": round(die_px, 1), "frame": list(frame)}) + "\n")
