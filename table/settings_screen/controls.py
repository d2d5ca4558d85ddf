"""The settings screen's bar: type the venue's address or the table's name (the on-screen keyboard, as a seat's name
is typed in the lobby), change the PIN (a digit pad on the bar, as the operator's PIN pad), or go back to the lobby.

    A venue address    T table's name    P change the PIN (digits, Enter for the next, Esc cancels)
    B or Esc back to the lobby

The PIN is asked three times on the bar: the PIN now (not on a table without one), the new one, the new one again;
the last Enter sends one `ChangePin`, which the app checks (table.settings_screen.desk). What is typed on the
keyboard goes out as a `ChangeSetting` on OK, checked as config.toml is at start.
"""

from __future__ import annotations

from typing import Any

import pygame

from table.core.text import Text, text, verbatim
from table.display.controls import PIN_LENGTH, BarControls, Button, Opens, edit_pin
from table.display.views import Paint
from table.operator_settings import ChangePin, ChangeSetting, CloseSettings
from table.settings_screen.keyboard import HostKeyboard
from table.settings_screen.model import SettingsScreen

TYPED = {"venue_broker": text("Venue address"), "venue_table": text("Table's name at the venue")}
_SHOWN, _NEXT, _CANCEL = Opens("settings-pin-shown"), Opens("settings-pin-next"), Opens("settings-pin-cancel")


def _pin_asks(has_pin: bool) -> list[str]:
    """What the PIN change asks, in turn."""
    return ["now", "new", "again"] if has_pin else ["new", "again"]


def _asking(stage: str, dots: str) -> Text:
    if stage == "now":
        return text("PIN now: {dots}", dots=dots)
    if stage == "new":
        return text("New PIN: {dots}", dots=dots)
    return text("New PIN again: {dots}", dots=dots)


class SettingsControls(BarControls):
    def __init__(self) -> None:
        super().__init__()
        self.typing: str | None = None  # the setting the keyboard types ("venue_broker", "venue_table")
        self.asks: list[str] = []  # the PIN change's questions not yet answered; [] while none is asked
        self.answers: list[str] = []  # those answered
        self.entry = ""  # the digits typed for the question asked
        self._screen: SettingsScreen | None = None

    def seat(self, screen: Any) -> int:
        return 0  # no seat is chosen here

    def buttons(self, screen: SettingsScreen) -> list[Button]:
        self._screen = screen
        if self.asks:
            digits = [Button(verbatim(digit), Opens("settings-digit", digit), digit) for digit in "1234567890"]
            shown = Button(_asking(self.asks[0], "*" * len(self.entry) or "_"), _SHOWN)
            return [shown, *digits, Button(text("OK"), _NEXT), Button(text("Cancel"), _CANCEL)]
        return [
            Button(TYPED["venue_broker"], Opens("settings-type", "venue_broker"), "a"),
            Button(text("Table's name"), Opens("settings-type", "venue_table"), "t"),
            Button(text("Change the PIN"), Opens("settings-pin"), "p"),
            Button(text("Back to the lobby"), CloseSettings(), "b"),
        ]

    def open(self, button: Button) -> list[Any]:
        match button.action:
            case Opens("settings-type", setting):
                known = getattr(self._screen, setting, None) or ""
                self.typing, self.naming, self.keyboard = setting, known, HostKeyboard()
            case Opens("settings-pin"):
                self.asks, self.answers, self.entry = _pin_asks(self._screen is None or self._screen.has_pin), [], ""
            case Opens("settings-digit", digit) if len(self.entry) < PIN_LENGTH:
                self.entry += digit
            case Opens("settings-pin-next"):
                return self._answered()
            case Opens("settings-pin-cancel"):
                self.cancel()
        return []

    def choosing(self) -> bool:
        return bool(self.asks)

    def cancel(self) -> None:
        self.asks, self.answers, self.entry = [], [], ""
        self.typing = None

    def extra_state(self) -> tuple[object, ...]:
        return (self.typing, tuple(self.asks), self.entry)

    def _answered(self) -> list[Any]:
        """Enter or OK on the PIN pad: the next question, or the change once all are answered."""
        if not self.entry:
            return []
        self.answers.append(self.entry)
        self.asks, self.entry = self.asks[1:], ""
        if self.asks:
            return []
        *old, new, again = self.answers
        self.answers = []
        return [ChangePin(old[0] if old else "", new, again)]

    # --- Keys and the keyboard ------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event, screen: Any) -> list[Any]:
        if event.type == pygame.KEYDOWN and self.naming is None:
            if self.asks:
                return self._pin_typed(event)
            if event.key == pygame.K_ESCAPE:
                return [CloseSettings()]
            if event.key == pygame.K_TAB or event.unicode.lower() == "r":
                return []  # no seat to choose or rename here
        return super().handle(event, screen)

    def _pin_typed(self, event: pygame.event.Event) -> list[Any]:
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self._answered()
        entry = edit_pin(self.entry, event)
        if entry is None:
            self.cancel()
        else:
            self.entry = entry
        return []

    def draw_keyboard(self, surface: pygame.Surface, screen: Any, paint: Paint) -> None:
        assert self.keyboard is not None
        self.keyboard.draw(surface, TYPED.get(self.typing or "", text("Settings")), self.naming or "", paint)

    def _named(self, seat: int) -> list[Any]:
        """OK on the keyboard (or Enter): the typed setting's new value; nothing typed changes nothing."""
        typed, setting = (self.naming or "").strip(), self.typing
        self.naming, self.keyboard, self.typing = None, None, None
        return [ChangeSetting(setting, typed)] if typed and setting else []
