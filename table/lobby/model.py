"""The lobby's screen model: the seats that joined, the games offered and the language, as plain frozen data.

The lobby's flow (table.lobby.flow) puts in every word the scoreboard shows, the games' names and short names
too, so the display never asks the game catalog.
"""

from __future__ import annotations

from dataclasses import dataclass

from table.core.frame import Note, Phase
from table.core.text import Text


@dataclass(frozen=True)
class LobbySeat:
    seat: int
    name: str  # the player's name; "Seat 3" for a free seat
    label: Text  # the same as the scoreboard says it ("Seat 3" translated)
    joined: bool
    reader_ok: bool  # False while the seat's reader is down


@dataclass(frozen=True)
class GameChoice:
    """A game the lobby offers: its key in the catalog, its name, and a shorter one for a narrow chip or button."""

    key: str
    name: Text
    short_name: Text | None = None


@dataclass(frozen=True)
class LobbyScreen:
    title: Text  # "Skull King: take your seats"
    prompt: Text  # how to join, and how many must
    seats: tuple[LobbySeat, ...]  # every seat of the table
    players: tuple[int, ...]  # the seats that joined, clockwise
    game: str  # the key of the game chosen
    games: tuple[GameChoice, ...]  # the games offered, in the catalog's order
    messages: tuple[Note, ...]
    link_lost: str | None
    undo: Text | None
    language: str = "en"
    phase: Phase = Phase.LOBBY  # the table's moment, as every screen model says it
    settings: bool = False  # the bar offers the operator's settings (set by the app while the operator may)
