"""Dice drawn from shapes and text, like the cards (table/display/card_art.py): readable across the room, and never
by colour alone.

Each kind has an Okabe-Ito colour AND a mark in the die's corner (`kind_mark`): the number
dice the card suits' shapes (black the Jolly Roger flag, blue a square, red a triangle, yellow a circle), the Skull
King a crown, a Pirate crossed sabres, a Mermaid a tail; no letter, which would stay English in every language. The
face is a numeral, a drawn skull, or a drawn flag; an unreadable face is a "?".
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from table.display import typeset
from table.display.card_art import (
    BLUISH_GREEN,
    INK,
    ORANGE,
    OXBLOOD,
    PAPER,
    SUIT_COLOURS,
    draw_crossed_sabres,
    draw_crown,
    draw_fish_tail,
    suit_mark,
)
from table.display.typeset import fit_text, place

DIE_COLOURS = {**SUIT_COLOURS, "skullking": ORANGE, "pirate": OXBLOOD, "mermaid": BLUISH_GREEN}
SYMBOLS = {"skullking": draw_crown, "pirate": draw_crossed_sabres, "mermaid": draw_fish_tail}
DIE_KINDS = ("black", "blue", "red", "yellow", "skullking", "pirate", "mermaid")  # strongest first, as the rules
LIGHT_KINDS = ("yellow", "skullking")  # dark ink on these bodies, light ink on the others


def ink_on(kind: str) -> tuple[int, int, int]:
    return INK if kind in LIGHT_KINDS else PAPER


def kind_mark(surface: pygame.Surface, kind: str, box: pygame.Rect, ink: tuple[int, int, int]) -> None:
    """A number die's suit shape, or a special die's symbol (the Skull King's crown, a Pirate's sabres, a Mermaid's
    tail): what tells a die's kind without its colour, in every language."""
    if kind in SYMBOLS:
        SYMBOLS[kind](surface, box, ink)
    else:
        suit_mark(surface, kind, box, ink)


def draw_die(kind: str, face: str | None, size: int) -> pygame.Surface:
    """A die seen from above: its body in the kind's colour, its mark in a corner, its face in the middle.

    `face` None: a "?" (unreadable); "": no face, only the kind (a colour swatch with its mark, large).
    Cached (with the screen's type scale): callers only blit it."""
    return _draw_die(kind, face, size, typeset.current())


@lru_cache(maxsize=256)
def _draw_die(kind: str, face: str | None, size: int, scale: typeset.TypeScale) -> pygame.Surface:
    die = pygame.Surface((size, size), pygame.SRCALPHA)
    body = DIE_COLOURS.get(kind, (128, 128, 128))
    radius = max(3, size // 7)
    pygame.draw.rect(die, body, die.get_rect(), border_radius=radius)
    pygame.draw.rect(
        die, PAPER if kind == "black" else INK, die.get_rect(), width=max(1, size // 30), border_radius=radius
    )
    ink = ink_on(kind)
    if face != "":
        kind_mark(die, kind, pygame.Rect(size // 12, size // 12, size // 4, size // 4), ink)
    glyph = pygame.Rect(0, 0, size * 3 // 5, size * 3 // 5)
    glyph.center = (size // 2, size * 11 // 20)
    if face == "skull":
        _skull(die, glyph, ink, body)
    elif face == "flag":
        _flag(die, glyph, ink)
    elif face == "":
        kind_mark(die, kind, pygame.Rect(size // 4, size // 4, size // 2, size // 2), ink)
        return die
    else:
        numeral = fit_text(face or "?", glyph.width, glyph.height, ink, record=False)
        place(die, numeral, center=glyph.center)
    return die


def _skull(die: pygame.Surface, box: pygame.Rect, ink: tuple[int, int, int], body: tuple[int, int, int]) -> None:
    head = pygame.Rect(box.left + box.width // 8, box.top, box.width * 3 // 4, box.height * 2 // 3)
    pygame.draw.ellipse(die, ink, head)
    jaw = pygame.Rect(0, 0, head.width // 2, box.height // 4)
    jaw.midtop = (head.centerx, head.bottom - box.height // 10)
    pygame.draw.rect(die, ink, jaw)
    eye = max(2, box.width // 9)
    for dx in (-1, 1):
        pygame.draw.circle(die, body, (head.centerx + dx * head.width // 5, head.centery), eye)
    for n in (-1, 0, 1):  # teeth
        x = jaw.centerx + n * jaw.width // 4
        pygame.draw.line(die, body, (x, jaw.top + jaw.height // 3), (x, jaw.bottom), max(1, box.width // 20))


def _flag(die: pygame.Surface, box: pygame.Rect, ink: tuple[int, int, int]) -> None:
    pole = max(2, box.width // 12)
    left = box.left + box.width // 5
    pygame.draw.line(die, ink, (left, box.top), (left, box.bottom), pole)
    pygame.draw.polygon(die, ink, [(left, box.top), (box.right, box.top + box.height // 4), (left, box.centery)])
