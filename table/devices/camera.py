"""The camera over the dice tray: several sources behind one small interface, and a watchdog for hung captures.

A source's `capture()` returns a BGR frame or None. `WatchedCamera.poll(now)` never blocks the caller: it hands out a
frame when one is ready and a named `CameraEvent` when the camera gave nothing or hung (a known picamera2 failure).
`open_camera(source)` opens the camera a config or a command line names; the tray port (table.devices.dice_tray)
feeds its frames to the tray tracker.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import cv2
import numpy as np

IMAGE_SUFFIXES = {".png", ".jpg", ".jpeg", ".bmp"}
DEFAULT_EXPOSURE_US = 8000  # the Pi camera's fixed exposure time unless the config's [camera] exposure_us says


class FrameSource(Protocol):
    def capture(self) -> np.ndarray | None: ...

    def close(self) -> None: ...


@dataclass(frozen=True)
class CameraEvent:
    """Something went wrong with the camera: `name` is "camera-empty", "camera-hung" or "camera-failed"."""

    name: str
    detail: str = ""


class OpenCVCamera:
    """A USB webcam through OpenCV, with automatic exposure and white balance turned off where the driver allows."""

    def __init__(self, index: int = 0, width: int = 640, height: int = 480) -> None:
        # OpenCV's own warnings of a missing camera would reach the console raw; the table logs and says its own.
        cv2.utils.logging.setLogLevel(cv2.utils.logging.LOG_LEVEL_ERROR)
        self.capture_device = cv2.VideoCapture(index)
        self.capture_device.set(cv2.CAP_PROP_FRAME_WIDTH, width)
        self.capture_device.set(cv2.CAP_PROP_FRAME_HEIGHT, height)
        self.capture_device.set(cv2.CAP_PROP_AUTO_WB, 0)
        self.capture_device.set(cv2.CAP_PROP_AUTO_EXPOSURE, 0.25)  # V4L2: 0.25 is manual, 0.75 automatic

    def capture(self) -> np.ndarray | None:
        ok, frame = self.capture_device.read()
        return frame if ok else None

    def close(self) -> None:
        self.capture_device.release()


class PiCamera:
    """The Raspberry Pi camera through picamera2 (a system package on the Pi: imported only here)."""

    def __init__(
        self,
        width: int = 640,
        height: int = 480,
        exposure_us: int = DEFAULT_EXPOSURE_US,
        gains: tuple[float, float] = (1.8, 1.5),
    ) -> None:
        from picamera2 import Picamera2  # only on the Pi

        self.exposure_us = exposure_us  # (what calibration names when the lamp overexposes the tray)
        self.camera = Picamera2()
        # picamera2 names formats after libcamera's word order: "RGB888" lands in memory as B, G, R, as OpenCV wants.
        config = self.camera.create_still_configuration(main={"size": (width, height), "format": "RGB888"})
        self.camera.configure(config)
        # Fixed exposure and white balance: the kind of a die is read from its colour.
        self.camera.set_controls(
            {"AeEnable": False, "ExposureTime": exposure_us, "AwbEnable": False, "ColourGains": gains}
        )
        self.camera.start()

    def capture(self) -> np.ndarray | None:
        return self.camera.capture_array("main")

    def close(self) -> None:
        self.camera.close()


class FileCamera:
    """A folder of images (in name order) or a video file, played once."""

    def __init__(self, path: Path) -> None:
        self._frames: Iterator[np.ndarray | None]
        if path.is_dir():
            files = sorted(p for p in path.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
            self._frames = (cv2.imread(str(p)) for p in files)
            self._video = None
        else:
            self._video = cv2.VideoCapture(str(path))
            self._frames = iter(self._video_frames, None)

    def _video_frames(self) -> np.ndarray | None:
        ok, frame = self._video.read() if self._video is not None else (False, None)
        return frame if ok else None

    def capture(self) -> np.ndarray | None:
        return next(self._frames, None)

    def close(self) -> None:
        if self._video is not None:
            self._video.release()


class VirtualCamera:
    """The virtual table's camera: each capture returns the next frame a scene function renders (None: no picture)."""

    def __init__(self, render_frame: Callable[[int], np.ndarray | None]) -> None:
        self.render_frame = render_frame
        self.count = 0

    def capture(self) -> np.ndarray | None:
        frame = self.render_frame(self.count)
        self.count += 1
        return frame

    def close(self) -> None:
        pass


class WatchedCamera:
    """Runs each capture on a worker thread; `poll` returns at once with a frame, None (still waiting) or an event."""

    def __init__(self, source: FrameSource, timeout: float = 2.0) -> None:
        self.source = source
        self.timeout = timeout
        self._lock = threading.Lock()
        self._result: np.ndarray | Exception | None = None
        self._done = threading.Event()
        self._started: float | None = None
        self._reported_hang = False

    def _work(self) -> None:
        try:
            result: np.ndarray | Exception | None = self.source.capture()
        except Exception as error:  # a driver error must become an event, never kill the loop
            result = error
        with self._lock:
            self._result = result
        self._done.set()

    def poll(self, now: float) -> np.ndarray | CameraEvent | None:
        if self._started is None:
            self._done.clear()
            self._started, self._reported_hang = now, False
            threading.Thread(target=self._work, daemon=True).start()
        if self._done.is_set():
            self._started = None
            with self._lock:
                result = self._result
            if isinstance(result, Exception):
                return CameraEvent("camera-failed", str(result))
            if result is None:
                return CameraEvent("camera-empty", "the camera returned no picture")
            return result
        if now - self._started > self.timeout and not self._reported_hang:
            self._reported_hang = True
            return CameraEvent("camera-hung", f"no picture for {now - self._started:.1f} s")
        return None


def open_camera(source: str, exposure_us: int | None = None) -> FrameSource:
    """The camera a config or command line names: "auto" (the Pi camera, else the first webcam), "picamera2", a
    webcam as "/dev/videoN" or "N", or a folder of images / a video file. `exposure_us`: the Pi camera's exposure
    (None: DEFAULT_EXPOSURE_US); a webcam keeps its driver's manual exposure."""
    exposure = exposure_us or DEFAULT_EXPOSURE_US
    if source == "picamera2":
        return PiCamera(exposure_us=exposure)
    if source == "auto":
        try:
            return PiCamera(exposure_us=exposure)
        except Exception:  # not a Pi, or no camera module: fall back to the first webcam
            return OpenCVCamera(0)
    index = source.removeprefix("/dev/video")
    if index.isdigit():
        return OpenCVCamera(int(index))
    return FileCamera(Path(source))
