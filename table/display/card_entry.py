"""The operator's card entered by hand, on a game's bar: for a card its reader cannot read (a sticker fallen off or
dead, a reader down). A card game's screen model lists what may be entered now (`hand_entry`, table.core.frame);
the bar offers "Enter <name>'s card" (V) for the selected seat, then the card's group (its suit, or the other
cards; keys 1-9), then the card (numbers by their digit, T for 10), which sends `CardEntered`. Back closes it.

A replacement sticker the same way: "<name>'s new sticker" (Z) while the seat's reader works, then the card, which
sends `NewSticker` (table.operator): the app learns the blank or unknown sticker lying on that reader as the card
chosen, and lays it again for the game.

A game's controls keep one `CardPicker` and ask it first: while it is open its buttons are the bar. A bar on
`AskedNewGame` takes it whole by deriving from `CardEntryControls`.
"""

from __future__ import annotations

from typing import Any

from table.core.frame import CardChoice, HandEntry, seat_label
from table.core.inputs import CardEntered
from table.core.text import text
from table.display.controls import AskedNewGame, Button, Opens
from table.operator import NewSticker

ENTER, STICKER, GROUP, BACK = "enter a card", "new sticker", "card group", "card back"
ENTER_KEY = "v"  # a key no game's bar uses (W is the Hollander's Pirate swap)
STICKER_KEY = "z"


def entry_for(screen: Any, seat: int) -> HandEntry | None:
    """The card `seat` may have entered now, if any."""
    return next((entry for entry in getattr(screen, "hand_entry", ()) if entry.seat == seat), None)


def _view(screen: Any, seat: int) -> Any:
    """The screen's view of `seat` (a game's seats may list only its players)."""
    return next(view for view in screen.seats if view.seat == seat)


def _groups(entry: HandEntry) -> list[Any]:
    return list(dict.fromkeys(choice.group for choice in entry.cards))


def _card_key(choice: CardChoice, index: int) -> str:
    """A number card's key is its number (T for 10); the others' their place in the group, while 1-9 last."""
    number = choice.code.rpartition(":")[2]
    if number.isdigit():
        return {"10": "t"}.get(number, number if len(number) == 1 else "")
    return str(index + 1) if index < 9 else ""


class CardPicker:
    """The picker's state on one bar: closed, the group to choose for a seat, or the card within a group."""

    def __init__(self) -> None:
        self.choice: tuple[Any, ...] | None = None  # (seat,) choosing the group; (seat, group) choosing the card
        self.sticker = False  # the card chosen names a new sticker (NewSticker) rather than a card entered

    def button(self, screen: Any, seat: int) -> Button | None:
        """The bar's "Enter <name>'s card", while the table waits for a card `seat` may have entered."""
        entry = entry_for(screen, seat)
        if entry is None or not entry.cards:
            return None
        name = seat_label(_view(screen, seat))
        if entry.face_down:
            said = text("Enter {name}'s face-down card", name=name)
        else:
            said = text("Enter {name}'s card", name=name)
        return Button(said, Opens(ENTER, seat), ENTER_KEY, text("Enter a card"))

    def entry_buttons(self, screen: Any, seat: int) -> list[Button]:
        """The bar's buttons that open the picker for `seat`, those that apply: its card, its new sticker."""
        return [found for found in (self.button(screen, seat), self.sticker_button(screen, seat)) if found is not None]

    def sticker_button(self, screen: Any, seat: int) -> Button | None:
        """The bar's "<name>'s new sticker": while the table waits for a card of `seat` and its reader works."""
        entry = entry_for(screen, seat)
        if entry is None or not entry.cards or not getattr(_view(screen, seat), "reader_ok", True):
            return None
        said = text("{name}'s new sticker", name=seat_label(_view(screen, seat)))
        return Button(said, Opens(STICKER, seat), STICKER_KEY, text("New sticker"))

    def buttons(self, screen: Any) -> list[Button] | None:
        """The picker's buttons while it is open (None: closed). It closes by itself once its card is entered or
        the table no longer waits for one."""
        if self.choice is None:
            return None
        entry = entry_for(screen, self.choice[0])
        if entry is None:
            self.choice = None
            return None
        back = Button(text("Back"), Opens(BACK), "")
        groups = _groups(entry)
        if len(self.choice) == 1 and len(groups) > 1:
            return [*(Button(group, Opens(GROUP, group), str(n)) for n, group in enumerate(groups, 1)), back]
        group = self.choice[1] if len(self.choice) > 1 else None
        cards = [choice for choice in entry.cards if group is None or choice.group == group]
        return [
            *(
                Button(choice.said, self._action(entry.seat, choice.code), _card_key(choice, index))
                for index, choice in enumerate(cards)
            ),
            back,
        ]

    def _action(self, seat: int, code: str) -> CardEntered | NewSticker:
        return NewSticker(seat, code) if self.sticker else CardEntered(seat, code)

    def open(self, opens: Opens) -> bool:
        """A button of the picker's pressed: True if it was one (the game's controls answer the others)."""
        if opens.what in (ENTER, STICKER):
            self.choice, self.sticker = (opens.detail,), opens.what == STICKER
        elif opens.what == GROUP and self.choice is not None:
            self.choice = (self.choice[0], opens.detail)
        elif opens.what == BACK:
            self.choice = None
        else:
            return False
        return True

    def choosing(self) -> bool:
        return self.choice is not None

    def cancel(self) -> None:
        self.choice = None


class CardEntryControls(AskedNewGame):
    """A game's bar with the operator's card picker: the picker opens, is chosen in and closes before the bar's own
    choices (a game's `buttons` asks `self.picker.buttons(screen)` first and adds `self.picker.entry_buttons`)."""

    def __init__(self) -> None:
        super().__init__()
        self.picker = CardPicker()  # the operator's card entered by hand

    def open(self, button: Button) -> list[object]:
        if isinstance(button.action, Opens) and self.picker.open(button.action):
            return []
        return super().open(button)

    def choosing(self) -> bool:
        return self.picker.choosing() or super().choosing()

    def cancel(self) -> None:
        self.picker.cancel()
        super().cancel()

    def extra_state(self) -> tuple[object, ...]:
        return (*super().extra_state(), self.picker.choice)
