"""The die's top face located by its outline and straightened before it is read (issue 29): under a side lamp the
sides look like the top, so the blob's middle lies about a tenth of a die off the top face."""

import cv2
import numpy as np
import pytest

from vision.crops import CROP, die_crops, top_face_crops
from vision.dice import load_dice
from vision.render import EVAL_STYLE, Scene, load_look, scatter
from vision.segment import Blob, find_dice
from vision.topface import TopFace, beside, find_top_face, squared_away, straightened

DICE = load_dice()
CAMERA_SEED = 101  # a tuning installation of the bench (bench_vision.HARSH_DEV), never a held-out one


def _harsh_dice(die_px: int, frames: int) -> list[tuple[np.ndarray, float, float, float, float, float]]:
    """(image, blob x, y, angle, true x, y) of every die found near a true die, on side-lamp frames."""
    scene = Scene(640, 480, die_px, cloth="green felt", harsh=True, lamp_place="side")
    found = []
    for seed in range(frames):
        frame = scatter(7000 + seed, DICE, 4, look=load_look("default"), style=EVAL_STYLE, scene=scene,
                        touching=0.0, camera_seed=CAMERA_SEED)  # fmt: skip
        for blob in find_dice(frame.image, die_px).blobs:
            x, y = min((d.centre for d in frame.dice), key=lambda c: np.hypot(c[0] - blob.x, c[1] - blob.y))
            if np.hypot(x - blob.x, y - blob.y) < 0.5 * die_px:
                found.append((frame.image, blob.x, blob.y, blob.angle, x, y))
    return found


@pytest.mark.parametrize("die_px", [34, 58])
def test_the_top_face_is_found_nearer_the_die_than_its_blob(die_px: int) -> None:
    found = _harsh_dice(die_px, 6)
    blob_off, face_off = [], []
    for image, bx, by, angle, x, y in found:
        face = find_top_face(image, bx, by, angle, die_px)
        if face is not None:
            blob_off.append(np.hypot(bx - x, by - y) / die_px)
            face_off.append(np.hypot(face.centre[0] - x, face.centre[1] - y) / die_px)
    assert len(face_off) >= 0.7 * len(found), (len(face_off), len(found))
    assert float(np.mean(face_off)) < 0.05 < float(np.mean(blob_off)), (np.mean(face_off), np.mean(blob_off))
    assert float(np.mean(face_off)) < 0.6 * float(np.mean(blob_off))


def test_a_face_in_perspective_is_warped_square_and_never_mirrored() -> None:
    image = np.full((200, 200, 3), 90, np.uint8)
    face = np.array([[80, 70], [130, 76], [126, 128], [76, 122]], np.float32)  # a skewed quadrilateral
    cv2.fillPoly(image, [face.astype(np.int32)], (230, 230, 230))
    cv2.circle(image, (90, 82), 4, (0, 0, 255), -1)  # a red mark near the first corner
    crop = straightened(image, TopFace(face), 52.0, CROP)
    inner = crop[8:32, 8:32]
    assert (inner[..., 1] > 150).mean() > 0.85  # the face fills the middle: straightened, centred
    red = np.argwhere((crop[..., 2] > 150) & (crop[..., 1] < 100))
    assert len(red) and red.mean(axis=0)[0] < CROP / 2 and red.mean(axis=0)[1] < CROP / 2  # top left, not mirrored


def test_nothing_like_a_top_face_leaves_the_old_crop() -> None:
    image = np.random.default_rng(1).integers(0, 255, (120, 120, 3), np.uint8)  # noise: no face anywhere
    assert find_top_face(image, 60, 60, 0, 40) is None
    crops, tops = top_face_crops(image, [Blob(60.0, 60.0, 0.0, True)], 40)
    assert np.array_equal(crops[0], die_crops(image, [(60.0, 60.0, 0.0)], 40)[0]) and tops == [None]


def test_teaching_takes_a_lone_die_that_looks_on_its_edge_when_its_top_face_is_clear(tmp_path) -> None:
    """Photos of the bench's tuning installation dev-side-34px (camera 101) where the lone die's sides make it look
    "on its edge": teaching skipped them ("0 readable dice seen")."""
    from vision.render import DieSpec, render
    from vision.teach import load_photos

    scene = Scene(640, 480, 34, cloth="green felt", lamp="warm", harsh=True, lamp_place="side")
    for kind, face, seed in [("skullking", "skull", 100_010), ("black", "6", 100_700)]:
        rng = np.random.default_rng(seed)  # placed as the bench places teaching photos
        spec = DieSpec(kind, face, rng.uniform(34, 606), rng.uniform(34, 446), rng.uniform(0, 90))
        image = render([spec], seed, look=load_look("default"), style=EVAL_STYLE, scene=scene,
                       camera_seed=CAMERA_SEED).image  # fmt: skip
        (blob,) = find_dice(image, 33.0).blobs
        assert not blob.readable  # looks on its edge
        (tmp_path / kind / face).mkdir(parents=True)
        cv2.imwrite(str(tmp_path / kind / face / "000.png"), image)
    taught = load_photos(tmp_path, DICE, 33.0)
    assert taught.skipped == [] and sorted(taught.faces) == ["6", "skull"]


def test_a_black_die_on_navy_felt_whose_blob_carries_its_shadow() -> None:
    """Tuning installation dev-side-hd-60px (camera 104), frame 52 of its accuracy set: the cloth is near the black
    die's colour and the blob took in the die's shadow, its middle 0.29 die off the top face. The face is found by
    the cloth-aware test, a quarter of a die from the blob's middle."""
    scene = Scene(1280, 960, 60, cloth="navy felt", lamp="warm", harsh=True, lamp_place="side")
    frame = scatter(552, DICE, 5, look=load_look("harbour"), style=EVAL_STYLE, scene=scene, touching=0.12,
                    camera_seed=104)  # fmt: skip
    black = frame.dice[4]
    assert (black.kind, black.face) == ("black", "6")
    face = find_top_face(frame.image, 486.9, 649.7, 83.3, 63)  # the blob segmentation found, as calibrated
    assert face is not None
    assert np.hypot(face.centre[0] - black.centre[0], face.centre[1] - black.centre[1]) < 0.1 * 63


@pytest.mark.parametrize(("seed", "count", "kind"), [(511, 6, "skullking"), (539, 4, "blue")])
def test_a_die_far_out_in_a_wide_frame_whose_side_looks_like_its_top(seed: int, count: int, kind: str) -> None:
    """Tuning installation dev-side-hd-50px (camera 105), frames 11 and 39 of its accuracy set: near the frame's edge
    this low, wide camera sees a side nearly as big as the top, in the same colour; the two were one piece, no face
    was found and the die was placed at the blob's middle, 0.3 die off (found as missing, plus a ghost). The piece
    is split where the lightness steps, the part away from the frame's middle kept."""
    scene = Scene(1280, 960, 50, cloth="navy felt", lamp="daylight", harsh=True, lamp_place="side")
    frame = scatter(seed, DICE, count, look=load_look("default"), style=EVAL_STYLE, scene=scene, touching=0.12,
                    camera_seed=105)  # fmt: skip
    (die,) = [d for d in frame.dice if d.kind == kind]
    blob = min(find_dice(frame.image, 50).blobs, key=lambda b: np.hypot(b.x - die.centre[0], b.y - die.centre[1]))
    assert blob.readable and np.hypot(blob.x - die.centre[0], blob.y - die.centre[1]) > 0.25 * 50
    face = find_top_face(frame.image, blob.x, blob.y, blob.angle, 50)
    assert face is not None and face.skew < 1.3
    assert np.hypot(face.centre[0] - die.centre[0], face.centre[1] - die.centre[1]) < 0.1 * 50


@pytest.mark.parametrize(("seed", "count"), [(527, 4), (562, 3)])
def test_a_big_die_whose_blob_takes_in_its_dark_sides_and_shadow(seed: int, count: int) -> None:
    """Tuning installation dev-overhead-96px (camera 106), frames 27 and 62 of its accuracy set: a brown pirate die
    on brown felt under an overhead lamp, its blob's middle 0.3-0.56 die off the top face, on a diagonal (its dark
    sides and its shadow on one corner). The face is found from a window 0.3 die along that diagonal."""
    scene = Scene(640, 480, 96, cloth="brown felt", lamp="daylight", harsh=True, lamp_place="overhead")
    frame = scatter(seed, DICE, count, look=load_look("harbour"), style=EVAL_STYLE, scene=scene, touching=0.12,
                    camera_seed=106)  # fmt: skip
    (die,) = [d for d in frame.dice if d.kind == "pirate"]
    blob = min(find_dice(frame.image, 96).blobs, key=lambda b: np.hypot(b.x - die.centre[0], b.y - die.centre[1]))
    assert np.hypot(blob.x - die.centre[0], blob.y - die.centre[1]) > 0.28 * 96
    face = find_top_face(frame.image, blob.x, blob.y, blob.angle, 96, blob.readable)
    assert face is not None
    assert np.hypot(face.centre[0] - die.centre[0], face.centre[1] - die.centre[1]) < 0.05 * 96


@pytest.mark.parametrize(("seed", "count", "kind"), [(502, 3, "black"), (563, 4, "mermaid")])
def test_a_top_face_that_took_in_a_strip_of_side_is_trimmed(seed: int, count: int, kind: str) -> None:
    """Tuning installation dev-side-34px (camera 101), frames 2 and 63 of its accuracy set: the colour test took in a
    strip of a side with the top face (longest side 1.3 times the shortest: too long for a second chance, the crop
    off the face). The strip is cut off where the lightness steps."""
    scene = Scene(640, 480, 34, cloth="green felt", lamp="warm", harsh=True, lamp_place="side")
    frame = scatter(seed, DICE, count, look=load_look("default"), style=EVAL_STYLE, scene=scene, touching=0.12,
                    camera_seed=CAMERA_SEED)  # fmt: skip
    (die,) = [d for d in frame.dice if d.kind == kind]
    blob = min(find_dice(frame.image, 34).blobs, key=lambda b: np.hypot(b.x - die.centre[0], b.y - die.centre[1]))
    face = find_top_face(frame.image, blob.x, blob.y, blob.angle, 34, blob.readable)
    assert face is not None and face.skew < 1.2
    assert np.hypot(face.centre[0] - die.centre[0], face.centre[1] - die.centre[1]) < 0.06 * 34


@pytest.mark.parametrize("seed", [508, 662])
def test_a_die_at_the_far_edge_of_a_tilted_frame_looks_smaller_than_the_calibrated_one(seed: int) -> None:
    """Tuning installation dev-side-hd-50px (camera 105), frames 8 and 162 of its accuracy set: a yellow die farther
    from the camera than the calibrated one, its top face 0.7 of the calibrated width (less than a top face was
    allowed to be): no face was found and the die was placed at its blob's middle, 0.3 die off."""
    scene = Scene(1280, 960, 50, cloth="navy felt", lamp="daylight", harsh=True, lamp_place="side")
    frame = scatter(seed, DICE, 3 if seed == 508 else 1, look=load_look("default"), style=EVAL_STYLE, scene=scene,
                    touching=0.12, camera_seed=105)  # fmt: skip
    (die,) = [d for d in frame.dice if d.kind == "yellow"]
    blob = min(find_dice(frame.image, 50).blobs, key=lambda b: np.hypot(b.x - die.centre[0], b.y - die.centre[1]))
    assert np.hypot(blob.x - die.centre[0], blob.y - die.centre[1]) > 0.25 * 50
    face = find_top_face(frame.image, blob.x, blob.y, blob.angle, 50, blob.readable)
    assert face is not None and face.side < 0.75 * 50
    assert np.hypot(face.centre[0] - die.centre[0], face.centre[1] - die.centre[1]) < 0.06 * 50


@pytest.mark.parametrize("seed", [9011, 9022, 9025])
def test_the_top_is_found_beside_a_side_found_first(seed: int) -> None:
    """Tuning installation dev-side-hd-44px-green (camera 811): far out in a high, tilted camera's HD frame a die's
    side looks as big as its top and is found first, half a die or more off; the top lies across one of its edges."""
    scene = Scene(1280, 960, 44, cloth="green felt", lamp="daylight", harsh=True, lamp_place="side")
    frame = scatter(seed, DICE, 4, look=load_look("default"), style=EVAL_STYLE, scene=scene, touching=0.0,
                    camera_seed=811)  # fmt: skip
    off_then_beside = []
    for blob in find_dice(frame.image, 44.6).blobs:
        x, y = min((d.centre for d in frame.dice), key=lambda c: np.hypot(c[0] - blob.x, c[1] - blob.y))
        face = find_top_face(frame.image, blob.x, blob.y, blob.angle, 44.6, blob.readable)
        if face is not None and np.hypot(face.centre[0] - x, face.centre[1] - y) > 0.4 * 44.6:
            found = beside(frame.image, face, *face.centre, blob.angle, 44.6)
            off_then_beside.append(min((np.hypot(f.centre[0] - x, f.centre[1] - y) / 44.6 for f in found), default=9.0))
    assert len(off_then_beside) == 1 and off_then_beside[0] < 0.15, off_then_beside


def _long_face(x: float, y: float, turn: float, length: float = 60.0, across: float = 40.0) -> TopFace:
    """A face `length` long along `turn` (degrees), `across` wide, centred at (x, y)."""
    along = np.array([np.cos(np.radians(turn)), np.sin(np.radians(turn))]) * length / 2
    side = np.array([-np.sin(np.radians(turn)), np.cos(np.radians(turn))]) * across / 2
    middle = np.array([x, y])
    return TopFace(np.array([middle - along - side, middle + along - side, middle + along + side,
                             middle - along + side], np.float32))  # fmt: skip


@pytest.mark.parametrize("turn", [0.0, 180.0])
def test_a_long_face_far_out_along_the_way_to_the_middle_is_cut_square_at_its_far_end(turn: float) -> None:
    """A top and the side beside it (towards the frame's middle), lit alike, found as one face 1.5 times as long as
    wide, far out at the left of a 1280 x 960 frame: the 40 x 40 square at its left end is the top."""
    face = _long_face(150, 480, turn)
    top = squared_away(face, 1280, 960)
    assert top is not None
    assert np.allclose(top.centre, (140, 480), atol=0.01)
    assert top.side == pytest.approx(40, abs=0.01) and top.skew == pytest.approx(1, abs=0.01)
    # The same turn as the face's corners: a warp from them never mirrors the glyph.
    assert np.sign(cv2.contourArea(top.corners, oriented=True)) == np.sign(cv2.contourArea(face.corners, oriented=True))


@pytest.mark.parametrize("x, y, turn", [(150, 480, 90.0), (600, 450, 0.0), (150, 480, 40.0)])
def test_a_long_face_across_the_way_to_the_middle_or_near_it_is_left(x: float, y: float, turn: float) -> None:
    """A die on its edge shows two half faces side by side any way round, anywhere: a long face lying across the way
    to the frame's middle, or near the middle, is not taken for a top and a side."""
    assert squared_away(_long_face(x, y, turn), 1280, 960) is None


def test_a_square_face_is_not_cut() -> None:
    assert squared_away(_long_face(150, 480, 0.0, length=40.0), 1280, 960) is None
