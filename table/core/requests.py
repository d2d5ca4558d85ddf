"""Reading the referee's JSON requests (`pirate-table referee`): the checks every game's questions share.

Each game answers its own questions in its `referee` module (its `REFEREE` table: ask -> function of the request's
value), beside its rules, which stay free of requests; these helpers turn a malformed value into a `RequestError`
whose message the caller reads.
"""

from __future__ import annotations

from typing import Any


class RequestError(ValueError):
    """A request the referee cannot answer; the message is what the caller reads."""


def fields(value: Any, what: str, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> dict[str, Any]:
    """`value` as an object with the `required` fields and perhaps the `optional` ones, nothing else."""
    if not isinstance(value, dict):
        raise RequestError(f'"{what}" is an object with {", ".join(required + optional)}')
    missing = [key for key in required if key not in value]
    unknown = [key for key in value if key not in required + optional]
    if missing:
        raise RequestError(f'"{what}" lacks {", ".join(missing)}')
    if unknown:
        raise RequestError(f'"{what}" has unknown field(s) {", ".join(unknown)}')
    return value


def codes(value: Any, what: str, example: str) -> list[str]:
    """`value` as a list of codes; `example` names and shows them in the message ('card codes such as [...]')."""
    if not isinstance(value, list):
        raise RequestError(f'"{what}" is a list of {example}')
    return value
