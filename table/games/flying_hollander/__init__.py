"""The Flying Hollander: shed your cards onto the pile, take it when you cannot (docs/rules/flying-hollander.md).

Its parts: `rules`, `referee`, `flow`, `inputs` and `screen` (its model), `views` (the scoreboard), `sim`.
"""

from table.core.catalog import GameEntry, register_game
from table.core.text import text
from table.games.flying_hollander import referee
from table.games.flying_hollander import rules as fh
from table.games.flying_hollander.flow import FlyingHollanderFlow
from table.games.flying_hollander.inputs import HOLLANDER_INPUT_KINDS
from table.games.flying_hollander.settings import SETTINGS, deck

ENTRY = register_game(
    GameEntry(
        key="flying-hollander",
        name=text("The Flying Hollander"),
        short_name=text("Flying Hollander"),
        min_players=fh.MIN_PLAYERS,
        max_players=fh.MAX_PLAYERS,
        build=lambda table, players, settings: FlyingHollanderFlow(
            table, players, deck_size=len(deck(settings)), ending=settings.ending
        ),
        deck=fh.DECK,
        deck_from=deck,  # how many of each card: the config's
        inputs=HOLLANDER_INPUT_KINDS,
        referee=referee.REFEREE,
        views="table.games.flying_hollander.views",
        virtual_table="table.games.flying_hollander.sim:VirtualHollanderTable",
        settings=SETTINGS,
    )
)
