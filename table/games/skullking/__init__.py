"""Skull King (2013), also sold as Piraten Bridge: 10 rounds of tricks, bids revealed together
(docs/rules/skullking.md).

Its parts: `rules` (the rulebook), `referee` (its questions), `flow` (the table's state machine), `why` (why a trick
went where it went), `screen` (its model), `views`, `trick_view`, `controls` and `art` (the scoreboard), `sim` (the
virtual table), `batch` (judging many tricks at once for bots).
"""

from table.core.catalog import GameEntry, register_game
from table.core.text import text
from table.games.skullking import referee
from table.games.skullking import rules as sk
from table.games.skullking.flow import SkullKingFlow

ENTRY = register_game(
    GameEntry(
        key="skullking",
        name=text("Skull King"),
        min_players=sk.MIN_PLAYERS,
        max_players=sk.MAX_PLAYERS,
        build=lambda table, players, settings: SkullKingFlow(table, players),
        deck=tuple(card.code for card in sk.DECK),
        referee=referee.REFEREE,
        views="table.games.skullking.views",
        virtual_table="table.games.skullking.sim:VirtualTable",
    )
)
