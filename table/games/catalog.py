"""The games the table plays: one declaration per game, registered once; every list of games reads it.

Config validation, the command line (`demo --game`, `enroll`, `write-tags`, `referee`, `games`), the deck registry,
the lobby's game choice, the event log and the scoreboard all ask this catalog, so adding a game is its rules
module, its flow module, its views module and one `register_game(GameEntry(...))` here (docs/adding-a-game.md).

The catalog names the display and the virtual table by module path, imported only by the shell that needs them
(the scoreboard, `demo`), so the flows never import the display.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from table.games import dice_inputs, inputs
from table.games import skullking_2021_inputs as sk2021_inputs
from table.games.effects import LOBBY
from table.games.flying_hollander import FlyingHollanderFlow
from table.games.flying_hollander_inputs import HOLLANDER_INPUT_KINDS
from table.games.piratenpoker import PiratenpokerFlow
from table.games.piratenpoker_inputs import PIRATENPOKER_INPUT_KINDS
from table.games.skullking import SkullKingFlow
from table.games.skullking_2021 import SkullKing2021Flow, skullking_2021_options
from table.games.skullking_dice import SkullKingDiceFlow
from table.games.table_state import TableState
from table.games.text import Text, text
from table.rules import flying_hollander as fh
from table.rules import piratenpoker as pp
from table.rules import skullking as sk
from table.rules import skullking_2021 as sk2021
from table.rules import skullking_dice as skd

BuildFlow = Callable[[TableState, Sequence[int], Any], Any]
"""(the table, the seats that play clockwise, the table's config or None for the defaults) -> the game's flow,
already in its first round."""

Ask = Callable[[Any], dict[str, Any]]


@dataclass(frozen=True)
class GameEntry:
    key: str  # as in the config, the command line, the event log: "skullking"
    name: Text  # the game's name, said in the table's language
    min_players: int
    max_players: int
    build: BuildFlow
    deck: tuple[str, ...] = ()  # the card codes of one printed deck, in the order enrollment asks; () : no cards
    deck_from: Callable[[Any], tuple[str, ...]] | None = None  # the deck the table's config describes, if it may
    dice: bool = False  # played with dice read by the tray's camera
    inputs: tuple[type, ...] = ()  # the game's own input kinds, besides the table's (table.games.inputs)
    referee: Mapping[str, Ask] = field(default_factory=dict)  # the referee's questions: ask -> answer
    views: str = ""  # the table.display module that registers the game's views and controls
    virtual_table: str = ""  # "module:Class" of its virtual table, for `pirate-table demo`; "" : no demo
    inputs_logged_bare: bool = False  # its inputs were logged by bare class name before kinds were per game

    @property
    def needs(self) -> str:
        """What the game needs at the table, in words for `pirate-table games`."""
        return " and ".join([*(["cards (NFC readers)"] if self.deck else []), *(["dice camera"] if self.dice else [])])


_entries: dict[str, GameEntry] = {}


def register_game(entry: GameEntry) -> GameEntry:
    if entry.key in _entries or entry.key == LOBBY:
        raise ValueError(f"a game is registered as '{entry.key}' already")
    if not 1 <= entry.min_players <= entry.max_players:
        raise ValueError(f"{entry.key}: players {entry.min_players} to {entry.max_players}?")
    _entries[entry.key] = entry
    return entry


def unregister_game(key: str) -> None:
    """Take a game out again (tests register games of their own)."""
    del _entries[key]


def games() -> tuple[GameEntry, ...]:
    """Every game, in the order they were registered (the lobby offers them in this order)."""
    return tuple(_entries.values())


def keys() -> tuple[str, ...]:
    return tuple(_entries)


def game(key: str) -> GameEntry:
    if key not in _entries:
        raise KeyError(f"the table does not know the game '{key}'; it knows {', '.join(_entries)}")
    return _entries[key]


def with_deck() -> tuple[GameEntry, ...]:
    return tuple(entry for entry in _entries.values() if entry.deck)


def log_kinds() -> dict[str, type]:
    """Every input the event log may hold, by the name it is logged under: the table's by class name, each game's
    own as "<key>:<class name>"."""
    kinds: dict[str, type] = {kind.__name__: kind for kind in inputs.INPUT_KINDS}
    for entry in _entries.values():
        kinds.update({f"{entry.key}:{kind.__name__}": kind for kind in entry.inputs})
    return kinds


def old_log_names() -> dict[str, str]:
    """The bare class names earlier releases logged a game's inputs under -> their names now."""
    return {
        kind.__name__: f"{entry.key}:{kind.__name__}"
        for entry in _entries.values()
        if entry.inputs_logged_bare
        for kind in entry.inputs
    }


# --- The games -----------------------------------------------------------------------------------------------------

register_game(
    GameEntry(
        key="skullking",
        name=text("Skull King"),
        min_players=sk.MIN_PLAYERS,
        max_players=sk.MAX_PLAYERS,
        build=lambda table, players, config: SkullKingFlow(table, players),
        deck=tuple(card.code for card in sk.DECK),
        referee=sk.REFEREE,
        views="table.display.skullking_views",
        virtual_table="table.sim.virtual_table:VirtualTable",
    )
)

register_game(
    GameEntry(
        key="skullking-dice",
        name=text("Skull King: the dice game"),
        min_players=skd.MIN_PLAYERS,
        max_players=skd.MAX_PLAYERS,
        build=lambda table, players, config: SkullKingDiceFlow(
            table,
            players,
            scoring=config.dice_scoring if config else skd.STANDARD,
            bag=config.dice_bag if config else skd.STANDARD_BAG,
        ),
        dice=True,
        inputs=dice_inputs.DICE_INPUT_KINDS,
        referee=skd.REFEREE,
        views="table.display.dice_views",
        virtual_table="table.sim.dice_table:VirtualDiceTable",
        inputs_logged_bare=True,
    )
)

register_game(
    GameEntry(
        key="piratenpoker",
        name=text("Piratenpoker"),
        min_players=pp.MIN_PLAYERS,
        max_players=pp.MAX_PLAYERS,
        build=lambda table, players, config: PiratenpokerFlow(
            table, players, config.piratenpoker if config else pp.DEFAULT_SETTINGS
        ),
        deck=pp.DECK_CODES,
        inputs=PIRATENPOKER_INPUT_KINDS,
        referee=pp.REFEREE,
        views="table.display.piratenpoker_views",
        virtual_table="table.sim.piratenpoker_table:PiratenpokerTable",
    )
)

register_game(
    GameEntry(
        key="flying-hollander",
        name=text("The Flying Hollander"),
        min_players=fh.MIN_PLAYERS,
        max_players=fh.MAX_PLAYERS,
        build=lambda table, players, config: FlyingHollanderFlow(
            table, players, deck_size=len(fh.deck(dict(config.hollander_counts) if config else None))
        ),
        deck=fh.DECK,
        deck_from=lambda config: fh.deck(dict(config.hollander_counts)),  # how many of each card: the config's
        inputs=HOLLANDER_INPUT_KINDS,
        referee=fh.REFEREE,
        views="table.display.flying_hollander_views",
        virtual_table="table.sim.flying_hollander_table:VirtualHollanderTable",
    )
)

register_game(
    GameEntry(
        key="skullking-2021",
        name=text("Skull King (2021 edition)"),
        min_players=sk2021.MIN_PLAYERS,
        max_players=sk2021.MAX_PLAYERS,
        build=lambda table, players, config: SkullKing2021Flow(table, players, skullking_2021_options(config)),
        deck=tuple(card.code for card in sk2021.DECK),
        inputs=sk2021_inputs.INPUT_KINDS,
        referee=sk2021.REFEREE,
        views="table.display.skullking_2021_views",
        virtual_table="table.sim.skullking_2021_table:VirtualTable2021",
    )
)
