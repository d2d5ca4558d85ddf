"""A keyboard on the screen, to type a seat's name at a table that has only its touchscreen.

It takes the whole window while it is open: the name typed so far at the top, then five rows of big keys (at
800x480 each key is about 70 pixels square, well over the 44 pixels a finger needs). Two layers: the letters, and
the accented letters of the table's five languages and their neighbours (ä ö ü ß, é è ê ë à â ç î ï ô û ù œ æ ÿ,
ì í ò ó ú á ñ å), behind the accents key. Shift gives a capital for the next letter; it is on at the start of the
name and after a space, as on a phone. The keys that are no letter are drawn as shapes (shift, backspace, space)
or say their word (OK, Cancel); the default font has no arrows. Letters and the name typed are drawn in the font's
own weight, without the extra synthetic bold of the scoreboard's other words: that bold melts the two dots of
ä, ö, ü and ë into one bar, and ä would look like ā.

`Keyboard` knows the layers and the keys; the controls (table.display.controls) own the name being typed and turn
OK into the same `SetName` input a physical keyboard gives.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from table.core.badges import BADGE_NAME_LENGTH
from table.core.text import Text, text
from table.display import typeset
from table.display.card_art import INK, PAPER
from table.display.typeset import fit_text, font, place
from table.display.views import Paint

BACKGROUND = (10, 30, 22)
LETTER = PAPER
FUNCTION = (240, 228, 66)  # the bar's yellow: the keys that do something other than type
MAX_LENGTH = BADGE_NAME_LENGTH  # the table keeps no longer a name

DIGITS = "1234567890"
LETTERS = ("qwertyuiop", "asdfghjkl'", "zxcvbnm")
ACCENTS = ("äöüßéèêëàâ", "çîïìíòóôùú", "áûñœæÿå")

# What a key does, besides typing its letter.
SHIFT, BACK, SPACE, LAYER, OK, CANCEL, CHAR = "shift", "back", "space", "layer", "ok", "cancel", "char"


@dataclass(frozen=True)
class Key:
    does: str  # CHAR types `char`; the others are the constants above
    char: str = ""
    width: float = 1.0  # in letter keys


def _row(letters: str) -> list[Key]:
    return [Key(CHAR, letter) for letter in letters]


class Keyboard:
    def __init__(self) -> None:
        self.accents = False  # the accented letters' layer is shown
        self.shift = True  # the next letter is a capital
        self._keys: list[tuple[pygame.Rect, Key]] = []  # where each key was drawn last

    def rows(self) -> list[list[Key]]:
        """The five rows of the layer shown, each ten letter keys wide."""
        top, middle, bottom = ACCENTS if self.accents else LETTERS
        return [
            _row(DIGITS),
            _row(top),
            _row(middle),
            [Key(SHIFT, width=1.5), *_row(bottom), Key(BACK, width=1.5)],
            [Key(CANCEL, width=2), Key(LAYER, width=1.5), Key(CHAR, "-"), Key(SPACE, width=3.5), Key(OK, width=2)],
        ]

    def state(self) -> tuple[object, ...]:
        """What the keys show: when it changes, the keyboard is drawn again."""
        return (self.accents, self.shift)

    def key_at(self, position: tuple[int, int]) -> Key | None:
        return next((key for rect, key in self._keys if rect.collidepoint(position)), None)

    def press(self, key: Key, typed: str) -> str:
        """The name after `key` (OK and Cancel are the controls' business and leave it as it is)."""
        if key.does == CHAR and len(typed) < MAX_LENGTH:
            typed += self._letter(key.char)
            self.shift = False
        elif key.does == SPACE and typed and not typed.endswith(" ") and len(typed) < MAX_LENGTH:
            typed += " "
            self.shift = True
        elif key.does == BACK:
            typed = typed[:-1]
            self.shift = typed == "" or typed.endswith(" ")
        elif key.does == SHIFT:
            self.shift = not self.shift
        elif key.does == LAYER:
            self.accents = not self.accents
        return typed

    def _letter(self, char: str) -> str:
        capital = char.upper()
        return capital if self.shift and len(capital) == 1 else char  # ß has no one-letter capital here

    # --- Drawing ----------------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, title: Text, typed: str, paint: Paint) -> None:
        """The whole window: the title and the name typed at the top, the keys below."""
        width, height = surface.get_size()
        surface.fill(BACKGROUND)
        gap = max(4, height // 60)
        head = pygame.Rect(gap, gap, width - 2 * gap, height // 6)
        words = fit_text(paint.say(title), head.width * 2 // 5, head.height * 2 // 3, PAPER)
        place(surface, words, midleft=(head.left + gap, head.centery))
        field = pygame.Rect(head.left + head.width * 2 // 5 + 2 * gap, head.top, 0, head.height)
        field.width = head.right - field.left
        pygame.draw.rect(surface, PAPER, field, border_radius=gap)
        name = _plain(typed + "_", field.width - 4 * gap, field.height * 2 // 3)
        surface.blit(name, name.get_rect(midleft=(field.left + 2 * gap, field.centery)))
        self._keys = []
        rows = self.rows()
        top = head.bottom + gap
        row_height = (height - top - gap) // len(rows)
        for number, row in enumerate(rows):
            unit = (width - gap) / sum(key.width for key in row)
            left = float(gap)
            for key in row:
                rect = pygame.Rect(
                    round(left), top + number * row_height, round(unit * key.width) - gap, row_height - gap
                )
                self._draw_key(surface, rect, key, paint)
                self._keys.append((rect, key))
                left += unit * key.width

    def _draw_key(self, surface: pygame.Surface, rect: pygame.Rect, key: Key, paint: Paint) -> None:
        colour = LETTER if key.does in (CHAR, SPACE) else FUNCTION
        pygame.draw.rect(surface, colour, rect, border_radius=max(4, rect.height // 8))
        size = min(rect.width, rect.height)
        if key.does == SHIFT:
            _shift_arrow(surface, rect, size, filled=self.shift)
        elif key.does == BACK:
            _backspace(surface, rect, size)
        elif key.does == SPACE:
            y = rect.centery + size // 6
            points = [(rect.left + rect.width // 4, y - size // 8), (rect.left + rect.width // 4, y)]
            points += [(rect.right - rect.width // 4, y), (rect.right - rect.width // 4, y - size // 8)]
            pygame.draw.lines(surface, INK, False, points, max(2, size // 16))
        elif key.does in (OK, CANCEL):
            said = paint.say(text("OK") if key.does == OK else text("Cancel"))
            words = fit_text(said, rect.width * 4 // 5, rect.height // 2, INK)
            place(surface, words, center=rect.center)
        else:
            label = ("abc" if self.accents else "àé") if key.does == LAYER else self._letter(key.char)
            letters = _plain(label, rect.width * 4 // 5, rect.height // 2)
            surface.blit(letters, letters.get_rect(center=rect.center))


def _plain(words: str, width: int, height: int) -> pygame.Surface:
    """`words` in the largest size that fits the box, in the font's own bold (see the module's docstring)."""
    least = typeset.current().small
    size = max(least, height)
    while size > least and font(size, bold=False).size(words)[0] > width:
        size = max(least, size * 9 // 10)
    return font(size, bold=False).render(words, True, INK)


def _shift_arrow(surface: pygame.Surface, rect: pygame.Rect, size: int, filled: bool) -> None:
    """An arrow pointing up: outlined, or filled while the next letter is a capital."""
    x, y, s = rect.centerx, rect.centery, size * 3 // 10
    points = [(x, y - s), (x + s, y), (x + s // 2, y), (x + s // 2, y + s), (x - s // 2, y + s), (x - s // 2, y)]
    points.append((x - s, y))
    pygame.draw.polygon(surface, INK, points, 0 if filled else max(2, size // 20))


def _backspace(surface: pygame.Surface, rect: pygame.Rect, size: int) -> None:
    """A key-cap pointing left with a cross in it: rub out the last letter."""
    x, y, s = rect.centerx, rect.centery, size * 3 // 10
    points = [(x - s * 3 // 2, y), (x - s // 2, y - s), (x + s * 3 // 2, y - s), (x + s * 3 // 2, y + s)]
    points.append((x - s // 2, y + s))
    pygame.draw.polygon(surface, INK, points)
    line, c = max(2, size // 18), s // 2  # the cross: centred in the cap's square part
    pygame.draw.line(surface, FUNCTION, (x, y - c), (x + 2 * c, y + c), line)
    pygame.draw.line(surface, FUNCTION, (x, y + c), (x + 2 * c, y - c), line)
