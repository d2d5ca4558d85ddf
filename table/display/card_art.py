"""Cards drawn from shapes and text: no printed artwork, readable from across the room, and never by colour alone.

Each suit has a colour from the Okabe-Ito palette (told apart by the common colour blindnesses) AND its own
shape: yellow a circle, red a triangle, blue a square, black the Jolly Roger flag, green a diamond, purple a folded
map. No letter: a letter is English in every language ("Gelb (Y)") and black's K reads as the King; the
shape says the suit the same in every language. Special cards have a drawn symbol; their name is drawn beside them
(`card_words`), where it can be large enough.

The display keeps the drawing: the card, the suits' colours and shapes, and the symbols more than one game draws
(a crown, crossed sabres, a fish's tail). Each game's art module (table/games/<game>/art.py) says how its card codes
look (`CardFace`) and its special cards' names, colours and symbols (`Special`). Plain data in, a pygame Surface
out: the display knows nothing of the rules.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import pygame

from table.core.text import Text, Translator, verbatim
from table.display import typeset
from table.display.typeset import fit_text, place

CARD_RATIO = 1.45  # height / width of a playing card
PAPER = (250, 246, 236)
INK = (25, 25, 30)

Colour = tuple[int, int, int]
Symbol = Callable[[pygame.Surface, pygame.Rect, Colour], None]  # draws a special card's symbol in a box, in an ink

SUIT_COLOURS = {
    "yellow": (240, 228, 66),  # Okabe-Ito yellow
    "red": (213, 94, 0),  # Okabe-Ito vermillion
    "blue": (0, 114, 178),  # Okabe-Ito blue
    "black": (20, 20, 24),
    "green": (0, 140, 100),  # Okabe-Ito bluish green, darker
    "purple": (150, 70, 130),  # Okabe-Ito reddish purple, darker
}
# Colours of special cards (and dice) more than one game draws, named by their look.
ORANGE = (230, 159, 0)  # Okabe-Ito orange
OXBLOOD = (120, 40, 40)
BLUISH_GREEN = (0, 158, 115)  # Okabe-Ito bluish green


@dataclass(frozen=True)
class Special:
    """How a special card looks: its name (drawn beside the card, not on it), its colour, its symbol and the
    symbol's ink. A game's art module says it for each of its special cards."""

    name: Text
    colour: Colour
    symbol: Symbol
    ink: Colour = PAPER
    known_by_caption: bool = False  # in a hand, its caption names it (a pirate's own name), not its kind's name


@dataclass(frozen=True)
class CardFace:
    """What is printed on a card. kind: "number", or a special card's kind ("escape", "pirate", ...) and how it
    looks (`special`; None: a card the game does not know, drawn as a crown on a dark face and named by its kind)."""

    kind: str
    suit: str | None = None
    number: int = 0
    caption: str | Text = ""  # a pirate's name, or how Scary Mary was announced
    special: Special | None = None


def draw_card(face: CardFace, width: int, catalog: Translator | None = None) -> pygame.Surface:
    """The card, `width` pixels wide, its words in `catalog`'s language. Cached (with the screen's type scale):
    callers only blit it."""
    return _draw_card(face, width, catalog, typeset.current())


@lru_cache(maxsize=512)
def _draw_card(face: CardFace, width: int, catalog: Translator | None, scale: typeset.TypeScale) -> pygame.Surface:
    height = round(width * CARD_RATIO)
    card = pygame.Surface((width, height), pygame.SRCALPHA)
    radius = max(3, width // 12)
    pygame.draw.rect(card, PAPER, card.get_rect(), border_radius=radius)
    pygame.draw.rect(card, INK, card.get_rect(), width=max(1, width // 60), border_radius=radius)
    if face.kind == "number" and face.suit:
        _number_card(card, face)
    else:
        _special_card(card, face, catalog)
    return card


def _number_card(card: pygame.Surface, face: CardFace) -> None:
    assert face.suit is not None
    width, height = card.get_size()
    colour = SUIT_COLOURS[face.suit]
    band = pygame.Rect(0, 0, width, max(height // 5, typeset.current().small * 5 // 4))  # its marks: no smaller
    pygame.draw.rect(card, colour, band, border_top_left_radius=width // 12, border_top_right_radius=width // 12)
    ink = INK if face.suit == "yellow" else PAPER
    for side in ("midleft", "midright"):  # the suit's shape in both corners, where a fan leaves it seen
        mark = pygame.Rect(0, 0, band.height * 2 // 3, band.height * 2 // 3)
        setattr(mark, side, (width // 12 if side == "midleft" else width - width // 12, band.centery))
        suit_mark(card, face.suit, mark, ink)
    number = fit_text(str(face.number), width * 3 // 4, height // 2, INK, record=False)
    place(card, number, center=(width // 2, height * 11 // 20))
    big = pygame.Rect(0, 0, width // 4, width // 4)
    big.midbottom = (width // 2, height - height // 20)
    suit_mark(card, face.suit, big, colour if face.suit != "yellow" else INK)


def suit_mark(card: pygame.Surface, suit: str, box: pygame.Rect, colour: tuple[int, int, int]) -> None:
    """The suit's own shape, so the suit is readable without its colour."""
    if suit == "yellow":
        pygame.draw.circle(card, colour, box.center, box.width // 2)
    elif suit == "red":
        pygame.draw.polygon(card, colour, [box.midtop, box.bottomright, box.bottomleft])
    elif suit == "blue":
        pygame.draw.rect(card, colour, box.inflate(-box.width // 8, -box.height // 8))
    elif suit == "green":  # a diamond
        pygame.draw.polygon(card, colour, [box.midtop, box.midright, box.midbottom, box.midleft])
    elif suit == "purple":  # a map: a rectangle lying on its side with a fold
        sheet = box.inflate(0, -box.height // 3)
        pygame.draw.rect(card, colour, sheet)
        pygame.draw.line(
            card, PAPER if colour != PAPER else INK, sheet.midtop, sheet.midbottom, max(1, box.width // 12)
        )
    else:
        _jolly_roger(card, box, colour)


def _jolly_roger(card: pygame.Surface, box: pygame.Rect, colour: tuple[int, int, int]) -> None:
    """A flag with a skull and crossed bones, in shapes."""
    pygame.draw.rect(card, colour, box)
    bone = PAPER if colour != PAPER else INK
    w = max(1, box.width // 10)
    pygame.draw.line(
        card, bone, box.move(box.width // 6, box.height // 2).topleft, box.move(-box.width // 6, 0).bottomright, w
    )
    pygame.draw.line(
        card, bone, (box.right - box.width // 6, box.top + box.height // 2), (box.left + box.width // 6, box.bottom), w
    )
    pygame.draw.circle(card, bone, (box.centerx, box.top + box.height * 2 // 5), box.width // 4)
    eye = max(1, box.width // 14)
    for dx in (-1, 1):
        pygame.draw.circle(card, colour, (box.centerx + dx * box.width // 9, box.top + box.height * 2 // 5), eye)


def _special_card(card: pygame.Surface, face: CardFace, catalog: Translator | None) -> None:
    width = card.get_width()
    look = _look(face)
    inner = card.get_rect().inflate(-width // 8, -width // 8)
    pygame.draw.rect(card, look.colour, inner, border_radius=width // 16)
    symbol = pygame.Rect(0, 0, inner.width * 3 // 4, inner.width * 3 // 4)
    symbol.center = inner.center  # the words go beside the card (`card_words`), at a size the room can read
    look.symbol(card, symbol, look.ink)


def _look(face: CardFace) -> Special:
    return face.special or Special(verbatim(face.kind), INK, draw_crown)


def card_words(face: CardFace, catalog: Translator | None = None) -> list[str]:
    """A special card's words, drawn beside it: its name and its caption ("Pirate", "Tortuga Jack"); none for a
    number card (its number and suit are on it). A card is too small on the table for words at the type scale's
    minimum, so they are not printed on it."""
    if face.kind == "number":
        return []
    words = [_say(_look(face).name, catalog)]
    return words + ([_say(face.caption, catalog)] if face.caption else [])


def hand_word(face: CardFace, catalog: Translator | None = None) -> str:
    """What a card in a hand says under it: a special card's name, or its caption where that names it better (a
    pirate's own name); nothing for a number card."""
    words = card_words(face, catalog)
    if not words:
        return ""
    return words[-1] if face.special is not None and face.special.known_by_caption else words[0]


def _say(words: str | Text, catalog: Translator | None) -> str:
    return words.render(catalog) if isinstance(words, Text) else words


def draw_sabre(card: pygame.Surface, hilt: tuple[int, int], tip: tuple[int, int], ink: tuple[int, int, int]) -> None:
    """A straight blade with a cross guard a fifth of the way up from the hilt."""
    blade = max(2, abs(tip[0] - hilt[0]) // 10)
    pygame.draw.line(card, ink, hilt, tip, blade)
    gx, gy = hilt[0] + (tip[0] - hilt[0]) / 5, hilt[1] + (tip[1] - hilt[1]) / 5
    dx, dy = (tip[1] - hilt[1]) / 8, -(tip[0] - hilt[0]) / 8  # across the blade
    pygame.draw.line(card, ink, (gx - dx, gy - dy), (gx + dx, gy + dy), blade)


def draw_crossed_sabres(card: pygame.Surface, box: pygame.Rect, ink: tuple[int, int, int]) -> None:
    draw_sabre(card, box.bottomleft, box.topright, ink)
    draw_sabre(card, box.bottomright, box.topleft, ink)


def draw_fish_tail(card: pygame.Surface, box: pygame.Rect, ink: tuple[int, int, int]) -> None:
    """A mermaid's tail: a body that narrows along an S-curve, ending in two fins."""
    steps = 24
    for step in range(steps + 1):
        t = step / steps
        x = box.centerx + math.sin(t * math.pi * 1.4) * box.width / 5
        y = box.top + t * box.height * 0.7
        pygame.draw.circle(card, ink, (round(x), round(y)), max(2, round(box.width / 7 * (1 - 0.6 * t))))
    end = (round(box.centerx + math.sin(math.pi * 1.4) * box.width / 5), round(box.top + box.height * 0.7))
    fin = box.width // 3
    pygame.draw.polygon(card, ink, [end, (end[0] - fin, end[1] + fin * 2 // 3), (end[0] - fin // 4, end[1] + fin // 2)])
    pygame.draw.polygon(card, ink, [end, (end[0] + fin, end[1] + fin * 2 // 3), (end[0] + fin // 4, end[1] + fin // 2)])


def draw_crown(card: pygame.Surface, box: pygame.Rect, ink: tuple[int, int, int]) -> None:
    """A crown in `box`: a king's card or die, and the winner's mark on the final screens."""
    base = box.top + box.height * 3 // 4
    side = box.top + box.height // 4
    tips = [(box.left, side), (box.centerx, box.top), (box.right, side)]
    valleys = [(box.left + box.width // 4, box.centery), (box.right - box.width // 4, box.centery)]
    pygame.draw.polygon(
        card, ink, [(box.left, base), tips[0], valleys[0], tips[1], valleys[1], tips[2], (box.right, base)]
    )
    for tip in tips:  # a jewel on every point
        pygame.draw.circle(card, PAPER, tip, max(2, box.width // 14))
