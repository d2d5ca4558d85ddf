"""The table's one configuration file: read, checked, and explained to a café owner when it is wrong.

The file lives in the data folder (`config.toml`); a table without one starts from the default, which is
written there so it can be edited. Every mistake is reported with where it is and what would be right.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from table.core import catalog
from table.core.text import LANGUAGES  # the languages the table speaks: one list, beside the words
from table.games.flying_hollander import rules as fh
from table.games.piratenpoker import rules as pp
from table.games.skullking_2021 import rules as sk2021
from table.games.skullking_dice import rules as skd
from table.operator import OperatorSettings
from table.paths import data_home
from table.venue.settings import VenueSettings
from table.venue.topics import valid_table_id

CONFIG_NAME = "config.toml"
MIN_SEATS, MAX_SEATS = 2, 6
READERS = 6  # the seat hub drives up to six readers
GPIO_PINS = range(2, 28)  # BCM 2..27 are on every Pi's header; 0 and 1 belong to HAT identification
THREE_BUTTONS = ("minus", "plus", "ok")
DICE_SCORINGS = ("standard", "landlubber")  # docs/rules/skullking-dice.md: as the card game, or the Landlubber variant
DIE_PX = (16, 160)  # [camera] die_px: how wide a die may look in the camera's picture, in pixels


class ConfigError(ValueError):
    """The configuration cannot be used; the message says where and why, in plain words."""


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
    dice_scoring: str = "standard"  # the dice game's scoring: "standard" or "landlubber"
    operator: OperatorSettings = field(default_factory=OperatorSettings)  # the operator's PIN, badges (table.operator)
    dice_bag: skd.DiceBag = skd.STANDARD_BAG  # the dice game's dice: each kind's six faces, how many in the bag
    hollander_counts: tuple[tuple[str, int], ...] = ()  # The Flying Hollander: copies of a card, where not the default
    piratenpoker: pp.Settings = pp.DEFAULT_SETTINGS  # Piratenpoker's loot split, sets, the printing's colour names
    camera_die_px: float | None = None  # a die's width in the camera's picture; None: what `dice calibrate` measured
    skullking_2021: sk2021.Options = sk2021.EVERYTHING  # Skull King 2021: advanced cards, abilities, scoring
    venue: VenueSettings | None = None  # [venue]: where the table publishes its results; None: it publishes none

    def pins(self) -> list[int]:
        return [pin for seat in self.seats for pin in (*seat.led, *seat.buttons.values())]


def default_text() -> str:
    return resources.files("table").joinpath("default-config.toml").read_text()


def load_config(path: Path | None = None) -> Config:
    """The configuration at `path` (default: the data folder's, written from the default if missing)."""
    if path is None:
        path = data_home() / CONFIG_NAME
        if not path.exists():
            path.write_text(default_text())
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
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(
            f"{where} is damaged and cannot be read ({error}). Fix that line, or delete the file to start again "
            "from the default configuration."
        ) from error
    return _check(data, where)


def _check(data: dict[str, Any], where: str) -> Config:
    known = (
        "table",
        "hub",
        "camera",
        "dice",
        "operator",
        "flying-hollander",
        "piratenpoker",
        "skullking-2021",
        "venue",
        "seats",
    )
    _only(data, known, where)
    table = _section(data, "table", where)
    _only(table, ("language", "sound", "game"), f"{where}, [table]")
    hub = _section(data, "hub", where)
    _only(hub, ("port",), f"{where}, [hub]")
    camera = _section(data, "camera", where)
    _only(camera, ("source", "die_px"), f"{where}, [camera]")
    dice = _section(data, "dice", where)
    _only(dice, ("scoring", "faces", "counts"), f"{where}, [dice]")
    dice_scoring = _value(dice, "scoring", str, "standard", f"{where}, [dice]")
    if dice_scoring not in DICE_SCORINGS:
        raise ConfigError(f"{where}, [dice]: scoring is one of {', '.join(DICE_SCORINGS)}, not '{dice_scoring}'")

    language = _value(table, "language", str, "en", f"{where}, [table]")
    if language not in LANGUAGES:
        raise ConfigError(f"{where}, [table]: language is one of {', '.join(LANGUAGES)}, not '{language}'")
    games = catalog.keys()
    game = _value(table, "game", str, games[0], f"{where}, [table]")
    if game not in games:
        raise ConfigError(f"{where}, [table]: game is one of {', '.join(games)}, not '{game}'")

    seats_data = data.get("seats")
    if not isinstance(seats_data, list) or not MIN_SEATS <= len(seats_data) <= MAX_SEATS:
        count = len(seats_data) if isinstance(seats_data, list) else 0
        raise ConfigError(
            f"{where}: a table has {MIN_SEATS} to {MAX_SEATS} [[seats]] blocks, not {count}"
            + (
                f" (the seat hub has {READERS} readers; a table of more seats is on paper in hardware/eight-seats.md)"
                if count > MAX_SEATS
                else ""
            )
        )
    seats = tuple(_seat(seat, f"{where}, seat {number}") for number, seat in enumerate(seats_data, start=1))

    config = Config(
        language=language,
        sound=_value(table, "sound", bool, True, f"{where}, [table]"),
        game=game,
        hub_port=_value(hub, "port", str, "auto", f"{where}, [hub]"),
        camera_source=_value(camera, "source", str, "auto", f"{where}, [camera]"),
        seats=seats,
        dice_scoring=dice_scoring,
        dice_bag=_dice_bag(dice, f"{where}, [dice]"),
        operator=_operator(_section(data, "operator", where), f"{where}, [operator]"),
        hollander_counts=_hollander_counts(_section(data, "flying-hollander", where), f"{where}, [flying-hollander]"),
        piratenpoker=_piratenpoker(_section(data, "piratenpoker", where), f"{where}, [piratenpoker]"),
        camera_die_px=_die_px(camera, f"{where}, [camera]"),
        skullking_2021=_skullking_2021(_section(data, "skullking-2021", where), f"{where}, [skullking-2021]"),
        venue=_venue(data["venue"], f"{where}, [venue]") if "venue" in data else None,
    )
    _no_twice([seat.reader for seat in seats], "reader", where)
    _no_twice(config.pins(), "GPIO pin", where)
    return config


def _seat(data: Any, where: str) -> SeatConfig:
    if not isinstance(data, dict):
        raise ConfigError(f"{where}: a seat is a [[seats]] block")
    _only(data, ("reader", "led", "button", "buttons"), where)
    reader = _value(data, "reader", int, None, where)
    if not 0 <= reader < READERS:
        raise ConfigError(f"{where}: reader is 0 to {READERS - 1} (the seat hub's reader), not {reader}")
    led = data.get("led")
    if not isinstance(led, list) or len(led) != 3:
        raise ConfigError(f"{where}: led is the three pins of the RGB LED, as in led = [4, 17, 27]")
    if ("button" in data) == ("buttons" in data):
        raise ConfigError(f"{where}: give either button = <pin> or buttons = {{ minus = .., plus = .., ok = .. }}")
    if "button" in data:
        buttons = {"button": data["button"]}
    else:
        buttons = data["buttons"]
        if not isinstance(buttons, dict) or sorted(buttons) != sorted(THREE_BUTTONS):
            raise ConfigError(f"{where}: buttons has exactly minus, plus and ok")
    for pin in [*led, *buttons.values()]:
        if not isinstance(pin, int) or isinstance(pin, bool) or pin not in GPIO_PINS:
            raise ConfigError(f"{where}: {pin!r} is not a GPIO pin; use the BCM numbers 2 to 27")
    return SeatConfig(reader, (led[0], led[1], led[2]), dict(buttons))


def _die_px(camera: dict[str, Any], where: str) -> float | None:
    """[camera] die_px, if given: how wide one die looks in the camera's picture (camera height, lens, resolution)."""
    if "die_px" not in camera:
        return None
    value = camera["die_px"]
    low, high = DIE_PX
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
        raise ConfigError(
            f"{where}: die_px is how wide one die looks in the camera's picture, in pixels, from {low} to {high} "
            f"(as in die_px = 58), not {value!r}; or leave it out and `pirate-table dice calibrate` measures it"
        )
    return float(value)


def _dice_bag(dice: dict[str, Any], where: str) -> skd.DiceBag:
    """The standard bag of docs/rules/skullking-dice.md, with the kinds whose faces or counts the config gives replaced:
    printings differ. The kinds themselves are the rules' (they rank the dice), so only they may be named."""
    kinds = skd.SPECIAL_KINDS + skd.NUMBER_KINDS
    faces = dict(skd.STANDARD_BAG.faces)
    counts = dict(skd.STANDARD_BAG.counts)
    for kind, value in _section(dice, "faces", where).items():
        if kind not in kinds:
            raise ConfigError(f"{where}: faces of '{kind}'? The dice are {', '.join(kinds)}")
        # A Skull King, Pirate or Mermaid die shows skulls and flags; a colour die numbers and flags.
        allowed = (skd.SKULL, skd.FLAG) if kind in skd.SPECIAL_KINDS else (*skd.NUMBERS, skd.FLAG)
        if not isinstance(value, list) or len(value) != 6 or any(face not in allowed for face in value):
            example = ", ".join(f'"{face}"' for face in skd.STANDARD_BAG.faces[kind])
            raise ConfigError(
                f"{where}: faces.{kind} is the die's six faces, each one of {', '.join(allowed)}, "
                f"as in faces.{kind} = [{example}]"
            )
        faces[kind] = tuple(value)
    for kind, value in _section(dice, "counts", where).items():
        if kind not in kinds:
            raise ConfigError(f"{where}: counts of '{kind}'? The dice are {', '.join(kinds)}")
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise ConfigError(f"{where}: counts.{kind} is how many {kind} dice the bag holds, a whole number from 1")
        counts[kind] = value
    return skd.DiceBag(faces=faces, counts=counts)


def _operator(data: dict[str, Any], where: str) -> OperatorSettings:
    _only(data, ("pin", "badges", "minutes"), where)
    pin = _value(data, "pin", str, "", where)
    if pin and not (pin.isascii() and pin.isdigit() and 4 <= len(pin) <= 8):
        raise ConfigError(f'{where}: pin is 4 to 8 digits in quotes, as in pin = "482913"')
    badges = data.get("badges", [])
    if not isinstance(badges, list) or not all(_is_uid(badge) for badge in badges):
        raise ConfigError(f'{where}: badges is a list of tag UIDs in hex, as in badges = ["04A2241A5C6480"]')
    minutes = _value(data, "minutes", int, 5, where)
    if not 1 <= minutes <= 60:
        raise ConfigError(f"{where}: minutes is how long the operator stays unlocked, 1 to 60, not {minutes}")
    return OperatorSettings(pin, tuple(badge.upper() for badge in badges), minutes)


def _is_uid(value: Any) -> bool:
    return isinstance(value, str) and 8 <= len(value) <= 20 and all(c in "0123456789abcdefABCDEF" for c in value)


def _hollander_counts(section: dict[str, Any], where: str) -> tuple[tuple[str, int], ...]:
    """How many copies of each card The Flying Hollander's deck holds, where the config says (docs/rules/
    flying-hollander.md: the rules do not print it); the other cards keep the default."""
    _only(section, ("counts",), where)
    counts = _section(section, "counts", where)
    for code, value in counts.items():
        if code not in fh.CODES:
            raise ConfigError(f"{where}: counts of '{code}'? The cards are crew:1 to crew:12, {', '.join(fh.SPECIALS)}")
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise ConfigError(f'{where}: counts."{code}" is how many copies the deck holds, a whole number from 0')
    try:
        fh.check_players(fh.MIN_PLAYERS, len(fh.deck(counts)))
    except fh.CardError as error:
        raise ConfigError(f"{where}: {error}") from error
    return tuple(sorted(counts.items()))


def _piratenpoker(section: dict[str, Any], where: str) -> pp.Settings:
    _only(section, ("loot", "sets", "names"), where)
    try:
        return pp.settings(section.get("loot"), section.get("sets"), section.get("names"))
    except ValueError as error:
        raise ConfigError(f"{where}: {error}") from None


def _section(data: dict[str, Any], name: str, where: str) -> dict[str, Any]:
    section = data.get(name, {})
    if not isinstance(section, dict):
        raise ConfigError(f"{where}: [{name}] must be a section")
    return section


def _only(data: dict[str, Any], known: tuple[str, ...], where: str) -> None:
    for key in data:
        if key not in known:
            raise ConfigError(f"{where}: unknown setting '{key}' (known here: {', '.join(known)})")


def _value(data: dict[str, Any], key: str, kind: type, default: Any, where: str) -> Any:
    if key not in data:
        if default is None:
            raise ConfigError(f"{where}: '{key}' is missing")
        return default
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        names = {str: "text in quotes", bool: "true or false", int: "a whole number"}
        raise ConfigError(f"{where}: '{key}' must be {names[kind]}, not {value!r}")
    return value


def _skullking_2021(data: dict[str, Any], where: str) -> sk2021.Options:
    """Skull King 2021's advanced rules (docs/rules/skullking-2021.md): each advanced card, the pirates'
    abilities, and the scoring ("standard" or "rascal")."""
    _only(data, ("scoring", "loot", "kraken", "whale", "abilities"), where)
    scoring = _value(data, "scoring", str, sk2021.STANDARD, where)
    if scoring not in sk2021.SCORINGS:
        raise ConfigError(f"{where}: scoring is one of {', '.join(sk2021.SCORINGS)}, not '{scoring}'")
    switches = {key: _value(data, key, bool, True, where) for key in ("loot", "kraken", "whale", "abilities")}
    return sk2021.Options(scoring=scoring, **switches)


def _venue(data: Any, where: str) -> VenueSettings:
    """[venue]: this table's id and account at the venue's broker (docs/venue.md). The password file is read when
    the publisher starts: a missing one is said on the screen then, and the table plays on."""
    if not isinstance(data, dict):
        raise ConfigError(f"{where}: [venue] must be a section")
    _only(data, ("table", "broker", "port", "password_file", "tls_ca", "url"), where)
    table = _value(data, "table", str, None, where)
    if not valid_table_id(table):
        raise ConfigError(f'{where}: table is 1 to 32 letters, digits, - or _, as in table = "t1", not {table!r}')
    broker = _value(data, "broker", str, None, where).strip()
    if not broker or any(c.isspace() for c in broker):
        raise ConfigError(f'{where}: broker is the broker\'s host name or address, as in broker = "venue.local"')
    port = _value(data, "port", int, 1883, where)
    if not 1 <= port <= 65535:
        raise ConfigError(f"{where}: port is 1 to 65535 (1883 for MQTT, 8883 with TLS), not {port}")
    password_file = _value(data, "password_file", str, None, where)
    if not password_file:
        raise ConfigError(f"{where}: password_file is the file that holds the table's broker password")
    tls_ca = _value(data, "tls_ca", str, "", where)
    url = _value(data, "url", str, "", where)
    if url and not url.startswith(("http://", "https://")):
        raise ConfigError(f'{where}: url is the venue\'s page, as in url = "http://venue.local:8080", or ""')
    return VenueSettings(table, broker, port, Path(password_file), Path(tls_ca) if tls_ca else None, url)


def _no_twice(values: list[int], what: str, where: str) -> None:
    seen: set[int] = set()
    for value in values:
        if value in seen:
            raise ConfigError(f"{where}: {what} {value} is used twice")
        seen.add(value)
