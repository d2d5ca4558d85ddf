"""`pirate-table referee`: the rules over JSON lines, so any program can ask them without importing Python.

One JSON object in per line, one JSON object out per line, in the same order. A line that cannot be answered
gets {"error": "..."} and the referee carries on with the next one.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import IO, Any

from table.rules import skullking as sk
from table.rules import skullking_dice as dice

MAX_TRICK = sk.MAX_PLAYERS
MAX_HAND = sk.ROUNDS


class RequestError(ValueError):
    """A request the referee cannot answer; the message is what the caller reads."""


def _skullking_trick(value: Any) -> dict[str, Any]:
    trick = _cards(value, "trick")
    if not sk.MIN_PLAYERS <= len(trick) <= MAX_TRICK:
        raise RequestError(f"a trick has one card per player, {sk.MIN_PLAYERS} to {MAX_TRICK} cards, not {len(trick)}")
    for card in trick:
        if card.kind is sk.Kind.SCARY_MARY and card.played_as is None:
            raise RequestError("Scary Mary in a trick must be announced: scarymary:pirate or scarymary:escape")
    sk.check_from_one_deck(trick)
    lead = sk.lead_suit(trick)
    return {
        "winner": sk.trick_winner(trick),
        "bonus": sk.trick_bonus(trick),
        "lead_suit": lead.value if lead else None,
    }


def _skullking_score(value: Any) -> dict[str, Any]:
    fields = _object(value, "score", required=("bid", "won", "round"), optional=("bonus",))
    return {"score": sk.round_score(fields["bid"], fields["won"], fields["round"], fields.get("bonus", 0))}


def _skullking_legal(value: Any) -> dict[str, Any]:
    fields = _object(value, "legal", required=("hand", "trick"))
    hand = _cards(fields["hand"], "hand")
    trick = _cards(fields["trick"], "trick")
    if not 1 <= len(hand) <= MAX_HAND:
        raise RequestError(f"a hand holds 1 to {MAX_HAND} cards, not {len(hand)}")
    if len(trick) >= MAX_TRICK:
        raise RequestError(f"a trick already holding {len(trick)} cards takes no more")
    for card in hand:
        if card.played_as is not None:
            raise RequestError("Scary Mary is announced when she is played; in a hand she is just 'scarymary'")
    sk.check_from_one_deck([*hand, *trick])
    return {"legal": [card.code for card in sk.legal_plays(hand, trick)]}


def _skullking_revokes(value: Any) -> dict[str, Any]:
    if not isinstance(value, list):
        raise RequestError('"revokes" takes a list of tricks, each {"leader": seat, "cards": [...]}')
    tricks = []
    for index, item in enumerate(value):
        fields = _object(item, f"trick {index}", required=("leader", "cards"))
        cards = tuple(_cards(fields["cards"], f"trick {index}"))
        leader = fields["leader"]
        if not isinstance(leader, int) or isinstance(leader, bool) or not 0 <= leader < len(cards):
            raise RequestError(f"trick {index}: the leader is a seat 0 to {len(cards) - 1}, not {leader!r}")
        if tricks and len(cards) != len(tricks[0].cards):
            raise RequestError(f"trick {index} has {len(cards)} cards, trick 0 has {len(tricks[0].cards)}")
        tricks.append(sk.Trick(leader, cards))
    if len(tricks) > sk.ROUNDS:
        raise RequestError(f"a round has at most {sk.ROUNDS} tricks, not {len(tricks)}")
    sk.check_from_one_deck(card for trick in tricks for card in trick.cards)
    return {
        "revokes": [
            {"seat": r.seat, "suit": r.suit.value, "trick": r.trick, "shown": r.shown, "card": r.card.code}
            for r in sk.find_revokes(tricks)
        ]
    }


def _dice_trick(value: Any) -> dict[str, Any]:
    if not isinstance(value, list):
        raise RequestError('"trick" is a list of dice such as ["black:6", "pirate:skull"]')
    trick = dice.parse_dice(value)
    if not dice.MIN_PLAYERS <= len(trick) <= dice.MAX_PLAYERS:
        raise RequestError(
            f"a trick has one die per player, {dice.MIN_PLAYERS} to {dice.MAX_PLAYERS} dice, not {len(trick)}"
        )
    dice.check_from_one_bag(trick)
    return {"winner": dice.trick_winner(trick), "bonus": dice.trick_bonus(trick)}


def _dice_score(value: Any) -> dict[str, Any]:
    fields = _object(value, "score", required=("bid", "won", "round"), optional=("bonus", "scoring"))
    return {
        "score": dice.round_score(
            fields["bid"], fields["won"], fields["round"], fields.get("bonus", 0), fields.get("scoring", dice.STANDARD)
        )
    }


GAMES: dict[str, dict[str, Callable[[Any], dict[str, Any]]]] = {
    "skullking": {
        "trick": _skullking_trick,
        "score": _skullking_score,
        "legal": _skullking_legal,
        "revokes": _skullking_revokes,
    },
    "skullking-dice": {
        "trick": _dice_trick,
        "score": _dice_score,
    },
}


def answer(request: Any) -> dict[str, Any]:
    """The answer to one decoded request: a result, or {"error": message}."""
    try:
        return _dispatch(request)
    except (RequestError, sk.CardError, dice.DiceError) as error:
        return {"error": str(error)}


def _dispatch(request: Any) -> dict[str, Any]:
    if not isinstance(request, dict):
        raise RequestError('a request is a JSON object such as {"game": "skullking", "trick": [...]}')
    game = request.get("game")
    if game not in GAMES:
        known = ", ".join(GAMES)
        raise RequestError(
            f"unknown game {game!r}; this referee knows: {known}" if game else f"no game given; one of: {known}"
        )
    asks = [key for key in request if key != "game"]
    handlers = GAMES[game]
    if len(asks) != 1 or asks[0] not in handlers:
        raise RequestError(f"a {game} request asks exactly one of: {', '.join(handlers)}; this one has {asks}")
    return handlers[asks[0]](request[asks[0]])


def answer_line(line: str) -> dict[str, Any]:
    try:
        request = json.loads(line)
    except json.JSONDecodeError as error:
        return {"error": f"not JSON: {error.msg} at column {error.colno}"}
    return answer(request)


def run(source: IO[str], sink: IO[str]) -> int:
    """Answer every line of `source` on `sink`; returns how many lines failed."""
    failures = 0
    for line in source:
        reply = answer_line(line)
        failures += "error" in reply
        sink.write(json.dumps(reply) + "\n")
        sink.flush()  # a program talking to us line by line waits for each answer
    return failures


def _cards(value: Any, what: str) -> list[sk.Card]:
    if not isinstance(value, list):
        raise RequestError(f'"{what}" is a list of card codes such as ["yellow:2", "mermaid"]')
    return sk.parse_cards(value)


def _object(value: Any, what: str, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise RequestError(f'"{what}" is an object with {", ".join(required + optional)}')
    missing = [key for key in required if key not in value]
    unknown = [key for key in value if key not in required + optional]
    if missing:
        raise RequestError(f'"{what}" lacks {", ".join(missing)}')
    if unknown:
        raise RequestError(f'"{what}" has unknown field(s) {", ".join(unknown)}')
    return value
