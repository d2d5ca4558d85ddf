"""What the dice game's flow is told besides the seat buttons and the screen: the tray, and the operator's fixes.

The app turns the tray watcher's events (vision/tray_events.py) into the first group, writes each one to the event
log, then hands it to the flow. Every field is a str, int, float, bool or None, so the log stores them as JSON.
`order` is a die's landing order in the tray as the tray port numbers it: unique among the dice lying there now.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import get_args

# --- From the tray (camera and tracker) -------------------------------------------------------------------------


@dataclass(frozen=True)
class DieLanded:
    """A die came to rest in the tray. `face` None: it could not be read. `together`: how many dice came to rest
    in the same moment (2 or more: two dice were thrown at once)."""

    order: int
    kind: str
    face: str | None
    confidence: float
    x: int = 0
    y: int = 0
    together: int = 1


@dataclass(frozen=True)
class DieMoved:
    """A die lying in the tray was knocked: it now reads `kind`/`face` (it read `was_kind`/`was_face`)."""

    order: int
    kind: str
    face: str | None
    confidence: float
    was_kind: str
    was_face: str | None
    x: int = 0
    y: int = 0


@dataclass(frozen=True)
class DieTakenOut:
    """The die of landing order `order` is no longer in the tray."""

    order: int


@dataclass(frozen=True)
class TrayCovered:
    """Something large (a hand) covers the tray: nothing can be read until it is gone."""


@dataclass(frozen=True)
class TrayUncovered:
    pass


@dataclass(frozen=True)
class CameraDown:
    reason: str


@dataclass(frozen=True)
class CameraUp:
    pass


# --- From the operator, on the screen or the keyboard -------------------------------------------------------------


@dataclass(frozen=True)
class CorrectDie:
    """The operator says what `seat`'s die in the trick on view shows; for the seat whose turn it is and that has
    no die yet, this enters the die (one that rolled off the tray, or that the camera cannot see)."""

    seat: int
    kind: str
    face: str


@dataclass(frozen=True)
class TrayEmptied:
    """The operator says the tray is empty (when the camera missed a die being taken out)."""


DiceInput = (
    DieLanded | DieMoved | DieTakenOut | TrayCovered | TrayUncovered | CameraDown | CameraUp | CorrectDie | TrayEmptied
)

DICE_INPUT_KINDS: tuple[type, ...] = get_args(DiceInput)
"""Every dice input kind, for the event log, besides `table.core.inputs.INPUT_KINDS`."""
