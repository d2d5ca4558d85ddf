"""The referee's questions for Piratenpoker (`pirate-table referee`): JSON values in, JSON values out, answered by
the rules (table.games.piratenpoker.rules). The deck is the printed one with the default loot stacks: no request
holds more copies of a card than it has."""

from __future__ import annotations

from typing import Any

from table.core.requests import RequestError, codes, fields
from table.games.piratenpoker import rules as pp

_PLAY_EXAMPLE = 'plays such as [["red:5", "red:3"], ["blue:8"], ["pass"]]'


def ask_showdown(value: Any) -> dict[str, Any]:
    asked = fields(value, "showdown", required=("plays",), optional=("loot", "pass_wins"))
    plays = asked["plays"]
    if not isinstance(plays, list) or not pp.MIN_PLAYERS <= len(plays) <= pp.MAX_PLAYERS:
        raise RequestError(f'"plays" is a list of {pp.MIN_PLAYERS} to {pp.MAX_PLAYERS} {_PLAY_EXAMPLE}')
    for index, play in enumerate(plays):
        codes(play, f"play {index}", 'card codes such as ["red:5", "red:3"] or ["pass"]')
        if not all(isinstance(code, str) for code in play):
            raise RequestError(f"play {index} holds card codes (strings), not {play!r}")
        try:
            pp.check_play(play)
        except (pp.PlayError, pp.CardError) as error:
            raise RequestError(f"play {index}: {error}") from None
    pp.check_from_one_deck(code for play in plays for code in play)
    loot = asked.get("loot")
    if loot is not None and loot not in pp.COLOURS:
        raise RequestError(f'"loot" is the round-3 loot card\'s colour, one of {", ".join(pp.COLOURS)}, not {loot!r}')
    pass_wins = asked.get("pass_wins", True)
    if not isinstance(pass_wins, bool):
        raise RequestError('"pass_wins" is true (printed: a Pass may win a tie as the next total) or false')
    result = pp.showdown(plays, loot, pass_wins)
    return {"winner": result.winner, "totals": list(result.totals), "decided": result.decided}


def ask_score(value: Any) -> dict[str, Any]:
    asked = fields(value, "score", required=("loot",), optional=("sets",))
    if not isinstance(asked["loot"], list):
        raise RequestError('"loot" is a list such as [{"value": 10, "side": "front"}, {"value": 5, "side": "back"}]')
    held: list[pp.Held] = []
    coloured: list[str] = []  # the codes of the loot cards whose colour the request gives
    for index, item in enumerate(asked["loot"]):
        card = fields(item, f"loot {index}", required=("value", "side"), optional=("colour",))
        front, side, colour = card["value"], card["side"], card.get("colour", pp.COLOURS[0])
        if isinstance(front, bool) or front not in pp.LOOT_BACKS:
            raise RequestError(f"loot {index}: a loot card's value is its front, 5, 6, 8 or 10, not {front!r}")
        if side not in ("front", "back"):
            raise RequestError(f'loot {index}: the side is "front" or "back", not {side!r}')
        if colour not in pp.COLOURS:
            raise RequestError(f"loot {index}: the colour is one of {', '.join(pp.COLOURS)}, not {colour!r}")
        held.append(pp.Held(pp.Loot(colour, front), side == "front"))
        if "colour" in card:
            coloured.append(held[-1].loot.code)
    pp.check_loot_fronts(one.loot.front for one in held)
    pp.check_from_one_deck(coloured)  # and each colour's stack holds those given by colour
    sets = asked.get("sets", pp.EVERY_SET)
    if sets not in (pp.EVERY_SET, pp.ONE_SET):
        raise RequestError(f'"sets" is "{pp.EVERY_SET}" or "{pp.ONE_SET}", not {sets!r}')
    score = pp.final_score(held, sets)
    return {"score": score.total}


REFEREE = {"showdown": ask_showdown, "score": ask_score}
