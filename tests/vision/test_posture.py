import numpy as np
import pytest

from vision.dice import load_dice
from vision.pipeline import DEFAULT_FACES, DEFAULT_POSTURE, DiceReader
from vision.posture import GEOMETRY, INPUTS, SIZE, PostureNet, context_crops, features, geometry
from vision.render import EVAL_STYLE, Scene, load_look, scatter
from vision.segment import Blob, find_dice
from vision.topface import TopFace
from vision.voting import DEFAULT_RULE

DICE = load_dice()
# Tuning installation dev-side-26px (bench/bench_vision.py): dice 26 px wide under a camera tilted over grey felt, a
# lamp to the side. Segmentation took 9 % of its flat dice for leaning ones; 32 % of its leaning dice were read.
SCENE = Scene(640, 480, 26, cloth="grey felt", lamp="daylight", harsh=True, lamp_place="side")


def _frame(seed: int, dice: int, on_edge: float = 0.0):  # type: ignore[no-untyped-def]
    return scatter(seed, DICE, dice, look=load_look("default"), style=EVAL_STYLE, scene=SCENE,
                   touching=0.0 if on_edge else 0.12, on_edge=on_edge, camera_seed=107)  # fmt: skip


@pytest.fixture(scope="module")
def reader() -> DiceReader:
    return DiceReader(die_px=26)


@pytest.mark.parametrize(("seed", "dice", "kind", "face"), [(502, 3, "skullking", "skull"), (540, 5, "yellow", "flag")])
def test_a_flat_die_segmentation_took_for_a_leaning_one_is_read(
    reader: DiceReader, seed: int, dice: int, kind: str, face: str
) -> None:
    frame = _frame(seed, dice)
    (truth,) = [d for d in frame.dice if d.kind == kind]
    blob = min(find_dice(frame.image, 26).blobs, key=lambda b: np.hypot(b.x - truth.centre[0], b.y - truth.centre[1]))
    assert not blob.readable  # its outline looked like a leaning die's
    (die,) = [d for d in reader.read(frame.image).dice if np.hypot(d.x - truth.centre[0], d.y - truth.centre[1]) < 8]
    assert (die.kind, die.face) == (kind, face)


def test_dice_leaning_on_an_edge_are_not_read(reader: DiceReader) -> None:
    """60 small leaning dice: the third round's reader read 32 % of them as showing a face, this one none or few."""
    read = found = 0
    for seed in range(8000, 8020):
        frame = _frame(seed, 3, on_edge=1.0)
        dice = reader.read(frame.image).dice
        for truth in frame.dice:
            near = [d for d in dice if np.hypot(d.x - truth.centre[0], d.y - truth.centre[1]) < 13]
            found += bool(near)
            read += any(d.face is not None for d in near)
    assert found >= 55 and read <= 2
    # and a leaning die's reading says how sure the network is that it leans
    assert all(0.5 <= d.confidence <= 1 for d in dice if d.face is None)


@pytest.mark.parametrize(("seed", "below"), [(8026, 0.6), (8046, DEFAULT_RULE.min_confidence)])
def test_a_leaning_die_read_as_a_face_is_read_with_the_chance_it_leans(
    reader: DiceReader, seed: int, below: float
) -> None:
    """A leaning die read as showing a face now and then; the network gave it a chance to lean (0.41, 0.42) that a
    flat die seldom gets (on 16 installations, 1.4 % of the flat dice read right got 0.15 or more, and half of
    the leaning dice read as a face). Its confidence counts that chance: 0.96 -> 0.57, under the 0.6 at which the dice
    game asks its thrower to confirm; 0.54 -> 0.32, unsure to the vote over frames. Flat dice keep theirs."""
    frame = _frame(seed, 3, on_edge=1.0)
    dice = reader.read(frame.image).dice
    (read,) = [d for d in dice if d.face is not None and any(np.hypot(d.x - t.centre[0], d.y - t.centre[1]) < 13
                                                               for t in frame.dice)]  # fmt: skip
    assert read.confidence < below
    flat = reader.read(_frame(540, 5).image).dice
    assert len(flat) == 5 and all(d.face is not None and d.confidence > 0.95 for d in flat)


def test_features_of_every_die_and_of_none() -> None:
    frame = _frame(503, 4)
    blobs = find_dice(frame.image, 26).blobs
    tops: list[TopFace | None] = [None] * len(blobs)
    body = np.full((len(blobs), 3), 128, np.float32)
    assert features(frame.image, blobs, tops, 26, body).shape == (len(blobs), INPUTS)
    assert context_crops(frame.image, blobs, tops, 26).shape == (len(blobs), SIZE, SIZE, 3)
    assert features(frame.image, [], [], 26, np.zeros((0, 3), np.float32)).shape == (0, INPUTS)
    assert PostureNet.load(str(DEFAULT_POSTURE)).leaning(np.zeros((0, INPUTS), np.float32)).shape == (0,)


def test_the_frames_middle_is_measured_from_the_die() -> None:
    middle = geometry(Blob(320, 240, 0.0, True), None, 26, 640, 480)
    corner = geometry(Blob(0, 0, 0.0, False), None, 26, 640, 480)
    right = geometry(Blob(640, 240, 0.0, True), None, 26, 640, 480)
    assert len(middle) == GEOMETRY and middle[4] == 0 and corner[4] == pytest.approx(1)
    assert right[5] == pytest.approx(right[4]) and right[6] == pytest.approx(0)  # along the crop's x axis only
    assert (middle[0], corner[0]) == (1.0, 0.0)  # segmentation's own verdict


def test_only_a_posture_network_is_taken_for_one() -> None:
    with pytest.raises(ValueError):
        PostureNet.load(str(DEFAULT_FACES))
