import cv2
import numpy as np
import pytest

from vision.dice import load_dice
from vision.render import EVAL_STYLE, DieSpec, Scene, glyph_mask, load_look, render, scatter

DICE = load_dice()


def test_same_seed_same_frame_and_other_seed_other_frame() -> None:
    a = scatter(3, DICE, 4)
    b = scatter(3, DICE, 4)
    c = scatter(4, DICE, 4)
    assert np.array_equal(a.image, b.image)
    assert a.dice == b.dice
    assert not np.array_equal(a.image, c.image)


def test_truth_lists_every_die_with_a_face_it_can_show() -> None:
    frame = scatter(11, DICE, 6, touching=0.6)
    assert frame.image.shape == (480, 640, 3) and frame.image.dtype == np.uint8
    assert 1 <= len(frame.dice) <= 6
    for die in frame.dice:
        assert DICE.can_show(die.kind, die.face)
        assert len(die.corners) == 4
        x, y = die.centre
        assert 0 < x < 640 and 0 < y < 480


def test_die_is_drawn_in_its_body_colour_where_the_truth_says() -> None:
    look = load_look()
    frame = render([DieSpec("blue", "4", 200, 150, 30)], seed=1, look=look, scene=Scene(wild=0))
    x, y = (round(v) for v in frame.dice[0].centre)
    corner = frame.image[y - 15 : y - 12, x - 3 : x + 3].reshape(-1, 3).mean(axis=0)
    assert np.abs(corner - np.array(look.body["blue"])).max() < 40
    assert np.abs(frame.image[10, 10].astype(int) - frame.image[y, x - 16]).sum() > 60


def test_on_edge_die_has_no_face_and_hand_marks_the_frame_obstructed() -> None:
    frame = render([DieSpec("red", "2", 300, 200, 0, on_edge=True)], seed=2, hand=True)
    assert frame.dice[0].face is None
    assert frame.obstructed


def test_second_look_differs_from_the_default() -> None:
    assert load_look("harbour").body != load_look("default").body


@pytest.mark.parametrize("face", ["1", "7", "skull", "flag"])
def test_glyphs_are_drawn_in_every_eval_style(face: str) -> None:
    mask = glyph_mask(face, EVAL_STYLE, np.random.default_rng(0))
    assert 0.03 < (mask > 127).mean() < 0.5


# ---------------------------------------------------------------- a real camera under one lamp (issue 29)

HARSH_SIDE = Scene(640, 480, 58, cloth="green felt", harsh=True, lamp_place="side")


def test_harsh_frames_are_reproducible_with_their_truth_inside_the_frame() -> None:
    a = scatter(5, DICE, 6, style=EVAL_STYLE, scene=HARSH_SIDE, camera_seed=21)
    b = scatter(5, DICE, 6, style=EVAL_STYLE, scene=HARSH_SIDE, camera_seed=21)
    assert np.array_equal(a.image, b.image) and a.dice == b.dice
    assert a.meta["harsh"] is True and 1 <= len(a.dice) <= 6
    for die in a.dice:
        assert DICE.can_show(die.kind, die.face)
        assert all(0 < x < 640 and 0 < y < 480 for x, y in die.corners)


def test_a_side_lamp_casts_a_shadow_about_half_the_felts_brightness() -> None:
    spec = DieSpec("skullking", "flag", 320, 240, 20)
    die = render([spec], 3, style=EVAL_STYLE, scene=HARSH_SIDE, camera_seed=22)
    empty = render([], 3, style=EVAL_STYLE, scene=HARSH_SIDE, camera_seed=22)
    ratio = die.image.astype(np.float32).mean(axis=2) / np.maximum(empty.image.astype(np.float32).mean(axis=2), 1)
    covered = np.zeros(ratio.shape, np.uint8)
    corners = np.array(die.dice[0].corners, np.float32)
    centre = corners.mean(axis=0)
    cv2.fillConvexPoly(covered, np.round(centre + (corners - centre) * 1.35).astype(np.int32), 1)  # top and sides
    shadow = (ratio < 0.75) & (covered == 0)
    assert shadow.sum() > 0.25 * 58 * 58  # the shadow reaches well past the die (about 0.6 of a die long)
    assert 0.4 < float(np.percentile(ratio[shadow], 10)) < 0.7  # its core ~55 % of the felt's light


def test_a_die_away_from_the_camera_shows_its_sides_and_its_top_is_offset() -> None:
    from vision import harsh

    rig = harsh.make_rig(np.random.default_rng(0), 640, 480, 58, "overhead")
    corner = harsh.Cube(np.array([[40, 40], [98, 40], [98, 98], [40, 98]], float), 58)
    seen = rig.project(corner.corners())
    assert harsh.visible_sides(rig, corner)  # far from the point under the camera: at least one side shows
    assert np.linalg.norm(seen[4:].mean(axis=0) - seen[:4].mean(axis=0)) > 0.05 * 58  # the top leans outward
