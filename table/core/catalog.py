"""The games the table plays: one declaration per game, registered by the game's own package; every list of games
reads it.

Config validation, the command line (`demo --game`, `enroll`, `write-tags`, `referee`, `games`), the deck registry,
the lobby's game choice, the event log and the scoreboard all ask this catalog, so adding a game is its own folder
whose package calls `register_game(GameEntry(...))`, and one import line in table/games (docs/adding-a-game.md).

The catalog names the display and the virtual table by module path, imported only by the shell that needs them
(the scoreboard, `demo`), so the flows never import the display.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from table.core import inputs
from table.core.effects import LOBBY
from table.core.settings import GameSettings
from table.core.table_state import TableState
from table.core.text import Text

BuildFlow = Callable[[TableState, Sequence[int], Any], Any]
"""(the table, the seats that play clockwise, the game's settings: its config section as read, its default without
a config, None for a game without settings) -> the game's flow, already in its first round."""

Ask = Callable[[Any], dict[str, Any]]


@dataclass(frozen=True)
class GameEntry:
    key: str  # as in the config, the command line, the event log: "skullking"
    name: Text  # the game's name, said in the table's language
    min_players: int
    max_players: int
    build: BuildFlow
    short_name: Text | None = None  # a shorter name, where `name` does not fit (a lobby's chip, a button)
    deck: tuple[str, ...] = ()  # the card codes of one printed deck, in the order enrollment asks; () : no cards
    deck_from: Callable[[Any], tuple[str, ...]] | None = None  # the deck its settings describe (printings differ)
    dice: bool = False  # played with dice read by the tray's camera
    inputs: tuple[type, ...] = ()  # the game's own input kinds, besides the table's (table.core.inputs)
    referee: Mapping[str, Ask] = field(default_factory=dict)  # the referee's questions: ask -> answer
    views: str = ""  # the module of the game's package that registers its views and controls on the scoreboard
    virtual_table: str = ""  # "module:Class" of its virtual table, for `pirate-table demo`; "" : no demo
    inputs_logged_bare: bool = False  # its inputs were logged by bare class name before kinds were per game
    settings: GameSettings[Any] | None = None  # its own section of config.toml (table.core.settings); None: none

    @property
    def default_settings(self) -> Any:
        """The settings it is built with when the table has no config (None for a game without settings)."""
        return self.settings.default if self.settings is not None else None

    @property
    def needs(self) -> str:
        """What the game needs at the table, in words for `pirate-table games`."""
        return " and ".join([*(["cards (NFC readers)"] if self.deck else []), *(["dice camera"] if self.dice else [])])


_entries: dict[str, GameEntry] = {}
_loaded = False


def _load() -> None:
    """Import the games' package once: each game registers itself from its own package (table/games/<game>/)."""
    global _loaded
    if not _loaded:
        _loaded = True
        importlib.import_module("table.games")


def register_game(entry: GameEntry) -> GameEntry:
    if entry.key in _entries or entry.key == LOBBY:
        raise ValueError(f"a game is registered as '{entry.key}' already")
    if not 1 <= entry.min_players <= entry.max_players:
        raise ValueError(f"{entry.key}: players {entry.min_players} to {entry.max_players}?")
    if entry.settings is not None and entry.settings.section in {
        other.settings.section for other in _entries.values() if other.settings is not None
    }:
        raise ValueError(f"{entry.key}: the config section [{entry.settings.section}] is another game's already")
    _entries[entry.key] = entry
    return entry


def unregister_game(key: str) -> None:
    """Take a game out again (tests register games of their own)."""
    del _entries[key]


def games() -> tuple[GameEntry, ...]:
    """Every game, in the order they were registered (the lobby offers them in this order)."""
    _load()
    return tuple(_entries.values())


def keys() -> tuple[str, ...]:
    _load()
    return tuple(_entries)


def game(key: str) -> GameEntry:
    _load()
    if key not in _entries:
        raise KeyError(f"the table does not know the game '{key}'; it knows {', '.join(_entries)}")
    return _entries[key]


def with_deck() -> tuple[GameEntry, ...]:
    _load()
    return tuple(entry for entry in _entries.values() if entry.deck)


def log_kinds() -> dict[str, type]:
    """Every input the event log may hold, by the name it is logged under: the table's by class name, each game's
    own as "<key>:<class name>"."""
    _load()
    kinds: dict[str, type] = {kind.__name__: kind for kind in inputs.INPUT_KINDS}
    for entry in _entries.values():
        kinds.update({f"{entry.key}:{kind.__name__}": kind for kind in entry.inputs})
    return kinds


def old_log_names() -> dict[str, str]:
    """The bare class names earlier releases logged a game's inputs under -> their names now."""
    _load()
    return {
        kind.__name__: f"{entry.key}:{kind.__name__}"
        for entry in _entries.values()
        if entry.inputs_logged_bare
        for kind in entry.inputs
    }
