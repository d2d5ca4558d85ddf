"""The table's lobby on the scoreboard (a `Screen` in Phase.LOBBY, from table.lobby.flow): the seats around the
table, the game and language chips to touch, the prompt. Registered when the scoreboard is imported; the games'
own views are registered by their views modules (the game catalog names them)."""

from __future__ import annotations

from table.core.screen import Phase, Screen
from table.display.views import register
from table.games.tricks.trick_view import animated, draw_trick_screen, lobby_touches, seat_plates

register(Screen, draw_trick_screen, phase=Phase.LOBBY, plates=seat_plates, animated=animated, touches=lobby_touches)
