"""A game's own settings: its section of the table's config.toml, declared by the game's package (as Mission
Pinball Framework's platforms declare their config sections), so the table's config names no game.

A game's `settings.py` gives its `GameSettings`, and its catalog entry carries it (`GameEntry.settings`):

    SETTINGS = GameSettings(section="piratenpoker", default=pp.DEFAULT_SETTINGS, parse=parse, default_toml=...,
                            dump=dump)

The table's config reads each game's section with its `parse`, and writes each game's `default_toml` into the
default config; the game's flow is built with its settings as parsed (its `default` without a config).

A game's settings are also written into the event log when it starts (table.session), so a resumed game is judged
by the rules it began with, whatever config.toml says by then: `dump` gives them back as the section's own keys,
which `load` (the section's `parse`) reads again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from table.core.config_check import Checker

T = TypeVar("T")


class ConfigError(ValueError):
    """The configuration cannot be used; the message says where and why, in plain words."""


CHECK = Checker(ConfigError)  # the checks of config.toml, the table's sections and the games' alike


@dataclass(frozen=True)
class GameSettings(Generic[T]):
    section: str  # the name of the game's [section] in config.toml, as in existing config files: "dice"
    default: T  # the settings when the config has no such section (and in a table built without a config)
    parse: Callable[[dict[str, Any], str], T]  # (the section, where it is) -> the settings; raises ConfigError
    default_toml: str  # the section in the default config: its header, settings and comments, ending in "\n"
    dump: Callable[[T], dict[str, Any]]  # the settings -> their section's keys, as `parse` reads them back

    def load(self, section: Any, where: str) -> T:
        """Settings from what `dump` gave (read back from JSON); raises ConfigError saying what is wrong."""
        if not isinstance(section, dict):
            CHECK.fail(where, f"the settings are a section of keys, not {section!r:.40}")
        return self.parse(section, where)
