"""Skull King, the dice game: dice drawn from a bag, thrown into the tray, read by the camera
(docs/rules/skullking-dice.md).

Its parts: `rules`, `referee`, `flow`, `inputs` and `screen` (its model), `views`, `controls` and `art` (the
scoreboard), `sim`, `bot`, `bag`, `thrower` and `faults` (the virtual table).
"""

from table.core.catalog import GameEntry, register_game
from table.core.text import text
from table.games.skullking_dice import inputs as dice_inputs
from table.games.skullking_dice import referee
from table.games.skullking_dice import rules as skd
from table.games.skullking_dice.flow import SkullKingDiceFlow
from table.games.skullking_dice.settings import SETTINGS

ENTRY = register_game(
    GameEntry(
        key="skullking-dice",
        name=text("Skull King: the dice game"),
        short_name=text("Skull King dice"),
        min_players=skd.MIN_PLAYERS,
        max_players=skd.MAX_PLAYERS,
        build=lambda table, players, settings: SkullKingDiceFlow(
            table, players, scoring=settings.scoring, bag=settings.bag
        ),
        dice=True,
        inputs=dice_inputs.DICE_INPUT_KINDS,
        referee=referee.REFEREE,
        views="table.games.skullking_dice.views",
        virtual_table="table.games.skullking_dice.sim:VirtualDiceTable",
        inputs_logged_bare=True,
        settings=SETTINGS,
    )
)
