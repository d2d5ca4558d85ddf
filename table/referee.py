"""`pirate-table referee`: the rules over JSON lines, so any program can ask them without importing Python.

One JSON object in per line, one JSON object out per line, in the same order. A line that cannot be answered
gets {"error": "..."} and the referee carries on with the next one.
"""

from __future__ import annotations

import json
from typing import IO, Any

from table.games import catalog
from table.rules.requests import RequestError


def answer(request: Any) -> dict[str, Any]:
    """The answer to one decoded request: a result, or {"error": message}."""
    try:
        return _dispatch(request)
    except ValueError as error:  # each game's rules raise theirs (CardError, DiceError, RequestError) as ValueError
        return {"error": str(error)}


def _dispatch(request: Any) -> dict[str, Any]:
    if not isinstance(request, dict):
        raise RequestError('a request is a JSON object such as {"game": "skullking", "trick": [...]}')
    game = request.get("game")
    games = {entry.key: entry.referee for entry in catalog.games() if entry.referee}
    if not isinstance(game, str) or game not in games:
        known = ", ".join(games)
        raise RequestError(
            f"unknown game {game!r}; this referee knows: {known}" if game else f"no game given; one of: {known}"
        )
    asks = [key for key in request if key != "game"]
    handlers = games[game]
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
