"""High Card, a game that exists only for the tests: it shows that a game is added to the table by one rules
module, its referee's questions, one flow module, one views module and one catalog entry, and that it then appears
everywhere.

The game: 2-4 players, a deck of nine star cards. In each of three rounds every player lays one card on their
reader, in seat order; the highest card wins the round and a point. A player may pass (the `Pass` input, the
game's own input kind) and scores nothing that round. The game's catalog entry is `ENTRY`; tests register it
with the `toy_game` fixture (tests/conftest.py) and take it out again.
"""

from __future__ import annotations

from table.core.catalog import GameEntry
from table.core.text import verbatim
from tests.toygame import flow, referee, rules

ENTRY = GameEntry(
    key="highcard",
    name=verbatim("High Card"),
    min_players=rules.MIN_PLAYERS,
    max_players=rules.MAX_PLAYERS,
    build=lambda table, players, config: flow.HighCardFlow(table, players),
    deck=rules.DECK,
    inputs=(flow.Pass,),
    referee=referee.REFEREE,
    views="tests.toygame.views",
)
