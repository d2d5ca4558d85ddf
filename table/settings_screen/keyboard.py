"""The on-screen keyboard (table.display.keyboard) for a host name or a table's name rather than a person's: the
dot, the hyphen and the underscore instead of the space and the accented letters (a host name has neither), small
letters unless shift is pressed for the next one, and room for a host name's length."""

from __future__ import annotations

from table.display.keyboard import BACK, CANCEL, CHAR, DIGITS, LETTERS, OK, SHIFT, Key, Keyboard

MAX_LENGTH = 40  # what the field shows whole at 800x480; a longer address is written in config.toml by hand


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
