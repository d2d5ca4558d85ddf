"""High Card's rules: pure, like every rules module (the standard library only)."""

from __future__ import annotations

from collections.abc import Sequence

MIN_PLAYERS, MAX_PLAYERS = 2, 4
ROUNDS = 3
DECK = tuple(f"star:{number}" for number in range(1, 10))


class StarError(ValueError):
    pass


def value(code: str) -> int:
    if code not in DECK:
        raise StarError(f"'{code}' is no star card; they are star:1 to star:9")
    return int(code.removeprefix("star:"))


def round_winner(cards: Sequence[str | None]) -> int | None:
    """The position of the highest card; None passed. None if everybody passed."""
    values = [value(card) if card is not None else 0 for card in cards]
    best = max(values)
    return values.index(best) if best else None
