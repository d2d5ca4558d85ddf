"""The referee's questions for Skull King 2021 (`pirate-table referee`): JSON values in, JSON values out, answered
by the rules (table.games.skullking_2021.rules)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from table.core.requests import RequestError, codes, fields
from table.games.skullking_2021 import rules as sk
from table.games.tricks.referee import hand_and_trick, revokes
from table.games.tricks.rules import is_whole_number

MAX_HAND = sk.ROUNDS


def _cards(value: Any, what: str) -> list[sk.Card]:
    return sk.parse_cards(codes(value, what, 'card codes such as ["green:2", "mermaid"]'))


def _announced(trick: Iterable[sk.Card]) -> None:
    for card in trick:
        if card.kind is sk.Kind.TIGRESS and card.played_as is None:
            raise RequestError("the Tigress in a trick must be announced: tigress:pirate or tigress:escape")


def ask_trick(value: Any) -> dict[str, Any]:
    trick = _cards(value, "trick")
    if not sk.MIN_PLAYERS <= len(trick) <= sk.MAX_PLAYERS:
        raise RequestError(
            f"a trick has one card per player, {sk.MIN_PLAYERS} to {sk.MAX_PLAYERS} cards, not {len(trick)}"
        )
    _announced(trick)
    sk.check_from_one_deck(trick)
    judged = sk.judge(trick)
    lead = sk.lead_suit(trick)
    return {
        "winner": judged.winner,
        "bonus": judged.bonus,
        "lead_suit": lead.value if lead else None,
        "next_leader": judged.next_leader,
        "loot": [{"loot": position, "winner": judged.winner} for position in judged.alliances],
    }


def ask_score(value: Any) -> dict[str, Any]:
    asked = fields(
        value,
        "score",
        required=("bid", "won", "round"),
        optional=("bonus", "scoring", "cannonball", "wager", "cards"),
    )
    cannonball = asked.get("cannonball", False)
    if not isinstance(cannonball, bool):
        raise RequestError('"cannonball" is true or false')
    cards = asked.get("cards", 0)
    if not is_whole_number(cards) or not 0 <= cards <= sk.ROUNDS:
        raise RequestError(f'"cards" (dealt to each player) is 1 to {sk.ROUNDS}, not {cards!r}')
    return {
        "score": sk.round_score(
            asked["bid"],
            asked["won"],
            asked["round"],
            asked.get("bonus", 0),
            asked.get("scoring", sk.STANDARD),
            cannonball,
            asked.get("wager", 0),
            cards,
        )
    }


def ask_legal(value: Any) -> dict[str, Any]:
    hand, trick = hand_and_trick(value, _cards, MAX_HAND, sk.MAX_PLAYERS)
    for card in hand:
        if card.played_as is not None:
            raise RequestError("the Tigress is announced when she is played; in a hand she is just 'tigress'")
    _announced(trick)
    sk.check_from_one_deck([*hand, *trick])
    return {"legal": [card.code for card in sk.legal_plays(hand, trick)]}


def ask_revokes(value: Any) -> dict[str, Any]:
    return revokes(value, _cards, sk)


REFEREE = {"trick": ask_trick, "score": ask_score, "legal": ask_legal, "revokes": ask_revokes}
