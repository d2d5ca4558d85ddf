"""The dice tray: the camera over it and the tray tracker, as one port the app polls without waiting.

`poll(now)` takes at most one frame from the camera, feeds it to the tracker (vision/tracker.py) and returns the
tray events it gave (vision/tray_events.py). Landing order numbers are the port's own: unique among the dice lying in
the tray, from 1 again once it is empty. That lets the table resume after a restart: `assume(dice)` tells the port
what the game believes lies in the tray, and the dice the fresh tracker finds there again keep their old numbers;
one not found within `recheck_frames` frames was taken out while the table was down.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Mapping
from typing import Any, Protocol

import numpy as np

from table.devices.camera import CameraEvent, FrameSource, WatchedCamera, open_camera
from vision.tray_events import DieChanged, DieRemoved, DieSettled, TrayEvent

log = logging.getLogger(__name__)


class DiceBag(Protocol):
    """The dice the tray may see, as the caller's config describes them (the dice game's bag): each kind's six faces
    and how many dice of it are in the bag. The port reads only these."""

    @property
    def faces(self) -> Mapping[str, tuple[str, ...]]: ...

    @property
    def counts(self) -> Mapping[str, int]: ...


class CameraPort(Protocol):
    def poll(self, now: float) -> np.ndarray | CameraEvent | None: ...


class Tracker(Protocol):
    def feed(self, frame: np.ndarray | None) -> list[TrayEvent]: ...

    def lost(self, reason: str) -> list[TrayEvent]: ...


class DirectCamera:
    """A frame source captured on the caller's thread: the virtual table's camera, whose frames are drawn at once."""

    def __init__(self, source: FrameSource) -> None:
        self.source = source

    def poll(self, now: float) -> np.ndarray | CameraEvent | None:
        frame = self.source.capture()
        return frame if frame is not None else CameraEvent("camera-empty", "the camera returned no picture")

    def close(self) -> None:
        self.source.close()


class DiceTray:
    def __init__(self, camera: CameraPort, tracker: Tracker, match_px: float = 30.0, recheck_frames: int = 15) -> None:
        self.camera, self.tracker = camera, tracker
        self.match_px, self.recheck_frames = match_px, recheck_frames
        self._ours: dict[int, int] = {}  # the tracker's order -> ours
        self._assumed: list[DieSettled] = []  # what the game believes lies here (after a restart), to find again
        self._frames_since_assume = 0
        self.frames = 0

    def assume(self, dice: Mapping[int, Any]) -> None:
        """After a restart: `dice` (order -> something with kind, face, confidence, x, y: the flow's last reads) is
        what the game believes lies here."""
        self._assumed = [
            DieSettled(order, die.kind, die.face, die.confidence, die.x, die.y) for order, die in sorted(dice.items())
        ]
        self._frames_since_assume = 0

    def poll(self, now: float) -> list[TrayEvent]:
        got = self.camera.poll(now)
        if got is None:
            return []
        if isinstance(got, CameraEvent):
            return self.tracker.lost(f"{got.name}: {got.detail}" if got.detail else got.name)
        self.frames += 1
        events = [mapped for event in self.tracker.feed(got) for mapped in self._map(event)]
        if self._assumed:
            self._frames_since_assume += 1
            if self._frames_since_assume >= self.recheck_frames:  # not found again: taken out meanwhile
                events += [DieRemoved(die.order) for die in self._assumed]
                self._assumed = []
        return events

    def _map(self, event: TrayEvent) -> list[TrayEvent]:
        match event:
            case DieSettled(order, kind, face, confidence, x, y, unsure):
                found = self._find_assumed(kind, x, y)
                if found is not None:
                    self._ours[order] = found.order
                    if found.face == face:
                        return []  # the same die, lying where it lay
                    return [DieChanged(found.order, kind, face, confidence, x, y, found.kind, found.face, unsure)]
                ours = self._next_order()
                self._ours[order] = ours
                return [DieSettled(ours, kind, face, confidence, x, y, unsure)]
            case DieChanged(order=order) if order in self._ours:
                return [dataclasses.replace(event, order=self._ours[order])]
            case DieRemoved(order=order) if order in self._ours:
                return [DieRemoved(self._ours.pop(order))]
            case DieChanged() | DieRemoved():
                log.warning("the tray tracker spoke of a die it never reported: %s", event)
                return []
        return [event]

    def _find_assumed(self, kind: str, x: int, y: int) -> DieSettled | None:
        near = [die for die in self._assumed if die.kind == kind and np.hypot(die.x - x, die.y - y) <= self.match_px]
        if not near:
            return None
        found = min(near, key=lambda die: np.hypot(die.x - x, die.y - y))
        self._assumed.remove(found)
        return found

    def _next_order(self) -> int:
        taken = set(self._ours.values()) | {die.order for die in self._assumed}
        return max(taken, default=0) + 1

    def close(self) -> None:
        camera = getattr(self.camera, "source", self.camera)  # a WatchedCamera closes its source
        close = getattr(camera, "close", None)
        if close is not None:
            close()


def open_tray(
    source: str, bag: DiceBag | None = None, die_px: float | None = None, exposure_us: int | None = None
) -> DiceTray | None:
    """The real tray: the configured camera, watched for hangs, and the tray tracker. None if there is no camera
    (the dice game then waits for the operator to enter dice). `bag`: the dice of the config (None: the dice file
    vision ships, vision/dice.json); `die_px`: the config's die width, if set (else the one `dice calibrate`
    measured); `exposure_us`: the config's Pi camera exposure, if set."""
    try:
        camera = open_camera(source, exposure_us)
    except Exception as error:
        log.warning("no dice camera (%s): %s", source, error)
        return None
    # The models load only for a table that has a camera; what `dice teach`/`dice calibrate` learned wins.
    from table.paths import dice_folder
    from vision.dice import DiceSet
    from vision.pipeline import DiceReader
    from vision.tracker import TrayTracker

    dice = DiceSet(dict(bag.faces), dict(bag.counts)) if bag is not None else None  # only the faces printed
    reader = DiceReader.from_folder(dice_folder(), dice=dice, die_px=die_px)
    # A die found again after a restart lies within 30 px of where it lay for 44 px dice: scaled to this camera.
    return DiceTray(WatchedCamera(camera), TrayTracker(reader), match_px=30.0 * reader.die_px / 44.0)
