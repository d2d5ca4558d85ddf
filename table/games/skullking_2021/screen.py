"""Skull King 2021's screen model: the 2013 game's `Screen` (so its trick screen, summary, ranking and bar draw it)
with what the 2021 edition adds. Plain frozen data; nothing secret (a cannonball is secret until the reveal)."""

from __future__ import annotations

from dataclasses import dataclass

from table.core.text import Text
from table.games.skullking.screen import Screen


@dataclass(frozen=True)
class AbilityView:
    """A pirate's ability the table asks its winner about. `kind`: the pirate's name ("rosie-de-laney", ...);
    `choice`: the value chosen so far (Rosie: a seat; Harry: -1, 0, +1; Rascal: 0, 10, 20; else 0);
    `choices`: every value the seat may choose."""

    seat: int
    kind: str
    choice: int
    choices: tuple[int, ...]
    question: Text


@dataclass(frozen=True)
class Screen2021(Screen):
    ability: AbilityView | None = None  # the question the table waits for, after a pirate took a trick
    outcome: Text | None = None  # the judged trick in words: the Kraken's or the White Whale's doing, Loot
    scoring: str = "standard"  # or "rascal"
    cannonballs: tuple[int, ...] = ()  # seats that fired the cannonball this round
    wagers: tuple[tuple[int, int], ...] = ()  # (seat, points) Rascal of Roatan's wagers this round
    alliances: tuple[tuple[int, int], ...] = ()  # (Loot player, winner) this round
    cards: int = 0  # dealt to each player this round (fewer than the round's number at 8 players): bids 0..cards
