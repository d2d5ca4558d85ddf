"""A Skull King player for simulations: it holds a real hand, bids on it, and plays only legal cards, by the rules
of the edition it is given."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from table.games.tricks.rules import Rulebook, legal_plays

# How much a card is worth keeping (a number card: its number, a black one 20 more), by code, for either edition.
WORTH = {"mermaid": 40, "pirate": 50, "scarymary": 50, "tigress": 50, "skullking": 60, "kraken": 35, "whale": 35}


@dataclass
class CardBot:
    """Plays plausibly, not brilliantly: it bids its strong cards and then tries to meet that bid."""

    rules: Rulebook  # the edition's rules module
    rng: random.Random
    hand: list[Any] = field(default_factory=list)

    def bid(self, cards: int, players: int) -> int:
        """A bid for a hand of `cards` cards."""
        strong = sum(self.strength(card, players) for card in self.hand)
        return max(0, min(cards, round(strong + self.rng.uniform(-0.5, 0.5))))

    def play(self, trick: Sequence[Any], tricks_needed: int) -> Any:
        """Choose a legal card, take it out of the hand, and announce it if it is announced when played."""
        options = legal_plays(self.hand, trick)
        winners = [card for card in options if self.would_win(trick, card)]
        if tricks_needed > 0 and winners:
            choice = min(winners, key=self.worth)  # win as cheaply as possible
        else:
            losers = [card for card in options if card not in winners]
            choice = max(losers, key=self.worth) if losers else min(options, key=self.worth)  # shed the most dangerous
        self.hand.remove(choice)
        if choice.announced_when_played:
            wants_trick = tricks_needed > 0 and self.would_win(trick, self.rules.announced(True))
            return self.rules.announced(wants_trick)
        return choice

    def would_win(self, trick: Sequence[Any], card: Any) -> bool:
        """Would `card` take the trick if nobody after it played anything stronger?"""
        if card.announced_when_played and card.played_as is None:
            card = self.rules.announced(True)
        return self.rules.trick_winner([*trick, card]) == len(trick)

    def worth(self, card: Any) -> int:
        if card.suit is not None:
            return card.number + (20 if card.suit.value == "black" else 0)
        return WORTH.get(card.kind.value, 0)

    def strength(self, card: Any, players: int) -> float:
        """Roughly the chance that this card takes a trick."""
        top = max(self.rules.NUMBERS)  # the highest number of a suit
        if card.kind.value in ("skullking", "pirate") or card.announced_when_played:
            return 0.9
        if card.kind.value == "mermaid":
            return 0.6
        if card.suit is not None and card.suit.value == "black":
            return 0.3 + card.number / (2 * top)
        if card.suit is not None and card.number >= top - 1:
            return 0.5 - players / 20
        return 0.0
