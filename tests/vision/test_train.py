import numpy as np

from vision.faces import LABELS
from vision.place import REACH, PlaceNet
from vision.posture import GEOMETRY, SIZE, PostureNet, from_crops
from vision.train import harsh_frame, labelled_crops, posture_examples, quarter_turns, train_place, train_posture


def test_every_harsh_training_frame_is_its_own_installation() -> None:
    (a, a_px), (b, b_px) = harsh_frame(5), harsh_frame(6)
    assert a_px != b_px and a.meta["harsh"] and b.meta["harsh"]
    again, again_px = harsh_frame(5)  # the same seed draws the same frame: training can be repeated
    assert again_px == a_px and (again.image == a.image).all()


def test_training_crops_carry_a_label_the_network_knows() -> None:
    crops, kinds, labels = labelled_crops(range(3), harsh=True)
    assert len(crops) == len(kinds) == len(labels) > 0
    assert set(labels) <= set(LABELS) and crops.shape[1:] == (40, 40, 3)


def test_posture_examples_line_up_and_train_a_posture_network_and_a_placer(tmp_path) -> None:
    data = posture_examples(range(4))
    crops, geometry, body, leaning, offset = (data[k] for k in ("crops", "geometry", "body", "leaning", "offset"))
    assert len(crops) == len(geometry) == len(body) == len(leaning) == len(offset) == len(data["matched"]) > 0
    assert crops.shape[1:] == (SIZE, SIZE, 3) and geometry.shape[1] == GEOMETRY and leaning.dtype == bool
    assert np.hypot(offset[:, 0], offset[:, 1]).max() < REACH * 1.2  # (in the reader's die size, not the true one)
    again = posture_examples(range(4))["crops"]  # the same seeds render the same dice: training can be repeated
    assert (again == crops).all()
    turns = quarter_turns(data)
    train_posture(data, turns).save(str(tmp_path / "posture.npz"))
    p = PostureNet.load(str(tmp_path / "posture.npz")).leaning(from_crops(crops, geometry, body))
    assert p.shape == (len(crops),) and ((p >= 0) & (p <= 1)).all()
    train_place(data, turns).save(str(tmp_path / "place.npz"))
    moved = PlaceNet.load(str(tmp_path / "place.npz")).offsets(from_crops(crops, geometry, body))
    assert moved.shape == (len(crops), 2) and np.isfinite(moved).all()
