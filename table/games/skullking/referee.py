"""The referee's questions for Skull King 2013 (`pirate-table referee`): JSON values in, JSON values out, answered
by the rules (table.games.skullking.rules)."""

from __future__ import annotations

from typing import Any

from table.core.requests import RequestError, codes, fields
from table.games.skullking import rules as sk
from table.games.tricks.referee import hand_and_trick, revokes

MAX_HAND = sk.ROUNDS  # round 10 deals ten cards


def _cards(value: Any, what: str) -> list[sk.Card]:
    return sk.parse_cards(codes(value, what, 'card codes such as ["yellow:2", "mermaid"]'))


def ask_trick(value: Any) -> dict[str, Any]:
    trick = _cards(value, "trick")
    if not sk.MIN_PLAYERS <= len(trick) <= sk.MAX_PLAYERS:
        raise RequestError(
            f"a trick has one card per player, {sk.MIN_PLAYERS} to {sk.MAX_PLAYERS} cards, not {len(trick)}"
        )
    for card in trick:
        if card.kind is sk.Kind.SCARY_MARY and card.played_as is None:
            raise RequestError("Scary Mary in a trick must be announced: scarymary:pirate or scarymary:escape")
    sk.check_from_one_deck(trick)
    lead = sk.lead_suit(trick)
    return {"winner": sk.trick_winner(trick), "bonus": sk.trick_bonus(trick), "lead_suit": lead.value if lead else None}


def ask_score(value: Any) -> dict[str, Any]:
    asked = fields(value, "score", required=("bid", "won", "round"), optional=("bonus",))
    return {"score": sk.round_score(asked["bid"], asked["won"], asked["round"], asked.get("bonus", 0))}


def ask_legal(value: Any) -> dict[str, Any]:
    hand, trick = hand_and_trick(value, _cards, MAX_HAND, sk.MAX_PLAYERS)
    for card in hand:
        if card.played_as is not None:
            raise RequestError("Scary Mary is announced when she is played; in a hand she is just 'scarymary'")
    sk.check_from_one_deck([*hand, *trick])
    return {"legal": [card.code for card in sk.legal_plays(hand, trick)]}


def ask_revokes(value: Any) -> dict[str, Any]:
    return revokes(value, _cards, sk)


REFEREE = {"trick": ask_trick, "score": ask_score, "legal": ask_legal, "revokes": ask_revokes}
