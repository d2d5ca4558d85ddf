"""Skull King 2021's views: the 2013 game's trick screen, round summary, ranking and score pad draw its screen
model (a `Screen` subclass), its cards drawn as the 2021 edition's (table.games.skullking_2021.art). The Kraken's
and the Whale's doing and the pirate's question are in its prompt and messages; the title names the round's Loot
alliances, wagers, cannonballs and Rascal scoring. The bar offers the Tigress, the pirates' abilities and the
cannonball beside the card game's buttons (table.games.skullking_2021.controls)."""

from __future__ import annotations

from functools import partial

from table.core.frame import Phase
from table.display.controls import register_controls
from table.display.score_pad import draw_score_pad
from table.display.summary_screens import draw_ranking, draw_round_summary, round_over
from table.display.views import PAD, register
from table.games.skullking.trick_view import animated, draw_trick_screen, seat_plates
from table.games.skullking_2021.art import card_face
from table.games.skullking_2021.controls import SkullKing2021Controls
from table.games.skullking_2021.screen import Screen2021

register(Screen2021, draw_score_pad, kind=PAD)
register(Screen2021, draw_ranking, phase=Phase.GAME_OVER)
register(Screen2021, draw_round_summary, phase=Phase.LIFTING, when=lambda s: round_over(s) and s.ability is None)
register(Screen2021, partial(draw_trick_screen, faces=card_face), plates=seat_plates, animated=animated)
register_controls(Screen2021, SkullKing2021Controls)
