"""Teaching the table another printing of the dice (the "harbour" look), capturing photos, calibrating."""

import argparse
import shutil
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np
import pytest

from table.commands import dice as dice_commands
from table.devices.camera import FileCamera
from vision.dice import load_dice
from vision.pipeline import DiceReader
from vision.render import EVAL_STYLE, DieSpec, Scene, load_look, render, scatter
from vision.teach import TeachError, load_photos, teach

DICE = load_dice()
HARBOUR = load_look("harbour")
PHOTO = Scene(width=320, height=240)  # one die per photo: a small frame renders fast and reads the same


def _photo(kind: str, face: str, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    spec = DieSpec(kind, face, float(rng.uniform(90, 230)), float(rng.uniform(80, 160)), float(rng.uniform(0, 90)))
    return render([spec], seed=seed, look=HARBOUR, style=EVAL_STYLE, scene=PHOTO).image


@pytest.fixture(scope="module")
def photos_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """20 photos of every kind and face of the harbour dice, laid out as DIR/<kind>/<face>/NNN.png."""
    folder = tmp_path_factory.mktemp("harbour-photos")
    for number, (kind, face) in enumerate(DICE.pairs()):
        (folder / kind / face).mkdir(parents=True)
        for i in range(20):
            cv2.imwrite(str(folder / kind / face / f"{i:03d}.png"), _photo(kind, face, 100_000 + 100 * number + i))
    return folder


@lru_cache(maxsize=1)
def _harbour_frames(count: int = 25) -> list:
    """Harbour frames with other seeds than the photos (rendered once for the module)."""
    return [scatter(300_000 + i, DICE, 4, look=HARBOUR, style=EVAL_STYLE, touching=0.3) for i in range(count)]


def _right_share(reader: DiceReader) -> float:
    """Share of dice read with the right kind and face on the harbour frames."""
    right = total = 0
    for frame in _harbour_frames():
        reading = reader.read(frame.image)
        for truth in frame.dice:
            near = [d for d in reading.dice if np.hypot(d.x - truth.centre[0], d.y - truth.centre[1]) < 12]
            total += 1
            right += len(near) == 1 and (near[0].kind, near[0].face) == (truth.kind, truth.face)
    return right / total


def test_teaching_20_photos_per_face_makes_the_harbour_dice_readable(photos_folder: Path) -> None:
    shipped = DiceReader()
    photos = load_photos(photos_folder, DICE, shipped.die_px)
    # A cream die on a pale tray is sometimes not found: such photos are skipped and named, not guessed.
    assert len(photos.kinds) + len(photos.skipped) == 20 * len(DICE.pairs()) and len(photos.skipped) < 18
    before = _right_share(shipped)
    kinds, faces = teach(photos, shipped.kinds, shipped.faces)
    after = _right_share(DiceReader(kinds, faces))
    assert before < 0.6  # the shipped colours do not fit this printing
    assert after >= 0.97  # the long run over many frames is in BENCHMARKS.md


def test_teach_command_keeps_what_it_learned_in_the_data_folder(
    photos_folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture
) -> None:
    monkeypatch.setenv("PIRATE_TABLE_HOME", str(tmp_path))
    few = tmp_path / "photos"  # 4 photos per face: the command, not the teaching, is tested here (and fast)
    for photo in photos_folder.glob("*/*/00[0-3].png"):
        (few / photo.parent.parent.name / photo.parent.name).mkdir(parents=True, exist_ok=True)
        shutil.copy(photo, few / photo.parent.parent.name / photo.parent.name / photo.name)
    assert dice_commands.run(argparse.Namespace(dice_command="teach", folder=few)) == 0
    out = capsys.readouterr().out
    assert "taught from " in out and int(out.split("taught from ")[1].split()[0]) > 60
    assert (tmp_path / "dice" / "faces.npz").exists() and (tmp_path / "dice" / "kinds.npz").exists()
    frame = scatter(300_100, DICE, 3, look=HARBOUR, style=EVAL_STYLE)
    image = tmp_path / "tray.png"
    cv2.imwrite(str(image), frame.image)
    assert dice_commands.run(argparse.Namespace(dice_command="read", images=[image], shipped=False)) == 0
    line = capsys.readouterr().out
    assert all(f'"kind": "{d.kind}"' in line for d in frame.dice)


def test_teach_says_plainly_when_the_data_folder_cannot_be_written(
    photos_folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture
) -> None:
    """A card that cannot take the file (here a folder in its place; a full or read-only card alike)."""
    monkeypatch.setenv("PIRATE_TABLE_HOME", str(tmp_path))
    (tmp_path / "dice" / "kinds.npz").mkdir(parents=True)
    few = tmp_path / "photos"
    for photo in photos_folder.glob("*/*/000.png"):
        (few / photo.parent.parent.name / photo.parent.name).mkdir(parents=True, exist_ok=True)
        shutil.copy(photo, few / photo.parent.parent.name / photo.parent.name / photo.name)
    assert dice_commands.run(argparse.Namespace(dice_command="teach", folder=few)) == 1
    said = capsys.readouterr().err
    assert f"what was learned could not be kept in {tmp_path / 'dice'} (" in said and "Traceback" not in said
    assert not (tmp_path / "dice" / "faces.npz").exists()


def test_teaching_refuses_a_face_the_kind_cannot_show(tmp_path: Path) -> None:
    (tmp_path / "red" / "7").mkdir(parents=True)
    with pytest.raises(TeachError, match="cannot show"):
        load_photos(tmp_path, DICE, 44.0)


def test_capture_keeps_only_photos_with_one_die_and_stops_on_q(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    camera_folder = tmp_path / "camera"
    camera_folder.mkdir()
    frames = [_photo("skullking", "skull", 1), render([], seed=2, scene=PHOTO).image, _photo("skullking", "skull", 3)]
    for i, frame in enumerate(frames):
        cv2.imwrite(str(camera_folder / f"{i}.png"), frame)
    answers = iter(["", "", "", "q"])
    prompts: list[str] = []

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    out = tmp_path / "photos"
    assert dice_commands.capture(FileCamera(camera_folder), out, 2, ask) == 1
    assert sorted(p.name for p in (out / "skullking" / "skull").iterdir()) == ["001.png", "002.png"]
    assert "not kept: 0 dice seen" in capsys.readouterr().out
    assert prompts[0].strip().startswith("skullking skull photo 1/2") and "skullking flag" in prompts[-1]


def test_calibrate_learns_the_tray_and_the_harbour_colours(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture
) -> None:
    """The person empties the tray, then lays one die of each kind in turn (the command names the kind)."""
    monkeypatch.setenv("PIRATE_TABLE_HOME", str(tmp_path))
    camera_folder = tmp_path / "camera"
    camera_folder.mkdir()
    seed = 77
    frames = [render([], seed=seed, look=HARBOUR).image] * 5
    frames += [render([DieSpec(kind, DICE.faces_of(kind)[0], 300, 220, 20)], seed=seed, look=HARBOUR).image
               for kind in DICE.kinds]  # fmt: skip
    for i, frame in enumerate(frames):
        cv2.imwrite(str(camera_folder / f"{i:02d}.png"), frame)
    assert dice_commands.calibrate(FileCamera(camera_folder), lambda prompt: "") == 0
    assert "calibrated: the tray and 7 kinds" in capsys.readouterr().out
    reader = dice_commands.reader()
    assert reader.tray is not None
    specs = [DieSpec(kind, DICE.faces_of(kind)[-1], 80 + 80 * i, 150 + 90 * (i % 3), 30) for i, kind in
             enumerate(DICE.kinds)]  # fmt: skip
    reading = reader.read(render(specs, seed=seed, look=HARBOUR).image)
    assert sorted(d.kind for d in reading.dice) == sorted(DICE.kinds)


def test_calibrate_refuses_a_tray_that_is_not_empty(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PIRATE_TABLE_HOME", str(tmp_path))
    camera_folder = tmp_path / "camera"
    camera_folder.mkdir()
    cv2.imwrite(str(camera_folder / "0.png"), render([DieSpec("red", "1", 300, 200)], seed=5).image)
    assert dice_commands.calibrate(FileCamera(camera_folder), lambda prompt: "", empty_frames=1) == 1
    assert not (tmp_path / "dice" / "kinds.npz").exists()


def test_a_photos_die_is_cut_as_the_reader_cuts_it(tmp_path: Path) -> None:
    """Teaching learns from what reading reads: a photo's die far out in a tilted camera's frame (its side showing)
    is placed and centred as the reader does it (vision.pipeline.cut_out), not cut around its top face alone."""
    from vision.pipeline import cut_out, shipped_networks
    from vision.segment import find_dice

    scene = Scene(640, 480, 26, cloth="grey felt", lamp="daylight", harsh=True, lamp_place="side")
    spec = DieSpec("black", "5", 60.0, 60.0, 20.0)  # in the frame's corner
    image = render([spec], seed=7, look=load_look("tavern"), style=EVAL_STYLE, scene=scene, camera_seed=114).image
    (tmp_path / "black" / "5").mkdir(parents=True)
    cv2.imwrite(str(tmp_path / "black" / "5" / "000.png"), image)
    taught = load_photos(tmp_path, DICE, 27.0)
    assert taught.faces == ["5"] and not taught.skipped
    cut = cut_out(image, find_dice(image, 27.0).blobs, 27.0, *shipped_networks())
    assert np.array_equal(taught.crops[0], cut.crops[0])
    without_centring = cut_out(image, find_dice(image, 27.0).blobs, 27.0, *shipped_networks()[:2], None)
    assert not np.array_equal(taught.crops[0], without_centring.crops[0])
