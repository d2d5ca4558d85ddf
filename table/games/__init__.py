"""The games: one package each (table/games/<game>/), registering itself in the catalog (table.core.catalog).

A game's flow is a deterministic state machine fed input events, answering with effects; it imports its own rules
and the core, never the display, the devices or the clock, so the table can replay its event log at start and be
exactly where it was. The lobby offers the games in the order they are imported here.
"""

from table.games import skullking, skullking_dice, piratenpoker, flying_hollander, skullking_2021  # noqa: F401, I001
