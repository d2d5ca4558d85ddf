import threading
from pathlib import Path

import cv2
import numpy as np
import pytest

from table.devices.camera import CameraEvent, FileCamera, VirtualCamera, WatchedCamera


class HangingSource:
    def __init__(self) -> None:
        self.release = threading.Event()

    def capture(self) -> np.ndarray | None:
        self.release.wait(5)  # released by the test; the timeout only guards a broken test
        return np.zeros((2, 2, 3), np.uint8)

    def close(self) -> None:
        self.release.set()


class EmptySource:
    def capture(self) -> np.ndarray | None:
        return None

    def close(self) -> None:
        pass


class BrokenSource(EmptySource):
    def capture(self) -> np.ndarray | None:
        raise OSError("device unplugged")


def _wait_for(camera: WatchedCamera, now: float) -> object:
    # The worker thread answers at once for these sources; poll until it has (no sleeping: Event.wait on it).
    first = camera.poll(now)
    camera._done.wait(1)
    return first if first is not None else camera.poll(now)


def test_hung_capture_is_reported_without_blocking_the_caller() -> None:
    source = HangingSource()
    camera = WatchedCamera(source, timeout=2.0)
    assert camera.poll(now=100.0) is None
    assert camera.poll(now=101.0) is None
    event = camera.poll(now=102.5)
    assert isinstance(event, CameraEvent) and event.name == "camera-hung"
    assert camera.poll(now=103.0) is None  # reported once, not on every poll
    source.release.set()
    camera._done.wait(1)
    frame = camera.poll(now=104.0)
    assert isinstance(frame, np.ndarray)


def test_camera_that_returns_nothing_or_fails_gives_named_events() -> None:
    empty = _wait_for(WatchedCamera(EmptySource()), 0.0)
    assert isinstance(empty, CameraEvent) and empty.name == "camera-empty"
    broken = _wait_for(WatchedCamera(BrokenSource()), 0.0)
    assert isinstance(broken, CameraEvent) and broken.name == "camera-failed" and "unplugged" in broken.detail


def test_folder_of_images_plays_in_order_then_returns_nothing(tmp_path: Path) -> None:
    for i in range(3):
        cv2.imwrite(str(tmp_path / f"{i}.png"), np.full((4, 4, 3), i * 50, np.uint8))
    camera = FileCamera(tmp_path)
    assert [int(camera.capture()[0, 0, 0]) for _ in range(3)] == [0, 50, 100]
    assert camera.capture() is None


def test_virtual_camera_renders_the_tray() -> None:
    from vision.dice import load_dice
    from vision.render import scatter

    camera = VirtualCamera(lambda n: scatter(n, load_dice(), 2).image)
    frame = _wait_for(WatchedCamera(camera), 0.0)
    assert isinstance(frame, np.ndarray) and frame.shape == (480, 640, 3)


def test_open_camera_names_a_webcam_by_device_or_number_and_anything_else_is_a_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from table.devices import camera

    class FakeWebcam:
        def __init__(self, index: int) -> None:
            self.index = index

    monkeypatch.setattr(camera, "OpenCVCamera", FakeWebcam)
    assert camera.open_camera("/dev/video2").index == 2
    assert camera.open_camera("1").index == 1
    assert isinstance(camera.open_camera(str(tmp_path)), FileCamera)


def test_the_pi_camera_is_opened_with_the_configured_exposure(monkeypatch: pytest.MonkeyPatch) -> None:
    from table.devices import camera

    class FakePiCamera:
        def __init__(self, exposure_us: int) -> None:
            self.exposure_us = exposure_us

    monkeypatch.setattr(camera, "PiCamera", FakePiCamera)
    assert camera.open_camera("picamera2", 3000).exposure_us == 3000
    assert camera.open_camera("auto").exposure_us == camera.DEFAULT_EXPOSURE_US == 8000


def test_the_tray_port_opens_its_camera_with_the_one_open_camera() -> None:
    from table.devices import camera, dice_tray

    assert dice_tray.open_camera is camera.open_camera
