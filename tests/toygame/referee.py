"""High Card's referee questions (`pirate-table referee`): a round's cards -> who won it."""

from __future__ import annotations

from typing import Any

from table.core.requests import RequestError, codes
from tests.toygame import rules


def ask_round(asked: Any) -> dict[str, Any]:
    cards = codes(asked, "round", 'star cards such as ["star:3", "star:7"]')
    if not rules.MIN_PLAYERS <= len(cards) <= rules.MAX_PLAYERS:
        raise RequestError(f"a round has {rules.MIN_PLAYERS} to {rules.MAX_PLAYERS} cards")
    return {"winner": rules.round_winner(cards)}


REFEREE = {"round": ask_round}
