import numpy as np
import pytest

from vision.crops import CROP, die_crops
from vision.dice import load_dice
from vision.pipeline import DEFAULT_PLACE, DiceReader
from vision.place import REACH, PlaceNet, along_crop, in_frame, placed, quarter_turned
from vision.posture import INPUTS
from vision.render import EVAL_STYLE, Scene, load_look, scatter
from vision.segment import Blob


def _dot(crop: np.ndarray, middle: float) -> tuple[float, float]:
    """Where the one bright dot in a crop lies (its weighted middle), from `middle`, in pixels (a pixel's index is
    its middle)."""
    weight = crop[..., 0].astype(float)
    ys, xs = np.mgrid[0 : crop.shape[0], 0 : crop.shape[1]]
    return (xs * weight).sum() / weight.sum() - middle, (ys * weight).sum() / weight.sum() - middle


@pytest.mark.parametrize("angle", [0.0, 30.0, -70.0, 135.0])
def test_a_step_in_the_frame_lies_in_the_turned_crop_as_along_crop_says(angle: float) -> None:
    image = np.zeros((200, 200, 3), np.uint8)
    image[104:108, 98:102] = 255  # a dot 10.5 px left of and 5.5 below (110, 100), the crop's middle
    crop = die_crops(image, [(110.0, 100.0, angle)], CROP)[0]  # one pixel of the crop is one of the frame
    u, v = along_crop(-10.5, 5.5, angle)
    assert _dot(crop, CROP / 2) == pytest.approx((u, v), abs=0.2)  # die_crops puts the die's middle there
    assert in_frame(u, v, angle) == pytest.approx((-10.5, 5.5))


@pytest.mark.parametrize("k", [1, 2, 3])
def test_an_offset_turns_with_its_crop(k: int) -> None:
    crop = np.zeros((32, 32, 3), np.uint8)
    crop[20:22, 6:8] = 255  # 9 px left of the middle (15.5), 5 below
    (u, v) = _dot(np.rot90(crop, k, axes=(0, 1)), 15.5)  # np.rot90 turns about the crop's middle
    assert quarter_turned(np.array([[-9.0, 5.0]]), k)[0] == pytest.approx((u, v))


def test_a_die_is_moved_by_its_offset_in_dice_along_its_crops_axes() -> None:
    blob = Blob(100.0, 100.0, 90.0, True)
    x, y = placed(blob, None, np.array([0.5, 0.0]), 40)  # half a die along the crop's x: the frame's y, turned 90
    assert (x, y) == pytest.approx((100.0, 120.0))


def test_the_placer_moves_no_die_farther_than_it_learned() -> None:
    net = PlaceNet.load(str(DEFAULT_PLACE))
    net.members[0].b2 = np.array([50.0, 0.0], np.float32)  # as if the features were wild
    far = net.offsets(np.zeros((2, INPUTS), np.float32))
    assert np.hypot(far[:, 0], far[:, 1]) == pytest.approx([REACH, REACH])
    assert net.offsets(np.zeros((0, INPUTS), np.float32)).shape == (0, 2)


def test_a_die_far_out_in_a_tilted_cameras_frame_is_found_where_it_lies_and_read() -> None:
    """Tuning installation dev-side-hd-50px (bench/bench_vision.py), frame 58 of its accuracy set: a black 5 in the
    frame's corner, its top face and the side beside it one piece. The reader before the placer put it 0.34 die off
    (not found, a ghost beside it) and read its face from top and side together: a 6."""
    scene = Scene(1280, 960, 50, cloth="navy felt", lamp="daylight", harsh=True, lamp_place="side")
    frame = scatter(558, load_dice(), 5, look=load_look("default"), style=EVAL_STYLE, scene=scene, touching=0.12,
                    camera_seed=105)  # fmt: skip
    (truth,) = [d for d in frame.dice if d.centre[0] > 1100]
    dice = DiceReader(die_px=50).read(frame.image).dice
    nearest = min(dice, key=lambda d: np.hypot(d.x - truth.centre[0], d.y - truth.centre[1]))
    assert np.hypot(nearest.x - truth.centre[0], nearest.y - truth.centre[1]) < 0.2 * 50
    assert (nearest.kind, nearest.face) == ("black", "5") == (truth.kind, truth.face)
