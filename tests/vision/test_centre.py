import math
from pathlib import Path

import numpy as np
import pytest

from vision.centre import CHANNELS, REACH, Centring, inputs
from vision.crops import CROP
from vision.place import along_crop


def test_what_the_network_sees_is_the_die_against_its_own_colour_and_where_the_frame_middle_lies() -> None:
    image = np.full((240, 320, 3), (40, 120, 40), np.uint8)  # green cloth
    image[90:110, 50:70] = (30, 30, 200)  # a red die, 20 px wide, its middle at (59.5, 99.5)
    body = np.array([[110.0, 191.0, 173.0]], np.float32)  # its colour in OpenCV's 8-bit LAB
    seen = inputs(image, [(59.5, 99.5, 30.0)], 20, body)
    assert seen.shape == (1, CHANNELS, CROP, CROP) and seen.dtype == np.float32
    middle = seen[0, :, CROP // 2 - 3 : CROP // 2 + 3, CROP // 2 - 3 : CROP // 2 + 3]
    assert np.abs(middle[0] - 128 / 255).max() < 0.03 and middle[1].max() < 0.05  # the die is its own colour
    assert seen[0, 1, 0, 0] > 0.5  # the cloth is not
    u, v = along_crop(160 - 59.5, 120 - 99.5, 30.0)
    half_diagonal = math.hypot(160, 120)
    assert seen[0, 2] == pytest.approx(np.full((CROP, CROP), u / half_diagonal))
    assert seen[0, 3] == pytest.approx(np.full((CROP, CROP), v / half_diagonal))
    assert seen[0, 4] == pytest.approx(np.full((CROP, CROP), 0.2))
    assert inputs(image, [], 20, np.zeros((0, 3), np.float32)).shape == (0, CHANNELS, CROP, CROP)


class _Wild:
    """A network answering whatever it was told to (as if its inputs were wild)."""

    def __init__(self, answer: np.ndarray) -> None:
        self.answer = answer

    def setInput(self, x: np.ndarray) -> None:
        self.n = len(x)

    def forward(self) -> np.ndarray:
        return np.repeat(self.answer[None], self.n, axis=0)


def test_the_centring_moves_no_die_farther_than_it_learned() -> None:
    centring = Centring()
    centring.net = _Wild(np.array([3.0, -4.0], np.float32))  # type: ignore[assignment]
    far = centring.offsets(np.zeros((2, CHANNELS, CROP, CROP), np.float32))
    assert far == pytest.approx(np.array([[0.6, -0.8], [0.6, -0.8]]) * REACH)
    centring.net = _Wild(np.array([0.05, 0.1], np.float32))  # type: ignore[assignment]
    assert centring.offsets(np.zeros((1, CHANNELS, CROP, CROP), np.float32)) == pytest.approx(np.array([[0.05, 0.1]]))
    assert centring.offsets(np.zeros((0, CHANNELS, CROP, CROP), np.float32)).shape == (0, 2)


def test_the_shipped_network_answers_two_numbers_per_die() -> None:
    seen = np.random.default_rng(1).random((3, CHANNELS, CROP, CROP)).astype(np.float32)
    out = Centring().offsets(seen)
    assert out.shape == (3, 2) and np.isfinite(out).all() and (np.hypot(out[:, 0], out[:, 1]) <= REACH + 1e-6).all()


def test_a_damaged_network_file_is_refused_plainly(tmp_path: Path) -> None:
    damaged = tmp_path / "centre.onnx"
    damaged.write_bytes(b"not a network")
    with pytest.raises(ValueError, match="no centring network"):
        Centring(damaged)


def test_a_die_far_out_is_centred_on_its_top_and_its_face_read_not_the_glyph_beside_it() -> None:
    """A frame like the tuning installation tmp-26-tavern (26 px, grey felt, side lamp, the tavern printing, camera
    114): a black 5 near the frame's edge. Cut where the placer put it, 0.14 die off, the crop took in the side beside
    the top and the 5 was read as a 6; centred, it lies within 0.08 die and reads 5."""
    from vision.dice import load_dice
    from vision.pipeline import DiceReader
    from vision.render import EVAL_STYLE, Scene, load_look, scatter

    scene = Scene(640, 480, 26, cloth="grey felt", lamp="daylight", harsh=True, lamp_place="side")
    frame = scatter(44, load_dice(), 6, look=load_look("tavern"), style=EVAL_STYLE, scene=scene, touching=0.12,
                    camera_seed=114)  # fmt: skip
    (truth,) = [d for d in frame.dice if d.centre[0] < 60 and d.kind == "black"]
    reader = DiceReader(die_px=27)

    def nearest() -> tuple[float, str | None]:
        die = min(reader.read(frame.image).dice, key=lambda d: math.hypot(d.x - truth.centre[0], d.y - truth.centre[1]))
        return math.hypot(die.x - truth.centre[0], die.y - truth.centre[1]) / 26, die.face

    off, face = nearest()
    assert off < 0.08 and face == "5" == truth.face
    reader.centring = None  # type: ignore[assignment]
    off, face = nearest()
    assert off > 0.1 and face == "6"
