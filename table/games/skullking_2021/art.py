"""Skull King 2021's cards on the scoreboard: the 2013 edition's (table.games.skullking.art), with the green and
purple suits, the Tigress, the Kraken, the White Whale and Loot."""

from __future__ import annotations

import math

import pygame

from table.core.text import text
from table.display.card_art import INK, PAPER, CardFace, Special
from table.games.skullking import art as art_2013

SUITS = (*art_2013.SUITS, "green", "purple")


def tentacles(card: pygame.Surface, box: pygame.Rect, ink: tuple[int, int, int]) -> None:
    """The Kraken: a head and four curling arms."""
    pygame.draw.ellipse(card, ink, pygame.Rect(box.left + box.width // 4, box.top, box.width // 2, box.height // 2))
    for arm in range(4):
        x0 = box.left + box.width * (arm + 1) // 5
        for step in range(12):
            t = step / 11
            x = x0 + math.sin(t * math.pi * 2 + arm) * box.width / 10
            y = box.top + box.height * (0.4 + 0.55 * t)
            pygame.draw.circle(card, ink, (round(x), round(y)), max(1, round(box.width / 14 * (1 - 0.6 * t))))


def whale(card: pygame.Surface, box: pygame.Rect, ink: tuple[int, int, int]) -> None:
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


def chest(card: pygame.Surface, box: pygame.Rect, ink: tuple[int, int, int]) -> None:
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


SPECIALS = {
    **art_2013.SPECIALS,
    "tigress": Special(text("Tigress"), art_2013.PLUM, art_2013.sabre_and_flag),
    "kraken": Special(text("Kraken"), (40, 60, 70), tentacles),
    "whale": Special(text("White Whale"), (86, 180, 233), whale, INK),  # Okabe-Ito sky blue
    "loot": Special(text("Loot"), (150, 110, 40), chest),
}


def card_face(code: str) -> CardFace:
    """How a card code of either edition looks: "green:7", "tigress:escape", "kraken", ..."""
    return art_2013.card_face(code, SPECIALS, SUITS)
