from vision.faces import LABELS
from vision.posture import GEOMETRY, SIZE, PostureNet, from_crops
from vision.train import harsh_frame, labelled_crops, posture_examples, train_posture


def test_every_harsh_training_frame_is_its_own_installation() -> None:
    (a, a_px), (b, b_px) = harsh_frame(5), harsh_frame(6)
    assert a_px != b_px and a.meta["harsh"] and b.meta["harsh"]
    again, again_px = harsh_frame(5)  # the same seed draws the same frame: training can be repeated
    assert again_px == a_px and (again.image == a.image).all()


def test_training_crops_carry_a_label_the_network_knows() -> None:
    crops, kinds, labels = labelled_crops(range(3), harsh=True)
    assert len(crops) == len(kinds) == len(labels) > 0
    assert set(labels) <= set(LABELS) and crops.shape[1:] == (40, 40, 3)


def test_posture_examples_line_up_and_train_a_posture_network(tmp_path) -> None:
    crops, geometry, body, leaning = posture_examples(range(4))
    assert len(crops) == len(geometry) == len(body) == len(leaning) > 0
    assert crops.shape[1:] == (SIZE, SIZE, 3) and geometry.shape[1] == GEOMETRY and leaning.dtype == bool
    again = posture_examples(range(4))[0]  # the same seeds render the same dice: training can be repeated
    assert (again == crops).all()
    net = train_posture(crops, geometry, body, leaning)
    net.save(str(tmp_path / "posture.npz"))
    p = PostureNet.load(str(tmp_path / "posture.npz")).leaning(from_crops(crops, geometry, body))
    assert p.shape == (len(crops),) and ((p >= 0) & (p <= 1)).all()
