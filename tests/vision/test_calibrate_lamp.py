"""Calibrating under an ordinary lamp (issue 29): a desk lamp off to the side casts shadows about 0.6 of a die long,
their core ~55 % of the felt's brightness; the die is measured without its shadow and the cloth is not refused."""

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from table.commands import dice as dice_commands
from vision.calibrate import measure_die
from vision.dice import load_dice
from vision.render import Scene, calibration_frames, load_look
from vision.shadows import shadow_mask

DICE = load_dice()
CAMERA_SEED = 101  # a tuning installation of the bench (bench_vision.HARSH_DEV), never a held-out one


@pytest.mark.parametrize("die_px", [34, 58, 76])
def test_calibrate_accepts_a_side_lamp_on_green_felt_and_measures_the_die_without_its_shadow(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], die_px: int
) -> None:
    scene = Scene(640, 480, die_px, cloth="green felt", harsh=True, lamp_place="side")
    folder = tmp_path / "camera"
    folder.mkdir()
    for i, image in enumerate(calibration_frames(CAMERA_SEED, DICE, load_look("default"), scene, seed=300_000)):
        cv2.imwrite(str(folder / f"frame-{i:02d}.png"), image)
    assert dice_commands.calibrate(dice_commands._camera(str(folder)), lambda prompt: "") == 0, capsys.readouterr()
    kept = json.loads((dice_commands.dice_folder() / "tray.json").read_text())
    assert abs(kept["die_px"] / die_px - 1) < 0.1, kept


def test_a_shadow_is_the_cloth_darkened_and_a_black_die_is_not() -> None:
    felt = np.full((4, 1, 3), (112, 118, 120), np.uint8)  # grey felt
    seen = felt.copy()
    seen[0] = (felt[0] * 0.55).astype(np.uint8)  # a shadow's core: the same grey, 55 % of the pixel values
    seen[1] = (34, 30, 30)  # a black die: the same grey, far darker than any shadow
    seen[2] = (40, 110, 150)  # a die of its own colour

    def lab(image: np.ndarray) -> np.ndarray:
        return cv2.cvtColor(image, cv2.COLOR_BGR2LAB).astype(np.float32)

    assert shadow_mask(lab(seen), lab(felt))[:, 0].tolist() == [1, 0, 0, 0]


def test_a_side_lamps_shadow_no_longer_lengthens_the_die() -> None:
    """What issue 29 saw: the die measured with its shadow (82 px for a 58 px die)."""
    scene = Scene(640, 480, 58, cloth="green felt", harsh=True, lamp_place="side")
    frames = calibration_frames(CAMERA_SEED, DICE, load_look("default"), scene, seed=300_000)
    tray = np.median(np.stack(frames[:5]), axis=0).astype(np.uint8)
    sizes = [measure_die(image, tray) for image in frames[5:]]
    assert abs(float(np.median(sizes)) / 58 - 1) < 0.1, sizes
