"""`pirate-table referee`: the rules over JSON lines, so any program can ask them without importing Python.

One JSON object in per line, one JSON object out per line, in the same order. A line that cannot be answered
gets {"error": "..."} and the referee carries on with the next one, whatever bytes arrive: text that is not UTF-8,
lines longer than MAX_LINE, nesting deeper than MAX_DEPTH, numbers longer than MAX_DIGITS each get an error naming
the limit; error messages are cut to MAX_MESSAGE characters.
"""

from __future__ import annotations

import json
from typing import IO, Any

from table.core import catalog
from table.core.requests import RequestError

MAX_LINE = 65_536  # bytes in one request: a whole round of any game fits many times over
MAX_DEPTH = 16  # lists and objects within each other: requests need 4
MAX_DIGITS = 9  # in a number: scores and seats need far fewer
MAX_MESSAGE = 300  # characters of an error message: enough to say what is wrong, never the whole request


def answer(request: Any) -> dict[str, Any]:
    """The answer to one decoded request: a result, or {"error": message}."""
    try:
        return _dispatch(request)
    except ValueError as error:  # each game's rules raise theirs (CardError, DiceError, RequestError) as ValueError
        return {"error": str(error)}
    except Exception as error:  # a question a game's rules did not foresee: an answer all the same, never a stop
        return {"error": f"this request could not be answered ({type(error).__name__}: {error})"[:MAX_MESSAGE]}


def _dispatch(request: Any) -> dict[str, Any]:
    if not isinstance(request, dict):
        raise RequestError('a request is a JSON object such as {"game": "skullking", "trick": [...]}')
    game = request.get("game")
    games = {entry.key: entry.referee for entry in catalog.games() if entry.referee}
    if not isinstance(game, str) or game not in games:
        known = ", ".join(games)
        named = repr(game)[:40]
        raise RequestError(
            f"unknown game {named}; this referee knows: {known}" if game else f"no game given; one of: {known}"
        )
    asks = [key for key in request if key != "game"]
    handlers = games[game]
    if len(asks) != 1 or asks[0] not in handlers:
        raise RequestError(f"a {game} request asks exactly one of: {', '.join(handlers)}; this one has {asks}")
    return handlers[asks[0]](request[asks[0]])


def answer_line(line: str | bytes) -> dict[str, Any]:
    """The answer to one line, whatever it holds: every failure is an {"error": ...}, never an exception."""
    if len(line) > MAX_LINE:
        return _too_long(len(line))
    if isinstance(line, bytes):
        try:
            line = line.decode("utf-8")
        except UnicodeDecodeError as error:
            return {"error": f"not UTF-8 text: byte {error.start + 1} is {line[error.start]:#04x}"}
    try:
        request = json.loads(line, parse_int=_whole_number, parse_float=_number, parse_constant=_no_constant)
    except json.JSONDecodeError as error:
        return {"error": f"not JSON: {error.msg} at column {error.colno}"}
    except RequestError as error:
        return {"error": str(error)}
    except RecursionError:
        return {"error": f"a request is nested at most {MAX_DEPTH} deep"}
    if _depth(request) > MAX_DEPTH:
        return {"error": f"a request is nested at most {MAX_DEPTH} deep"}
    reply = answer(request)
    if "error" in reply and len(reply["error"]) > MAX_MESSAGE:  # never echo a huge value back
        reply = {"error": reply["error"][: MAX_MESSAGE - 3] + "..."}
    return reply


def run(source: IO[bytes], sink: IO[str]) -> int:
    """Answer every line of `source` on `sink`, in order; returns how many lines failed. A line longer than
    MAX_LINE is answered without being held in memory whole."""
    failures = 0
    while True:
        line = source.readline(MAX_LINE + 1)
        if not line:
            return failures
        if len(line) > MAX_LINE and not line.endswith(b"\n"):  # read on to its end, a piece at a time, and count
            length = len(line)
            while (rest := source.readline(MAX_LINE)) and not rest.endswith(b"\n"):
                length += len(rest)
            reply = _too_long(length + len(rest.rstrip(b"\r\n")))
        else:
            reply = answer_line(line.rstrip(b"\r\n"))
        failures += "error" in reply
        sink.write(json.dumps(reply) + "\n")
        sink.flush()  # a program talking to us line by line waits for each answer


def _too_long(length: int) -> dict[str, Any]:
    return {"error": f"a request is at most {MAX_LINE} bytes long; this one has {length}"}


def _whole_number(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise RequestError(f"numbers have at most {MAX_DIGITS} digits")
    return int(digits)


def _number(digits: str) -> float:
    if len(digits) > MAX_DIGITS * 2:
        raise RequestError(f"numbers have at most {MAX_DIGITS} digits")
    return float(digits)


def _no_constant(name: str) -> Any:
    raise RequestError(f"{name} is not a number the rules know")


def _depth(value: Any) -> int:
    """How deeply lists and objects nest in `value`. Counted without recursion: Python 3.13's JSON parser decodes
    nesting far deeper than the interpreter's recursion limit (3.11's stops at it, with a RecursionError)."""
    deepest = 0
    pending: list[tuple[Any, int]] = [(value, 0)]
    while pending:
        item, depth = pending.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, depth + 1)
            pending.extend((child, depth + 1) for child in (item.values() if isinstance(item, dict) else item))
    return deepest
