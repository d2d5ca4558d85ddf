"""The tray watcher: frames in, landing-order events out (vision/tray_events.py).

Feed it every camera frame. Each time the picture has been still for `settle_frames` frames (a die counts only when
still) it reads the tray in that frame and the next `votes - 1` still frames, and the readings vote per die
(vision/voting.py): a face is reported only when the frames agree, else the die is reported `unsure` (face None).
Anything moving meanwhile drops the readings taken: the dice are read again once all is still. A die that moved
lately (its own cells on the motion grid changed within the last `settle_frames` frames, too few for the tray to
count as moving) starts the reading over as well: what a die still settling reads never counts. The vote is then
compared with the dice the tracker already knows:

- a die it has not seen before gets the next order number: `DieSettled`;
- a known die that now reads differently or lies elsewhere keeps its number: `DieChanged` (a knock);
- a known die no longer there: `DieRemoved`; once the tray has been seen empty, numbering starts again at 1;
- something as large as a hand covering the tray: `TrayBlocked`, then `TrayClear` when a reading is possible again;
- `feed(None)` or `lost(reason)`: `CameraLost`, and `CameraBack` with the next frame.

Dice are matched from one reading to the next by position, with room for a nudge. When several dice come to rest in
the same settle (two thrown at once), their order is the order in which they stopped moving: the tracker remembers,
on its tiny motion grid, the last frame in which each cell changed, and a die came to rest when the cells under it
last changed. Dice that stopped in the same frame are ordered by position (top to bottom, then left to right).

The camera is still, so the tray model (vision/segment.py) is fitted once each time the tray is read empty and used
for the readings after it (a fifth of the reading's time saved); a reading that finds the tray covered with that
model (even matched to the frame's light, vision/segment.matched_tray) is made again with a fresh fit and the model
dropped, so a change of light is not taken for a hand.

Deterministic and clock-free: only the frames count.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from vision.motion import MOTION_SIZE, MotionCheck, SettleDetector
from vision.pipeline import DiceReader, DieReading
from vision.segment import tray_model
from vision.tray_events import (
    CameraBack,
    CameraLost,
    DieChanged,
    DieRemoved,
    DieSettled,
    TrayBlocked,
    TrayClear,
    TrayEvent,
)
from vision.voting import DEFAULT_RULE, VotedDie, VoteRule, single, vote

NUDGE = 0.6  # a reading within this many die widths of a known die is that die
MOVED = 0.5  # a known die that moved farther than this (die widths) is reported as changed
KNOCK_REACH = 6.0  # a knocked die is looked for this far (die widths) among new dice of its kind


@dataclass
class _KnownDie:
    order: int
    reading: VotedDie


class TrayTracker:
    """Turns a stream of frames into TrayEvents: which die landed when, what it shows, what changed."""

    def __init__(
        self, reader: DiceReader | None = None, settle_frames: int = 4, votes: int = 3, rule: VoteRule = DEFAULT_RULE
    ) -> None:
        if votes < 1 or settle_frames < 1:
            raise ValueError(f"settle_frames and votes must be 1 or more (got {settle_frames} and {votes})")
        self.reader = reader or DiceReader()
        self.settle_frames = settle_frames
        self.votes = votes
        self.rule = rule
        self.reset()

    def reset(self) -> None:
        """Forget every die and start numbering at 1 (a new trick)."""
        self._motion = MotionCheck()
        self._settle = SettleDetector(frames=self.settle_frames)
        self._still = 0
        self._frame = 0
        self._last_change = np.full(MOTION_SIZE[::-1], -1, np.int64)  # frame number each motion cell last changed
        self._known: list[_KnownDie] = []
        self._next_order = 1
        self._blocked = False
        self._camera_lost = False
        self._tray: np.ndarray | None = None  # the tray model from the last empty tray (a still camera)
        self._readings: list[list[DieReading]] = []  # this rest's readings so far, one list per still frame
        self._done = False  # this rest was read (or found blocked): nothing more until something moves

    def lost(self, reason: str) -> list[TrayEvent]:
        """The camera gave no frame: reported once until frames come again."""
        if self._camera_lost:
            return []
        self._camera_lost = True
        self._motion.forget()
        self._still = 0
        self._readings, self._done = [], False
        return [CameraLost(reason)]

    def feed(self, frame: np.ndarray | None) -> list[TrayEvent]:
        if frame is None:
            return self.lost("the camera gave no frame")
        events: list[TrayEvent] = []
        if self._camera_lost:
            self._camera_lost = False
            events.append(CameraBack())
        self._frame += 1
        changed = self._motion.changed(frame)
        if changed is not None:
            self._last_change[changed] = self._frame
        if self._settle.is_moving(changed):
            self._still = 0
            self._readings, self._done = [], False  # readings of a tray that moved since are stale
        else:
            self._still += 1
        if self._still >= self.settle_frames and not self._done:  # the first `votes` still frames of each rest
            events.extend(self._read(frame))
        return events

    # ------------------------------------------------------------------ settled frames

    def _read(self, frame: np.ndarray) -> list[TrayEvent]:
        # The camera is still: the tray model fitted when the tray was last seen empty serves every later frame
        # (it saves the fit, a fifth of the reading). Should the light change, everything would differ from it:
        # a reading that says "covered" is then made again with a fresh fit, and the model dropped.
        reading = self.reader.read(frame, tray=self._tray)
        if reading.obstructed and self._tray is not None:
            self._tray = None
            reading = self.reader.read(frame)
        if not reading.obstructed and not reading.dice and self.reader.tray is None and not self._readings:
            self._tray = tray_model(frame, self.reader.die_px)
        if reading.obstructed:
            self._readings, self._done = [], True
            if self._blocked:
                return []
            self._blocked = True
            return [TrayBlocked()]
        height, width = frame.shape[:2]
        if any(self._moved_lately(die, width, height) for die in reading.dice):
            self._readings = []  # a die still settling: read it once it lies still
            return []
        self._readings.append(reading.dice)
        if len(self._readings) < self.votes:
            return []
        voted = (
            vote(self._readings, self.reader.die_px, self.rule)
            if self.votes > 1
            else [single(r) for r in self._readings[0]]
        )
        self._readings, self._done = [], True
        events: list[TrayEvent] = []
        if self._blocked:
            self._blocked = False
            events.append(TrayClear())
        events.extend(self._reconcile(voted, width, height))
        if not self._known:
            self._next_order = 1  # the tray was seen empty: the next die is the first of a new trick
        return events

    def _moved_lately(self, die: DieReading, width: int, height: int) -> bool:
        """Something changed under this die within the last `settle_frames` frames (a die still rocking)."""
        return self._came_to_rest(die, width, height) > self._frame - self.settle_frames

    def _reconcile(self, readings: list[VotedDie], width: int, height: int) -> list[TrayEvent]:
        die_px = self.reader.die_px
        pairs = _nearest_pairs(self._known, readings, NUDGE * die_px, same_kind=False)
        unmatched_known = [k for k in self._known if all(k is not a for a, _ in pairs)]
        unmatched_new = [r for r in readings if all(r is not b for _, b in pairs)]
        # A die knocked far keeps its number: the nearest new die of its kind within reach is that die.
        pairs += _nearest_pairs(unmatched_known, unmatched_new, KNOCK_REACH * die_px, same_kind=True)

        events: list[TrayEvent] = []
        kept = {known.order for known, _ in pairs}
        events.extend(DieRemoved(k.order) for k in self._known if k.order not in kept)
        self._known = [k for k in self._known if k.order in kept]
        for known, now in sorted(pairs, key=lambda pair: pair[0].order):
            was = known.reading
            moved = np.hypot(now.x - was.x, now.y - was.y) > MOVED * die_px
            if (now.kind, now.face, now.unsure) != (was.kind, was.face, was.unsure) or moved:
                events.append(DieChanged(known.order, now.kind, now.face, now.confidence, now.x, now.y,
                                         was.kind, was.face, now.unsure))  # fmt: skip
            known.reading = now
        arrivals = [r for r in readings if all(r is not b for _, b in pairs)]
        for reading in sorted(arrivals, key=lambda r: (self._came_to_rest(r, width, height), r.y, r.x)):
            known = _KnownDie(self._next_order, reading)
            self._next_order += 1
            self._known.append(known)
            events.append(DieSettled(known.order, reading.kind, reading.face, reading.confidence, reading.x, reading.y,
                                     reading.unsure))  # fmt: skip
        return events

    def _came_to_rest(self, die: DieReading | VotedDie, width: int, height: int) -> int:
        """The last frame in which anything moved under this die: when it stopped rolling."""
        grid_w, grid_h = MOTION_SIZE
        cx, cy = die.x * grid_w / width, die.y * grid_h / height
        reach = self.reader.die_px * 0.35 * grid_w / width  # inside the die, off its shadow
        x0, x1 = max(int(cx - reach), 0), min(int(cx + reach) + 1, grid_w)
        y0, y1 = max(int(cy - reach), 0), min(int(cy + reach) + 1, grid_h)
        cells = self._last_change[y0:y1, x0:x1]
        return int(cells.max()) if cells.size else -1


def _nearest_pairs(
    known: list[_KnownDie], readings: list[VotedDie], reach: float, same_kind: bool
) -> list[tuple[_KnownDie, VotedDie]]:
    """Greedy one-to-one matching, nearest pairs first (ties by order number, then reading position)."""
    candidates = []
    for k in known:
        for index, r in enumerate(readings):
            distance = float(np.hypot(r.x - k.reading.x, r.y - k.reading.y))
            if distance <= reach and (not same_kind or r.kind == k.reading.kind):
                candidates.append((distance, k.order, index))
    by_order = {k.order: k for k in known}
    pairs, used_known, used_reading = [], set(), set()
    for _, order, index in sorted(candidates):
        if order not in used_known and index not in used_reading:
            used_known.add(order)
            used_reading.add(index)
            pairs.append((by_order[order], readings[index]))
    return pairs
