from vision.dice import load_dice
from vision.motion import SettleDetector
from vision.render import DieSpec, render

DICE = load_dice()


def _rolling(step: int) -> DieSpec:
    return DieSpec("red", "2", 100 + 30 * step, 200, 40 * step)


def test_settles_only_after_n_still_frames_and_only_once() -> None:
    detector = SettleDetector(frames=3)
    moving = [render([_rolling(i)], seed=1).image for i in range(4)]
    still = render([_rolling(4)], seed=1).image
    assert [detector.feed(frame) for frame in moving] == [False] * 4
    # The first frame of the resting pose still differs from the last rolling one; then three still frames.
    assert [detector.feed(still) for _ in range(5)] == [False, False, False, True, False]


def test_a_new_throw_starts_the_count_again() -> None:
    detector = SettleDetector(frames=2)
    first = render([_rolling(0)], seed=2).image
    second = render([_rolling(0), DieSpec("black", "7", 400, 300, 5)], seed=2).image
    assert [detector.feed(first) for _ in range(3)] == [False, False, True]
    assert [detector.feed(second) for _ in range(3)] == [False, False, True]
