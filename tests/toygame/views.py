"""High Card on the scoreboard: one view, registered when the module is imported (its catalog entry names it)."""

from __future__ import annotations

import pygame

from table.display.typeset import fit_text, place
from table.display.views import Paint, register
from tests.toygame.screen import HighCardScreen

STAR = (240, 200, 40)


def draw_high_card(screen: HighCardScreen, size: tuple[int, int], paint: Paint) -> pygame.Surface:
    surface = pygame.Surface(size)
    surface.fill((20, 20, 60))
    words = f"High Card, round {screen.round}: " + " ".join(card or "pass" for card in screen.laid)
    label = fit_text(words, size[0] * 9 // 10, size[1] // 8, STAR)
    place(surface, label, center=(size[0] // 2, size[1] // 2))
    return surface


register(HighCardScreen, draw_high_card)
