"""The settings screen's model, plain frozen data as every screen model: what each setting is now, in the words the
screen shows (the games' names are put in by the desk, so the display never asks the game catalog)."""

from __future__ import annotations

from dataclasses import dataclass

from table.core.frame import Note, Phase
from table.lobby.model import GameChoice


@dataclass(frozen=True)
class SettingsScreen:
    game: str  # the key of the game the table offers first
    games: tuple[GameChoice, ...]  # every game of the catalog, in its order
    language: str
    sound: bool
    venue_broker: str | None  # None: the table has no [venue] section, it publishes nothing
    venue_table: str | None
    has_pin: bool  # the table has an operator PIN: changing it asks for it first
    messages: tuple[Note, ...] = ()
    link_lost: str | None = None  # the seat hub's trouble, said over every screen
    phase: Phase = Phase.LOBBY
