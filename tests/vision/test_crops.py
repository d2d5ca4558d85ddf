import numpy as np

from vision.crops import CROP, moved_crops


def test_moved_crops_shift_and_keep_the_unmoved_view() -> None:
    crops = np.zeros((2, CROP, CROP, 3), np.uint8)
    crops[:, 20, 20] = 255
    moved = moved_crops(crops, [(0.0, 0.0, 0.0), (0.05, 0.0, 0.0), (0.0, -0.05, 0.0)])
    assert moved.shape == (2, 3, CROP, CROP, 3)
    assert np.array_equal(moved[:, 0], crops)  # no move: the crop itself
    assert moved[0, 1, 20, 22].max() == 255 and moved[0, 2, 18, 20].max() == 255  # 0.05 of 40 px: 2 px
