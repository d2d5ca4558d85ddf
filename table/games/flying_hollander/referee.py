"""The referee's questions for The Flying Hollander (`pirate-table referee`): JSON values in, JSON values out,
answered by the rules (table.games.flying_hollander.rules). The deck is the default one (DEFAULT_COUNTS): no request
holds more copies of a card than it has."""

from __future__ import annotations

from typing import Any

from table.core.requests import RequestError, codes, fields
from table.games.flying_hollander import rules as fh


def _cards(value: Any, what: str) -> list[str]:
    cards = codes(value, what, 'card codes such as ["crew:7", "hollander"]')
    for code in cards:
        fh.check_card(code)
    return cards


def ask_play(value: Any) -> dict[str, Any]:
    """{"pile": [...], "cards": [...]} -> what the play does, or {"legal": false, "why": ...}."""
    asked = fields(value, "play", ("pile", "cards"))
    pile, cards = _cards(asked["pile"], "pile"), _cards(asked["cards"], "cards")
    if not cards:
        raise RequestError('"cards" names at least one card')
    fh.check_from_one_deck([*pile, *cards])
    refusal = fh.judge(pile, cards)
    if refusal is not None:
        return {"legal": False, "why": refusal.describe(), "beat": refusal.need.as_json()}
    return fh.play(pile, cards).as_json()


def ask_pile(value: Any) -> dict[str, Any]:
    """["crew:7", "hollander"] -> what the next card must be."""
    pile = _cards(value, "pile")
    fh.check_from_one_deck(pile)
    return {"beat": fh.need(pile).as_json()}


REFEREE = {"play": ask_play, "pile": ask_pile}
