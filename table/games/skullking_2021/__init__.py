"""Skull King, the 2021 edition: the 2013 game with four suits of 14, the Tigress, the Kraken, the White Whale, Loot,
the pirates' abilities and Rascal scoring (docs/rules/skullking-2021.md).

Its parts: `rules`, `referee`, `flow`, `inputs` and `screen` (its model), `views`, `controls` and `art` (the
scoreboard), `sim`.
"""

from table.core.catalog import GameEntry, register_game
from table.core.text import text
from table.games.skullking_2021 import inputs as sk2021_inputs
from table.games.skullking_2021 import referee
from table.games.skullking_2021 import rules as sk2021
from table.games.skullking_2021.flow import SkullKing2021Flow
from table.games.skullking_2021.settings import SETTINGS

ENTRY = register_game(
    GameEntry(
        key="skullking-2021",
        name=text("Skull King (2021 edition)"),
        short_name=text("Skull King 2021"),
        min_players=sk2021.MIN_PLAYERS,
        max_players=sk2021.MAX_PLAYERS,
        build=lambda table, players, options: SkullKing2021Flow(table, players, options),
        deck=tuple(card.code for card in sk2021.DECK),
        inputs=sk2021_inputs.INPUT_KINDS,
        referee=referee.REFEREE,
        views="table.games.skullking_2021.views",
        virtual_table="table.games.skullking_2021.sim:VirtualTable2021",
        settings=SETTINGS,
    )
)
