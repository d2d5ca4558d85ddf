"""The lobby's bar of actions on the scoreboard: for the selected seat (touch its plate, or Tab; the first seat by
itself) and for the table. Registered for the lobby's model by table.lobby.views.

    J join    L leave    R rename (the keyboard on the screen, or type and Enter)    S start the game
    K the next game    I the next language    U undo (Y confirms, N cancels)
    C the operator's settings (table.settings_screen): only while the operator is unlocked, in the place of the
      language's button (I still chooses the next language, as the chips do)
"""

from __future__ import annotations

from typing import Any

import pygame

from table.core import inputs
from table.core.frame import seat_label
from table.core.text import LANGUAGE_NAMES, LANGUAGES, text, verbatim
from table.display.controls import BarControls, Button, Opens, undo_question
from table.lobby.model import LobbyScreen
from table.operator_settings import OpenSettings


def _next(choices: tuple[str, ...], current: str) -> str:
    """The choice after `current`, round and round."""
    return choices[(choices.index(current) + 1) % len(choices)] if current in choices else choices[0]


class LobbyControls(BarControls):
    def seat(self, screen: LobbyScreen) -> int:
        """The seat chosen, else the first: nobody is waited for in the lobby."""
        if self.selected is not None and self.selected < len(screen.seats):
            return self.selected
        return 0

    def buttons(self, screen: LobbyScreen) -> list[Button]:
        if screen.undo:
            return undo_question(screen.undo)
        seat = self.seat(screen)
        view = screen.seats[seat]
        name = seat_label(view)
        chosen: list[Button] = []
        if view.joined:
            chosen.append(Button(text("{name} leaves", name=name), inputs.LeaveSeat(seat), "l"))
        else:
            chosen.append(Button(text("{name} joins", name=name), inputs.JoinSeat(seat), "j"))
        chosen.append(Button(text("Rename {name}", name=name), Opens("keyboard", seat), "r"))  # on the screen
        if sum(v.joined for v in screen.seats) >= 2:
            chosen.append(Button(text("Start the game"), inputs.StartGame(), "s"))
        games = {game.key: game for game in screen.games}
        other = games[_next(tuple(games), screen.game)]
        if other.key != screen.game:
            short = text("Play {game}", game=other.short_name or other.name)
            chosen.append(Button(text("Play {game}", game=other.name), inputs.ChooseGame(other.key), "k", short))
        if screen.settings:  # the operator's: in the language's place (the chips, I and the settings choose it)
            chosen.append(Button(text("Settings"), OpenSettings(), "c"))
        else:
            chosen.append(self._next_language(screen))
        if any(v.joined for v in screen.seats):
            chosen.append(Button(text("Undo"), inputs.Undo(), "u"))
        return chosen

    def _next_language(self, screen: LobbyScreen) -> Button:
        language = _next(LANGUAGES, screen.language)
        return Button(verbatim(LANGUAGE_NAMES[language]), inputs.ChooseLanguage(language), "i")

    def handle(self, event: pygame.event.Event, screen: LobbyScreen) -> list[Any]:
        """I chooses the next language also while the bar shows Settings in its button's place."""
        asked = event.type == pygame.KEYDOWN and event.unicode.lower() == "i"
        if asked and screen.settings and self.naming is None and not screen.undo:
            return [self._next_language(screen).action]
        return super().handle(event, screen)
