"""What the table knows that belongs to no game: its seats and players' names, its language, the game chosen in
the lobby, what lies on each seat's reader, which readers are down, the seat hub's link and the dice tray.

One `TableState` lives as long as the table does; every flow (the lobby, then each game) reads and writes the same
one, so a game starts with the names and language the lobby set and hands back what lies on the readers. None of
it is a player's action, so the operator's undo leaves it alone.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from table.core.text import LANGUAGES


@dataclass
class TableState:
    seats: int
    language: str = "en"
    chosen_game: str = "skullking"  # the game the lobby starts; while a game is on, the game being played
    names: list[str | None] = field(default_factory=list)  # None: not named, called "Seat 3" in the language
    # Per seat: the name came from a player badge (table.core.badges), so it is the same person at every table.
    name_from_badge: list[bool] = field(default_factory=list)
    on_reader: dict[int, str] = field(default_factory=dict)  # seat -> uid of the tag lying on its reader now
    readers_down: dict[int, str] = field(default_factory=dict)  # seat -> why its reader is down
    link_lost: str | None = None  # why the seat hub is unreachable, while it is
    tray: dict[int, Any] = field(default_factory=dict)  # landing order -> the die lying in the dice tray now
    camera_lost: str | None = None  # why the tray's camera gives no picture, while it does not
    tray_blocked: bool = False  # something covers the tray

    def __post_init__(self) -> None:
        if self.language not in LANGUAGES:
            raise ValueError(f"language is one of {LANGUAGES}, not {self.language!r}")
        if not self.names:
            self.names = [None] * self.seats
        if not self.name_from_badge:
            self.name_from_badge = [False] * self.seats

    def players(self, seats: list[int] | tuple[int, ...]) -> list[tuple[int, str | None, bool]]:
        """(seat, name or None for "Seat n", the name came from a badge) for each of `seats`: who plays, for the
        venue (table.venue)."""
        return [(seat, self.names[seat], self.name_from_badge[seat]) for seat in seats]
