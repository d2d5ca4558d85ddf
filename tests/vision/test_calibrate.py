import numpy as np
import pytest

from vision.calibrate import CLOTH_CLOSE, CLOTH_DISTANCE, ClothError, OneDie, check_cloth


def _die(cloth_distance: float) -> OneDie:
    return OneDie(40.0, np.array([60.0, 170.0, 150.0, 230.0, 128.0, 128.0], np.float32), cloth_distance)


def test_a_cloth_just_too_close_is_not_said_to_be_as_far_as_needed() -> None:
    """6.6 from the cloth is refused: the message must not say "difference 7, at least 7 needed"."""
    with pytest.raises(ClothError, match=r"\(difference 6, at least 7 needed\)"):
        check_cloth("red", _die(CLOTH_DISTANCE - 0.4), 40.0)


def test_a_cloth_just_close_enough_is_warned_with_its_difference_rounded_down() -> None:
    warning = check_cloth("red", _die(CLOTH_CLOSE - 0.3), 40.0)
    assert warning is not None and "(difference 13, 14 or more is safe)" in warning
    assert check_cloth("red", _die(CLOTH_CLOSE), 40.0) is None
