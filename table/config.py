"""The table's one configuration file: read, checked, and explained to a café owner when it is wrong.

The file lives in the data folder (`config.toml`); a table without one starts from the default, which is
written there so it can be edited. Every mistake is reported with where it is and what would be right.

The table's own sections are read here; each game's section is the game's own (table.core.settings): its
package declares it, its default text and its checks, so this module names no game.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path
from string import Template
from typing import Any

from table.core import catalog
from table.core.config_check import is_kind
from table.core.settings import CHECK, ConfigError
from table.core.text import LANGUAGES  # the languages the table speaks: one list, beside the words
from table.operator import IDLE_MINUTES, OperatorSettings
from table.operator_pin import hash_pin, parse_hash, valid_pin
from table.paths import data_home
from table.venue.settings import VenueSettings
from table.venue.topics import valid_table_id

CONFIG_NAME = "config.toml"
MIN_SEATS, MAX_SEATS = 2, 6
READERS = 6  # the seat hub drives up to six readers
GPIO_PINS = range(2, 28)  # BCM 2..27 are on every Pi's header; 0 and 1 belong to HAT identification
THREE_BUTTONS = ("minus", "plus", "ok")
DIE_PX = (16, 160)  # [camera] die_px: how wide a die may look in the camera's picture, in pixels
EXPOSURE_US = (100, 100_000)  # [camera] exposure_us: the Pi camera's fixed exposure time, in microseconds
KEEP_EVENINGS = 30  # [table] keep_evenings: the score pads' pictures and backups of this many evenings are kept
TABLE_SECTIONS = ("table", "hub", "camera", "operator", "venue", "seats")


@dataclass(frozen=True)
class SeatConfig:
    reader: int
    led: tuple[int, int, int]  # red, green, blue
    buttons: dict[str, int]  # {"button": pin} or {"minus": .., "plus": .., "ok": ..}


@dataclass(frozen=True)
class Config:
    language: str
    sound: bool
    game: str
    hub_port: str
    camera_source: str
    seats: tuple[SeatConfig, ...]
    operator: OperatorSettings = field(default_factory=OperatorSettings)  # the operator's PIN, badges (table.operator)
    camera_die_px: float | None = None  # a die's width in the camera's picture; None: what `dice calibrate` measured
    camera_exposure_us: int | None = None  # the Pi camera's exposure time; None: its default (table.devices.camera)
    venue: VenueSettings | None = None  # [venue]: where the table publishes its results; None: it publishes none
    by_game: dict[str, Any] = field(default_factory=dict)  # each game's settings as its section gave them, by its key
    keep_evenings: int = KEEP_EVENINGS  # the evenings whose pictures and backups are kept (table.archive.prune)

    def pins(self) -> list[int]:
        return [pin for seat in self.seats for pin in (*seat.led, *seat.buttons.values())]

    def game_settings(self, key: str) -> Any:
        """The settings of the game `key`: as its section gave them, or its default (None: a game without any)."""
        return self.by_game[key] if key in self.by_game else catalog.game(key).default_settings

    def dice_bag(self) -> Any:
        """The dice the tray may see: the `bag` of the catalog's dice game as this config sets it (None: no game is
        played with dice, or its settings name no bag; the tray then reads the dice vision ships)."""
        for entry in catalog.games():
            if entry.dice:
                return getattr(self.game_settings(entry.key), "bag", None)
        return None

    def with_game_settings(self, key: str, settings: Any) -> Config:
        """This config with other settings for the game `key` (a virtual table's choice)."""
        return replace(self, by_game={**self.by_game, key: settings})


def default_text() -> str:
    """The default config.toml: the table's own sections (default-config.toml) with the catalog's first game as the
    one offered first, and each game's own section in the catalog's order, so a new game's section is there without
    editing a shared file."""
    games = catalog.games()
    sections = [entry.settings.default_toml for entry in games if entry.settings is not None]
    return Template(resources.files("table").joinpath("default-config.toml").read_text()).substitute(
        first_game=games[0].key, game_sections="\n".join(sections)
    )


def load_config(path: Path | None = None) -> Config:
    """The configuration at `path` (default: the data folder's, written from the default if missing)."""
    if path is None:
        path = data_home() / CONFIG_NAME
        if not path.exists():
            try:
                path.write_text(default_text())
            except OSError:  # a read-only data folder: the table plays on with the default, saving nothing
                return parse_config(default_text(), "the default configuration")
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise ConfigError(f"the configuration file {path} cannot be read: {error.strerror}") from error
    except UnicodeDecodeError as error:
        raise ConfigError(f"{path} is not a text file; delete it to start again from the default") from error
    return parse_config(text, str(path))


def parse_config(text: str, where: str = "the configuration") -> Config:
    try:
        data = tomllib.loads(text)
    except RecursionError:  # tomllib reads nested arrays and tables by recursion
        raise ConfigError(
            f"{where} is damaged and cannot be read (values nested thousands deep). Fix it, or delete the file to "
            "start again from the default configuration."
        ) from None
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(
            f"{where} is damaged and cannot be read ({error}). Fix that line, or delete the file to start again "
            "from the default configuration."
        ) from error
    return _check(data, where)


def _check(data: dict[str, Any], where: str) -> Config:
    games = {entry.key: entry.settings for entry in catalog.games() if entry.settings is not None}
    CHECK.only(data, (*TABLE_SECTIONS, *(settings.section for settings in games.values())), where)
    table = CHECK.section(data, "table", where)
    CHECK.only(table, ("language", "sound", "game", "keep_evenings"), f"{where}, [table]")
    hub = CHECK.section(data, "hub", where)
    CHECK.only(hub, ("port",), f"{where}, [hub]")
    camera = CHECK.section(data, "camera", where)
    CHECK.only(camera, ("source", "die_px", "exposure_us"), f"{where}, [camera]")
    language = CHECK.choice(table, "language", LANGUAGES, "en", f"{where}, [table]")
    keys = catalog.keys()
    game = CHECK.choice(table, "game", keys, keys[0], f"{where}, [table]")

    seats_data = data.get("seats")
    if not isinstance(seats_data, list) or not MIN_SEATS <= len(seats_data) <= MAX_SEATS:
        count = len(seats_data) if isinstance(seats_data, list) else 0
        CHECK.fail(
            where,
            f"a table has {MIN_SEATS} to {MAX_SEATS} [[seats]] blocks, not {count}"
            + (
                f" (the seat hub has {READERS} readers; a table of more seats is on paper in hardware/eight-seats.md)"
                if count > MAX_SEATS
                else ""
            ),
        )
    seats = tuple(_seat(seat, f"{where}, seat {number}") for number, seat in enumerate(seats_data, start=1))

    config = Config(
        language=language,
        sound=CHECK.value(table, "sound", bool, True, f"{where}, [table]"),
        game=game,
        hub_port=CHECK.value(hub, "port", str, "auto", f"{where}, [hub]"),
        camera_source=CHECK.value(camera, "source", str, "auto", f"{where}, [camera]"),
        seats=seats,
        operator=_operator(CHECK.section(data, "operator", where), f"{where}, [operator]"),
        camera_die_px=_die_px(camera, f"{where}, [camera]"),
        camera_exposure_us=_exposure_us(camera, f"{where}, [camera]"),
        venue=_venue(data["venue"], f"{where}, [venue]") if "venue" in data else None,
        by_game={
            key: settings.parse(CHECK.section(data, settings.section, where), f"{where}, [{settings.section}]")
            for key, settings in games.items()
        },
        keep_evenings=CHECK.between(
            table,
            "keep_evenings",
            1,
            3650,
            KEEP_EVENINGS,
            f"{where}, [table]",
            "(the evenings whose score pads are kept)",
        ),
    )
    _no_twice([seat.reader for seat in seats], "reader", where)
    _no_twice(config.pins(), "GPIO pin", where)
    return config


def _seat(data: Any, where: str) -> SeatConfig:
    if not isinstance(data, dict):
        CHECK.fail(where, "a seat is a [[seats]] block")
    CHECK.only(data, ("reader", "led", "button", "buttons"), where)
    reader = CHECK.between(data, "reader", 0, READERS - 1, None, where, "(the seat hub's reader)")
    led = data.get("led")
    if not isinstance(led, list) or len(led) != 3:
        CHECK.fail(where, "led is the three pins of the RGB LED, as in led = [4, 17, 27]")
    if ("button" in data) == ("buttons" in data):
        CHECK.fail(where, "give either button = <pin> or buttons = { minus = .., plus = .., ok = .. }")
    if "button" in data:
        buttons = {"button": data["button"]}
    else:
        buttons = data["buttons"]
        if not isinstance(buttons, dict) or sorted(buttons) != sorted(THREE_BUTTONS):
            CHECK.fail(where, "buttons has exactly minus, plus and ok")
    for pin in [*led, *buttons.values()]:
        if not isinstance(pin, int) or isinstance(pin, bool) or pin not in GPIO_PINS:
            CHECK.fail(where, f"{pin!r} is not a GPIO pin; use the BCM numbers 2 to 27")
    return SeatConfig(reader, (led[0], led[1], led[2]), dict(buttons))


def _die_px(camera: dict[str, Any], where: str) -> float | None:
    """[camera] die_px, if given: how wide one die looks in the camera's picture (camera height, lens, resolution)."""
    if "die_px" not in camera:
        return None
    value = camera["die_px"]
    low, high = DIE_PX
    if not is_kind(value, float) or not low <= value <= high:
        CHECK.fail(
            where,
            f"die_px is how wide one die looks in the camera's picture, in pixels, from {low} to {high} "
            f"(as in die_px = 58), not {value!r}; or leave it out and `pirate-table dice calibrate` measures it",
        )
    return float(value)


def _exposure_us(camera: dict[str, Any], where: str) -> int | None:
    """[camera] exposure_us, if given: the Pi camera's fixed exposure (shorter where a lamp overexposes the tray)."""
    if "exposure_us" not in camera:
        return None
    return CHECK.between(camera, "exposure_us", *EXPOSURE_US, None, where, "(the Pi camera's exposure, microseconds)")


def _operator(data: dict[str, Any], where: str) -> OperatorSettings:
    CHECK.only(data, ("pin", "pin_hash", "badges", "minutes", "idle_minutes"), where)
    pin = CHECK.value(data, "pin", str, "", where)
    pin_hash = CHECK.value(data, "pin_hash", str, "", where)
    if pin and not valid_pin(pin):
        CHECK.fail(where, 'pin is 4 to 8 digits in quotes, as in pin = "482913" (the table keeps only its hash)')
    if pin and pin_hash:
        CHECK.fail(where, "give pin_hash or pin, not both: pin_hash is the PIN's hash, pin a new PIN to be hashed")
    if pin_hash and parse_hash(pin_hash) is None:
        CHECK.fail(
            where, "pin_hash is not a PIN hash this table makes: set the PIN again (pirate-table operator set-pin)"
        )
    badges = data.get("badges", [])
    if not isinstance(badges, list) or not all(_is_uid(badge) for badge in badges):
        CHECK.fail(where, 'badges is a list of tag UIDs in hex, as in badges = ["04A2241A5C6480"]')
    minutes = CHECK.value(data, "minutes", int, 5, where)
    if not 1 <= minutes <= 60:
        CHECK.fail(where, f"minutes is how long the operator stays unlocked, 1 to 60, not {minutes}")
    idle = CHECK.value(data, "idle_minutes", int, IDLE_MINUTES, where)
    if not 1 <= idle <= 60:
        CHECK.fail(
            where, f"idle_minutes is how long the operator stays unlocked without an action, 1 to 60, not {idle}"
        )
    return OperatorSettings(
        hash_pin(pin) if pin else pin_hash, tuple(badge.upper() for badge in badges), minutes, idle, plain_pin=bool(pin)
    )


def _is_uid(value: Any) -> bool:
    return isinstance(value, str) and 8 <= len(value) <= 20 and all(c in "0123456789abcdefABCDEF" for c in value)


def _venue(data: Any, where: str) -> VenueSettings:
    """[venue]: this table's id and account at the venue's broker (docs/venue.md). The password file is read when
    the publisher starts: a missing one is said on the screen then, and the table plays on."""
    if not isinstance(data, dict):
        CHECK.fail(where, "[venue] must be a section")
    CHECK.only(data, ("table", "broker", "port", "password_file", "tls_ca", "url"), where)
    table = CHECK.value(data, "table", str, None, where)
    if not valid_table_id(table):
        CHECK.fail(where, f'table is 1 to 32 letters, digits, - or _, as in table = "t1", not {table!r}')
    broker = CHECK.value(data, "broker", str, None, where).strip()
    if not broker or any(c.isspace() for c in broker):
        CHECK.fail(where, 'broker is the broker\'s host name or address, as in broker = "venue.local"')
    port = CHECK.between(data, "port", 1, 65535, 1883, where, "(1883 for MQTT, 8883 with TLS)")
    password_file = CHECK.value(data, "password_file", str, None, where)
    if not password_file:
        CHECK.fail(where, "password_file is the file that holds the table's broker password")
    tls_ca = CHECK.value(data, "tls_ca", str, "", where)
    url = CHECK.value(data, "url", str, "", where)
    if url and not url.startswith(("http://", "https://")):
        CHECK.fail(where, 'url is the venue\'s page, as in url = "http://venue.local:8080", or ""')
    return VenueSettings(table, broker, port, Path(password_file), Path(tls_ca) if tls_ca else None, url)


def _no_twice(values: list[int], what: str, where: str) -> None:
    seen: set[int] = set()
    for value in values:
        if value in seen:
            CHECK.fail(where, f"{what} {value} is used twice")
        seen.add(value)
