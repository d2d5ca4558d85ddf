"""venue.toml: defaults, plain messages for mistakes, the admin password's hash and where it is written."""

from __future__ import annotations

from datetime import date, time
from pathlib import Path

import pytest

from table.venue.venue_config import (
    VenueConfigError,
    check_password,
    hash_password,
    load_venue_config,
    parse_venue_config,
    set_password_hash,
)

WHERE = Path("venue.toml")


def test_a_missing_file_is_the_defaults(tmp_path: Path) -> None:
    config = load_venue_config(tmp_path / "venue.toml")
    assert (config.web.host, config.web.port, config.broker.port) == ("0.0.0.0", 8080, 1883)
    assert config.league.points == (10, 6, 4, 2, 1) and config.league.evening_starts == time(16, 0)
    assert config.broker.password() == ""


def test_a_season() -> None:
    text = '[league]\nname = "Autumn"\nperiod = "season"\nstart = 2026-09-01\nend = "2026-11-30"\npoints = [3, 1]\n'
    league = parse_venue_config(text, WHERE).league
    assert (league.start, league.end, league.points) == (date(2026, 9, 1), date(2026, 11, 30), (3, 1))
    assert league.to_plain()["start"] == "2026-09-01"


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("[league\n", "is damaged"),
        ("[tables]\n", "unknown setting 'tables'"),
        ('[league]\nperiod = "season"\n', "a season has a start and an end"),
        ('[league]\nperiod = "season"\nstart = 2026-09-01\nend = 2026-08-01\n', "ends (2026-08-01) before"),
        ('[league]\nevening_starts = "25:00"\n', "evening_starts is a time of day"),
        ("[league]\npoints = [10, -1]\n", "0 or more"),
        ('[league]\npoints = "10 6 4"\n', "points is a list"),
        ("[web]\nport = 70000\n", "port is 1 to 65535"),
        ('[web]\nport = "80"\n', "'port' must be a whole number, not '80'"),
        ("[web]\nport = true\n", "'port' must be a whole number, not True"),
        ("[admin]\npassword_hash = 1\n", "'password_hash' must be text in quotes, not 1"),
        ("broker = 1\n", "venue.toml: .broker. must be a section"),
        ("[web]\nhots = 1\n", "unknown setting 'hots' (known here: host, port, behind_proxy)"),
        ('[league]\nperiod = "weekly"\n', "period is one of evening, season, not 'weekly'"),
        ('[league]\ngames = "skull-king"\n', "games is a list of game keys"),
        ("[league]\nmin_players = 0\n", "min_players is 1 to 12"),
    ],
)
def test_mistakes_are_said_plainly(text: str, said: str) -> None:
    with pytest.raises(VenueConfigError, match=said.replace("(", r"\(").replace(")", r"\)")):
        parse_venue_config(text, WHERE)


def test_the_password_hash() -> None:
    stored = hash_password("parrot", rounds=1000)
    assert stored.startswith("pbkdf2_sha256$1000$") and "parrot" not in stored
    assert check_password("parrot", stored) and not check_password("Parrot", stored)
    assert not check_password("parrot", "") and not check_password("parrot", "md5$1$x$y")


@pytest.mark.parametrize(
    "text",
    ["", "[web]\nport = 8081\n", '[admin]\npassword_hash = "old"\n[web]\nport = 8081\n', "[admin]\n# none yet\n"],
)
def test_the_hash_is_written_into_admin_keeping_the_rest(text: str) -> None:
    changed = set_password_hash(text, "pbkdf2_sha256$1$AA==$AA==")
    config = parse_venue_config(changed, WHERE)
    assert config.password_hash == "pbkdf2_sha256$1$AA==$AA=="
    assert ("port = 8081" in changed) == ("port = 8081" in text) and changed.count("[admin]") == 1
