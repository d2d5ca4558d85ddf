"""Teaching the reader a venue's own dice from labelled photos: DIR/<kind>/<face>/*.png|jpg, one die per photo.

The kind colours are refitted (each kind's Gaussian, shrunk toward the shipped one when photos are few) and the face
network is adapted: trained further from the shipped weights on the photos, each photo also slightly turned, scaled
and shifted, so 20 photos per face are enough.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from vision.crops import CROP, die_looks
from vision.dice import DiceSet
from vision.faces import LABELS, FaceNet, features
from vision.kinds import KindReader
from vision.pipeline import cut_out, shipped_networks
from vision.segment import find_dice

PHOTO_SUFFIXES = {".png", ".jpg", ".jpeg"}
VARIANTS = 8  # slightly moved copies of each photo's crop


class TeachError(ValueError):
    """The folder cannot be taught from: a name that is no kind or face, or no usable photo at all."""


@dataclass(frozen=True)
class TaughtPhotos:
    crops: np.ndarray  # (n, CROP, CROP, 3)
    kinds: list[str]
    faces: list[str]
    skipped: list[tuple[Path, str]]  # photo and why it was not used
    paths: list[Path]  # the photo each crop was cut from


def load_photos(folder: Path, dice: DiceSet, die_px: float, tray: np.ndarray | None = None) -> TaughtPhotos:
    """The one readable die in each photo, with the kind and face its folder names."""
    crops, kinds, faces, skipped, paths = [], [], [], [], []
    for kind_dir in sorted(p for p in folder.iterdir() if p.is_dir()):
        for face_dir in sorted(p for p in kind_dir.iterdir() if p.is_dir()):
            kind, face = kind_dir.name, face_dir.name
            if kind not in dice.kinds:
                raise TeachError(f"{kind_dir}: {kind!r} is not a kind of die ({', '.join(dice.kinds)})")
            if not dice.can_show(kind, face):
                raise TeachError(f"{face_dir}: a {kind} die cannot show {face!r} ({', '.join(dice.faces_of(kind))})")
            for photo in sorted(p for p in face_dir.iterdir() if p.suffix.lower() in PHOTO_SUFFIXES):
                image = cv2.imread(str(photo))
                if image is None:
                    skipped.append((photo, "not a picture"))
                    continue
                found = find_dice(image, die_px, tray)
                blobs = [b for b in found.blobs if b.readable]
                # The one die seen flat; or one die that looks on its edge (a photo of a face, its sides showing
                # under the camera), taught from if its top face is clear. Cut as the reader cuts it (placed and
                # centred on its top), so teaching sees what reading sees.
                if len(blobs) == 1 or (not blobs and len(found.blobs) == 1):
                    cut = cut_out(image, blobs or found.blobs, die_px, *shipped_networks())
                    if blobs or cut.tops[0] is not None:
                        crops.append(cut.crops[0])
                        kinds.append(kind)
                        faces.append(face)
                        paths.append(photo)
                        continue
                skipped.append((photo, f"{len(blobs)} readable dice seen, one wanted"))
    if not crops:
        raise TeachError(f"{folder}: no usable photo (want {folder}/<kind>/<face>/*.png, one die per photo)")
    return TaughtPhotos(np.stack(crops), kinds, faces, skipped, paths)


def varied(crops: np.ndarray, copies: int = VARIANTS, seed: int = 0) -> np.ndarray:
    """Each crop plus `copies - 1` copies turned a few degrees, scaled a few percent and shifted a pixel."""
    rng = np.random.default_rng(seed)
    out = [crops]
    centre = (CROP / 2, CROP / 2)
    for _ in range(copies - 1):
        moved = np.empty_like(crops)
        for i, crop in enumerate(crops):
            matrix: np.ndarray = cv2.getRotationMatrix2D(centre, rng.uniform(-7, 7), rng.uniform(0.95, 1.05))
            matrix[:, 2] += rng.uniform(-1.2, 1.2, 2)
            moved[i] = cv2.warpAffine(
                crop, matrix, (CROP, CROP), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
            )
        out.append(moved)
    return np.concatenate(out)


def teach(photos: TaughtPhotos, kinds: KindReader, faces: FaceNet, epochs: int = 12) -> tuple[KindReader, FaceNet]:
    """The readers adapted to these photos (the ones given are not changed)."""
    taught_kinds = KindReader.fit(die_looks(photos.crops).colours, photos.kinds, prior=kinds)
    many = varied(photos.crops)
    x = features(die_looks(many).maps)
    y = np.repeat(np.tile([LABELS.index(f) for f in photos.faces], len(many) // len(photos.crops)), 4)
    taught_faces = FaceNet.train(x, y, epochs=epochs, start=faces, rate=0.001, faces_only=True)
    return taught_kinds, taught_faces
