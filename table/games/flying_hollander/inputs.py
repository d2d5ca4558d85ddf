"""The Flying Hollander's own inputs, from the scoreboard's bar (the seat buttons do the same)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TakePile:
    """`seat` cannot play and takes the whole pile into hand (as holding its button on its turn)."""

    seat: int


@dataclass(frozen=True)
class ChooseNext:
    """After `seat`'s Wormhole: `chosen` plays next (as the chosen seat tapping its button)."""

    seat: int
    chosen: int


@dataclass(frozen=True)
class PirateSwap:
    """After `seat`'s Pirate: it swapped two cards of the same position with `partner` (None: no swap)."""

    seat: int
    partner: int | None


HOLLANDER_INPUT_KINDS: tuple[type, ...] = (TakePile, ChooseNext, PirateSwap)
