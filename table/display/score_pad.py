"""The score pad screen, as on the printed pad: a row per round, a column per player, running totals.

Drawn from the screen model alone (plain data), at any resolution: every measure is a fraction of the screen, and
every text is fitted to its cell.
"""

from __future__ import annotations

from typing import Any

import pygame

from table.display.card_art import INK, PAPER
from table.display.typeset import fit_text, place
from table.display.views import MAIN, PAD, Paint, find_view
from table.games.screen import Screen
from table.games.text import text, verbatim

FELT = (22, 60, 45)
LINE = (150, 140, 120)
GAIN = (0, 110, 60)  # Okabe-Ito-friendly green for a met bid...
LOSS = (170, 40, 20)  # ... and vermillion for a missed one; the sign (+/-) says it too


def draw_score_pad(screen: Screen, size: tuple[int, int], paint: Paint | None = None) -> pygame.Surface:
    paint = paint or Paint()
    width, height = size
    surface = pygame.Surface(size)
    surface.fill(FELT)
    margin = width // 40
    heading = text("Score pad: {title}", title=screen.title) if screen.title else text("Score pad")
    title = fit_text(paint.say(heading), width - 2 * margin, height // 14, PAPER)
    place(surface, title, midtop=(width // 2, margin // 2))

    pad = pygame.Rect(margin, height // 8, width - 2 * margin, height - height // 8 - margin)
    pygame.draw.rect(surface, PAPER, pad, border_radius=width // 80)
    players = screen.players or tuple(seat.seat for seat in screen.seats if seat.joined)
    columns = 1 + max(1, len(players))
    rows = 2 + screen.rounds  # the names, ten rounds, the totals
    cell_w, cell_h = pad.width / columns, pad.height / rows

    def cell(column: int, row: int) -> pygame.Rect:
        return pygame.Rect(
            round(pad.left + column * cell_w), round(pad.top + row * cell_h), round(cell_w), round(cell_h)
        )

    def write(words: str, box: pygame.Rect, colour: tuple[int, int, int] = INK) -> None:
        rendered = fit_text(words, box.width * 9 // 10, box.height * 7 // 10, colour)
        place(surface, rendered, center=box.center)

    write(paint.say(text("Round")), cell(0, 0))
    for column, seat in enumerate(players, start=1):
        view = screen.seats[seat]
        write(paint.say(view.label or verbatim(view.name)), cell(column, 0))
    for number in range(1, screen.rounds + 1):
        write(str(number), cell(0, number))
    for row in screen.score_pad:
        for column, score in enumerate(row.cells, start=1):
            box = cell(column, row.round)
            left, right = box.copy(), box.copy()
            left.width = right.width = box.width // 2
            right.left = left.right
            write(f"{score.bid}/{score.won}", left)
            write(f"{score.points:+d}", right, GAIN if score.points > 0 else LOSS)
    write(paint.say(text("Total")), cell(0, rows - 1))
    if screen.score_pad:
        for column, score in enumerate(screen.score_pad[-1].cells, start=1):
            write(str(score.total), cell(column, rows - 1))
    for row in range(1, rows):
        y = round(pad.top + row * cell_h)
        pygame.draw.line(surface, LINE, (pad.left, y), (pad.right, y), 2 if row in (1, rows - 1) else 1)
    for column in range(1, columns):
        x = round(pad.left + column * cell_w)
        pygame.draw.line(surface, LINE, (x, pad.top), (x, pad.bottom), 2 if column == 1 else 1)
    return surface


def save_score_pad(screen: Any, path: str, size: tuple[int, int] = (1280, 720)) -> None:
    """The score pad of any game's screen model as a PNG: the view its game registered for the V key (else its
    main view)."""
    from table.display.language import catalog

    view = find_view(screen, PAD) or find_view(screen, MAIN)
    if view is None:
        raise LookupError(f"no view draws {type(screen).__name__}: import its game's views module first")
    pygame.image.save(view.draw(screen, size, Paint(catalog(screen.language))), path)
