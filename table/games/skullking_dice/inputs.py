"""What the dice game's flow is told besides the table's inputs (`table.core.inputs`, the tray's facts among them):
the operator's fixes, from the screen or the keyboard. Every field is a str, int, bool or None, so the log stores
them as JSON.
"""

from __future__ import annotations

from dataclasses import dataclass

from table.core.inputs import TRAY_FACTS

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


DICE_INPUT_KINDS: tuple[type, ...] = (*TRAY_FACTS, CorrectDie, TrayEmptied)
"""What the dice game hears besides `table.core.inputs.INPUT_KINDS`: the tray's facts and the operator's fixes. The
event log names them after this game ("skullking-dice:DieLanded"), as it did before the tray's facts were the
table's."""
