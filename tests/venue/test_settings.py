"""[venue] in the configuration: optional, checked, and every mistake named for a café owner."""

from __future__ import annotations

from pathlib import Path

import pytest

from table.config import ConfigError, default_text, parse_config
from table.venue.settings import VenueSettings
from tests.test_config import two_seats

VENUE = """[venue]
table = "t1"
broker = "venue.local"
port = 1883
password_file = "/etc/pirate-table/venue-password"
tls_ca = ""
url = "http://venue.local:8080"
"""


def test_without_a_venue_section_the_table_publishes_nothing() -> None:
    assert parse_config(default_text()).venue is None


def test_the_default_configuration_s_commented_example_is_the_contract_s() -> None:
    example = [line.removeprefix("# ") for line in default_text().splitlines() if line.startswith("# [venue]")]
    assert example == ["[venue]"]
    lines = default_text().splitlines()
    start = lines.index("# [venue]")
    section = "\n".join(line.removeprefix("# ") for line in lines[start : start + 7])
    venue = parse_config(two_seats(section + "\n")).venue
    assert venue == VenueSettings(
        "t1", "venue.local", 1883, Path("/etc/pirate-table/venue-password"), None, "http://venue.local:8080"
    )


def test_a_venue_section_is_read() -> None:
    venue = parse_config(two_seats(VENUE.replace('tls_ca = ""', 'tls_ca = "/etc/ca.crt"'))).venue
    assert venue is not None
    assert (venue.table, venue.broker, venue.port, venue.user) == ("t1", "venue.local", 1883, "table-t1")
    assert venue.password_file == Path("/etc/pirate-table/venue-password") and venue.tls_ca == Path("/etc/ca.crt")
    assert venue.game_url("t1-20261123220000-1") == "http://venue.local:8080/games/t1-20261123220000-1"


def test_port_tls_and_url_have_defaults() -> None:
    venue = parse_config(two_seats('[venue]\ntable = "a"\nbroker = "10.0.0.2"\npassword_file = "p"\n')).venue
    assert venue is not None
    assert (venue.port, venue.tls_ca, venue.url, venue.game_url("x")) == (1883, None, "", None)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('table = "t1"', 'table = "table one"'), "table is 1 to 32 letters, digits, - or _"),
        (('table = "t1"', 'table = "' + "x" * 33 + '"'), "table is 1 to 32 letters"),
        (('table = "t1"\n', ""), "'table' is missing"),
        (('broker = "venue.local"', 'broker = ""'), "broker is the broker's host name"),
        (("port = 1883", "port = 70000"), "port is 1 to 65535 (1883 for MQTT, 8883 with TLS), not 70000"),
        (("port = 1883", "port = 0"), "port is 1 to 65535"),
        (("port = 1883", 'port = "1883"'), "'port' must be a whole number"),
        (('password_file = "/etc/pirate-table/venue-password"\n', ""), "'password_file' is missing"),
        (('password_file = "/etc/pirate-table/venue-password"', 'password_file = ""'), "password_file is the file"),
        (('url = "http://venue.local:8080"', 'url = "venue.local"'), "url is the venue's page"),
        (("tls_ca", "ca"), "unknown setting 'ca'"),
    ],
)
def test_mistakes_are_named(change: tuple[str, str], message: str) -> None:
    with pytest.raises(ConfigError, match="venue") as error:
        parse_config(two_seats(VENUE.replace(*change)))
    assert message in str(error.value)


def test_venue_must_be_a_section() -> None:
    with pytest.raises(ConfigError, match=r"\[venue\] must be a section"):
        parse_config('venue = "t1"\n' + two_seats())


def test_a_missing_password_file_is_no_configuration_error_but_says_why_when_read(tmp_path: Path) -> None:
    venue = parse_config(two_seats(VENUE.replace("/etc/pirate-table/venue-password", str(tmp_path / "none")))).venue
    assert venue is not None
    with pytest.raises(OSError):
        venue.read_password()
    (tmp_path / "none").write_text("\n")
    with pytest.raises(ValueError, match="is empty"):
        venue.read_password()
    (tmp_path / "none").write_text("s3cret\n")
    assert venue.read_password() == "s3cret"
