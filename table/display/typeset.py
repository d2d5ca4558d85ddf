"""Text on the scoreboard: fitted to its box, wrapped onto a few lines if need be, rendered once and cached.

Every text is drawn into a box (width x height). `fit_text` picks the largest type that fits, on up to `lines`
lines; only when even `MIN_TYPE` does not fit is the text cut short with "...", and that is an *overflow*: it is
recorded, so a test can render every screen in every language and fail on any translation too long for its box.

Rendering text is the costly part of a frame, so the rendered surfaces are cached by (text, size, colour) and the
fitting by (text, box, colour, lines): a frame that changes little redraws from the cache. Callers only blit the
returned surfaces, never draw on them.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache, lru_cache

import pygame

MIN_TYPE = 10  # pixels; smaller is unreadable even up close on the 7-inch screen


@dataclass(frozen=True)
class TypeScale:
    """The sizes of type on one screen, in pixels (the font's size; a capital is about 0.72 of it)."""

    small: int  # the minimum: nothing is ever drawn smaller
    body: int
    heading: int
    title: int

    @property
    def min_cap(self) -> int:
        return cap_height(self.small)


TV = TypeScale(small=28, body=36, heading=46, title=60)  # 1920x1080
TOUCH = TypeScale(small=17, body=21, heading=27, title=34)  # 800x480


def scale_for(size: tuple[int, int]) -> TypeScale:
    """The type scale of a screen of `size`."""
    height = size[1]
    if height >= TV_HEIGHT:
        k = height / TV_HEIGHT
        return TypeScale(*(round(v * k) for v in (TV.small, TV.body, TV.heading, TV.title)))
    t = max(0.0, (height - TOUCH_HEIGHT) / (TV_HEIGHT - TOUCH_HEIGHT))
    pairs = zip((TOUCH.small, TOUCH.body, TOUCH.heading, TOUCH.title), (TV.small, TV.body, TV.heading, TV.title))
    return TypeScale(*(round(a + (b - a) * t) for a, b in pairs))


TV_HEIGHT, TOUCH_HEIGHT = 1080, 480
LINE_SPACING = 1.05  # of the font's line height
Colour = tuple[int, int, int]


@dataclass(frozen=True)
class Overflow:
    """A text that did not fit its box even at the smallest type, and was cut short."""

    text: str
    box: tuple[int, int]
    width: int  # what it needed at the smallest type


_watchers: list[list[Overflow]] = []


@dataclass
class Drawn:
    """One text as fitted: for a test that measures every text on every screen."""

    text: str
    size: int  # the type's size in pixels
    cap_height: int  # the height of a capital letter as drawn, in pixels
    box: tuple[int, int]
    rendered: tuple[int, int]
    cut: bool  # shortened with "..."
    surface: pygame.Surface | None = None
    placed: bool | None = None  # placed inside its surface (None: not placed through `place`)


_recorders: list[list[Drawn]] = []


@contextmanager
def record_texts() -> Iterator[list[Drawn]]:
    """Collect every text fitted inside the `with` block."""
    found: list[Drawn] = []
    _recorders.append(found)
    try:
        yield found
    finally:
        _recorders.remove(found)


def cap_height(size: int) -> int:
    top, bottom = font(size).metrics("H")[0][3], font(size).metrics("H")[0][2]
    return top - bottom


@contextmanager
def watch_overflows() -> Iterator[list[Overflow]]:
    """Collect the overflows of everything drawn inside the `with` block."""
    found: list[Overflow] = []
    _watchers.append(found)
    try:
        yield found
    finally:
        _watchers.remove(found)


@cache
def font(size: int, bold: bool = True) -> pygame.font.Font:
    face = pygame.font.Font(pygame.font.get_default_font(), size)
    face.set_bold(bold)
    return face


@lru_cache(maxsize=4096)
def render(text: str, size: int, colour: Colour) -> pygame.Surface:
    """`text` in bold type of `size` pixels: cached, so the same words are rendered once."""
    return font(size).render(text, True, colour)


def fit_text(text: str, width: int, height: int, colour: Colour, lines: int = 1, record: bool = True) -> pygame.Surface:
    """`text` in the largest type that fits the box, on at most `lines` lines (broken between words).

    If even MIN_TYPE does not fit, the text is cut short with "..." and, unless `record` is False (card art,
    whose captions are ornaments), reported to the overflow watchers.
    """
    surface, size, overflow = _fit(text, max(1, width), max(1, height), colour, lines)
    for drawn in _recorders:
        drawn.append(
            Drawn(text, size, cap_height(size), (width, height), surface.get_size(), overflow is not None, surface)
        )
    if overflow is not None and record:
        for found in _watchers:
            found.append(overflow)
    return surface


@lru_cache(maxsize=8192)
def _fit(
    text: str, width: int, height: int, colour: Colour, lines: int
) -> tuple[pygame.Surface, int, Overflow | None]:
    size = max(MIN_TYPE, height)
    while True:
        wrapped = _wrap(text, width, size, lines)
        if wrapped is not None:
            block = _stack(wrapped, size, colour)
            if block.get_height() <= height * 1.35 or size == MIN_TYPE:
                return block, size, None
        if size == MIN_TYPE:
            break
        size = max(MIN_TYPE, int(size * 0.9))
    face = font(MIN_TYPE)
    needed = face.size(text)[0]
    cut = text
    while face.size(cut)[0] > width and cut.removesuffix("..."):
        cut = cut.removesuffix("...")[:-1].rstrip() + "..."
    return render(cut, MIN_TYPE, colour), MIN_TYPE, Overflow(text, (width, height), needed)


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
