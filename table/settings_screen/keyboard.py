"""The on-screen keyboard (table.display.keyboard) for a host name or a table's name rather than a person's: the
dot, the hyphen and the underscore instead of the space and the accented letters (a host name has neither), small
letters unless shift is pressed for the next one, and room for a host name's length: an address longer than its
field shows its end, after an ellipsis."""

from __future__ import annotations

import pygame

from table.core.text import Text
from table.display import typeset
from table.display.keyboard import BACK, CANCEL, CHAR, DIGITS, LETTERS, OK, SHIFT, Key, Keyboard
from table.display.views import Paint

MAX_LENGTH = 64  # a host name's label is at most 63 characters; a venue's address is well under this
ELLIPSIS = "…"  # before the end of an address too long for the field: the end is what is being typed


class HostKeyboard(Keyboard):
    def __init__(self) -> None:
        super().__init__()
        self.shift = False  # host names are written small

    def rows(self) -> list[list[Key]]:
        top, middle, bottom = LETTERS
        return [
            [Key(CHAR, digit) for digit in DIGITS],
            [Key(CHAR, letter) for letter in top],
            [Key(CHAR, letter) for letter in middle.replace("'", ".")],
            [Key(SHIFT, width=1.5), *(Key(CHAR, letter) for letter in bottom), Key(BACK, width=1.5)],
            [
                Key(CANCEL, width=2),
                Key(CHAR, "_", width=1.5),
                Key(CHAR, "-", width=1.5),
                Key(CHAR, ".", width=3),
                Key(OK, width=2),
            ],
        ]

    def press(self, key: Key, typed: str) -> str:
        if key.does == CHAR:
            if len(typed) < MAX_LENGTH:
                typed += self._letter(key.char)
            self.shift = False
            return typed
        typed = super().press(key, typed)
        if key.does == BACK:
            self.shift = False  # (a person's name starts with a capital again; a host name does not)
        return typed

    def draw(self, surface: pygame.Surface, title: Text, typed: str, paint: Paint) -> None:
        super().draw(surface, title, _end_that_fits(typed, _field_room(surface.get_size())), paint)


def _field_room(size: tuple[int, int]) -> int:
    """The width the keyboard's field gives the typed text (as table.display.keyboard lays it out), less the cursor."""
    width, height = size
    gap = max(4, height // 60)
    head = width - 2 * gap
    return head - head * 2 // 5 - 2 * gap - 4 * gap - typeset.font(typeset.current().small).size("_")[0]


def _end_that_fits(typed: str, room: int) -> str:
    """`typed`, or its end after an ellipsis, as wide as `room` at most at the smallest type."""
    face = typeset.font(typeset.current().small, bold=False)
    shown = typed
    while shown and face.size(shown)[0] > room:
        shown = ELLIPSIS + shown[2:] if shown.startswith(ELLIPSIS) else ELLIPSIS + shown[1:]
        if shown == ELLIPSIS:
            break
    return shown
