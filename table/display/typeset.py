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
`lines` lines broken between words. What does not fit even at the smallest size is laid out again: a shorter
form given by the translation (pass the forms longest first), then more lines. It is never shrunk below the
minimum and never cut with "..."; a word still wider than its box is drawn whole and reported as an *overflow*,
so a test fails on it. Texts that sit side by side (the chips of a row, the buttons of a bar, the cells of a
score row) share one size with `fit_row`: the largest that fits all of them.

Rendering is the costly part of a frame, so rendered lines are cached by (text, size, colour) and the fitting by
its arguments: a frame that changes little redraws from the cache. Callers only blit the returned surfaces (with
`place`, which records where, for the tests), never draw on them.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache, lru_cache

import pygame

LINE_SPACING = 1.0  # of the font's line height
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
    """pygame's own face (FreeSans Bold): bold already. Its synthetic bold on top merged the two dots of an umlaut
    into a bar ("Rūckgāngig"), so it is asked for only where a heavier line is wanted."""
    face = pygame.font.Font(pygame.font.get_default_font(), size)
    face.set_bold(bold)
    return face


@cache
def cap_height(size: int) -> int:
    """The height of a capital letter at `size`, as drawn (the ink of an "H")."""
    _, _, bottom, top, _ = font(size).metrics("H")[0]
    return top - bottom


@lru_cache(maxsize=4096)
def render(text: str, size: int, colour: Colour) -> pygame.Surface:
    """`text` in the bold face at `size` pixels: cached, so the same words are rendered once."""
    return font(size).render(text, True, colour)


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
    face = font(size)
    low = max((face.size(word)[0] for word in words.split(" ")), default=0)
    high = max(low, face.size(words)[0])
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
    return round(font(size).get_linesize() * LINE_SPACING) * (count - 1) + font(size).get_height()


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
    needed = max(font(size).size(line)[0] for line in wrapped)
    return _stack(wrapped, size, colour), shortest, Overflow(shortest, box, needed, len(wrapped))


def _wrap(text: str, width: int, size: int, lines: int) -> list[str] | None:
    """The text broken into at most `lines` lines no wider than `width` at `size`; None if it cannot be."""
    face = font(size)
    if face.size(text)[0] <= width:
        return [text]
    if lines == 1:
        return None
    out: list[str] = []
    for word in text.split(" "):  # not at a no-break space (French "vérifier\u00a0?")
        if not word:
            continue
        if out and face.size(f"{out[-1]} {word}")[0] <= width:
            out[-1] = f"{out[-1]} {word}"
        elif face.size(word)[0] <= width and len(out) < lines:
            out.append(word)
        else:
            return None
    return out


def _wrap_whole(text: str, width: int, size: int) -> list[str]:
    """The text broken between words as needed, a word wider than `width` on a line of its own, never cut."""
    face = font(size)
    out: list[str] = []
    for word in text.split(" "):
        if out and face.size(f"{out[-1]} {word}")[0] <= width:
            out[-1] = f"{out[-1]} {word}"
        elif word:
            out.append(word)
    return out or [text]


def _stack(wrapped: list[str], size: int, colour: Colour) -> pygame.Surface:
    """The lines one under the other, each centred."""
    if len(wrapped) == 1:
        return render(wrapped[0], size, colour)
    parts = [render(line, size, colour) for line in wrapped]
    step = round(font(size).get_linesize() * LINE_SPACING)
    out = pygame.Surface(
        (max(p.get_width() for p in parts), step * (len(parts) - 1) + parts[-1].get_height()), pygame.SRCALPHA
    )
    for n, part in enumerate(parts):
        out.blit(part, part.get_rect(midtop=(out.get_width() // 2, n * step)))
    return out
