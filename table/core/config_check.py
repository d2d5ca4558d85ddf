"""Checking a TOML configuration, for the table's config.toml and the venue's venue.toml alike: no setting the
program does not know, sections that are sections, settings of the right kind and in range. A mistake is said
where it is and what would be right, for a café owner to read and fix:

    config.toml, [table]: unknown setting 'langauge' (known here: language, sound, game)
    venue.toml, [web]: 'port' must be a whole number, not '80'

Each file raises its own error (a ValueError), so `Checker(ConfigError)` and `Checker(VenueConfigError)`:

    check = Checker(ConfigError)
    check.only(data, ("table", "seats"), where)
    table = check.section(data, "table", where)
    sound = check.value(table, "sound", bool, True, f"{where}, [table]")
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NoReturn, TypeVar

T = TypeVar("T")
KINDS: dict[type, str] = {str: "text in quotes", bool: "true or false", int: "a whole number", float: "a number"}


def is_kind(value: Any, kind: type) -> bool:
    """`value` is of `kind` as a TOML file means it: true is not a whole number, a whole number is a number."""
    if kind is float:
        return isinstance(value, int | float) and not isinstance(value, bool)
    return isinstance(value, kind) and not (kind is int and isinstance(value, bool))


class Checker:
    """The checks of a configuration; each mistake raises `error` with the message "<where>: <what is wrong>"."""

    def __init__(self, error: type[ValueError]) -> None:
        self.error = error

    def fail(self, where: str, text: str) -> NoReturn:
        raise self.error(f"{where}: {text}")

    def section(self, data: dict[str, Any], name: str, where: str) -> dict[str, Any]:
        """data's [name] ({} when it has none)."""
        section = data.get(name, {})
        if not isinstance(section, dict):
            self.fail(where, f"[{name}] must be a section")
        return section

    def only(self, data: dict[str, Any], known: Sequence[str], where: str) -> None:
        """No setting but the `known` ones (a typo is found, not silently ignored)."""
        for key in data:
            if key not in known:
                self.fail(where, f"unknown setting '{key}' (known here: {', '.join(known)})")

    def value(self, data: dict[str, Any], key: str, kind: type[T], default: T | None, where: str) -> T:
        """data[key], of `kind` (str, bool, int or float: see KINDS); `default` when missing, where None means
        the setting must be given. A float setting may be written as a whole number; it is given as a float."""
        if key not in data:
            if default is None:
                self.fail(where, f"'{key}' is missing")
            return default
        value = data[key]
        if not is_kind(value, kind):
            self.fail(where, f"'{key}' must be {KINDS[kind]}, not {value!r}")
        return float(value) if kind is float else value  # type: ignore[return-value]

    def between(
        self, data: dict[str, Any], key: str, low: int, high: int, default: int | None, where: str, note: str = ""
    ) -> int:
        """A whole number from `low` to `high`, both allowed; `note` (in brackets) says more:
        "port is 1 to 65535 (1883 for MQTT, 8883 with TLS), not 0"."""
        number = self.value(data, key, int, default, where)
        if not low <= number <= high:
            self.fail(where, f"{key} is {low} to {high}{f' {note}' if note else ''}, not {number}")
        return number

    def choice(self, data: dict[str, Any], key: str, choices: Sequence[str], default: str | None, where: str) -> str:
        """One of `choices`: "period is one of evening, season, not 'weekly'"."""
        chosen = self.value(data, key, str, default, where)
        if chosen not in choices:
            self.fail(where, f"{key} is one of {', '.join(choices)}, not '{chosen}'")
        return chosen

    def list_of(
        self, data: dict[str, Any], key: str, kind: type[T], default: list[T] | None, where: str, what: str
    ) -> list[T]:
        """A list of `kind`; `what` says what its items are and gives an example: the message is
        "<key> is a list of <what>", as in "points is a list of whole numbers by place, like [10, 6, 4, 2, 1]"."""
        if key not in data:
            if default is None:
                self.fail(where, f"'{key}' is missing")
            return default
        items = data[key]
        if not isinstance(items, list) or not all(is_kind(item, kind) for item in items):
            self.fail(where, f"{key} is a list of {what}")
        return [float(item) for item in items] if kind is float else items  # type: ignore[misc]
