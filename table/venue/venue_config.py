"""The venue's own configuration, `<data folder>/venue.toml` (or `pirate-table venue --config PATH`).

    [broker]                      # where the tables publish (the "venue" account)
    host = "localhost"
    port = 1883                   # 8883 with TLS
    password_file = "/etc/pirate-table/venue-password"   # the venue account's password ("" = none)
    tls_ca = ""                   # the CA that signed the broker's certificate: TLS when set
    client_id = "pirate-table-venue"   # fixed, so the broker keeps the venue's messages while it is down (the
                                       # venue's broker replaces every id with the account's name: "venue")

    [web]
    host = "0.0.0.0"
    port = 8080
    behind_proxy = false          # true: served over HTTPS by the installer's proxy on this Pi (host 127.0.0.1);
                                  # the session cookie is then Secure and the client's address is the proxy's word

    [league]
    name = "Pirate league"
    period = "evening"            # "evening": games since `evening_starts` today; "season": from start to end
    evening_starts = "16:00"      # local time; also where "today's results" begin
    start = 2026-01-01            # season only: first and last day, both counted
    end = 2026-12-31
    points = [10, 6, 4, 2, 1]     # by place; places beyond the list score 0; tied players share the place
    games = []                    # the games that count, by catalog key; [] = every game
    min_players = 2               # a game of fewer players does not count

    [admin]
    password_hash = ""            # written by `pirate-table venue --set-admin-password`

A missing file is the defaults. League settings saved on the admin page are kept in the venue's database and
take the place of [league] until the admin resets them.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
import tomllib
from dataclasses import dataclass, field, replace
from datetime import date, time
from pathlib import Path
from typing import Any

from table.core.config_check import Checker
from table.paths import data_home

CONFIG_NAME = "venue.toml"
PERIODS = ("evening", "season")
HASH_NAME = "pbkdf2_sha256"
HASH_ROUNDS = 390_000  # hashlib.pbkdf2_hmac with SHA-256, as OWASP advises for it


class VenueConfigError(ValueError):
    """The venue's configuration cannot be used; the message says where and why, in plain words."""


CHECK = Checker(VenueConfigError)  # the checks and their words are the table's config.toml's


@dataclass(frozen=True)
class BrokerSettings:
    host: str = "localhost"
    port: int = 1883
    password_file: Path | None = None
    tls_ca: Path | None = None
    client_id: str = "pirate-table-venue"
    username: str = "venue"

    def password(self) -> str:
        """The venue account's password from its file ("" without one)."""
        if self.password_file is None:
            return ""
        try:
            return self.password_file.read_text(encoding="utf-8").strip()
        except (OSError, UnicodeDecodeError) as error:
            reason = getattr(error, "strerror", None) or "not a text file"
            raise VenueConfigError(f"the broker password file {self.password_file} cannot be read: {reason}") from None


@dataclass(frozen=True)
class WebSettings:
    host: str = "0.0.0.0"
    port: int = 8080
    behind_proxy: bool = False


@dataclass(frozen=True)
class LeagueSettings:
    name: str = "Pirate league"
    period: str = "evening"
    evening_starts: time = time(16, 0)
    start: date | None = None
    end: date | None = None
    points: tuple[int, ...] = (10, 6, 4, 2, 1)
    games: tuple[str, ...] = ()
    min_players: int = 2

    def to_plain(self) -> dict[str, Any]:
        """As TOML/JSON values (what the admin page saves)."""
        plain: dict[str, Any] = {
            "name": self.name,
            "period": self.period,
            "evening_starts": self.evening_starts.strftime("%H:%M"),
            "points": list(self.points),
            "games": list(self.games),
            "min_players": self.min_players,
        }
        if self.start is not None:
            plain["start"] = self.start.isoformat()
        if self.end is not None:
            plain["end"] = self.end.isoformat()
        return plain


@dataclass(frozen=True)
class VenueConfig:
    path: Path
    broker: BrokerSettings = field(default_factory=BrokerSettings)
    web: WebSettings = field(default_factory=WebSettings)
    league: LeagueSettings = field(default_factory=LeagueSettings)
    password_hash: str = ""


def default_path() -> Path:
    return data_home() / CONFIG_NAME


def load_venue_config(path: Path | None = None) -> VenueConfig:
    """The file at `path` (default: the data folder's venue.toml); a missing file is the defaults."""
    path = path or default_path()
    if not path.exists():
        return VenueConfig(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise VenueConfigError(f"the venue configuration {path} cannot be read: {error.strerror}") from None
    except UnicodeDecodeError:
        raise VenueConfigError(f"{path} is not a text file") from None
    return parse_venue_config(text, path)


def parse_venue_config(text: str, path: Path) -> VenueConfig:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise VenueConfigError(f"{path} is damaged and cannot be read ({error}); fix that line") from None
    CHECK.only(data, ("broker", "web", "league", "admin"), str(path))
    broker = CHECK.section(data, "broker", str(path))
    web = CHECK.section(data, "web", str(path))
    admin = CHECK.section(data, "admin", str(path))
    where = f"{path}, [broker]"
    CHECK.only(broker, ("host", "port", "password_file", "tls_ca", "client_id", "username"), where)
    password_file = CHECK.value(broker, "password_file", str, "", where)
    tls_ca = CHECK.value(broker, "tls_ca", str, "", where)
    broker_settings = BrokerSettings(
        host=CHECK.value(broker, "host", str, "localhost", where),
        port=CHECK.between(broker, "port", 1, 65535, 1883, where),
        password_file=Path(password_file) if password_file else None,
        tls_ca=Path(tls_ca) if tls_ca else None,
        client_id=CHECK.value(broker, "client_id", str, "pirate-table-venue", where),
        username=CHECK.value(broker, "username", str, "venue", where),
    )
    where = f"{path}, [web]"
    CHECK.only(web, ("host", "port", "behind_proxy"), where)
    web_settings = WebSettings(
        CHECK.value(web, "host", str, "0.0.0.0", where),
        CHECK.between(web, "port", 1, 65535, 8080, where),
        CHECK.value(web, "behind_proxy", bool, False, where),
    )
    CHECK.only(admin, ("password_hash",), f"{path}, [admin]")
    password_hash = CHECK.value(admin, "password_hash", str, "", f"{path}, [admin]")
    league = league_from_plain(CHECK.section(data, "league", str(path)), f"{path}, [league]")
    return VenueConfig(path, broker_settings, web_settings, league, password_hash)


def league_from_plain(data: dict[str, Any], where: str) -> LeagueSettings:
    """[league] (or the admin page's saved settings) checked; VenueConfigError says what is wrong."""
    CHECK.only(data, ("name", "period", "evening_starts", "start", "end", "points", "games", "min_players"), where)
    period = CHECK.choice(data, "period", PERIODS, "evening", where)
    starts_text = CHECK.value(data, "evening_starts", str, "16:00", where)
    match = re.fullmatch(r"(\d{1,2}):(\d{2})", starts_text)
    if not match or int(match[1]) > 23 or int(match[2]) > 59:
        raise VenueConfigError(f"{where}: evening_starts is a time of day like \"16:00\", not '{starts_text}'")
    start, end = _date(data, "start", where), _date(data, "end", where)
    if period == "season" and (start is None or end is None):
        raise VenueConfigError(f"{where}: a season has a start and an end date, like start = 2026-01-01")
    if start and end and end < start:
        raise VenueConfigError(f"{where}: the season ends ({end}) before it starts ({start})")
    points = CHECK.list_of(
        data, "points", int, [10, 6, 4, 2, 1], where, "whole numbers by place, like [10, 6, 4, 2, 1]"
    )
    if any(p < 0 for p in points):
        raise VenueConfigError(f"{where}: points by place are 0 or more")
    games = CHECK.list_of(data, "games", str, [], where, 'game keys, like ["skull-king"] ([] for every game)')
    min_players = CHECK.between(data, "min_players", 1, 12, 2, where)
    name = CHECK.value(data, "name", str, "Pirate league", where).strip() or "Pirate league"
    return LeagueSettings(
        name, period, time(int(match[1]), int(match[2])), start, end, tuple(points), tuple(games), min_players
    )


def _date(data: dict[str, Any], key: str, where: str) -> date | None:
    value = data.get(key)
    if value is None or value == "":
        return None
    if isinstance(value, date):
        return value
    if isinstance(value, str):
        try:
            return date.fromisoformat(value)
        except ValueError:
            pass
    raise VenueConfigError(f"{where}: {key} is a date like 2026-01-31, not {value!r}")


def with_league(config: VenueConfig, league: LeagueSettings) -> VenueConfig:
    return replace(config, league=league)


def hash_password(password: str, salt: bytes | None = None, rounds: int = HASH_ROUNDS) -> str:
    """ "pbkdf2_sha256$<rounds>$<salt>$<hash>" (salt and hash in base64)."""
    salt = salt or secrets.token_bytes(16)
    digest = hashlib.pbkdf2_hmac("sha256", password.encode(), salt, rounds)
    encode = lambda raw: base64.b64encode(raw).decode()  # noqa: E731
    return f"{HASH_NAME}${rounds}${encode(salt)}${encode(digest)}"


def check_password(password: str, stored: str) -> bool:
    """True when `password` matches the stored hash (False for no hash or a damaged one)."""
    try:
        name, rounds, salt, digest = stored.split("$")
        if name != HASH_NAME:
            return False
        expected = base64.b64decode(digest)
        actual = hashlib.pbkdf2_hmac("sha256", password.encode(), base64.b64decode(salt), int(rounds))
    except ValueError:
        return False
    return hmac.compare_digest(actual, expected)


def set_password_hash(text: str, password_hash: str) -> str:
    """The config text with [admin] password_hash set (the rest of the file, comments too, kept)."""
    line = f'password_hash = "{password_hash}"'
    lines = text.splitlines()
    in_admin = False
    for index, current in enumerate(lines):
        stripped = current.strip()
        if stripped.startswith("["):
            if in_admin:  # [admin] had no password_hash: it goes at the end of the section
                lines.insert(index, line)
                return "\n".join(lines) + "\n"
            in_admin = stripped.replace(" ", "") == "[admin]"
        elif in_admin and re.match(r"password_hash\s*=", stripped):
            lines[index] = line
            return "\n".join(lines) + "\n"
    if in_admin:
        return "\n".join([*lines, line]) + "\n"
    prefix = "\n".join(lines) + ("\n\n" if lines else "")
    return f"{prefix}[admin]\n{line}\n"
