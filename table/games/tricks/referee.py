"""The referee's questions both Skull King editions read alike (`pirate-table referee`): a hand and a trick for
"legal", and "revokes" answered whole. Each edition's `referee` module asks its own rules."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from table.core.requests import RequestError, fields
from table.games.tricks.rules import C, Rulebook, Trick, find_revokes, is_whole_number

ReadCards = Callable[[Any, str], list[C]]  # (a request's value, what it is) -> the cards it names


def hand_and_trick(value: Any, cards: ReadCards[C], max_hand: int, max_players: int) -> tuple[list[C], list[C]]:
    """The hand and the trick of a "legal" request: {"hand": [...], "trick": [...]}."""
    asked = fields(value, "legal", required=("hand", "trick"))
    hand = cards(asked["hand"], "hand")
    trick = cards(asked["trick"], "trick")
    if not 1 <= len(hand) <= max_hand:
        raise RequestError(f"a hand holds 1 to {max_hand} cards, not {len(hand)}")
    if len(trick) >= max_players:
        raise RequestError(f"a trick already holding {len(trick)} cards takes no more")
    return hand, trick


def revokes(value: Any, cards: ReadCards[C], rules: Rulebook) -> dict[str, Any]:
    """The answer to "revokes": a round's tricks, [{"leader": seat, "cards": [...]}, ...] with as many cards in each,
    and the revokes they prove."""
    if not isinstance(value, list):
        raise RequestError('"revokes" takes a list of tricks, each {"leader": seat, "cards": [...]}')
    tricks: list[Trick[C]] = []
    for index, item in enumerate(value):
        asked = fields(item, f"trick {index}", required=("leader", "cards"))
        laid = tuple(cards(asked["cards"], f"trick {index}"))
        leader = asked["leader"]
        if not is_whole_number(leader) or not 0 <= leader < len(laid):
            raise RequestError(f"trick {index}: the leader is a seat 0 to {len(laid) - 1}, not {leader!r}")
        if tricks and len(laid) != len(tricks[0].cards):
            raise RequestError(f"trick {index} has {len(laid)} cards, trick 0 has {len(tricks[0].cards)}")
        tricks.append(Trick(leader, laid))
    if len(tricks) > rules.GAME.rounds:
        raise RequestError(f"a round has at most {rules.GAME.rounds} tricks, not {len(tricks)}")
    rules.check_from_one_deck(card for trick in tricks for card in trick.cards)
    return {
        "revokes": [
            {"seat": r.seat, "suit": r.suit.value, "trick": r.trick, "shown": r.shown, "card": r.card.code}
            for r in find_revokes(tricks)
        ]
    }
