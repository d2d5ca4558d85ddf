"""Skull King's cards on the scoreboard: how each card code looks (`card_face`), and its special cards' names,
colours and symbols. The drawing is the display's (table.display.card_art); the 2021 edition adds its own cards.
"""

from __future__ import annotations

from collections.abc import Mapping

import pygame

from table.core.text import text
from table.display.card_art import (
    BLUISH_GREEN,
    INK,
    ORANGE,
    OXBLOOD,
    PAPER,
    CardFace,
    Special,
    draw_crossed_sabres,
    draw_crown,
    draw_fish_tail,
    draw_sabre,
)
from table.games.tricks.why import PIRATES

PLUM = (90, 40, 110)
SUITS = ("yellow", "red", "blue", "black")


def white_flag(card: pygame.Surface, box: pygame.Rect, ink: tuple[int, int, int]) -> None:
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


def sabre_and_flag(card: pygame.Surface, box: pygame.Rect, ink: tuple[int, int, int]) -> None:
    """Scary Mary plays as a Pirate or as an Escape: a sabre and a white flag."""
    draw_sabre(card, box.bottomright, box.topleft, ink)
    white_flag(card, box.inflate(-box.width // 3, -box.height // 3).move(-box.width // 6, box.height // 8), ink)


SPECIALS = {
    "escape": Special(text("Escape"), (200, 200, 205), white_flag, INK),
    "pirate": Special(text("Pirate"), OXBLOOD, draw_crossed_sabres, known_by_caption=True),
    "scarymary": Special(text("Scary Mary"), PLUM, sabre_and_flag),
    "mermaid": Special(text("Mermaid"), BLUISH_GREEN, draw_fish_tail),
    "skullking": Special(text("Skull King"), ORANGE, draw_crown, INK),
}


def card_face(code: str, specials: Mapping[str, Special] = SPECIALS, suits: tuple[str, ...] = SUITS) -> CardFace:
    """How a card code looks: "yellow:12", "pirate:tortuga-jack", "scarymary:pirate", "mermaid", ... (an edition
    with more cards gives its `specials` and `suits`)."""
    kind, _, detail = code.partition(":")
    if kind in suits:
        return CardFace("number", kind, int(detail))
    special = specials.get(kind)
    if kind == "pirate" and detail:
        # The printed name ("Harry the Giant", "Rosie D'Laney"), as the messages say it; not the code title-cased
        return CardFace(kind, caption=PIRATES.get(detail, detail.replace("-", " ").title()), special=special)
    if detail in ("pirate", "escape"):  # Scary Mary, as announced
        return CardFace(kind, caption=text("as Pirate") if detail == "pirate" else text("as Escape"), special=special)
    return CardFace(kind, special=special)
