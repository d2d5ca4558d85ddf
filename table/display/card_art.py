"""Cards drawn from shapes and text: no printed artwork, readable from across the room, and never by colour alone.

Each suit has a colour from the Okabe-Ito palette (told apart by the common colour blindnesses) AND its own
shape: yellow a circle, red a triangle, blue a square, black the Jolly Roger flag (2021: green a diamond, purple a
folded map). No letter: a letter is English in every language ("Gelb (Y)") and black's K reads as the King; the
shape says the suit the same in every language. Special cards have a drawn symbol; their name is drawn beside them
(`card_words`), where it can be large enough. `kind_mark` gives the dice their marks from the same shapes and symbols.

Plain data in, a pygame Surface out: the display knows nothing of the rules.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import pygame

from table.core.text import Text, Translator, text, verbatim
from table.display import typeset
from table.display.typeset import fit_text, place

CARD_RATIO = 1.45  # height / width of a playing card
PAPER = (250, 246, 236)
INK = (25, 25, 30)

SUIT_COLOURS = {
    "yellow": (240, 228, 66),  # Okabe-Ito yellow
    "red": (213, 94, 0),  # Okabe-Ito vermillion
    "blue": (0, 114, 178),  # Okabe-Ito blue
    "black": (20, 20, 24),
    "green": (0, 140, 100),  # the 2021 edition's parrots: Okabe-Ito bluish green, darker
    "purple": (150, 70, 130),  # the 2021 edition's maps: Okabe-Ito reddish purple, darker
}
SPECIAL_COLOURS = {
    "escape": (200, 200, 205),
    "pirate": (120, 40, 40),
    "scarymary": (90, 40, 110),
    "mermaid": (0, 158, 115),  # Okabe-Ito bluish green
    "skullking": (230, 159, 0),  # Okabe-Ito orange
    "tigress": (90, 40, 110),  # the 2021 edition's specials
    "kraken": (40, 60, 70),
    "whale": (86, 180, 233),  # Okabe-Ito sky blue
    "loot": (150, 110, 40),
}
SPECIAL_NAMES = {
    "escape": text("Escape"),
    "pirate": text("Pirate"),
    "scarymary": text("Scary Mary"),
    "mermaid": text("Mermaid"),
    "skullking": text("Skull King"),
    "tigress": text("Tigress"),
    "kraken": text("Kraken"),
    "whale": text("White Whale"),
    "loot": text("Loot"),
}


@dataclass(frozen=True)
class CardFace:
    """What is printed on a card. kind: "number" or a special ("escape", "pirate", "scarymary", ...)."""

    kind: str
    suit: str | None = None
    number: int = 0
    caption: str | Text = ""  # a pirate's name, or how Scary Mary was announced


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


def kind_mark(surface: pygame.Surface, kind: str, box: pygame.Rect, ink: tuple[int, int, int]) -> None:
    """A suit's shape, or a special's symbol (the Skull King's crown, a Pirate's sabres, a Mermaid's tail): what
    tells a die's kind without its colour, in every language."""
    symbols = {"skullking": _crown, "pirate": _crossed_sabres, "mermaid": _tail}
    if kind in symbols:
        symbols[kind](surface, box, ink)
    else:
        suit_mark(surface, kind, box, ink)


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
    colour = SPECIAL_COLOURS.get(face.kind, INK)
    inner = card.get_rect().inflate(-width // 8, -width // 8)
    pygame.draw.rect(card, colour, inner, border_radius=width // 16)
    symbol = pygame.Rect(0, 0, inner.width * 3 // 4, inner.width * 3 // 4)
    symbol.center = inner.center  # the words go beside the card (`card_words`), at a size the room can read
    ink = INK if face.kind in ("escape", "skullking", "whale") else PAPER
    {
        "escape": _white_flag,
        "pirate": _crossed_sabres,
        "scarymary": _sabre_and_flag,
        "mermaid": _tail,
        "skullking": _crown,
        "tigress": _sabre_and_flag,
        "kraken": _tentacles,
        "whale": _whale,
        "loot": _chest,
    }.get(face.kind, _crown)(card, symbol, ink)


def card_words(face: CardFace, catalog: Translator | None = None) -> list[str]:
    """A special card's words, drawn beside it: its name and its caption ("Pirate", "Tortuga Jack"); none for a
    number card (its number and suit are on it). A card is too small on the table for words at the type scale's
    minimum, so they are not printed on it."""
    if face.kind == "number":
        return []
    words = [_say(SPECIAL_NAMES.get(face.kind, verbatim(face.kind)), catalog)]
    return words + ([_say(face.caption, catalog)] if face.caption else [])


def _say(words: str | Text, catalog: Translator | None) -> str:
    return words.render(catalog) if isinstance(words, Text) else words


def _white_flag(card: pygame.Surface, box: pygame.Rect, ink: tuple[int, int, int]) -> None:
    pole = max(2, box.width // 16)
    pygame.draw.line(card, ink, box.bottomleft, (box.left, box.top), pole)
    pygame.draw.polygon(
        card, PAPER, [(box.left, box.top), (box.right, box.top + box.height // 6), (box.left, box.centery)]
    )
    pygame.draw.polygon(
        card,
        ink,
        [(box.left, box.top), (box.right, box.top + box.height // 6), (box.left, box.centery)],
        max(1, pole // 2),
    )


def _sabre(card: pygame.Surface, hilt: tuple[int, int], tip: tuple[int, int], ink: tuple[int, int, int]) -> None:
    """A straight blade with a cross guard a fifth of the way up from the hilt."""
    blade = max(2, abs(tip[0] - hilt[0]) // 10)
    pygame.draw.line(card, ink, hilt, tip, blade)
    gx, gy = hilt[0] + (tip[0] - hilt[0]) / 5, hilt[1] + (tip[1] - hilt[1]) / 5
    dx, dy = (tip[1] - hilt[1]) / 8, -(tip[0] - hilt[0]) / 8  # across the blade
    pygame.draw.line(card, ink, (gx - dx, gy - dy), (gx + dx, gy + dy), blade)


def _crossed_sabres(card: pygame.Surface, box: pygame.Rect, ink: tuple[int, int, int]) -> None:
    _sabre(card, box.bottomleft, box.topright, ink)
    _sabre(card, box.bottomright, box.topleft, ink)


def _sabre_and_flag(card: pygame.Surface, box: pygame.Rect, ink: tuple[int, int, int]) -> None:
    """Scary Mary plays as a Pirate or as an Escape: a sabre and a white flag."""
    _sabre(card, box.bottomright, box.topleft, ink)
    _white_flag(card, box.inflate(-box.width // 3, -box.height // 3).move(-box.width // 6, box.height // 8), ink)


def _tail(card: pygame.Surface, box: pygame.Rect, ink: tuple[int, int, int]) -> None:
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


def draw_crown(surface: pygame.Surface, box: pygame.Rect, ink: tuple[int, int, int]) -> None:
    """A crown in `box`: the Skull King's, and the winner's mark on the final screens."""
    _crown(surface, box, ink)


def _crown(card: pygame.Surface, box: pygame.Rect, ink: tuple[int, int, int]) -> None:
    base = box.top + box.height * 3 // 4
    side = box.top + box.height // 4
    tips = [(box.left, side), (box.centerx, box.top), (box.right, side)]
    valleys = [(box.left + box.width // 4, box.centery), (box.right - box.width // 4, box.centery)]
    pygame.draw.polygon(
        card, ink, [(box.left, base), tips[0], valleys[0], tips[1], valleys[1], tips[2], (box.right, base)]
    )
    for tip in tips:  # a jewel on every point
        pygame.draw.circle(card, PAPER, tip, max(2, box.width // 14))


def _tentacles(card: pygame.Surface, box: pygame.Rect, ink: tuple[int, int, int]) -> None:
    """The Kraken: a head and four curling arms."""
    pygame.draw.ellipse(card, ink, pygame.Rect(box.left + box.width // 4, box.top, box.width // 2, box.height // 2))
    for arm in range(4):
        x0 = box.left + box.width * (arm + 1) // 5
        for step in range(12):
            t = step / 11
            x = x0 + math.sin(t * math.pi * 2 + arm) * box.width / 10
            y = box.top + box.height * (0.4 + 0.55 * t)
            pygame.draw.circle(card, ink, (round(x), round(y)), max(1, round(box.width / 14 * (1 - 0.6 * t))))


def _whale(card: pygame.Surface, box: pygame.Rect, ink: tuple[int, int, int]) -> None:
    """The White Whale: a long body, a tail fluke and a spout."""
    body = pygame.Rect(box.left, box.top + box.height // 3, box.width * 3 // 4, box.height // 3)
    pygame.draw.ellipse(card, PAPER, body)
    pygame.draw.ellipse(card, ink, body, max(1, box.width // 30))
    tail = (body.right - box.width // 20, body.centery)
    pygame.draw.polygon(card, ink, [tail, (box.right, body.top), (box.right, body.bottom)])
    pygame.draw.line(card, ink, (body.left + body.width // 3, body.top), (body.left + body.width // 3, box.top), 2)
    pygame.draw.circle(
        card, ink, (body.left + body.width // 6, body.centery - body.height // 8), max(1, box.width // 24)
    )


def _chest(card: pygame.Surface, box: pygame.Rect, ink: tuple[int, int, int]) -> None:
    """Loot: a treasure chest with its lid and lock."""
    chest = box.inflate(-box.width // 6, -box.height // 3)
    pygame.draw.rect(card, ink, chest)
    pygame.draw.line(
        card,
        PAPER if ink != PAPER else INK,
        (chest.left, chest.top + chest.height // 3),
        (chest.right, chest.top + chest.height // 3),
        max(1, box.width // 20),
    )
    pygame.draw.rect(
        card,
        PAPER if ink != PAPER else INK,
        pygame.Rect(0, 0, box.width // 8, box.height // 6).move(
            chest.centerx - box.width // 16, chest.top + chest.height // 4
        ),
    )
