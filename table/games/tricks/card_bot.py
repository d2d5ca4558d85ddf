"""A Skull King player for simulations: it holds a real hand, bids on it, and plays only legal cards."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from table.games.skullking import rules as sk


@dataclass
class CardBot:
    """Plays plausibly, not brilliantly: it bids its strong cards and then tries to meet that bid."""

    rng: random.Random
    hand: list[sk.Card] = field(default_factory=list)

    def bid(self, round_number: int, players: int) -> int:
        strong = sum(_strength(card, players) for card in self.hand)
        return max(0, min(round_number, round(strong + self.rng.uniform(-0.5, 0.5))))

    def play(self, trick: Sequence[sk.Card], tricks_needed: int) -> sk.Card:
        """Choose a legal card, take it out of the hand, and announce Scary Mary if it is her."""
        options = sk.legal_plays(self.hand, trick)
        winners = [card for card in options if _would_win(trick, card)]
        if tricks_needed > 0 and winners:
            choice = min(winners, key=_worth)  # win as cheaply as possible
        else:
            losers = [card for card in options if card not in winners]
            choice = max(losers, key=_worth) if losers else min(options, key=_worth)  # shed the most dangerous loser
        self.hand.remove(choice)
        if choice.kind is sk.Kind.SCARY_MARY:
            wants_trick = tricks_needed > 0 and _would_win(trick, sk.SCARY_MARY_AS_PIRATE)
            return sk.SCARY_MARY_AS_PIRATE if wants_trick else sk.SCARY_MARY_AS_ESCAPE
        return choice


def _would_win(trick: Sequence[sk.Card], card: sk.Card) -> bool:
    """Would `card` take the trick if nobody after it played anything stronger?"""
    if card.kind is sk.Kind.SCARY_MARY and card.played_as is None:
        card = sk.SCARY_MARY_AS_PIRATE
    cards = [*trick, card]
    return sk.trick_winner(cards) == len(trick)


def _worth(card: sk.Card) -> int:
    return sk.PIRATE_RANK if card.kind is sk.Kind.SCARY_MARY else card.rank


def _strength(card: sk.Card, players: int) -> float:
    """Roughly the chance that this card takes a trick."""
    if card.kind in (sk.Kind.SKULL_KING, sk.Kind.PIRATE, sk.Kind.SCARY_MARY):
        return 0.9
    if card.kind is sk.Kind.MERMAID:
        return 0.6
    if card.suit is sk.Suit.BLACK:
        return 0.3 + card.number / 26
    if card.kind is sk.Kind.NUMBER and card.number >= 12:
        return 0.5 - players / 20
    return 0.0
