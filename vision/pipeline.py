"""One settled frame in, every die's kind, face, place and confidence out."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from vision.crops import die_crops, die_looks
from vision.dice import DiceSet, load_dice
from vision.faces import FaceNet
from vision.kinds import KindReader
from vision.segment import find_dice, half_size_lab

MODELS = Path(__file__).with_name("models")
DEFAULT_FACES = MODELS / "faces.npz"
DEFAULT_KINDS = MODELS / "kinds.npz"

# What teaching and calibrating write into a folder (the table keeps it under PIRATE_TABLE_HOME).
TAUGHT_FACES = "faces.npz"
TAUGHT_KINDS = "kinds.npz"
TAUGHT_TRAY = "tray.png"


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
        die_px: float = 44.0,
        tray: np.ndarray | None = None,
    ) -> None:
        self.kinds = kinds or KindReader.load(DEFAULT_KINDS)
        self.faces = faces or FaceNet.load(str(DEFAULT_FACES))
        self.dice = dice or load_dice()
        self.die_px = die_px
        # A picture of the empty tray (calibrated), else the tray is modelled in every frame.
        self.tray = half_size_lab(tray) if tray is not None else None

    @classmethod
    def from_folder(cls, folder: Path | None, dice: DiceSet | None = None, die_px: float = 44.0) -> DiceReader:
        """The shipped models, replaced by whatever was taught or calibrated into `folder` (if it exists)."""
        kinds = faces = tray = None
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
        found = find_dice(image, self.die_px, tray if tray is not None else self.tray)
        blobs = found.blobs
        looks = die_looks(die_crops(image, [(b.x, b.y, b.angle) for b in blobs], self.die_px))
        kinds, kind_confidence = self.kinds.read_many(looks.colours)
        readable = [i for i, blob in enumerate(blobs) if blob.readable]
        allowed = [self.dice.faces_of(kinds[i]) for i in readable]
        faces: dict[int, tuple[str, float]] = dict(
            zip(readable, self.faces.read_many(looks.maps[readable], allowed), strict=True)
        )
        readings = []
        for i, blob in enumerate(blobs):
            face, face_confidence = faces.get(i, (None, 1.0))
            confidence = float(kind_confidence[i]) * face_confidence
            readings.append(DieReading(kinds[i], face, round(blob.x), round(blob.y), confidence))
        return TrayReading(readings, found.obstructed)
