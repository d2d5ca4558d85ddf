"""The dice tray port: frames to the tracker, the tracker's events with the port's own landing numbers."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from table.core.inputs import DieLanded
from table.devices.dice_tray import DiceTray, DirectCamera
from vision.tray_events import CameraLost, DieChanged, DieRemoved, DieSettled, TrayEvent

FRAME = np.zeros((4, 4, 3), np.uint8)


def tray_with(batches: list[list[TrayEvent]], recheck: int = 3) -> DiceTray:
    feed = iter(batches)

    class Tracker:
        def feed(self, frame: np.ndarray | None) -> list[TrayEvent]:
            return next(feed, [])

        def lost(self, reason: str) -> list[TrayEvent]:
            return [CameraLost(reason)]

    class Camera:
        def poll(self, now: float) -> np.ndarray:
            return FRAME

    return DiceTray(Camera(), Tracker(), recheck_frames=recheck)


def test_landing_numbers_are_the_ports_own_and_start_again_once_the_tray_is_empty() -> None:
    tray = tray_with(
        [[DieSettled(7, "red", "2", 0.9, 10, 10)], [DieRemoved(7)], [DieSettled(8, "red", "1", 0.9, 10, 10)]]
    )
    assert tray.poll(0) == [DieSettled(1, "red", "2", 0.9, 10, 10)]
    assert tray.poll(0) == [DieRemoved(1)]
    assert tray.poll(0) == [DieSettled(1, "red", "1", 0.9, 10, 10)]


def test_after_a_restart_the_dice_found_again_keep_their_numbers_and_the_missing_are_removed() -> None:
    tray = tray_with([[DieSettled(1, "black", "7", 0.9, 101, 40), DieSettled(2, "blue", "4", 0.9, 200, 40)], [], []])
    tray.assume({3: DieLanded(3, "black", "6", 0.9, 100, 40), 5: DieLanded(5, "red", "2", 0.9, 10, 10)})
    assert tray.poll(0) == [
        DieChanged(3, "black", "7", 0.9, 101, 40, "black", "6"),
        DieSettled(6, "blue", "4", 0.9, 200, 40),
    ]
    assert tray.poll(0) == []
    assert tray.poll(0) == [DieRemoved(5)]  # the red die was taken out while the table was down


def test_a_die_the_tracker_is_not_sure_of_stays_not_sure_through_the_port_and_into_the_game() -> None:
    """ "Not sure" (the frames disagreed) reaches the game as such: a new die, and a die found again after a restart."""
    from table.app import tray_input

    tray = tray_with([[DieSettled(4, "red", None, 0.4, 10, 10, unsure=True)], [], []])
    tray.assume({2: DieLanded(2, "black", "6", 0.9, 100, 40)})
    tray_unsure = tray_with([[DieSettled(1, "black", None, 0.3, 101, 40, unsure=True)]])
    tray_unsure.assume({2: DieLanded(2, "black", "6", 0.9, 100, 40)})
    (settled,) = tray.poll(0)
    assert settled == DieSettled(3, "red", None, 0.4, 10, 10, unsure=True)
    (changed,) = tray_unsure.poll(0)
    assert changed == DieChanged(2, "black", None, 0.3, 101, 40, "black", "6", unsure=True)
    assert tray_input(settled) == DieLanded(3, "red", None, 0.4, 10, 10, 1, unsure=True)
    moved = tray_input(changed)
    assert moved is not None and moved.unsure and moved.face is None


def test_a_camera_that_gives_nothing_is_reported_lost() -> None:
    class Empty:
        def capture(self) -> None:
            return None

        def close(self) -> None:
            pass

    class Tracker:
        def feed(self, frame: np.ndarray | None) -> list[TrayEvent]:
            raise AssertionError("no frame to feed")

        def lost(self, reason: str) -> list[TrayEvent]:
            return [CameraLost(reason)]

    tray = DiceTray(DirectCamera(Empty()), Tracker())
    assert tray.poll(0) == [CameraLost("camera-empty: the camera returned no picture")]


def test_the_real_tray_reads_with_what_the_table_was_taught(tmp_path: Path) -> None:
    import cv2

    from table.devices.dice_tray import open_tray
    from table.paths import data_home
    from vision.faces import FaceNet
    from vision.pipeline import DEFAULT_FACES, TAUGHT_FACES

    taught = data_home() / "dice"
    taught.mkdir(parents=True, exist_ok=True)
    marked = FaceNet.load(str(DEFAULT_FACES))
    marked.b2 = marked.b2 + 1.0  # any change tells the taught model from the shipped one
    marked.save(str(taught / TAUGHT_FACES))
    cv2.imwrite(str(tmp_path / "empty.png"), np.zeros((240, 320, 3), np.uint8))

    tray = open_tray(str(tmp_path))

    assert tray is not None
    assert np.array_equal(tray.tracker.reader.faces.b2, marked.b2)
