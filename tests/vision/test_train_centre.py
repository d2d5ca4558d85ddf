import numpy as np
import pytest

from vision.centre import CHANNELS
from vision.crops import CROP
from vision.place import REACH
from vision.train import _harsh
from vision.train_centre import CENTRE_CAMERAS, COPIES, JITTER, WIDE, examples, turned


def _dot(image: np.ndarray) -> tuple[float, float]:
    """Where the one bright dot of a (CROP, CROP) picture lies from its middle, in pixels."""
    ys, xs = np.mgrid[0:CROP, 0:CROP]
    weight = image.astype(float)
    middle = (CROP - 1) / 2
    return (xs * weight).sum() / weight.sum() - middle, (ys * weight).sum() / weight.sum() - middle


@pytest.mark.parametrize(("k", "mirrored"), [(0, True), (1, False), (2, False), (3, True), (1, True)])
def test_an_example_turns_and_mirrors_with_its_label_and_the_frames_middle(k: int, mirrored: bool) -> None:
    image = np.zeros((1, 2, CROP, CROP), np.uint8)
    image[0, :, 26:28, 8:10] = 255  # 11 px left of the middle (19.5), 7 below: the true top, say
    offset = np.array([[-11.0, 7.0]], np.float32)
    geometry = np.array([[-11.0, 7.0, 0.3]], np.float32)  # the frame's middle the same way, to follow it alike
    image, geometry, offset = turned(image, geometry, offset, k, mirrored)
    assert _dot(image[0, 0]) == pytest.approx(tuple(offset[0]))
    assert geometry[0] == pytest.approx([*offset[0], 0.3])


def test_examples_are_flat_dice_seen_from_the_placers_place_and_jittered_ones_labelled_with_the_true_top() -> None:
    data = examples(range(3))
    n = len(data["offset"])
    assert n > 0 and n % COPIES == 0
    assert data["image"].shape == (n, 2, CROP, CROP) and data["image"].dtype == np.uint8
    assert data["geometry"].shape == (n, 3)
    first = data["offset"][::COPIES]  # seen from the placer's place: within its reach of the true top
    assert (np.hypot(first[:, 0], first[:, 1]) < REACH * 1.06).all()
    # A jittered look lies at most JITTER from the first along each of the frame's axes (any way along the crop's):
    # its label differs by as much.
    for j in range(1, COPIES):
        moved = data["offset"][j::COPIES] - first
        assert (np.hypot(moved[:, 0], moved[:, 1]) <= JITTER * np.sqrt(2) + 1e-4).all() and np.abs(moved).max() > 0.01
    assert 2 + data["geometry"].shape[1] == CHANNELS


def test_wide_angle_frames_have_small_dice_in_a_big_frame_and_give_examples() -> None:
    """The frames that teach the far corners: dice 22-36 px wide per 640 px of frame, three to six of them, and a
    measured width up to 15 % over the drawn one (as calibration measures at such a camera)."""
    for seed in range(6):
        frame, die_px = _harsh(seed, np.random.default_rng([seed, 11]), 0.1, CENTRE_CAMERAS + WIDE + seed, wide=True)
        per_640 = frame.die_px * 640 / frame.image.shape[1]
        assert 22 <= per_640 <= 36 and 0.95 <= die_px / frame.die_px <= 1.15
    data = examples(range(WIDE, WIDE + 2))
    assert len(data["offset"]) >= 3 * COPIES  # three dice or more a frame, most of them flat and found


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--wide", "-1"], "--wide at least 0"),
        (["--frames", str(WIDE + 1)], f"--frames must be at most {WIDE}"),  # would take the wide frames' seeds
    ],
)
def test_bad_options_are_said_plainly_before_rendering(
    argv: list[str], said: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from vision import train_centre

    monkeypatch.setattr("sys.argv", ["train_centre", *argv])
    with pytest.raises(SystemExit) as stopped:
        train_centre.main()
    assert stopped.value.code == 2 and said in capsys.readouterr().err
