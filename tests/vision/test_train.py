from vision.faces import LABELS
from vision.train import harsh_frame, labelled_crops


def test_every_harsh_training_frame_is_its_own_installation() -> None:
    (a, a_px), (b, b_px) = harsh_frame(5), harsh_frame(6)
    assert a_px != b_px and a.meta["harsh"] and b.meta["harsh"]
    again, again_px = harsh_frame(5)  # the same seed draws the same frame: training can be repeated
    assert again_px == a_px and (again.image == a.image).all()


def test_training_crops_carry_a_label_the_network_knows() -> None:
    crops, kinds, labels = labelled_crops(range(3), harsh=True)
    assert len(crops) == len(kinds) == len(labels) > 0
    assert set(labels) <= set(LABELS) and crops.shape[1:] == (40, 40, 3)
