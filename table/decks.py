"""Which card a tag is: the printed decks of each game, and the identification of a tag laid on a reader.

A tag names its card in one of two ways: the card code written into its NDEF text record (`pirate-table
write-tags`), or its UID enrolled in this table's registry (`pirate-table enroll`). A tag known neither way is
reported as unknown, never guessed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from table.core import catalog
from table.store.decks import DeckRegistry


def decks() -> dict[str, tuple[str, ...]]:
    """The card codes of each game's printed deck (the game catalog's), in the order enrollment asks for them."""
    return {entry.key: entry.deck for entry in catalog.with_deck()}


def deck_codes(game: str, config: Any = None) -> tuple[str, ...]:
    """The game's printed deck; with the table's `config`, the deck its settings describe (a game whose printings
    differ)."""
    known = decks()
    if game not in known:
        raise ValueError(f"no deck is known for the game '{game}'; known: {', '.join(known)}")
    entry = catalog.game(game)
    if config is None or entry.deck_from is None:
        return known[game]
    return entry.deck_from(config.game_settings(game))


@dataclass(frozen=True)
class Known:
    code: str


@dataclass(frozen=True)
class UnknownTag:
    uid: str

    @property
    def message(self) -> str:
        return f"unknown card (tag {self.uid}): enroll it, or write its code into the tag"


@dataclass(frozen=True)
class FromAnotherGame:
    game: str
    code: str

    @property
    def message(self) -> str:
        names = {entry.key: str(entry.name) for entry in catalog.games()}
        return f"this card ({self.code}) belongs to a {names.get(self.game, self.game)} deck"


Identification = Known | UnknownTag | FromAnotherGame


def identify(registry: DeckRegistry, game: str, uid: str, tag_code: str | None) -> Identification:
    """What the tag `uid`, carrying `tag_code` if any, is in a game of `game`."""
    enrolled = registry.lookup(uid)
    if tag_code:
        if tag_code in decks().get(game, ()):
            return Known(tag_code)  # a code two editions print ("mermaid") is this game's card in this game
        for other, codes in decks().items():
            if tag_code in codes:
                return Known(tag_code) if other == game else FromAnotherGame(other, tag_code)
        if enrolled is None:
            return UnknownTag(uid)  # a code no deck prints: never guess what was meant
        # a code no deck prints on a tag enrolled since (a replacement sticker): known by its uid
    if enrolled is None:
        return UnknownTag(uid)
    if enrolled.game != game:
        return FromAnotherGame(enrolled.game, enrolled.code)
    return Known(enrolled.code)
