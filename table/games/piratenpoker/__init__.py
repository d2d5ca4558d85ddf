"""Piratenpoker: cards laid face down, revealed together, loot shared out (docs/rules/piratenpoker.md).

Its parts: `rules`, `referee`, `flow`, `inputs` and `screen` (its model), `views` and `controls` (the scoreboard),
`sim`.
"""

from table.core.catalog import GameEntry, register_game
from table.core.text import text
from table.games.piratenpoker import referee
from table.games.piratenpoker import rules as pp
from table.games.piratenpoker.flow import PiratenpokerFlow
from table.games.piratenpoker.inputs import PIRATENPOKER_INPUT_KINDS
from table.games.piratenpoker.settings import SETTINGS

ENTRY = register_game(
    GameEntry(
        key="piratenpoker",
        name=text("Piratenpoker"),
        min_players=pp.MIN_PLAYERS,
        max_players=pp.MAX_PLAYERS,
        build=lambda table, players, settings: PiratenpokerFlow(table, players, settings),
        deck=pp.DECK_CODES,
        inputs=PIRATENPOKER_INPUT_KINDS,
        referee=referee.REFEREE,
        views="table.games.piratenpoker.views",
        virtual_table="table.games.piratenpoker.sim:PiratenpokerTable",
        settings=SETTINGS,
    )
)
