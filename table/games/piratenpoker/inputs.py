"""Piratenpoker's own inputs, from the touch screen (the readers and seat buttons are the table's inputs).

Every field is a str, int, bool or None, so the event log stores them as JSON; they are logged as
"piratenpoker:<class name>" (the game catalog).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PlayDone:
    """The seat has laid all its cards face down this round (the same as holding the seat's button)."""

    seat: int


@dataclass(frozen=True)
class ChooseLoot:
    """The round's winner chooses the loot card `code` ("loot:red:8") to go overboard or below deck."""

    code: str


@dataclass(frozen=True)
class GiveLoot:
    """The loot card waiting to be given (overboard in round 1; in round 2 the winner's back-side card `code`) goes
    to the player at seat `to`; `code` "" : the card chosen overboard."""

    to: int
    code: str = ""


@dataclass(frozen=True)
class KeepLoot:
    """Round 2: the winner gives none of their back-side cards away."""


PIRATENPOKER_INPUT_KINDS: tuple[type, ...] = (PlayDone, ChooseLoot, GiveLoot, KeepLoot)
