"""One settled frame in, every die's kind, face, place and confidence out."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from vision.dice import DiceSet, load_dice
from vision.faces import FaceNet, glyph_map
from vision.kinds import KindReader, body_colour
from vision.render import load_look
from vision.segment import find_dice

DEFAULT_MODEL = Path(__file__).with_name("models") / "faces.npz"


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
    ) -> None:
        self.kinds = kinds or KindReader.from_look(load_look().body)
        self.faces = faces or FaceNet.load(str(DEFAULT_MODEL))
        self.dice = dice or load_dice()
        self.die_px = die_px

    def read(self, image: np.ndarray) -> TrayReading:
        found = find_dice(image, self.die_px)
        readings = []
        for blob in found.blobs:
            body = body_colour(image, blob.x, blob.y, self.die_px)
            kind, kind_confidence = self.kinds.read(body)
            face, confidence = None, kind_confidence
            if blob.readable:
                glyph = glyph_map(image, blob.x, blob.y, blob.angle, self.die_px, body)
                face, face_confidence = self.faces.read(glyph, self.dice.faces_of(kind))
                confidence = kind_confidence * face_confidence
            readings.append(DieReading(kind, face, round(blob.x), round(blob.y), confidence))
        return TrayReading(readings, found.obstructed)
