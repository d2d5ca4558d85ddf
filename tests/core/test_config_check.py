"""The one checker of the table's and the venue's configuration: what it lets through, and what it says."""

from __future__ import annotations

from typing import Any

import pytest

from table.core.config_check import Checker


class ShopError(ValueError):
    """An error of the caller's own: the checker raises what it is given."""


CHECK = Checker(ShopError)
WHERE = "shop.toml, [web]"


def said(check: Any, *args: Any) -> str:
    with pytest.raises(ShopError) as raised:
        check(*args)
    return str(raised.value)


def test_an_unknown_setting_is_named_with_the_known_ones() -> None:
    CHECK.only({"host": "x", "port": 1}, ("host", "port"), WHERE)
    assert said(CHECK.only, {"host": "x", "prot": 1}, ("host", "port"), WHERE) == (
        "shop.toml, [web]: unknown setting 'prot' (known here: host, port)"
    )


def test_a_section_must_be_a_table() -> None:
    assert CHECK.section({"web": {"port": 1}}, "web", "shop.toml") == {"port": 1}
    assert CHECK.section({}, "web", "shop.toml") == {}  # none: every setting its default
    assert said(CHECK.section, {"web": 8080}, "web", "shop.toml") == "shop.toml: [web] must be a section"
    assert said(CHECK.section, {"web": [1]}, "web", "shop.toml") == "shop.toml: [web] must be a section"


@pytest.mark.parametrize(
    ("kind", "value", "message"),
    [
        (int, "80", "'key' must be a whole number, not '80'"),
        (int, True, "'key' must be a whole number, not True"),  # TOML's true is no number, though Python's bool is
        (int, 1.5, "'key' must be a whole number, not 1.5"),
        (str, 1, "'key' must be text in quotes, not 1"),
        (bool, 1, "'key' must be true or false, not 1"),
        (bool, "yes", "'key' must be true or false, not 'yes'"),
        (float, False, "'key' must be a number, not False"),
        (float, "1.5", "'key' must be a number, not '1.5'"),
    ],
)
def test_a_value_of_the_wrong_kind(kind: type, value: Any, message: str) -> None:
    assert said(CHECK.value, {"key": value}, "key", kind, None, WHERE) == f"{WHERE}: {message}"


def test_a_value_of_the_right_kind_or_its_default() -> None:
    data = {"port": 80, "host": "pub", "sound": False, "size": 3}
    assert CHECK.value(data, "port", int, 8080, WHERE) == 80
    assert CHECK.value(data, "host", str, "", WHERE) == "pub"
    assert CHECK.value(data, "sound", bool, True, WHERE) is False
    assert CHECK.value(data, "size", float, None, WHERE) == 3.0 and isinstance(
        CHECK.value(data, "size", float, None, WHERE), float
    )
    assert CHECK.value(data, "missing", int, 7, WHERE) == 7
    assert CHECK.value(data, "missing", str, "", WHERE) == ""  # an empty default is a default, not "required"


def test_a_required_setting_that_is_missing() -> None:
    assert said(CHECK.value, {}, "table", str, None, WHERE) == f"{WHERE}: 'table' is missing"
    assert said(CHECK.between, {}, "reader", 0, 5, None, WHERE) == f"{WHERE}: 'reader' is missing"
    assert said(CHECK.list_of, {}, "points", int, None, WHERE, "points") == f"{WHERE}: 'points' is missing"


def test_a_whole_number_in_range() -> None:
    assert CHECK.between({"port": 65535}, "port", 1, 65535, 8080, WHERE) == 65535
    assert CHECK.between({}, "port", 1, 65535, 8080, WHERE) == 8080
    assert said(CHECK.between, {"port": 0}, "port", 1, 65535, 8080, WHERE) == f"{WHERE}: port is 1 to 65535, not 0"
    note = "(1883 for MQTT, 8883 with TLS)"
    assert said(CHECK.between, {"port": 70000}, "port", 1, 65535, 1883, WHERE, note) == (
        f"{WHERE}: port is 1 to 65535 (1883 for MQTT, 8883 with TLS), not 70000"
    )
    assert said(CHECK.between, {"port": True}, "port", 1, 65535, 1883, WHERE) == (
        f"{WHERE}: 'port' must be a whole number, not True"
    )


def test_one_of_the_choices() -> None:
    assert CHECK.choice({"period": "season"}, "period", ("evening", "season"), "evening", WHERE) == "season"
    assert CHECK.choice({}, "period", ("evening", "season"), "evening", WHERE) == "evening"
    assert said(CHECK.choice, {"period": "weekly"}, "period", ("evening", "season"), "evening", WHERE) == (
        f"{WHERE}: period is one of evening, season, not 'weekly'"
    )


def test_a_list_of_one_kind() -> None:
    what = "whole numbers by place, like [10, 6, 4, 2, 1]"
    assert CHECK.list_of({"points": [3, 1]}, "points", int, [10], WHERE, what) == [3, 1]
    assert CHECK.list_of({}, "points", int, [10], WHERE, what) == [10]
    assert CHECK.list_of({"games": []}, "games", str, ["x"], WHERE, "game keys") == []
    for wrong in ("10 6 4", [10, "6"], [10, True], 10):
        assert said(CHECK.list_of, {"points": wrong}, "points", int, [10], WHERE, what) == (
            f"{WHERE}: points is a list of whole numbers by place, like [10, 6, 4, 2, 1]"
        )


def test_its_own_mistakes_with_the_same_where() -> None:
    assert said(CHECK.fail, WHERE, "points by place are 0 or more") == f"{WHERE}: points by place are 0 or more"
    assert issubclass(ShopError, ValueError)
