"""The referee's questions for the Skull King dice game (`pirate-table referee`): JSON values in, JSON values out,
answered by the rules (table.games.skullking_dice.rules)."""

from __future__ import annotations

from typing import Any

from table.core.requests import RequestError, codes, fields
from table.games.skullking_dice import rules as skd


def ask_trick(value: Any) -> dict[str, Any]:
    trick = skd.parse_dice(codes(value, "trick", 'dice such as ["black:6", "pirate:skull"]'))
    if not skd.MIN_PLAYERS <= len(trick) <= skd.MAX_PLAYERS:
        raise RequestError(
            f"a trick has one die per player, {skd.MIN_PLAYERS} to {skd.MAX_PLAYERS} dice, not {len(trick)}"
        )
    skd.check_from_one_bag(trick)
    return {"winner": skd.trick_winner(trick), "bonus": skd.trick_bonus(trick)}


def ask_score(value: Any) -> dict[str, Any]:
    asked = fields(value, "score", required=("bid", "won", "round"), optional=("bonus", "scoring"))
    scoring = asked.get("scoring", skd.STANDARD)
    return {"score": skd.round_score(asked["bid"], asked["won"], asked["round"], asked.get("bonus", 0), scoring)}


REFEREE = {"trick": ask_trick, "score": ask_score}
