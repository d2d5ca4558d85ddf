"""The table seen from above: a header (the title, the prompt), the table as an oval, the seats in two rows around it
(each a name plate under the card it laid) and the middle between the rows, where the table speaks. The layout the
lobby and the trick screen share (the dice game's and The Flying Hollander's is table.display.seat_strip).

A seat's plate says its name and its state; whose turn it is and who won are shown by a thick outline AND a word,
never by colour alone.
"""

from __future__ import annotations

from typing import NamedTuple

import pygame

from table.core.text import Text
from table.display import typeset
from table.display.card_art import CARD_RATIO, INK, PAPER
from table.display.typeset import fit_text, place, row_size
from table.display.views import Paint

FELT = (22, 60, 45)
TABLE = (36, 92, 66)
HIGHLIGHT = (240, 228, 66)  # Okabe-Ito yellow, with a thick outline and a word besides
PLATE_WIDTH = 5.0  # card widths: a name and its state on one line; above it, the card and its words beside it

PlateWords = tuple[tuple[str, ...], ...]  # a plate's lines (the name, the state, the total so far), each with its forms
LINES = 3  # a plate's lines at most: the name, the state, the total so far (the lobby's have two)


def band(size: tuple[int, int]) -> int:
    return size[1] // 9


def table_area(size: tuple[int, int]) -> pygame.Rect:
    """Below the title and the prompt."""
    width, height = size
    header = band(size)
    return pygame.Rect(0, header * 2, width, height - header * 2).inflate(-width // 40, -header // 4)


def seat_places(count: int, area: pygame.Rect, cardless: bool = False) -> tuple[list[tuple[int, int]], int]:
    """Where each seat's group (its card over its name plate) is centred, and the card width that fits.

    Two rows around the table: seats go clockwise, seen from above, along the bottom row from right to left and
    then along the top row from left to right. The rows hug the area's top and bottom, leaving a strip between
    them for the middle of the table (`middle_strip`). On a `cardless` screen (the lobby) no card is ever laid: the
    top row's plates go up into its cards' room, leaving more of the middle.
    """
    bottom = (count + 1) // 2
    columns = max(bottom, count - bottom)
    card_width = int(min(area.width / (columns * (PLATE_WIDTH + 0.2)), area.height / 6.2))
    half = (_group_height(card_width) + 1) // 2 + 1
    slot = area.width / columns
    rows = (area.bottom - half, area.top + half - (round(card_width * CARD_RATIO) + 4 if cardless else 0))
    places = [(round(area.right - slot * (n + 0.5)), rows[0]) for n in range(bottom)]
    places += [(round(area.left + slot * (n + 0.5)), rows[1]) for n in range(count - bottom)]
    return places, card_width


def _group_height(card_width: int) -> int:
    return round(card_width * CARD_RATIO) + plate_height(card_width) + 4


def plate_height(card_width: int) -> int:
    """A name plate holds two lines (the name, the state) of at least the smallest type; as tall as the card is
    wide, it holds a third (the total so far) on most screens."""
    small = typeset.current().small
    return max(card_width, typeset.font(small).get_linesize() * 2 + small // 2)


def _lines_held(plate: pygame.Rect) -> int:
    """How many lines of at least the smallest type the plate holds: LINES, or two."""
    small = typeset.current().small
    return LINES if plate.height >= typeset.font(small).get_linesize() * LINES + small // 3 else 2


class PlateSizes(NamedTuple):
    """The plates' lines' sizes (the same on every plate), and where a plate too low for its last line (the total)
    puts it: "line" (it has the room), "state" ("bid 1, won 0, total 20"), "name" ("Anna, total 20") or "none";
    `short` when the totals there are said in their short form ("\u03a3 20"), on every plate alike."""

    sizes: tuple[int, ...]
    last: str = "line"
    short: bool = False


def plate_lines(words: PlateWords, last: str, short: bool = False) -> PlateWords:
    """The lines a plate shows, its last one put where `last` says (PlateSizes): joined to the state, or alone in
    its place when the seat has no state to say, or joined to the name; in its `short` form, or its long one."""
    if len(words) <= 2 or last == "line":
        return words
    name, state, forms = words
    total = forms[-1:] if short else forms[:1]
    if last == "state" and not state[0]:
        return name, total
    if last == "state":
        return name, _joined(state, total)
    if last == "name":
        return _joined(name, total), state
    return name, state


def _joined(first: tuple[str, ...], second: tuple[str, ...]) -> tuple[str, ...]:
    """Two lines' forms said on one line ("bid 1, won 0, total 20"), longest first: each pair of forms, so that the
    shortest ("bid/won 1/0, \u03a3 20") is there for a narrow plate."""
    pairs = [f"{one}, {two}" for two in second for one in first]
    return tuple(sorted(dict.fromkeys(pairs), key=len, reverse=True))


def middle_strip(count: int, area: pygame.Rect, cards: bool = True, cardless: bool = False) -> pygame.Rect:
    """The strip between the two rows of seats, where the middle of the table speaks.

    Without `cards` on the table the bottom row's card space is free too.
    """
    places, card_width = seat_places(count, area, cardless)
    top = plate_rect(places[-1], card_width).bottom + 14  # the top row's plates, and room for the selection frame
    bottom = plate_rect(places[0], card_width).top - 14 - (round(card_width * CARD_RATIO) if cards else 0)
    return pygame.Rect(area.left + area.width // 40, top, area.width * 19 // 20, bottom - top)


def plate_rects(seats: list[int], size: tuple[int, int], cardless: bool = False) -> dict[int, pygame.Rect]:
    """Where each of `seats` has its name plate (seat -> rect), for touches on the screen."""
    places, card_width = seat_places(len(seats), table_area(size), cardless)
    return {seat: plate_rect(centre, card_width) for seat, centre in zip(seats, places, strict=True)}


def plate_rect(centre: tuple[int, int], card_width: int) -> pygame.Rect:
    """A seat's name plate, under its card; the two together centred on `centre`."""
    x, y = centre
    card_height = round(card_width * CARD_RATIO)
    plate = pygame.Rect(0, 0, round(card_width * PLATE_WIDTH), plate_height(card_width))
    plate.midtop = (x, y - (card_height + plate.height) // 2 + card_height + 4)
    return plate


def group_rect(centre: tuple[int, int], card_width: int) -> pygame.Rect:
    """The seat's card and plate together, with room for the highlight and the selection frame."""
    plate = plate_rect(centre, card_width)
    card_top = plate.top - 4 - round(card_width * CARD_RATIO)
    return pygame.Rect(plate.left, card_top, plate.width, plate.bottom - card_top).inflate(24, 24)


def draw_table(size: tuple[int, int], title: Text, prompt: Text, paint: Paint) -> tuple[pygame.Surface, pygame.Rect]:
    """The felt, the title and the prompt over the table's oval; returns the surface and the table's area."""
    width = size[0]
    surface = pygame.Surface(size)
    surface.fill(FELT)
    top = band(size)
    header = pygame.Rect(0, 0, width, top * 2 + top // 2)  # with room for a prompt's second line that spills
    said = fit_text(paint.say(title), width * 19 // 20, top * 3 // 4, PAPER)
    header.union_ip(place(surface, said, midtop=(width // 2, top // 8)))
    asked = fit_text(paint.say(prompt), width * 19 // 20, top, PAPER, lines=2)
    header.union_ip(place(surface, asked, center=(width // 2, top * 3 // 2)))
    paint.part(header, ("header", title, prompt))  # all the words cover, even a line that spills
    area = table_area(size)
    pygame.draw.ellipse(surface, TABLE, area.inflate(-width // 8, -area.height // 8))  # the table, from above
    return surface, area


def _line_boxes(plate: pygame.Rect, count: int) -> list[pygame.Rect]:
    """The boxes of a plate's `count` lines: the name's the tallest, on top; the others evenly under it."""
    if count <= 1:
        return [plate.inflate(-plate.width // 10, -plate.height // 6)]
    parts = 5 + 4 * (count - 1)  # the name 5 parts of the height, each other line 4, in 14/12 of it: a margin
    unit = plate.height / (parts + 2)
    top, boxes = plate.top + unit, []
    for n in range(count):
        height = round(unit * (5 if n == 0 else 4))
        boxes.append(pygame.Rect(plate.left + plate.width // 20, round(top), plate.width * 9 // 10, height))
        boxes[-1].height = height * 6 // 7  # a line is drawn taller than its type's size: the gap keeps them apart
        top += unit * (5 if n == 0 else 4)
    return boxes


def plate_sizes(said: list[PlateWords], card_width: int) -> PlateSizes:
    """The size of each line of the plates, the same on every plate (the names in one, the states in another, the
    totals in a third), and where the totals go on plates too low for a third line: the same on every plate, the
    first place where every plate's words fit, the long form of the totals before the short one ("total 20", then
    "\u03a3 20": one form on every plate); else they are left out (the score pad has them)."""
    plate = plate_rect((0, 0), card_width)
    count = max((len(words) for words in said), default=2)
    shown, boxes, last, short = said, _line_boxes(plate, count), "line", False
    tried = [("state", False), ("state", True), ("name", False), ("name", True), ("none", False)]
    for last, short in [("line", False)] if count <= _lines_held(plate) else tried:
        shown = [plate_lines(words, last, short) for words in said]
        boxes = _line_boxes(plate, max((len(words) for words in shown), default=2))
        lines = [(line, box) for words in shown for line, box in zip(words, boxes, strict=False) if line[0]]
        if last == "none" or all(typeset.fits(line, box.width, box.height) for line, box in lines):
            break
    sizes = tuple(
        row_size([words[n] for words in shown if n < len(words) and words[n][0]], box.width, box.height)
        for n, box in enumerate(boxes)
    )
    return PlateSizes(sizes, last, short)


def draw_plate(
    surface: pygame.Surface,
    centre: tuple[int, int],
    card_width: int,
    words: PlateWords,
    sizes: PlateSizes,
    outlined: bool = False,
) -> pygame.Rect:
    """A seat's name plate with its name, its state and its total (`words`, in `sizes`), `outlined` for the seat the
    table waits for or the winner; returns where the plate is."""
    plate = plate_rect(centre, card_width)
    pygame.draw.rect(surface, PAPER, plate, border_radius=card_width // 8)
    if outlined:
        pygame.draw.rect(surface, HIGHLIGHT, plate.inflate(8, 8), width=5, border_radius=card_width // 6)
    shown = plate_lines(words, sizes.last, sizes.short)
    for line, box, size in zip(shown, _line_boxes(plate, len(sizes.sizes)), sizes.sizes, strict=False):
        if line[0]:
            place(surface, fit_text(line, box.width, box.height, INK, size=size), center=box.center)
    return plate
