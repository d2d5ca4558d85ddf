"""A screen with a header, a middle and the playing seats' plates in a strip along the bottom: the layout the dice
game's and The Flying Hollander's views share (the trick screen seats players around an oval instead)."""

from __future__ import annotations

from typing import Any

import pygame

from table.display.card_art import PAPER
from table.display.typeset import Colour, fit_text, place
from table.display.views import Paint


def layout(size: tuple[int, int]) -> tuple[int, pygame.Rect, pygame.Rect]:
    """The header band's height, the middle, and the strip of seats along the bottom."""
    width, height = size
    band = height // 9
    seats = pygame.Rect(width // 60, height - height * 3 // 10, width - width // 30, height * 3 // 10 - height // 60)
    middle = pygame.Rect(width // 30, band * 2, width - width // 15, seats.top - band * 2 - height // 60)
    return band, middle, seats


def seated(screen: Any) -> list[Any]:
    """The seats that play (the screen model's `seats` with `joined`), in seat order."""
    return [view for view in screen.seats if view.joined]


def plates(screen: Any, size: tuple[int, int]) -> dict[int, pygame.Rect]:
    """Each playing seat's plate along the bottom, side by side; for touches, too."""
    _, _, strip = layout(size)
    seats = seated(screen)
    width = strip.width / max(1, len(seats))
    return {
        view.seat: pygame.Rect(round(strip.left + n * width) + 4, strip.top, round(width) - 8, strip.height)
        for n, view in enumerate(seats)
    }


def header(surface: pygame.Surface, screen: Any, band: int, paint: Paint, prompt_colour: Colour = PAPER) -> None:
    """The screen model's title, and its prompt under it on up to two lines."""
    width = surface.get_width()
    title = fit_text(paint.say(screen.title), width * 19 // 20, band * 3 // 4, PAPER)
    place(surface, title, midtop=(width // 2, band // 8))
    prompt = fit_text(paint.say(screen.prompt), width * 19 // 20, band * 4 // 5, prompt_colour, lines=2)
    place(surface, prompt, center=(width // 2, band * 3 // 2))
