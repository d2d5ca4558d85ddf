"""Several settled frames, one answer per die: a vote, and "not sure" rather than a guess.

A single reading of a settled tray can be wrong where a real camera is hard on it (a glint, a JPEG block, a shadow's
edge across a glyph), and such a slip seldom repeats in the next frame. The tray watcher (vision/tracker.py) reads the
first few still frames after the dice settle and hands their readings here:

- the readings are matched from frame to frame by position (within `NEAR` die widths, nearest first);
- a die seen in no more than half of the frames is dropped (a ghost of one frame, not a die);
- kind, then face (among the readings of that kind) are voted: the winner needs more than half of the frames, a lead
  of `margin` votes over the runner-up, and its readings a mean confidence of at least `min_confidence`;
- otherwise the die is reported `unsure`, its face None: the table asks for a check instead of guessing.

A die seen on its edge (face None) in a clear majority is reported as such (face None, sure): it cannot be read.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from vision.pipeline import DieReading

NEAR = 0.5  # a reading within this many die widths of a die's first place is that die


@dataclass(frozen=True)
class VoteRule:
    margin: int = 1  # the winner's lead over the runner-up, in votes
    min_confidence: float = 0.5  # the winning readings' mean confidence


@dataclass(frozen=True)
class VotedDie:
    """One die as the vote decided: `unsure` means the frames disagreed (or agreed only faintly); `face` is then
    None, and `kind` the likeliest kind. `votes`: how many frames agreed on the answer, of `frames`."""

    kind: str
    face: str | None
    x: int
    y: int
    confidence: float
    unsure: bool = False
    votes: int = 1
    frames: int = 1


DEFAULT_RULE = VoteRule()


def vote(frames: Sequence[Sequence[DieReading]], die_px: float, rule: VoteRule = DEFAULT_RULE) -> list[VotedDie]:
    """One VotedDie per die seen in more than half of `frames` (each frame's readings of the same still tray)."""
    tracks = _match(frames, NEAR * die_px)
    return [_decide(track, len(frames), rule) for track in tracks if len(track) * 2 > len(frames)]


def single(reading: DieReading) -> VotedDie:
    """A reading taken as it is (a vote of one frame)."""
    return VotedDie(reading.kind, reading.face, reading.x, reading.y, reading.confidence)


def _match(frames: Sequence[Sequence[DieReading]], reach: float) -> list[list[DieReading]]:
    """Readings grouped by die: each frame's readings join the nearest die within reach (one reading each)."""
    tracks: list[list[DieReading]] = []
    for readings in frames:
        pairs = sorted(
            (float(np.hypot(r.x - track[0].x, r.y - track[0].y)), t, i)
            for t, track in enumerate(tracks)
            for i, r in enumerate(readings)
        )
        used_tracks: set[int] = set()
        used_readings: set[int] = set()
        for distance, t, i in pairs:
            if distance <= reach and t not in used_tracks and i not in used_readings:
                used_tracks.add(t)
                used_readings.add(i)
                tracks[t].append(readings[i])
        tracks.extend([r] for i, r in enumerate(readings) if i not in used_readings)
    return tracks


def _winner(votes: Counter[str | None], frames: int, margin: int) -> tuple[str | None, int, bool]:
    """The most voted value, its votes, and whether it won clearly (a majority of the frames, ahead by `margin`)."""
    ranked = votes.most_common()
    best, count = ranked[0]
    runner_up = ranked[1][1] if len(ranked) > 1 else 0
    return best, count, count * 2 > frames and count - runner_up >= margin


def _decide(track: list[DieReading], frames: int, rule: VoteRule) -> VotedDie:
    x, y = round(float(np.median([r.x for r in track]))), round(float(np.median([r.y for r in track])))
    kind, kind_votes, kind_clear = _winner(Counter[str | None](r.kind for r in track), frames, rule.margin)
    assert kind is not None  # every reading has a kind
    of_kind = [r for r in track if r.kind == kind]
    face, face_votes, face_clear = _winner(Counter(r.face for r in of_kind), frames, rule.margin)
    agreeing = [r for r in of_kind if r.face == face]
    confidence = float(np.mean([r.confidence for r in agreeing]))
    if kind_clear and face_clear and confidence >= rule.min_confidence:
        return VotedDie(kind, face, x, y, confidence, False, face_votes, frames)
    spread = float(np.mean([r.confidence for r in track]))
    return VotedDie(kind, None, x, y, spread, True, min(kind_votes, face_votes), frames)
