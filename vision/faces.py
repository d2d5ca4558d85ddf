"""Which face a die shows: a small numpy network on HOG features of the die's glyph map (vision/crops.py).

Besides the faces the network has one more answer, NO_FACE: what it was shown is no die's top face (a die on its
edge, a side seen in perspective). The reader no longer asks it (whether a die leans on an edge is the posture
network's answer, vision/posture.py, which sees the die's surroundings too); the shipped network and every one taught
from it still carry it, so it stays among the outputs.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.crops import GLYPH
from vision.dice import FACES
from vision.network import Network

NO_FACE = "no face"
LABELS: tuple[str, ...] = (*FACES, NO_FACE)  # the network's outputs, in order (a face's index is its FACES index)
_HOG = cv2.HOGDescriptor((GLYPH, GLYPH), (16, 16), (8, 8), (8, 8), 9)


def features(maps: np.ndarray) -> np.ndarray:
    """HOG of each glyph map in its four quarter turns, (4 n, d), turns of one die together: a die's glyph can
    point any of four ways."""
    if len(maps) == 0:
        return np.zeros((0, _HOG.getDescriptorSize()), np.float32)
    turns = np.stack([np.rot90(maps, k, axes=(1, 2)) for k in range(4)], axis=1).reshape(-1, GLYPH, GLYPH)
    return hog_of_each(_HOG, turns)


def hog_of_each(hog: cv2.HOGDescriptor, maps: np.ndarray) -> np.ndarray:
    """(n, d): the HOG of each of the n square maps, as big as `hog`'s window."""
    size = maps.shape[1]
    # All maps in one call: stacked in one tall picture, each framed by the pixel HOG itself would mirror at a
    # picture's border, so every descriptor is exactly that of its map alone.
    framed = np.pad(maps, ((0, 0), (1, 1), (1, 1)), mode="reflect").reshape(-1, size + 2)
    locations = [(1, 1 + (size + 2) * i) for i in range(len(maps))]
    # OpenCV returns an ndarray; its stubs say Sequence[float].
    descriptors = np.asarray(hog.compute(framed, winStride=(1, 1), padding=(0, 0), locations=locations))
    return descriptors.reshape(len(maps), -1)


class FaceNet(Network):
    """One hidden layer, softmax over all faces and NO_FACE; a kind's impossible faces are masked out when reading.

    A network saved before NO_FACE existed (a venue's taught faces.npz) has one output per face and never says
    NO_FACE."""

    @property
    def labels(self) -> tuple[str, ...]:
        return LABELS[: self.w2.shape[1]]

    def no_face(self, maps: np.ndarray) -> np.ndarray:
        """How likely each glyph map is no die's top face (NO_FACE against every face), its four turns together; 0
        for a network that never says NO_FACE."""
        if NO_FACE not in self.labels or len(maps) == 0:
            return np.zeros(len(maps), np.float32)
        return self._turned_together(maps, 1)[:, self.labels.index(NO_FACE)]

    def _turned_together(self, maps: np.ndarray, views: int) -> np.ndarray:
        """(n, labels): each die's probabilities over its `views` maps in a row, each in its four turns, averaged."""
        return self.probabilities(features(maps)).reshape(len(maps) // views, views * 4, -1).mean(axis=1)

    def read_many(
        self, maps: np.ndarray, allowed: list[tuple[str, ...]], views: int = 1
    ) -> list[tuple[str | None, float]]:
        """The face of each glyph map, limited to the faces `allowed` (its kind's, and NO_FACE where that may be the
        answer), with its probability; None when NO_FACE wins. With `views`, each die has that many maps in a row
        (its crop a little moved) and their probabilities are averaged."""
        if len(maps) == 0:
            return []
        labels = self.labels
        p = self._turned_together(maps, views)  # turn-invariant
        mask = np.array([[label in faces for label in labels] for faces in allowed])
        p = np.where(mask, p, 0)
        best = p.argmax(axis=1)
        confidence = p[np.arange(len(best)), best] / np.maximum(p.sum(axis=1), 1e-9)
        return [(None if labels[b] == NO_FACE else labels[b], float(c)) for b, c in zip(best, confidence, strict=True)]

    @classmethod
    def train(
        cls,
        x: np.ndarray,
        y: np.ndarray,
        hidden: int = 64,
        epochs: int = 30,
        seed: int = 0,
        start: FaceNet | None = None,
        rate: float = 0.003,
        faces_only: bool = False,
    ) -> FaceNet:
        """Trained on features `x` and label indices `y`; from `start`'s weights when given (teaching adapts the
        shipped network).

        `faces_only` (teaching: photos of faces only): NO_FACE is left out of the softmax and its own weights are not
        changed, or photos that all show a face would teach the network never to say NO_FACE."""
        trained = len(FACES) if faces_only else None
        return cls(*cls.fit(x, y, len(LABELS), hidden, epochs, seed, start, rate, trained))

    @classmethod
    def load(cls, path: str) -> FaceNet:
        """The network saved at `path`; ValueError if it holds no face network this reader can use."""
        return cls(*cls.weights(path, _HOG.getDescriptorSize(), (len(FACES), len(LABELS))))
