"""Text on the scoreboard: a type scale per screen, fitted to its box, laid out again if need be, never cut.

## The type scale

A text is drawn in one of four sizes (small, body, heading, title) of the screen's `TypeScale`; only a figure (a
card's number, a die's letter, the countdown's "HO!") in a box taller than the title takes the box's height.
The sizes are the font's size in pixels; what the eye reads is the height of the capitals (`cap_height`, about
0.72 of the size in the bold sans used here). The minimum, `small`, is chosen so a capital subtends about 10 to
15 minutes of arc where the screen is read, two to three times the 5' letter of 20/20 acuity, the margin signs and
TV interfaces use for reading at a glance:

- TV, 1920x1080, a 40-55" set read from 3 m across the room: a pixel is 0.46-0.63 mm, so a 20 px capital is
  9-13 mm, 10-15' at 3 m. Small is 27 px (~1/40 of the screen's height; capitals 20 px), as 10-foot
  interfaces use 24-29 px for their smallest text at 1080p.
- TOUCH, 800x480, a 7" touchscreen read at arm's length and across a table (0.6-0.9 m): a pixel is 0.19 mm, so
  a 12 px capital is 2.3 mm, 9-13'. Small is 16 px (capitals 12 px, as at 17 px in this face).

Other screens (the 1280x720 window of the demo) get sizes in between, by the screen's height; a larger one scales
up. The scoreboard says which screen it draws for (`use_screen`).

## Fitting

`fit_text` draws a text in the largest size of the scale that fits its box (up to the box's height), on up to
`lines` lines broken between words, as Unicode's line breaking has it for the signs that matter here: never at a
no-break space (French "vraiment\u00a0?"), never before a closing sign (`! ? : ; , . » )`) nor after an opening one
(`« (`), even where a plain space stands there. What does not fit even at the smallest size is laid out again: a shorter
form given by the translation (pass the forms longest first), then more lines. It is never shrunk below the
minimum and never cut with "..."; a word still wider than its box is drawn whole and reported as an *overflow*,
so a test fails on it. Texts that sit side by side (the chips of a row, the buttons of a bar, the cells of a
score row) share one size with `fit_row`: the largest that fits all of them.

## The face

Every text is drawn in the face shipped with the table (table.fonts: DejaVu Sans Condensed Bold), kerned, with the
letters of Latin, Vietnamese, Greek and Cyrillic; a name with a letter it lacks is refused where it is given
(table.core.badges, the flow's SetName). A rendered line is trimmed to its letters' rows (the tops of capitals and
ascenders to the tails of g and y, or further for an accent over a capital) and to its ink's columns, so a line is
as tall as its size and a tail or an accent is never cut.

Rendering is the costly part of a frame, so rendered lines are cached by (text, size, colour) and the fitting by
its arguments: a frame that changes little redraws from the cache. Callers only blit the returned surfaces (with
`place`, which records where, for the tests), never draw on them.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from functools import cache, lru_cache

import pygame

from table.fonts import FACE

LINE_SPACING = 1.1  # a line's step, of the type's size (the line size of the face the table had before)
ASCENDING = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789bdfhklt"  # their tops are the top of a line's letters ...
DESCENDING = "gjpqy"  # ... and these tails its bottom
# Unicode's line breaking (UAX #14) for the signs that matter here: no line starts with a closing sign (classes EX,
# IS, CL, CP: "! ? : ; , . » )"), even after a space (French "vraiment ?"), and none ends with an opening one (OP,
# and the French opening guillemet).
NO_BREAK_BEFORE = "!?:;,.»)]}"
NO_BREAK_AFTER = "«([{"
TALL = 1.35  # a block of lines may be this much taller than its box's height (the box is the type's size)
FIGURE = 4  # characters: a text this short (a number, a letter, "HO!") may be larger than the title
MORE_LINES = 2  # lines a text may take beyond the box's, before a word is let out of its box
Colour = tuple[int, int, int]
Words = str | Sequence[str]  # a text, or its forms from the longest to the shortest


@dataclass(frozen=True)
class TypeScale:
    """The sizes of type on one screen: the font's size in pixels."""

    small: int  # the minimum: nothing is ever drawn smaller
    body: int
    heading: int
    title: int

    @property
    def steps(self) -> tuple[int, ...]:
        return (self.title, self.heading, self.body, self.small)

    @property
    def min_cap(self) -> int:
        """The minimum height of a capital letter, in pixels."""
        return cap_height(self.small)


TV_HEIGHT, TOUCH_HEIGHT = 1080, 480
TV = TypeScale(small=27, body=36, heading=46, title=60)  # 1920x1080 at 3 m (see above)
TOUCH = TypeScale(small=16, body=21, heading=27, title=34)  # 800x480 on 7" at arm's length


def scale_for(size: tuple[int, int]) -> TypeScale:
    """The type scale of a screen of `size`: TOUCH's up to 480 px high, TV's at 1080, in between by the height."""
    height = size[1]
    if height >= TV_HEIGHT:
        return TypeScale(*(round(step * height / TV_HEIGHT) for step in _fields(TV)))
    t = max(0.0, (height - TOUCH_HEIGHT) / (TV_HEIGHT - TOUCH_HEIGHT))
    return TypeScale(*(round(a + (b - a) * t) for a, b in zip(_fields(TOUCH), _fields(TV), strict=True)))


def _fields(scale: TypeScale) -> tuple[int, int, int, int]:
    return (scale.small, scale.body, scale.heading, scale.title)


_scale = TV


def use_screen(size: tuple[int, int]) -> None:
    """Draw for a screen of `size` from now on (the scoreboard, at each frame)."""
    global _scale
    _scale = scale_for(size)


def current() -> TypeScale:
    """The type scale of the screen being drawn."""
    return _scale


@contextmanager
def screen(size: tuple[int, int]) -> Iterator[TypeScale]:
    """Draw for a screen of `size` inside the `with` block."""
    global _scale
    before, _scale = _scale, scale_for(size)
    try:
        yield _scale
    finally:
        _scale = before


# --- What was drawn: for the tests ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Overflow:
    """A text that does not fit its box even at the smallest type on MORE_LINES more lines: drawn whole all the
    same, on as many lines as it takes (and wider than the box if a word is)."""

    text: str
    box: tuple[int, int]
    width: int  # the widest line it took
    lines: int  # the lines it took


@dataclass
class Drawn:
    """One text as fitted and placed: for a test that measures every text on every screen."""

    text: str
    size: int  # the type's size in pixels
    cap_height: int  # the height of a capital letter as drawn, in pixels
    box: tuple[int, int]
    rendered: tuple[int, int]
    cut: bool  # shortened with "..." (never, since the type scale)
    surface: pygame.Surface | None = None
    placed: bool | None = None  # placed inside its surface (None: not placed through `place`)
    rect: pygame.Rect | None = None  # where, on the surface
    target: pygame.Surface | None = None  # on which surface
    scaled: bool = False  # placed as a scaled copy (an animation's pop): its pixels are not the rendered ones


_watchers: list[list[Overflow]] = []
_recorders: list[list[Drawn]] = []


@contextmanager
def watch_overflows() -> Iterator[list[Overflow]]:
    """Collect the overflows of everything drawn inside the `with` block."""
    found: list[Overflow] = []
    _watchers.append(found)
    try:
        yield found
    finally:
        del _watchers[next(n for n, other in enumerate(_watchers) if other is found)]


@contextmanager
def record_texts() -> Iterator[list[Drawn]]:
    """Collect every text fitted (and where it was placed) inside the `with` block."""
    found: list[Drawn] = []
    _recorders.append(found)
    try:
        yield found
    finally:  # by identity: another recorder (nested, as the scoreboard's) may hold equal texts
        del _recorders[next(n for n, other in enumerate(_recorders) if other is found)]


def place(
    target: pygame.Surface, rendered: pygame.Surface, shown: pygame.Surface | None = None, **anchor: object
) -> pygame.Rect:
    """Blit a fitted text with its rect anchored as `anchor` says (`center=(x, y)`, `midtop=...`); `shown`, if
    given, is blitted in its place (the text scaled for an animation)."""
    shown = rendered if shown is None else shown
    rect = shown.get_rect(**anchor)
    target.blit(shown, rect)
    inside = target.get_rect().contains(rect)
    for found in _recorders:
        for drawn in reversed(found):
            if drawn.surface is rendered and drawn.placed is None:
                drawn.placed, drawn.rect, drawn.target = inside, rect, target
                drawn.scaled = shown is not rendered
                break
    return rect


# --- Fonts and fitting ----------------------------------------------------------------------------------------


@cache
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The table's face (table.fonts: DejaVu Sans Condensed Bold), kerned: bold already. A synthetic bold on top
    merges the two dots of an umlaut into a bar ("Rūckgāngig"), so it is asked for only where a heavier line is
    wanted. Every text of every screen is drawn with a face from here."""
    face = pygame.font.Font(FACE, size)
    face.set_bold(bold)
    _kern(face)
    return face


def _kern(face: pygame.font.Font) -> None:
    """Kerning pairs apply. Where SDL_ttf shapes with HarfBuzz, the face's kerning (its GPOS table) is looked up by
    script, and SDL_ttf's default script finds none: so Latin, the script of nearly every text. Without HarfBuzz,
    FreeType kerns from the face's 'kern' table by itself."""
    with suppress(pygame.error, AttributeError):  # an SDL_ttf without HarfBuzz, or a pygame before 2.2
        face.set_script("Latn")


@cache
def cap_height(size: int) -> int:
    """The height of a capital letter at `size`, as drawn (the ink of an "H")."""
    _, _, bottom, top, _ = font(size).metrics("H")[0]
    return top - bottom


@lru_cache(maxsize=4096)
def render(text: str, size: int, colour: Colour) -> pygame.Surface:
    """`text` in the bold face at `size` pixels: cached, so the same words are rendered once. The face's own line
    leaves room for accents over capitals (É, Ấ) that most texts have not: the line is trimmed to its letters' rows,
    from the tops of capitals and ascenders (or higher, the text's accents) to the tails of g and y (or lower), so a
    line is as tall as its size, as with the face before, and nothing drawn is cut."""
    face = font(size)
    whole = face.render(text, True, colour)
    top, bottom = _letter_rows(text, size)
    ascent = face.get_ascent()  # the baseline's row in the rendered line
    lead, trail = _bearings(text, size)
    kept = pygame.Rect(lead, max(0, ascent - top), whole.get_width() - lead - trail, 0)
    kept.height = min(whole.get_height(), ascent - bottom) - kept.top
    return whole.subsurface(kept).copy() if kept.width > 0 and kept.height > 0 else whole


@lru_cache(maxsize=16384)
def text_width(text: str, size: int) -> int:
    """The width of `text` as rendered at `size`: its letters' advances, kerned, less the blank side bearings
    before its first letter and after its last (a box holds the letters, not the space around them)."""
    lead, trail = _bearings(text, size)
    return max(0, font(size).size(text)[0] - lead - trail)


def _bearings(text: str, size: int) -> tuple[int, int]:
    """The blank columns before the first letter's ink and after the last one's (none for a blank)."""
    drawn = [metrics for metrics in font(size).metrics(text) if metrics is not None]
    if not text.strip() or not drawn:
        return 0, 0
    first, last = drawn[0], drawn[-1]
    return max(0, first[0]), max(0, last[4] - last[1])


def _letter_rows(text: str, size: int) -> tuple[int, int]:
    """The rows of `text`'s letters above (top) and below (bottom, negative) the baseline: at least a line's."""
    top, bottom = line_rows(size)
    for metrics in font(size).metrics(text):
        if metrics is not None:
            top, bottom = max(top, metrics[3]), min(bottom, metrics[2])
    return top, bottom


@cache
def line_rows(size: int) -> tuple[int, int]:
    """The rows of a line of plain letters at `size` above and below the baseline: the ink of the tallest capital
    or ascender, and of the longest tail."""
    face = font(size)
    top = max(metrics[3] for metrics in face.metrics(ASCENDING) if metrics is not None)
    bottom = min(metrics[2] for metrics in face.metrics(DESCENDING) if metrics is not None)
    return top, bottom


def line_height(size: int) -> int:
    """The height of a line of text at `size`, as rendered (accents over capitals may add a little)."""
    top, bottom = line_rows(size)
    return top - bottom


def line_step(size: int) -> int:
    """From one line's top to the next one's, in a block of lines: a pixel at least between a tail and the next
    line's capitals."""
    return max(line_height(size) + 1, round(size * LINE_SPACING))


def fit_text(
    words: Words,
    width: int,
    height: int,
    colour: Colour,
    lines: int = 1,
    record: bool = True,
    size: int | None = None,
) -> pygame.Surface:
    """`words` in the largest size of the scale that fits the box (at most its height), on at most `lines` lines.

    `words` is a text or its forms, longest first: a shorter form is taken only when the longer does not fit at
    the smallest size. `size`, if given, is the size to draw in (a row's shared size, from `row_size`). `record`
    False leaves an overflow unreported (none is expected there).
    """
    forms = (words,) if isinstance(words, str) else tuple(words)
    box = (max(1, width), max(1, height))
    chosen = fit_size(forms, *box, lines) if size is None else max(size, current().small)
    return _typeset(forms, box, chosen, colour, lines, record)


def fit_row(texts: Sequence[Words], width: int, height: int, colour: Colour, lines: int = 1) -> list[pygame.Surface]:
    """Texts that sit side by side, each in a box of `width` x `height`: all in one size, the largest that fits
    every one of them, so no chip or cell looks smaller than its neighbours."""
    size = row_size(texts, width, height, lines)
    return [fit_text(words, width, height, colour, lines, size=size) for words in texts]


def row_size(texts: Sequence[Words], width: int, height: int, lines: int = 1) -> int:
    """The one size for texts side by side, each in a box of `width` x `height`: the largest that fits them all."""
    box = (max(1, width), max(1, height))
    forms = [(words,) if isinstance(words, str) else tuple(words) for words in texts]
    return min((fit_size(f, *box, lines) for f in forms), default=current().small)


def fits(words: Words, width: int, height: int, lines: int = 1) -> bool:
    """Whether some form of `words` fits the box at the smallest size (else it would be laid out again)."""
    forms = (words,) if isinstance(words, str) else tuple(words)
    return any(_layout(form, max(1, width), max(1, height), current().small, lines) for form in forms)


def block_size(words: str, width: int, height: int, lines: int, most: int) -> int | None:
    """The largest size of the scale, up to `most`, at which `words` wrap into at most `lines` lines whose block is
    no taller than `height` (a strip that must hold them whole); None if not even the smallest does."""
    for size in current().steps:
        wrapped = _wrap(words, width, size, lines) if size <= min(height, most) else None
        if wrapped is not None and block_height(len(wrapped), size) <= height:
            return size
    return None


def min_width(words: str, size: int, lines: int) -> int:
    """The narrowest box `words` fit at `size` on `lines` lines (broken between words)."""
    low = max((text_width(word, size) for word in break_units(words)), default=0)
    high = max(low, text_width(words, size))
    while low < high:  # the narrowest width the greedy wrap manages
        middle = (low + high) // 2
        if _wrap(words, middle, size, lines) is None:
            low = middle + 1
        else:
            high = middle
    return high


def fit_size(forms: Sequence[str], width: int, height: int, lines: int = 1) -> int:
    """The largest size of the scale (or the box's height, above the title, for a figure) that fits the longest
    form that fits at all."""
    scale = current()
    return _fit_size(tuple(forms), width, height, lines, scale)


@lru_cache(maxsize=8192)
def _fit_size(forms: tuple[str, ...], width: int, height: int, lines: int, scale: TypeScale) -> int:
    for form in forms:  # the longest form at any size of the scale, before a shorter one
        for size in _sizes(height, scale, len(form) <= FIGURE):
            if _layout(form, width, height, size, lines) is not None:
                return size
    return scale.small


def _sizes(height: int, scale: TypeScale, figure: bool) -> list[int]:
    """The sizes to try, largest first: the box's height if above the title (for a figure), the scale's steps no
    taller than the box, and always the smallest (a box lower than it gets the smallest all the same)."""
    sizes = [height] if figure and height > scale.title else []
    return sizes + [step for step in scale.steps if step <= height] + [scale.small]


def _layout(text: str, width: int, height: int, size: int, lines: int) -> list[str] | None:
    """The text's lines at `size` if they fit the box (a block of lines may be TALL times the box's height)."""
    wrapped = _wrap(text, width, size, lines)
    if wrapped is None:
        return None
    if len(wrapped) > 1 and block_height(len(wrapped), size) > height * TALL:
        return None
    return wrapped


def block_height(count: int, size: int) -> int:
    return line_step(size) * (count - 1) + line_height(size)


def _typeset(
    forms: tuple[str, ...], box: tuple[int, int], size: int, colour: Colour, lines: int, record: bool
) -> pygame.Surface:
    surface, chosen, overflow = _at_size(forms, box, size, colour, lines)
    if overflow is not None and record:
        for watcher in _watchers:
            watcher.append(overflow)
    for found in _recorders:
        found.append(Drawn(chosen, size, cap_height(size), box, surface.get_size(), False, surface))
    return surface


@lru_cache(maxsize=8192)
def _at_size(
    forms: tuple[str, ...], box: tuple[int, int], size: int, colour: Colour, lines: int
) -> tuple[pygame.Surface, str, Overflow | None]:
    """The first form that fits at `size`; else the shortest, on more lines, then whole even if wider."""
    width, height = box
    for form in forms:
        wrapped = _layout(form, width, height, size, lines)
        if wrapped is not None:
            return _stack(wrapped, size, colour), form, None
    shortest = forms[-1]
    for more in range(lines + 1, lines + MORE_LINES + 1):
        wrapped = _wrap(shortest, width, size, more)
        if wrapped is not None:
            return _stack(wrapped, size, colour), shortest, None
    wrapped = _wrap_whole(shortest, width, size)
    needed = max(text_width(line, size) for line in wrapped)
    return _stack(wrapped, size, colour), shortest, Overflow(shortest, box, needed, len(wrapped))


def _wrap(text: str, width: int, size: int, lines: int) -> list[str] | None:
    """The text broken into at most `lines` lines no wider than `width` at `size`; None if it cannot be."""
    if text_width(text, size) <= width:
        return [text]
    if lines == 1:
        return None
    out: list[str] = []
    for word in break_units(text):
        if out and text_width(f"{out[-1]} {word}", size) <= width:
            out[-1] = f"{out[-1]} {word}"
        elif text_width(word, size) <= width and len(out) < lines:
            out.append(word)
        else:
            return None
    return out


def wrap(text: str, width: int, size: int) -> list[str]:
    """`text` broken into lines no wider than `width` at `size` where it can be (a word wider has a line of its
    own), as the typesetter breaks a text that needs more lines."""
    return _wrap_whole(text, width, size)


def _wrap_whole(text: str, width: int, size: int) -> list[str]:
    """The text broken between words as needed, a word wider than `width` on a line of its own, never cut."""
    out: list[str] = []
    for word in break_units(text):
        if out and text_width(f"{out[-1]} {word}", size) <= width:
            out[-1] = f"{out[-1]} {word}"
        else:
            out.append(word)
    return out or [text]


def break_units(text: str) -> list[str]:
    """The pieces a line may break between: words, at plain spaces (never at a no-break space), a closing sign
    kept with the word before it and an opening one with the word after it, even across a space."""
    units: list[str] = []
    for word in text.split(" "):
        if not word:
            continue
        if units and (word[0] in NO_BREAK_BEFORE or units[-1][-1] in NO_BREAK_AFTER):
            units[-1] = f"{units[-1]} {word}"
        else:
            units.append(word)
    return units


def _stack(wrapped: list[str], size: int, colour: Colour) -> pygame.Surface:
    """The lines one under the other, each centred, their baselines a step apart (a line with accents over its
    capitals is taller above its baseline than the others)."""
    if len(wrapped) == 1:
        return render(wrapped[0], size, colour)
    parts = [render(line, size, colour) for line in wrapped]
    step, (top, _) = line_step(size), line_rows(size)
    above = [_letter_rows(line, size)[0] - top for line in wrapped]  # each line's rows above a plain line's top
    first = max(above)
    tops = [first - up + n * step for n, up in enumerate(above)]
    height = max(top + part.get_height() for top, part in zip(tops, parts, strict=True))
    out = pygame.Surface((max(p.get_width() for p in parts), height), pygame.SRCALPHA)
    for top, part in zip(tops, parts, strict=True):
        out.blit(part, part.get_rect(midtop=(out.get_width() // 2, top)))
    return out
