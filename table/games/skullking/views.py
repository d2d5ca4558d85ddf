"""Skull King's views on the scoreboard: which drawing shows its screen model when (see table.display.views), and
its bar of actions (table.games.skullking.controls).

The trick screen shows the table from the first bid to the last trick; the round's summary replaces it while the
round's last cards are lifted; the final ranking ends the game; V toggles to the score pad at any time.
"""

from __future__ import annotations

from table.core.frame import Phase
from table.display.controls import register_controls
from table.display.score_pad import draw_score_pad
from table.display.summary_screens import draw_ranking, draw_round_summary, round_over
from table.display.views import PAD, register
from table.games.skullking.controls import SkullKingControls
from table.games.skullking.screen import Screen
from table.games.skullking.trick_view import animated, draw_trick_screen, seat_plates

register(Screen, draw_score_pad, kind=PAD)
register(Screen, draw_ranking, phase=Phase.GAME_OVER)
register(Screen, draw_round_summary, phase=Phase.LIFTING, when=round_over)
register(Screen, draw_trick_screen, plates=seat_plates, animated=animated)
register_controls(Screen, SkullKingControls)
