import argparse
import json
from pathlib import Path

import pytest

from table.commands import dice as dice_commands


def _run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    dice_commands.register(parser.add_subparsers(dest="command", required=True))
    return dice_commands.run(parser.parse_args(argv))


def test_render_then_read_and_eval(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(["dice", "render", str(tmp_path), "--count", "4", "--seed", "77"]) == 0
    images = sorted(tmp_path.glob("*.png"))
    assert len(images) == 4 and len(list(tmp_path.glob("*.json"))) == 4
    capsys.readouterr()

    assert _run(["dice", "read", *map(str, images)]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [line["image"] for line in lines] == [str(p) for p in images]
    labels = json.loads(images[2].with_suffix(".json").read_text())["dice"]
    assert len(lines[2]["dice"]) == len(labels)
    for die in lines[2]["dice"]:
        assert set(die) == {"kind", "face", "x", "y", "confidence"}

    assert _run(["dice", "eval", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "images 4" in out and "kind right" in out and "confusions" in out


def test_read_of_a_missing_image_is_a_named_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(["dice", "read", str(tmp_path / "none.png")]) == 1
    assert json.loads(capsys.readouterr().out)["error"] == "cannot read this image"


def test_eval_of_an_unlabelled_folder_says_so(tmp_path: Path) -> None:
    assert _run(["dice", "eval", str(tmp_path)]) == 2


def test_the_dice_commands_read_the_faces_of_the_configured_printing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from table.config import CONFIG_NAME, default_text
    from table.paths import data_home

    config = default_text().replace("[dice]\n", "[dice]\nfaces.red = ['4', '4', '3', '3', '2', '2']\n")
    (data_home() / CONFIG_NAME).write_text(config)

    assert dice_commands.table_dice().faces_of("red") == ("2", "3", "4")
    assert dice_commands.reader().dice.faces_of("red") == ("2", "3", "4")  # what the table reads
    photos = tmp_path / "photos"
    (photos / "red" / "1").mkdir(parents=True)  # a face this printing's red die does not carry
    assert _run(["dice", "teach", str(photos)]) == 2
    assert "a red die cannot show '1' (2, 3, 4)" in capsys.readouterr().err


def test_a_corrupt_config_stops_the_dice_commands_with_its_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from table.config import CONFIG_NAME
    from table.paths import data_home

    (data_home() / CONFIG_NAME).write_text("[dice\nscoring = ")
    assert _run(["dice", "render", str(tmp_path), "--count", "1"]) == 2
    assert "damaged" in capsys.readouterr().err


def test_odd_pictures_get_their_reason_and_the_rest_of_the_batch_is_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import cv2
    import numpy as np

    assert _run(["dice", "render", str(tmp_path), "--count", "1", "--seed", "5"]) == 0
    (good,) = tmp_path.glob("*.png")
    cv2.imwrite(str(tmp_path / "thin.png"), np.zeros((50, 1, 3), np.uint8))
    cv2.imwrite(str(tmp_path / "huge.png"), np.zeros((4200, 4100, 3), np.uint8))  # over 16.7 Mpixels, 50 kB file
    cv2.imwrite(str(tmp_path / "huge.jpg"), np.zeros((4200, 4100, 3), np.uint8))
    capsys.readouterr()
    images = [tmp_path / "thin.png", tmp_path / "huge.png", tmp_path / "huge.jpg", good]
    assert _run(["dice", "read", *map(str, images)]) == 1
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert "too small to hold a die" in lines[0]["error"]
    assert lines[1]["error"] == lines[2]["error"] == "4100x4200 is too large: a tray picture is at most 16777216 pixels"
    assert "dice" in lines[3]  # read all the same


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["dice", "render", "{tmp}/r", "--look", "nosuch"], "no look 'nosuch' (the looks: default, harbour"),
        (["dice", "render", "/proc/x/y"], "/proc/x/y cannot be made"),
    ],
)
def test_render_mistakes_are_said_plainly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], says: str
) -> None:
    assert _run([arg.replace("{tmp}", str(tmp_path)) for arg in argv]) == 2
    assert says in capsys.readouterr().err


def test_a_count_is_a_whole_number_from_one(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        _run(["dice", "render", "somewhere", "--count", "-5"])
    assert "a whole number from 1 to 100000, not '-5'" in capsys.readouterr().err


def test_dice_read_into_a_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    import subprocess
    import sys

    assert _run(["dice", "render", str(tmp_path), "--count", "3", "--seed", "9"]) == 0
    images = sorted(str(path) for path in tmp_path.glob("*.png")) * 200  # more output than a pipe holds
    command = [sys.executable, "-m", "table", "dice", "read", *images]
    reader = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert reader.stdout is not None
    reader.stdout.readline()
    reader.stdout.close()  # `| head -1`
    _, err = reader.communicate(timeout=120)
    assert b"Traceback" not in err and reader.returncode == 1


def test_calibration_names_the_configured_exposure_only_for_a_camera_it_reaches(tmp_path: Path) -> None:
    """The overexposure warning names [camera] exposure_us with its value for the Pi camera, which the config sets;
    a webcam or a folder of pictures keeps its own exposure (vision/calibrate.py check_exposure)."""

    class PiCameraSetTo:
        exposure_us = 3000

    assert dice_commands.Frames(PiCameraSetTo()).exposure_us == 3000
    assert dice_commands.Frames(dice_commands._camera(str(tmp_path))).exposure_us is None
