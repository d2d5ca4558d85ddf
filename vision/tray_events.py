"""What the tray watcher reports, frame by frame: dice landing, dice knocked and re-read, dice taken out.

`order` is the landing order within the current tray, from 1: the first die to come to rest is 1. A die keeps its
order number while it lies in the tray, also when a later throw knocks it (it is then re-read: `DieChanged`).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class DieSettled:
    """A new die came to rest. `face` is None when it cannot be read (on its edge, half hidden) and when the frames
    read disagreed about it: then `unsure` is True (the table asks for a check rather than guess)."""

    order: int
    kind: str
    face: str | None
    confidence: float
    x: int
    y: int
    unsure: bool = False


@dataclass(frozen=True)
class DieChanged:
    """A die already in the tray was knocked: it now reads differently (or lies elsewhere). `unsure`: as DieSettled's,
    of the new read."""

    order: int
    kind: str
    face: str | None
    confidence: float
    x: int
    y: int
    was_kind: str
    was_face: str | None
    unsure: bool = False


@dataclass(frozen=True)
class DieRemoved:
    """A die that lay in the tray is gone."""

    order: int


@dataclass(frozen=True)
class TrayBlocked:
    """Something large (a hand) covers the tray; nothing is read until it is gone."""


@dataclass(frozen=True)
class TrayClear:
    """The tray was blocked and is visible again (dice are re-read and reported as above)."""


@dataclass(frozen=True)
class CameraLost:
    """The camera gave no frame (unplugged, hung)."""

    reason: str


@dataclass(frozen=True)
class CameraBack:
    """Frames come again after CameraLost."""


TrayEvent = DieSettled | DieChanged | DieRemoved | TrayBlocked | TrayClear | CameraLost | CameraBack
