"""Hypothesis strategies for Skull King: tricks and hands drawn from one real 66-card deck."""

from __future__ import annotations

from hypothesis import strategies as st

from table.games.skullking import rules as sk


def _announce(card: sk.Card, as_pirate: bool) -> sk.Card:
    if card.kind is sk.Kind.SCARY_MARY:
        return sk.SCARY_MARY_AS_PIRATE if as_pirate else sk.SCARY_MARY_AS_ESCAPE
    return card


@st.composite
def tricks(draw: st.DrawFn, min_size: int = 1, max_size: int = sk.MAX_PLAYERS) -> list[sk.Card]:
    """Cards one deck can produce, in play order, with Scary Mary announced one way or the other."""
    positions = draw(st.lists(st.integers(0, len(sk.DECK) - 1), unique=True, min_size=min_size, max_size=max_size))
    as_pirate = draw(st.booleans())
    return [_announce(sk.DECK[i], as_pirate) for i in positions]


@st.composite
def hand_and_trick(draw: st.DrawFn) -> tuple[list[sk.Card], list[sk.Card]]:
    """A hand (Scary Mary unannounced) and a trick in progress, all distinct cards of one deck."""
    positions = draw(st.lists(st.integers(0, len(sk.DECK) - 1), unique=True, min_size=1, max_size=15))
    split = draw(st.integers(1, min(len(positions), sk.ROUNDS)))
    hand = [sk.DECK[i] for i in positions[:split]]
    trick = [_announce(sk.DECK[i], draw(st.booleans())) for i in positions[split:][: sk.MAX_PLAYERS - 1]]
    return hand, trick
