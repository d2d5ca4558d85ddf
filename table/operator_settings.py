"""The settings the operator changes on the table's own screen, written back into config.toml.

Which settings: the game offered first, the language, the sound (on or off: the table has no volume of its own), the
venue's address and this table's name there ([venue] broker and table), and the operator's PIN. Each change is
one request from the settings screen (`ChangeSetting`, `ChangePin`); `ConfigFile` turns it into the new file:

1. the file as it is on the disk, with only the changed value lines edited (table.config_write);
2. checked exactly as the file is at start (table.config.parse_config): a value the table would refuse at start is
   refused now, with the same message, and nothing is written;
3. written whole or not at all (table.config_write.replace_file); a read-only SD card or a full disk is named.

The answer is `Saved` (with the new configuration) or `Refused` (with the words for the screen and the log). What
takes effect at once is the app's business (table.settings_screen.desk); the venue's settings need a restart, as
the table connects to the venue when it starts.
"""

from __future__ import annotations

import logging
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from table.config import Config, default_text, parse_config
from table.config_write import NotEditable, Value, replace_file, set_values
from table.core.settings import ConfigError
from table.core.text import Text, text, verbatim
from table.operator_config import with_pin_hash
from table.operator_pin import PIN_DIGITS, hash_pin, valid_pin
from table.store import disk

log = logging.getLogger(__name__)

# The settings the screen changes: its name for each -> where it lives in config.toml.
PLACES: dict[str, tuple[str, str]] = {
    "game": ("table", "game"),
    "language": ("table", "language"),
    "sound": ("table", "sound"),
    "venue_broker": ("venue", "broker"),
    "venue_table": ("venue", "table"),
}
AT_RESTART = frozenset({"venue_broker", "venue_table"})  # the table connects to the venue when it starts
# A table without [venue] gets one with these besides the setting typed: the examples of docs/venue.md, and the
# password file install.sh writes for a table (hardware/pi/install.sh, TABLE_PASSWORD_FILE).
NEW_VENUE: dict[str, Value] = {
    "broker": "venue.local",
    "table": "t1",
    "password_file": "/etc/pirate-table/venue-password",
}


@dataclass(frozen=True)
class ChangeSetting:
    """From the settings screen: set `name` (a key of PLACES) to `value`. An operator's action, never a game
    input and never in the event log: the file is the record."""

    name: str
    value: str | bool


@dataclass(frozen=True)
class ChangePin:
    """From the settings screen: the PIN now (none on a table without one), and the new one typed twice. Never
    shown in the log: the app logs every operator action by its repr, which leaves the PINs out."""

    old: str = field(repr=False)
    new: str = field(repr=False)
    again: str = field(repr=False)


@dataclass(frozen=True)
class Saved:
    config: Config  # the configuration as the file now says it
    said: Text


@dataclass(frozen=True)
class Refused:
    said: Text  # for the screen
    why: str  # for the log, in English


SAVED = text("Saved")
SAVED_AT_RESTART = text("Saved: the venue's settings take effect when the table starts again")
READ_ONLY = text("Not saved: the SD card cannot be written (replace it). The settings stay as they were")
FULL = text("Not saved: the SD card is full (free some space). The settings stay as they were")
WRONG_OLD_PIN = text("Not changed: the PIN now is not that one")
PIN_SHAPE = text("Not changed: a PIN is {least} to {most} digits", least=PIN_DIGITS[0], most=PIN_DIGITS[-1])
PINS_DIFFER = text("Not changed: the new PIN was not typed the same twice")
PIN_CHANGED = text("The operator's PIN is changed")


def refused(said: Text, why: str) -> Refused:
    log.warning("settings: %s", why)
    return Refused(said, why)


class ConfigFile:
    """The table's config.toml, as the settings screen changes it."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def change(self, name: str, value: str | bool) -> Saved | Refused:
        if name not in PLACES:
            return refused(text("The table has no setting '{name}'", name=name), f"no setting {name!r}")
        if isinstance(value, str):
            value = value.strip()
        values: dict[tuple[str, str], Value] = {PLACES[name]: value}
        old = self._read()
        if isinstance(old, Refused):
            return old
        if name in AT_RESTART and not _has_venue(old):
            values = {("venue", key): default for key, default in NEW_VENUE.items()} | values
        try:
            new = set_values(old, values)
        except NotEditable as error:
            return refused(text("Not saved: {why}", why=verbatim(str(error))), f"{name} not saved: {error}")
        said = SAVED_AT_RESTART if name in AT_RESTART else SAVED
        return self._write(new, said, f"{name} = {value!r}")

    def change_pin(self, new: str, again: str) -> Saved | Refused:
        """The new PIN (the old one was checked by the operator's role, which counts wrong tries)."""
        if not valid_pin(new):
            return refused(PIN_SHAPE, "a new PIN that is not 4 to 8 digits")
        if new != again:
            return refused(PINS_DIFFER, "the new PIN typed twice differently")
        old = self._read()
        if isinstance(old, Refused):
            return old
        return self._write(with_pin_hash(old, hash_pin(new)), PIN_CHANGED, "the operator's PIN (its hash)")

    def _read(self) -> str | Refused:
        """The file's text now (the default's when there is none: a folder that could not be written at start)."""
        try:
            return self.path.read_text(encoding="utf-8") if self.path.exists() else default_text()
        except (OSError, UnicodeDecodeError) as error:
            return refused(
                text("Not saved: the configuration file cannot be read"), f"{self.path} cannot be read: {error}"
            )

    def _write(self, new: str, said: Text, what: str) -> Saved | Refused:
        try:
            config = parse_config(new, self.path.name)  # exactly as at start (named as the owner knows it)
        except ConfigError as error:
            return refused(text("Not saved: {why}", why=verbatim(str(error))), f"{what} not saved: {error}")
        try:
            replace_file(self.path, new)
        except OSError as error:
            full = not disk.read_only(error)
            return refused(FULL if full else READ_ONLY, f"{what} not saved, {self.path} cannot be written: {error}")
        log.info("settings: %s written to %s", what, self.path)
        return Saved(config, said)


def _has_venue(config_text: str) -> bool:
    try:
        return isinstance(tomllib.loads(config_text).get("venue"), dict)
    except tomllib.TOMLDecodeError:
        return False  # the check after the edit says what is wrong with the file


@dataclass(frozen=True)
class OpenSettings:
    """The lobby bar's Settings button (shown only while the operator is unlocked; refused for players)."""


@dataclass(frozen=True)
class CloseSettings:
    """The settings screen's Back button: the lobby again."""


SETTINGS_REQUESTS = (OpenSettings, CloseSettings, ChangeSetting, ChangePin)  # what the settings desk takes
