"""A dice player's judgement: how many tricks to bid for the dice drawn, and which die to throw.

A simple strategy: each kind of die has a rough chance of taking a trick; the bid is their sum (fewer the more
players there are). When throwing, a bot follows the colour when it can (or throws a special die), throws its
strongest legal die while it still needs tricks and its weakest once it has enough.
"""

from __future__ import annotations

import random

from table.games.skullking_dice import rules as skd

# How likely a die of each kind takes a trick of three (a skull is likely, a red die hardly ever).
WIN_CHANCE = {"skullking": 0.6, "pirate": 0.5, "mermaid": 0.35, "black": 0.35, "blue": 0.15, "yellow": 0.1, "red": 0.05}
STRENGTH = {"skullking": 6, "pirate": 5, "mermaid": 4, "black": 3, "blue": 2, "yellow": 1, "red": 0}


class DiceBot:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.hand: list[str] = []  # the kinds of the dice behind its screen

    def bid(self, round_number: int, players: int) -> int:
        expected = sum(WIN_CHANCE[kind] for kind in self.hand) * 3 / players
        return max(0, min(round_number, round(expected + self.rng.uniform(-0.3, 0.3))))

    def choose(self, lead: str | None, needed: int) -> str:
        """The kind to throw next: legal (the lead colour if held, or a special die), by need."""
        trick = [skd.Die(lead, skd.STANDARD_BAG.faces[lead][-1])] if lead is not None else []
        legal = skd.legal_kinds(self.hand, trick)
        ranked = sorted(set(legal), key=lambda kind: STRENGTH[kind])
        return ranked[-1] if needed > 0 else ranked[0]
