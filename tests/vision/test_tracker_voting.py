"""The tray watcher reads several settled frames and votes (vision/tracker.py, vision/voting.py).

The frames are drawn plainly (grey felt, a white square for the die) and read by a scripted reader: each frame
carries its number in one pixel (too little to count as motion), and the reader answers what the script says for
that frame, noting which frames it was asked to read. What is tested is the watcher's part: which frames it reads,
and what it reports from their readings.
"""

from __future__ import annotations

import numpy as np

from vision.pipeline import DieReading, TrayReading
from vision.tracker import TrayTracker
from vision.tray_events import DieSettled

DIE_PX = 44.0
DIE_X, DIE_Y = 200, 176  # the die's centre: on the motion grid's lines (8 px cells)


class ScriptedReader:
    """Reads the die as `faces[frame number]` says (else `usual`); remembers the frame numbers it read."""

    def __init__(self, faces: dict[int, str], usual: str = "7") -> None:
        self.die_px = DIE_PX
        self.tray = np.zeros(1)  # "calibrated": the watcher fits no tray model of its own
        self.faces, self.usual = faces, usual
        self.read_frames: list[int] = []

    def read(self, image: np.ndarray, tray: np.ndarray | None = None) -> TrayReading:
        number = int(image[0, 0, 0])
        self.read_frames.append(number)
        return TrayReading([DieReading("black", self.faces.get(number, self.usual), DIE_X, DIE_Y, 0.95)], False)


def _frame(number: int, rocking: bool = False) -> np.ndarray:
    """The still die in frame `number`; `rocking`: a patch of 2 x 2 motion cells at its centre changes (a die
    still settling: too small a change for the whole tray to count as moving)."""
    image = np.full((480, 640, 3), 90, np.uint8)
    half = int(DIE_PX) // 2
    image[DIE_Y - half : DIE_Y + half, DIE_X - half : DIE_X + half] = 235
    if rocking and number % 2:
        image[DIE_Y - 8 : DIE_Y + 8, DIE_X - 8 : DIE_X + 8] = 140
    image[0, 0, 0] = number
    return image


def _watch(reader: ScriptedReader, frames: list[np.ndarray]) -> list[DieSettled]:
    tracker = TrayTracker(reader, settle_frames=4)  # type: ignore[arg-type]
    events = [event for frame in frames for event in tracker.feed(frame)]
    assert all(isinstance(event, DieSettled) for event in events)
    return events  # type: ignore[return-value]


def test_a_flaky_first_settled_frame_is_outvoted() -> None:
    reader = ScriptedReader({4: "1"})  # frame 4 completes the settle and reads a 1 (a glint); the next two read 7
    (settled,) = _watch(reader, [_frame(n) for n in range(10)])
    assert (settled.order, settled.kind, settled.face) == (1, "black", "7")
    assert not settled.unsure and reader.read_frames == [4, 5, 6]


def test_frames_that_disagree_report_the_die_not_sure_with_no_face() -> None:
    reader = ScriptedReader({4: "7", 5: "1", 6: "5"})
    (settled,) = _watch(reader, [_frame(n) for n in range(10)])
    assert (settled.order, settled.kind, settled.face, settled.unsure) == (1, "black", None, True)


def test_a_die_still_rocking_is_never_counted() -> None:
    """Frames 0-9 the die rocks (its own cells change, the tray as a whole looks still) and reads as a 1 (motion
    blur), as do frames 10-13, which its last rock (frame 10 differs from 9) makes too fresh. Only a reading of three
    frames in a row after those counts: the die is reported as it lies, never as it rocked."""
    reader = ScriptedReader({n: "1" for n in range(14)})
    frames = [_frame(n, rocking=True) for n in range(10)] + [_frame(n) for n in range(10, 20)]
    (settled,) = _watch(reader, frames)
    assert settled.face == "7" and not settled.unsure
    assert max(reader.read_frames) == 16  # the vote of frames 14, 15, 16 ended the reading


def test_votes_of_one_is_the_single_reading_of_old() -> None:
    reader = ScriptedReader({4: "1"})
    tracker = TrayTracker(reader, settle_frames=4, votes=1)  # type: ignore[arg-type]
    (settled,) = [event for n in range(10) for event in tracker.feed(_frame(n))]
    assert isinstance(settled, DieSettled) and settled.face == "1" and reader.read_frames == [4]


def test_a_tracker_asked_for_no_votes_is_refused_by_name() -> None:
    import pytest

    with pytest.raises(ValueError, match="votes must be 1 or more"):
        TrayTracker(ScriptedReader({}), votes=0)  # type: ignore[arg-type]
