"""Seat and operator actions on the scoreboard: touch, mouse or keyboard, turned into the game's inputs.

A bar of buttons along the bottom offers what can be done now, for the selected seat. Select a seat by touching
its name plate or with Tab; it starts as the seat the table waits for. The keys do the same as the buttons:

    Tab next seat    J join    L leave    R rename (type, then Enter)    S start the game
    K next game, I next language (in the lobby)
    0-9 bid (T: 10)  P / E  Scary Mary as Pirate / Escape    C correct a revealed bid (then 0-9)
    U undo, Y yes, N no    G new game    Esc quit
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from table.display.card_art import INK, PAPER
from table.display.language import LANGUAGE_NAMES
from table.display.trick_screen import GAME_NAMES, label
from table.display.typeset import fit_text
from table.display.views import Paint
from table.games import inputs
from table.games.screen import Phase, Screen
from table.games.text import LANGUAGES, Text, text, verbatim

BAR = (10, 30, 22)
BUTTON = (240, 228, 66)  # Okabe-Ito yellow, dark text: readable, and never the only cue (each has its word)


_CORRECT = object()  # the "correct a bid" button: it opens a choice, it sends nothing by itself


def _digit(value: int) -> str:
    return "t" if value == 10 else str(value)


def _next(choices: tuple[str, ...], current: str) -> str:
    """The choice after `current`, round and round."""
    return choices[(choices.index(current) + 1) % len(choices)] if current in choices else choices[0]


def _game(screen: Screen) -> inputs.ChooseGame:
    return inputs.ChooseGame(_next(screen.games, screen.game))


def _language(screen: Screen) -> inputs.ChooseLanguage:
    return inputs.ChooseLanguage(_next(LANGUAGES, screen.language))


@dataclass(frozen=True)
class Button:
    label: Text
    action: Any  # the game input it sends
    key: str = ""  # its key on a keyboard


class Controls:
    def __init__(self) -> None:
        self.selected: int | None = None
        self.naming: str | None = None  # the name being typed, while renaming
        self.correcting = False  # the operator is choosing the corrected bid of the selected seat
        self.quit = False
        self._bar: list[tuple[pygame.Rect, Button]] = []
        self._plates: dict[int, pygame.Rect] = {}

    # --- What can be done now -------------------------------------------------------------------------------

    def seat(self, screen: Screen) -> int:
        """The selected seat: the one chosen, else the one the table waits for."""
        if self.selected is not None and self.selected < len(screen.seats):
            return self.selected
        for view in screen.seats:
            if view.acting or screen.scary_mary == view.seat:
                return view.seat
        waiting = [view.seat for view in screen.seats if view.joined and not view.bid_locked]
        if screen.phase is Phase.BIDDING and waiting:
            return waiting[0]
        return 0

    def buttons(self, screen: Screen) -> list[Button]:
        if not isinstance(screen, Screen):
            return []  # another game's model: its own module offers its actions
        seat = self.seat(screen)
        view = screen.seats[seat]
        name = label(view)
        if screen.undo:
            return [
                Button(text("Yes: {question}", question=screen.undo), inputs.ConfirmUndo(), "y"),
                Button(text("No"), inputs.CancelUndo(), "n"),
            ]
        revealed = screen.phase in (Phase.PLAYING, Phase.LIFTING) and view.bid is not None
        if self.correcting and revealed:
            return [
                Button(
                    text("{name}'s bid: {value}", name=name, value=value) if value == 0 else verbatim(str(value)),
                    inputs.CorrectBid(seat, value),
                    _digit(value),
                )
                for value in range(screen.round + 1)
            ]
        chosen: list[Button] = []
        if screen.phase is Phase.LOBBY:
            if view.joined:
                chosen.append(Button(text("{name} leaves", name=name), inputs.LeaveSeat(seat), "l"))
            else:
                chosen.append(Button(text("{name} joins", name=name), inputs.JoinSeat(seat), "j"))
            if sum(v.joined for v in screen.seats) >= 2:
                chosen.append(Button(text("Start the game"), inputs.StartGame(), "s"))
            other = _next(screen.games, screen.game)
            if other != screen.game:
                chosen.append(
                    Button(text("Play {game}", game=GAME_NAMES.get(other, verbatim(other))), _game(screen), "k")
                )
            chosen.append(Button(verbatim(LANGUAGE_NAMES[_next(LANGUAGES, screen.language)]), _language(screen), "i"))
        elif screen.phase is Phase.BIDDING and view.joined and not view.bid_locked:
            for value in range(screen.round + 1):
                chosen.append(
                    Button(
                        verbatim(str(value)) if value else text("{name} bids 0", name=name),
                        inputs.ChooseBid(seat, value),
                        _digit(value),
                    )
                )
        elif screen.phase is Phase.PLAYING and screen.scary_mary == seat:
            chosen.append(Button(text("Scary Mary: Pirate"), inputs.ChooseScaryMary(seat, True), "p"))
            chosen.append(Button(text("Escape"), inputs.ChooseScaryMary(seat, False), "e"))
        elif screen.phase is Phase.GAME_OVER:
            chosen.append(Button(text("New game"), inputs.NewGame(), "g"))
        if revealed and screen.scary_mary is None:
            chosen.append(Button(text("Correct {name}'s bid", name=name), _CORRECT, "c"))
        if screen.phase is not Phase.LOBBY or any(v.joined for v in screen.seats):
            chosen.append(Button(text("Undo"), inputs.Undo(), "u"))
        return chosen

    def state(self, screen: Screen) -> tuple[object, ...]:
        """Everything the bar shows: when it changes, the bar is drawn again."""
        if not isinstance(screen, Screen):
            return ()
        labels = tuple((button.label, button.key) for button in self.buttons(screen))
        return (self.seat(screen), self.naming, self.correcting, labels)

    def selection_rect(self, screen: Screen, plates: dict[int, pygame.Rect]) -> pygame.Rect | None:
        """Where the frame around the selected seat's plate goes; None if that seat has no plate on screen."""
        if not isinstance(screen, Screen):
            return None
        seat = self.seat(screen)
        return plates[seat].inflate(16, 16) if seat in plates else None

    def draw_selection(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        pygame.draw.rect(surface, PAPER, rect, width=3, border_radius=12)

    # --- Drawing --------------------------------------------------------------------------------------------

    def draw(
        self,
        surface: pygame.Surface,
        screen: Screen,
        bar: pygame.Rect,
        plates: dict[int, pygame.Rect],
        paint: Paint | None = None,
    ) -> None:
        """The button bar in `bar`, and a frame around the selected seat's plate."""
        paint = paint or Paint()
        self._plates = plates
        surface.fill(BAR, bar)
        if not isinstance(screen, Screen):
            self._bar = []
            return  # another game's model: its own module offers its actions
        seat = self.seat(screen)
        if self.naming is not None:
            asking = text(
                "Name for seat {number}: {name}_  (Enter to keep, Esc to cancel)", number=seat + 1, name=self.naming
            )
            rendered = fit_text(paint.say(asking), bar.width * 19 // 20, bar.height * 2 // 3, PAPER)
            surface.blit(rendered, rendered.get_rect(center=bar.center))
            self._bar = []
            return
        buttons = self.buttons(screen)
        gap = bar.height // 8
        width = (bar.width - gap * (len(buttons) + 1)) // max(1, len(buttons))
        self._bar = []
        for n, button in enumerate(buttons):
            rect = pygame.Rect(bar.left + gap + n * (width + gap), bar.top + gap, width, bar.height - 2 * gap)
            pygame.draw.rect(surface, BUTTON, rect, border_radius=gap)
            words = fit_text(paint.say(button.label), rect.width * 9 // 10, rect.height * 2 // 3, INK, lines=2)
            surface.blit(words, words.get_rect(center=rect.center))
            self._bar.append((rect, button))

    # --- Events ---------------------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event, screen: Screen) -> list[Any]:
        """The game inputs a pygame event means (often none)."""
        if event.type == pygame.QUIT:
            self.quit = True
        elif not isinstance(screen, Screen):
            return []
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._click(event.pos, screen)
        elif event.type == pygame.KEYDOWN:
            return self._key(event, screen)
        return []

    def _click(self, position: tuple[int, int], screen: Screen) -> list[Any]:
        for rect, button in self._bar:
            if rect.collidepoint(position):
                return self._press(button)
        for seat, plate in self._plates.items():
            if plate.collidepoint(position):
                self.selected = seat
        return []

    def _key(self, event: pygame.event.Event, screen: Screen) -> list[Any]:
        seat = self.seat(screen)
        if self.naming is not None:
            return self._typing(event, seat)
        if event.key == pygame.K_ESCAPE:
            self.quit = True
        elif event.key == pygame.K_TAB:
            self.selected = (seat + 1) % len(screen.seats)
        elif event.unicode.lower() == "r":
            self.naming = ""
        else:
            for button in self.buttons(screen):
                if button.key and event.unicode.lower() == button.key:
                    return self._press(button)
        return []

    def _press(self, button: Button) -> list[Any]:
        """A button's game input; the correction button only opens the choice of value."""
        if button.action is _CORRECT:
            self.correcting = True
            return []
        self.correcting = False
        return [button.action]

    def _typing(self, event: pygame.event.Event, seat: int) -> list[Any]:
        assert self.naming is not None
        if event.key == pygame.K_ESCAPE:
            self.naming = None
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            name, self.naming = self.naming.strip(), None
            return [inputs.SetName(seat, name)] if name else []
        elif event.key == pygame.K_BACKSPACE:
            self.naming = self.naming[:-1]
        elif event.unicode and event.unicode.isprintable():
            self.naming += event.unicode
        return []
