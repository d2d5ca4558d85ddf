"""High Card, a game that exists only for the tests, built as every game of the table is: one package, registering
its catalog entry when it is imported, and named by no shared file of the table (docs/adding-a-game.md).

The game: 2-4 players, a deck of nine star cards. In each of three rounds every player lays one card on their
reader, in seat order; the highest card wins the round and a point. A player may pass (the `Pass` input, the
game's own input kind) and scores nothing that round.

Its parts: `rules`, `referee` (the referee's questions), `flow`, `inputs` and `screen` (its model), `views`. A real
game's package is imported by table/games/__init__.py; this one by the tests, and tests/conftest.py takes it out
of the catalog again at once, so that it is there only for the tests that ask for it (the `toy_game` fixture).
"""

from table.core.catalog import GameEntry, register_game
from table.core.text import verbatim
from tests.toygame import rules
from tests.toygame.flow import HighCardFlow
from tests.toygame.inputs import Pass
from tests.toygame.referee import REFEREE

ENTRY = register_game(
    GameEntry(
        key="highcard",
        name=verbatim("High Card"),
        min_players=rules.MIN_PLAYERS,
        max_players=rules.MAX_PLAYERS,
        build=lambda table, players, settings: HighCardFlow(table, players),
        deck=rules.DECK,
        inputs=(Pass,),
        referee=REFEREE,
        views="tests.toygame.views",
    )
)
