"""Judging many Skull King tricks at once, for bots and simulations.

The same rules as `table.games.skullking.rules.trick_winner` (a test holds the two to the same answers), vectorised
with NumPy over integer-coded cards. Use it for millions of tricks, the rules module for one.

Each card is a code 0..62 (`encode`); a batch is an (N, k) array of codes: N tricks of k cards in play order.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from table.games.skullking import rules as sk

# Every card that can lie in a trick: Scary Mary only as announced.
CARDS: tuple[sk.Card, ...] = (
    *(sk.number_card(suit, number) for suit in sk.SUITS for number in sk.NUMBERS),
    sk.ESCAPE,
    *(sk.named_pirate(name) for name in sk.PIRATE_NAMES),
    sk.PIRATE,
    sk.SCARY_MARY_AS_PIRATE,
    sk.SCARY_MARY_AS_ESCAPE,
    sk.MERMAID,
    sk.SKULL_KING,
)
CODES: dict[sk.Card, int] = {card: code for code, card in enumerate(CARDS)}
MERMAID_CODE = CODES[sk.MERMAID]
MAX_CARDS = 8  # positions are kept in the low 3 bits of a key
CHUNK = 16_384

# A key orders the cards of a trick: rank in the high bits, and (MAX_CARDS - 1 - position) in the low 3 bits, so
# that the largest key is the strongest card and, among equal ranks, the first one played.
# Pass one ranks only black and the special cards; coloured cards count 0 there, like Escapes.
_TRUMP_RANK = np.array([card.rank if card.is_special or card.suit is sk.Suit.BLACK else 0 for card in CARDS])
_TRUMP_KEY = (_TRUMP_RANK * MAX_CARDS).astype(np.uint16)
# Pass two, for the tricks where nothing beat the coloured cards: the number, for cards of the lead suit only.
_SUIT_INDEX = {suit: index for index, suit in enumerate(sk.SUITS, start=1)}
_SUIT = np.array([_SUIT_INDEX[card.suit] if card.suit else 0 for card in CARDS], dtype=np.uint8)
_NUMBER = np.array([card.number for card in CARDS], dtype=np.uint16)


def encode(trick: Iterable[sk.Card]) -> list[int]:
    return [CODES[card] for card in trick]


def encode_many(tricks: Iterable[Sequence[sk.Card]]) -> np.ndarray:
    """An (N, k) uint8 array of codes; every trick must have the same number of cards."""
    return np.array([encode(trick) for trick in tricks], dtype=np.uint8)


def judge_tricks(tricks: np.ndarray) -> np.ndarray:
    """The winning position (0-based, in play order) of each trick in an (N, k) array of card codes."""
    tricks = np.asarray(tricks)
    if tricks.ndim != 2 or not 1 <= tricks.shape[1] <= MAX_CARDS:
        raise ValueError(f"expected an (N, k) array of card codes with 1 <= k <= {MAX_CARDS}, got {tricks.shape}")
    if tricks.size and int(tricks.max()) >= len(CARDS):
        raise ValueError(f"card codes run from 0 to {len(CARDS) - 1}")
    # In slices that stay in the CPU cache: about twice as fast as one pass over a million tricks.
    return np.concatenate(
        [_judge(tricks[start : start + CHUNK]) for start in range(0, len(tricks), CHUNK)] or [np.zeros(0, np.uint8)]
    )


def _judge(tricks: np.ndarray) -> np.ndarray:
    columns = np.ascontiguousarray(tricks.T)  # one row per position: each step below is a whole-row operation
    positions = len(columns)

    # Rules 2-5 and 7: the highest rank wins, the first played among equals.
    best = _TRUMP_KEY[columns[0]] + (MAX_CARDS - 1)
    for position in range(1, positions):
        np.maximum(best, _TRUMP_KEY[columns[position]] + (MAX_CARDS - 1 - position), out=best)
    winner = (MAX_CARDS - 1) - (best & (MAX_CARDS - 1)).astype(np.uint8)
    rank = best // MAX_CARDS

    # Rule 1: where the Skull King won, the first Mermaid played takes him.
    kings = np.flatnonzero(rank == sk.SKULL_KING_RANK)
    if kings.size:
        mermaid_at = np.full(kings.size, MAX_CARDS, dtype=np.uint8)
        for position in reversed(range(positions)):
            mermaid_at[columns[position, kings] == MERMAID_CODE] = position
        has_mermaid = mermaid_at < MAX_CARDS
        winner[kings[has_mermaid]] = mermaid_at[has_mermaid]

    # Rule 6: where only coloured cards and Escapes lie, the highest card of the lead suit wins.
    coloured = np.flatnonzero(rank == sk.ESCAPE_RANK)
    if coloured.size:
        cards = columns[:, coloured]
        suits = _SUIT[cards]
        lead = np.zeros(coloured.size, dtype=np.uint8)
        for position in reversed(range(positions)):
            np.copyto(lead, suits[position], where=suits[position] > 0)
        best = np.zeros(coloured.size, dtype=np.uint16)
        for position in range(positions):
            key = np.where(suits[position] == lead, _NUMBER[cards[position]] * MAX_CARDS, 0)
            np.maximum(best, key + (MAX_CARDS - 1 - position), out=best)
        has_suit = lead > 0  # otherwise only Escapes: the first card, as pass one found
        winner[coloured[has_suit]] = (MAX_CARDS - 1) - (best[has_suit] & (MAX_CARDS - 1))
    return winner


def random_tricks(rng: np.random.Generator, count: int, size: int) -> np.ndarray:
    """`count` tricks of `size` distinct cards dealt from a shuffled 66-card deck, Scary Mary announced at random."""
    deck = np.array([CODES[card] for card in sk.DECK if card.kind is not sk.Kind.SCARY_MARY], dtype=np.uint8)
    deck = np.append(deck, CODES[sk.SCARY_MARY_AS_PIRATE])  # stands for Scary Mary; half are turned to Escape below
    order = np.argsort(rng.random((count, len(deck))), axis=1)[:, :size]
    tricks = deck[order]
    as_escape = rng.random(count) < 0.5
    tricks[(tricks == CODES[sk.SCARY_MARY_AS_PIRATE]) & as_escape[:, None]] = CODES[sk.SCARY_MARY_AS_ESCAPE]
    return tricks
