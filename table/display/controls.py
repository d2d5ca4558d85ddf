"""Seat and operator actions on the scoreboard: touch, mouse or keyboard, turned into the game's inputs.

A bar of buttons along the bottom offers what can be done now, for the selected seat. Select a seat by touching
its name plate or with Tab; it starts as the seat the table waits for. Every bar (the lobby's, each game's) has:

    Tab next seat    R rename (type, then Enter)    L the last trick again (in a game that judged one)
    U undo, Y yes, N no    Esc quit (or close the choice that is open)
    O the operator's PIN (digits, then Enter); while the operator is unlocked, O locks again

and the keys of its own buttons (the lobby's: table/lobby/controls.py; a game's: its package's controls module).
A Rename button may open a keyboard on the screen (table.display.keyboard) over the whole window, for a table with
only its touchscreen; its OK gives the same SetName as R, typing and Enter.

The operator's PIN pad takes the bar's place when the O key is pressed, or when the app refused an action as the
operator's (`ask_pin`, so a touchscreen needs no extra button); the PIN typed goes to the app as an `OperatorPin`
(table.operator: never a game input, never logged). Which inputs need the operator is the app's business.
While the operator is unlocked (`ActionBar.operator_open`: the table's loop tells the scoreboard), a Lock button
at the bar's right end sends an `OperatorLock`: the operator's actions need the badge or the PIN again. The game's
buttons are laid out in the rest of the bar; with the operator locked the bar is exactly as before.

## A game's controls

`BarControls` is the bar itself: drawing the buttons, touches on buttons and name plates, keys, Tab and renaming;
a game's controls say only which buttons there are now (`buttons(model)`) and which seat is selected by itself
(`seat(model)`). They are registered for the game's screen model type, like the views (table.display.views):

    register_controls(DiceScreen, DiceControls)   # in the dice game's views

`ActionBar`, the scoreboard's one entry point, hands each model to the controls registered for its type (made
once, and kept from one model to the next), so this module names no game. A game's keys must not mean something
else in another game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from table.core import inputs
from table.core.frame import Phase
from table.core.text import Text, text, verbatim
from table.display import short_forms, typeset
from table.display.card_art import INK, PAPER
from table.display.keyboard import CANCEL, OK, Keyboard
from table.display.typeset import fit_size, fit_text, place
from table.display.views import Paint
from table.operator import OperatorLock, OperatorPin

BAR = (10, 30, 22)
LOCK_SHARE = 7  # the Lock button takes at most a seventh of the bar's width, at its right end
ROOMY = 5  # the last trick's button joins a bar of fewer buttons than this (its key L works always)
BUTTON = (240, 228, 66)  # Okabe-Ito yellow, dark text: readable, and never the only cue (each has its word)


def digit_key(value: int) -> str:
    """The key for a number 0-10 on the bar: its digit, T for 10."""
    return "t" if value == 10 else str(value)


def last_trick(screen: Any) -> Button | None:
    """The button showing the last trick again (ShowLastTrick), in a game that judged one; anyone may press it."""
    judged = getattr(screen, "judged", None)
    if judged is None:
        return None
    return Button(judged.name, inputs.ShowLastTrick(), "l")


def undo_question(question: Text) -> list[Button]:
    """Confirm or cancel the undo the operator asked for."""
    return [
        Button(text("Yes: {question}", question=question), inputs.ConfirmUndo(), "y"),
        Button(text("No"), inputs.CancelUndo(), "n"),
    ]


def bid_corrections(seat: int, name: Text, round_number: int) -> list[Button]:
    """The operator's choice of a revealed bid for `seat`: 0 to the round's number."""
    return [
        Button(
            text("{name}'s bid: {value}", name=name, value=value) if value == 0 else verbatim(str(value)),
            inputs.CorrectBid(seat, value),
            digit_key(value),
        )
        for value in range(round_number + 1)
    ]


def _button_widths(forms: list[list[str]], room: int, height: int) -> list[int]:
    """The buttons' widths: equal, unless a label cannot fit an equal share at the smallest type (the PIN pad's
    ten digits beside "Cancel"): then each gets what its words need at the smallest type, and an equal share of
    what is left."""
    if not forms:
        return []
    equal = room // len(forms)
    small = typeset.current().small
    needed = [min(typeset.min_width(form, small, 2) for form in words) * 10 // 9 + height // 3 for words in forms]
    if all(need <= equal for need in needed) or sum(needed) > room:
        return [equal] * len(forms)
    extra = (room - sum(needed)) // len(forms)
    return [need + extra for need in needed]


PIN_LENGTH = 8


def edit_pin(entry: str, event: pygame.event.Event) -> str | None:
    """A PIN pad's entry after a key (Enter is the caller's): a digit added up to PIN_LENGTH, Backspace takes the last
    off, Escape gives None (the pad closes), any other key changes nothing."""
    if event.key == pygame.K_ESCAPE:
        return None
    if event.key == pygame.K_BACKSPACE:
        return entry[:-1]
    if event.unicode.isascii() and event.unicode.isdigit() and len(entry) < PIN_LENGTH:
        return entry + event.unicode
    return entry


@dataclass(frozen=True)
class Button:
    label: Text
    action: Any  # the game input it sends
    key: str = ""  # its key on a keyboard
    short: Text | None = None  # a shorter label, for a bar too narrow for the label


class BarControls:
    """The bar of buttons and the selected seat, for any screen model with `seats` (each with `seat`, and `acting`
    and `joined` unless the controls say `seat` themselves).

    A game's controls override `buttons` (and, if need be, `seat`, `open` for buttons that open a choice rather
    than send an input, `choosing` and `cancel` for such choices, and `extra_state`).
    """

    def __init__(self) -> None:
        self.selected: int | None = None
        self.naming: str | None = None  # the name being typed, while renaming
        self.keyboard: Keyboard | None = None  # the keyboard on the screen, while it is open (it types `naming`)
        self.pin: str | None = None  # the operator's PIN being typed, while the pad is open
        self.quit = False
        self._bar: list[tuple[pygame.Rect, Button]] = []
        self._plates: dict[int, pygame.Rect] = {}

    # --- What a game's controls say -------------------------------------------------------------------------

    def buttons(self, screen: Any) -> list[Button]:
        return []

    def seat(self, screen: Any) -> int:
        """The selected seat: the one chosen, else the one the table waits for, else the first playing seat."""
        if self.selected is not None and self.selected < len(screen.seats):
            return self.selected
        for view in screen.seats:
            if view.acting:
                return view.seat
        return next((view.seat for view in screen.seats if view.joined), 0)

    def open(self, button: Button) -> list[Any]:
        """A button whose action is not a game input (it opens a choice): what it does. Default: nothing."""
        return []

    def choosing(self) -> bool:
        """True while a choice opened by a button is shown: Esc cancels it rather than quitting."""
        return False

    def cancel(self) -> None:
        """Close the choice opened by a button."""

    def extra_state(self) -> tuple[object, ...]:
        return ()

    # --- The bar -------------------------------------------------------------------------------------------

    def bar_buttons(self, screen: Any) -> list[Button]:
        """The buttons on the bar now: the PIN pad while it is open, else the game's."""
        if self.pin is not None:
            shown = Button(text("PIN: {dots}", dots="*" * len(self.pin) or "_"), _PIN_SHOWN)
            digits = [Button(verbatim(digit), Opens("pin", digit), digit) for digit in "1234567890"]
            return [shown, *digits, Button(text("OK"), _PIN_OK), Button(text("Cancel"), _PIN_CANCEL)]
        buttons = [*self.buttons(screen)]
        last = last_trick(screen)
        if last is not None and len(buttons) < ROOMY and not getattr(screen, "undo", None) and not self.choosing():
            buttons.append(last)
        return buttons

    def ask_pin(self) -> None:
        """Open the operator's PIN pad on the bar."""
        self.close()
        self.pin = ""

    def close(self) -> None:
        """Close what is open on the bar: a choice, a name being typed."""
        self.cancel()
        self.naming, self.keyboard = None, None

    def open_keyboard(self, seat: int) -> None:
        """The keyboard on the screen, to name `seat` (selected meanwhile, so the name goes where it was asked)."""
        self.cancel()
        self.selected, self.naming, self.keyboard = seat, "", Keyboard()

    def draw_keyboard(self, surface: pygame.Surface, screen: Any, paint: Paint) -> None:
        """The open keyboard over the whole window."""
        assert self.keyboard is not None
        title = text("Name for seat {number}", number=self.seat(screen) + 1)
        self.keyboard.draw(surface, title, self.naming or "", paint)

    def state(self, screen: Any) -> tuple[object, ...]:
        """Everything the bar shows: when it changes, the bar is drawn again."""
        labels = tuple((button.label, button.key) for button in self.bar_buttons(screen))
        keyboard = self.keyboard.state() if self.keyboard else None
        return (self.seat(screen), self.naming, keyboard, *self.extra_state(), labels)

    def selection_rect(self, screen: Any, plates: dict[int, pygame.Rect]) -> pygame.Rect | None:
        """Where the frame around the selected seat's plate goes; None if that seat has no plate on screen."""
        seat = self.seat(screen)
        return plates[seat].inflate(16, 16) if seat in plates else None

    def draw_selection(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        pygame.draw.rect(surface, PAPER, rect, width=3, border_radius=12)

    def draw(
        self,
        surface: pygame.Surface,
        screen: Any,
        bar: pygame.Rect,
        plates: dict[int, pygame.Rect],
        paint: Paint | None = None,
    ) -> None:
        """The button bar in `bar`, and a frame around the selected seat's plate."""
        paint = paint or Paint()
        self._plates = plates
        surface.fill(BAR, bar)
        seat = self.seat(screen)
        if self.naming is not None:
            asking = text(
                "Name for seat {number}: {name}_  (Enter to keep, Esc to cancel)", number=seat + 1, name=self.naming
            )
            small = typeset.current().small  # the operator's words: never the largest on the TV
            rendered = fit_text(paint.say(asking), bar.width * 19 // 20, bar.height * 2 // 3, PAPER, size=small)
            place(surface, rendered, center=bar.center)
            self._bar = []
            return
        buttons = self.bar_buttons(screen)
        gap = bar.height // 8
        forms = [
            [*short_forms.forms(b.label, paint.catalog), *([paint.say(b.short)] if b.short else [])] for b in buttons
        ]
        widths = _button_widths(forms, bar.width - gap * (len(buttons) + 1), bar.height - 2 * gap)
        height = bar.height - 2 * gap
        # The buttons' words share one size: the largest that fits every button, and no larger than the smallest
        # type: the buttons are the operator's, the TV is the players', whose words must be the larger.
        size = min(
            (fit_size(f, w * 9 // 10, height * 2 // 3, 2) for f, w in zip(forms, widths, strict=True)),
            default=typeset.current().small,
        )
        size = min(size, typeset.current().small)
        self._bar = []
        left = bar.left + gap
        for button, words, width in zip(buttons, forms, widths, strict=True):
            rect = pygame.Rect(left, bar.top + gap, width, height)
            left = rect.right + gap
            pygame.draw.rect(surface, BUTTON, rect, border_radius=gap)
            rendered = fit_text(words, rect.width * 9 // 10, height * 2 // 3, INK, lines=2, size=size)
            place(surface, rendered, center=rect.center)
            self._bar.append((rect, button))

    # --- Events ---------------------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event, screen: Any) -> list[Any]:
        """The game inputs a pygame event means (often none)."""
        if event.type == pygame.QUIT:
            self.quit = True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._click(event.pos, screen)
        elif event.type == pygame.KEYDOWN:
            return self._key(event, screen)
        return []

    def _click(self, position: tuple[int, int], screen: Any) -> list[Any]:
        if self.keyboard is not None:
            return self._keyboard_touch(position, screen)
        for rect, button in self._bar:
            if rect.collidepoint(position):
                return self._press(button)
        for seat, plate in self._plates.items():
            if plate.collidepoint(position):
                self.selected = seat
        return []

    def _key(self, event: pygame.event.Event, screen: Any) -> list[Any]:
        seat = self.seat(screen)
        if self.pin is not None:
            return self._pin_key(event)
        if self.naming is not None:
            return self._typing(event, seat)
        if event.key == pygame.K_ESCAPE:
            if self.choosing():
                self.cancel()
            else:
                self.quit = True
        elif event.key == pygame.K_TAB:
            self.selected = (seat + 1) % len(screen.seats)
        elif event.unicode.lower() == "o" and not self.choosing():
            self.ask_pin()
        elif event.unicode.lower() == "r" and not self.choosing():
            self.naming = ""
        else:
            for button in self.bar_buttons(screen):
                if button.key and event.unicode.lower() == button.key:
                    return self._press(button)
            last = last_trick(screen)
            if last is not None and event.unicode.lower() == last.key:
                return [last.action]  # the bar may have had no room for its button
        return []

    def _pin_key(self, event: pygame.event.Event) -> list[Any]:
        assert self.pin is not None
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self._pin_done()
        self.pin = edit_pin(self.pin, event)
        return []

    def _pin_done(self) -> list[Any]:
        typed, self.pin = self.pin or "", None
        return [OperatorPin(typed)] if typed else []

    def _press(self, button: Button) -> list[Any]:
        """A button's game input; a button that opens a choice sends nothing by itself."""
        match button.action:
            case Opens("pin", digit):
                if self.pin is not None and len(self.pin) < PIN_LENGTH:
                    self.pin += digit
                return []
            case Opens("pin-ok"):
                return self._pin_done()
            case Opens("pin-cancel"):
                self.pin = None
                return []
            case Opens("pin-shown"):
                return []
            case Opens("keyboard", seat):
                self.open_keyboard(seat)
                return []
        if button.action is None or isinstance(button.action, Opens):
            return self.open(button)
        self.cancel()
        return [button.action]

    def _typing(self, event: pygame.event.Event, seat: int) -> list[Any]:
        assert self.naming is not None
        if event.key == pygame.K_ESCAPE:
            self.naming = self.keyboard = None
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self._named(seat)
        elif event.key == pygame.K_BACKSPACE:
            self.naming = self.naming[:-1]
        elif event.unicode and event.unicode.isprintable():
            self.naming += event.unicode
        return []

    def _named(self, seat: int) -> list[Any]:
        """The name typed is done (Enter, or the keyboard's OK): the seat's SetName, nothing for an empty name."""
        name, self.naming, self.keyboard = (self.naming or "").strip(), None, None
        return [inputs.SetName(seat, name)] if name else []

    def _keyboard_touch(self, position: tuple[int, int], screen: Any) -> list[Any]:
        assert self.keyboard is not None
        key = self.keyboard.key_at(position)
        if key is None:
            return []
        if key.does == OK:
            return self._named(self.seat(screen))
        if key.does == CANCEL:
            self.naming = self.keyboard = None
            return []
        self.naming = self.keyboard.press(key, self.naming or "")
        return []


@dataclass(frozen=True)
class Opens:
    """A button's action that opens a choice on the bar (`what` says which), rather than a game input."""

    what: str
    detail: Any = None


_PIN_OK, _PIN_CANCEL = Opens("pin-ok"), Opens("pin-cancel")  # the PIN pad's
_PIN_SHOWN = Opens("pin-shown")  # the dots typed so far, on a button that does nothing


class AskedNewGame(BarControls):
    """A game's controls whose New game asks first while the game is on (it would end it): the question and the
    buttons that end every such bar (undo, new game)."""

    def __init__(self) -> None:
        super().__init__()
        self.asking_new = False

    def open(self, button: Button) -> list[Any]:
        self.asking_new = button.action == _NEW_GAME
        return []

    def choosing(self) -> bool:
        return self.asking_new

    def cancel(self) -> None:
        self.asking_new = False

    def extra_state(self) -> tuple[object, ...]:
        return (self.asking_new,)

    def question(self, screen: Any) -> list[Button] | None:
        """The bar while a question waits (the undo's, or ending the game), else None."""
        if screen.undo:
            return undo_question(screen.undo)
        if self.asking_new:
            return [
                Button(text("Yes: end this game and go back to the lobby"), inputs.NewGame(), "y"),
                Button(text("No"), Opens("back"), "n"),
            ]
        return None

    def undo_and_new_game(self, screen: Any) -> list[Button]:
        """The buttons that end the bar: undo, and a new game (asked first unless the game is over)."""
        chosen = [Button(text("Undo"), inputs.Undo(), "u")]
        if screen.phase is Phase.GAME_OVER:
            return [*chosen, Button(text("New game"), inputs.NewGame(), "g")]
        return [*chosen, Button(text("New game"), _NEW_GAME, "g")]


_NEW_GAME = Opens("new")  # asks first
LOCK = Button(text("Lock"), OperatorLock(), "o")


def _lock_width(bar: pygame.Rect, paint: Paint) -> int:
    """As wide as the Lock button's word needs at the smallest type (a crowded bar keeps its room), and at least
    square (a finger's target); at most 1/LOCK_SHARE of the bar."""
    gap, small = bar.height // 8, typeset.current().small
    words = short_forms.forms(LOCK.label, paint.catalog)
    needed = min(typeset.min_width(form, small, 2) for form in words) * 10 // 9 + 2 * gap + 2
    return min(max(needed, bar.height), bar.width // LOCK_SHARE)


class _LockButton(BarControls):
    """The Lock button alone, drawn and touched as any bar's buttons are."""

    def bar_buttons(self, screen: Any) -> list[Button]:
        return [LOCK]

    def seat(self, screen: Any) -> int:
        return 0


_providers: dict[type, type[BarControls]] = {}


def register_controls(model: type, make: type[BarControls]) -> None:
    """Offer the controls `make()` builds for screen models of type `model` (and its subtypes)."""
    _providers[model] = make


def _provider_type(model: Any) -> type | None:
    return next((cls for cls in type(model).__mro__ if cls in _providers), None)


class ActionBar(BarControls):
    """The scoreboard's bar of actions, for any screen model: the controls registered for the model's type say what
    it offers; the operator's PIN pad and quitting are the same for all. A model without controls gets an empty bar.
    """

    def __init__(self) -> None:
        super().__init__()
        self._controls: dict[type, BarControls] = {}
        self.operator_open = False  # the operator is unlocked: the Lock button is on the bar
        self._lock = _LockButton()
        self._lock_area: pygame.Rect | None = None  # where the Lock button was drawn last

    def of(self, model: Any) -> BarControls | None:
        """The controls registered for `model`'s type (or a base type), made once and kept; None if there are none."""
        kind = _provider_type(model)
        if kind is None:
            return None
        if kind not in self._controls:
            self._controls[kind] = _providers[kind]()
        return self._controls[kind]

    @property
    def naming_now(self) -> bool:
        """True while a name is being typed, in whichever controls (V is a letter of it then)."""
        return any(controls.naming is not None for controls in self._controls.values())

    def keyboard_open(self, model: Any) -> bool:
        """The keyboard on the screen is open in the controls of `model`: it takes the whole window."""
        controls = self.of(model)
        return controls is not None and controls.keyboard is not None

    def draw_keyboard(self, surface: pygame.Surface, screen: Any, paint: Paint) -> None:
        controls = self.of(screen)
        assert controls is not None
        controls.draw_keyboard(surface, screen, paint)

    def ask_pin(self) -> None:
        """Open the PIN pad, closing what any controls had open."""
        for controls in self._controls.values():
            controls.close()
        super().ask_pin()

    # --- Handing the model to its controls --------------------------------------------------------------------

    def seat(self, screen: Any) -> int:
        controls = self.of(screen)
        return controls.seat(screen) if controls is not None else 0

    def buttons(self, screen: Any) -> list[Button]:
        controls = self.of(screen)
        return controls.buttons(screen) if controls is not None else []

    def state(self, screen: Any) -> tuple[object, ...]:
        if self.pin is not None:
            return (self.pin,)
        controls = self.of(screen)
        state = controls.state(screen) if controls is not None else ()
        return (*state, "lock") if self._lock_shown() else state

    def _lock_shown(self) -> bool:
        return self.operator_open and self.pin is None

    def selection_rect(self, screen: Any, plates: dict[int, pygame.Rect]) -> pygame.Rect | None:
        controls = self.of(screen)
        return controls.selection_rect(screen, plates) if controls is not None else None

    def draw(
        self,
        surface: pygame.Surface,
        screen: Any,
        bar: pygame.Rect,
        plates: dict[int, pygame.Rect],
        paint: Paint | None = None,
    ) -> None:
        controls = self.of(screen)
        self._lock_area = None
        if self._lock_shown():  # the Lock button at the right end, the game's buttons in the rest
            width = _lock_width(bar, paint or Paint())
            self._lock_area = pygame.Rect(bar.right - width, bar.top, width, bar.height)
            bar = pygame.Rect(bar.left, bar.top, bar.width - self._lock_area.width, bar.height)
            self._lock.draw(surface, screen, self._lock_area, {}, paint)
        if self.pin is not None:  # the operator's PIN pad, whatever the game
            super().draw(surface, screen, bar, plates, paint)
        elif controls is not None:
            controls.draw(surface, screen, bar, plates, paint)
        else:
            surface.fill(BAR, bar)  # a game without controls: an empty bar
            self._bar = []

    def handle(self, event: pygame.event.Event, screen: Any) -> list[Any]:
        controls = self.of(screen)
        wants_pin = event.type == pygame.KEYDOWN and event.unicode.lower() == "o" and not self.naming_now
        if self._lock_shown() and not self.keyboard_open(screen):
            if wants_pin and not (controls or self).choosing():
                return [OperatorLock()]  # O is the operator's key: the PIN pad when locked, the lock when not
            clicked = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
            if clicked and self._lock_area is not None and self._lock_area.collidepoint(event.pos):
                return self._lock.handle(event, screen)
        if self.pin is not None or (wants_pin and not (controls or self).choosing()):
            return super().handle(event, screen)  # the PIN pad is the same in every game
        if controls is not None:
            said = controls.handle(event, screen)
            self.quit, controls.quit = self.quit or controls.quit, False  # asked once; the app decides (the operator's)
            return said
        if event.type == pygame.QUIT:
            self.quit = True
        return []
