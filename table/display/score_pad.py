"""The score pad screen, as on the printed pad: a row per round, a column per player, running totals.

Drawn from the screen model alone (plain data), at any resolution: every measure is a fraction of the screen, and
every text is fitted to its cell.
"""

from __future__ import annotations

from typing import Any

import pygame

from table.display.card_art import INK, PAPER
from table.display.typeset import fit_size, fit_text, place, row_size
from table.display.views import MAIN, PAD, Paint, find_view
from table.games.screen import Screen
from table.games.text import text, verbatim

FELT = (22, 60, 45)
LINE = (150, 140, 120)
GAIN = (0, 110, 60)  # Okabe-Ito-friendly green for a met bid...
LOSS = (170, 40, 20)  # ... and vermillion for a missed one; the sign (+/-) says it too
NUMBERS, NAMES = 0.7, 1.6  # the rounds' column's width, the names' row's height, in cells


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
    # The rounds' column is narrower, the names' row taller (a name may take two lines): room for the minimum.
    cell_w, cell_h = pad.width / (columns - 1 + NUMBERS), pad.height / (rows - 1 + NAMES)

    def x(column: int) -> int:
        return round(pad.left + (column - 1 + NUMBERS) * cell_w) if column else pad.left

    def y(row: int) -> int:
        return round(pad.top + (row - 1 + NAMES) * cell_h) if row else pad.top

    def cell(column: int, row: int) -> pygame.Rect:
        return pygame.Rect(x(column), y(row), x(column + 1) - x(column), y(row + 1) - y(row))

    sizes: dict[str, int] = {}  # the names' row in one size, the scores in another: a row never mixes sizes

    def write(words: str, box: pygame.Rect, colour: tuple[int, int, int] = INK, kind: str = "") -> None:
        lines = 2 if kind == "name" else 1
        rendered = fit_text(words, box.width * 19 // 20, box.height * 7 // 10, colour, lines, size=sizes.get(kind))
        place(surface, rendered, center=box.center)

    names = [paint.say(screen.seats[seat].label or verbatim(screen.seats[seat].name)) for seat in players]
    heads = (paint.say(text("Round")), paint.say(text("Total")))
    first = cell(0, 0).width * 19 // 20  # the rounds' column
    sizes["name"] = min(
        row_size(names, round(cell_w) * 19 // 20, round(cell_h * NAMES) * 7 // 10, 2),
        fit_size([heads[0]], first, round(cell_h * NAMES) * 7 // 10),
    )
    totals = [str(c.total) for c in screen.score_pad[-1].cells] if screen.score_pad else []
    sizes["total"] = min(
        row_size(totals or ["0"], round(cell_w) * 19 // 20, round(cell_h) * 7 // 10),
        fit_size([heads[1]], first, round(cell_h) * 7 // 10),
    )
    scores = [f"{c.bid}/{c.won}" for r in screen.score_pad for c in r.cells]
    scores += [f"{c.points:+d}" for r in screen.score_pad for c in r.cells]
    sizes["score"] = row_size(scores or ["0"], round(cell_w) // 2 * 19 // 20, round(cell_h) * 7 // 10)

    write(heads[0], cell(0, 0), kind="name")
    for column, name in enumerate(names, start=1):
        write(name, cell(column, 0), kind="name")
    for number in range(1, screen.rounds + 1):
        write(str(number), cell(0, number), kind="score")
    for row in screen.score_pad:
        for column, score in enumerate(row.cells, start=1):
            box = cell(column, row.round)
            left, right = box.copy(), box.copy()
            left.width = right.width = box.width // 2
            right.left = left.right
            write(f"{score.bid}/{score.won}", left, kind="score")
            write(f"{score.points:+d}", right, GAIN if score.points > 0 else LOSS, kind="score")
    write(heads[1], cell(0, rows - 1), kind="total")
    if screen.score_pad:
        for column, score in enumerate(screen.score_pad[-1].cells, start=1):
            write(str(score.total), cell(column, rows - 1), kind="total")
    for row in range(1, rows):
        pygame.draw.line(surface, LINE, (pad.left, y(row)), (pad.right, y(row)), 2 if row in (1, rows - 1) else 1)
    for column in range(1, columns):
        pygame.draw.line(surface, LINE, (x(column), pad.top), (x(column), pad.bottom), 2 if column == 1 else 1)
    return surface


def save_score_pad(screen: Any, path: str, size: tuple[int, int] = (1280, 720)) -> None:
    """The score pad of any game's screen model as a PNG: the view its game registered for the V key (else its
    main view)."""
    from table.display.language import catalog

    view = find_view(screen, PAD) or find_view(screen, MAIN)
    if view is None:
        raise LookupError(f"no view draws {type(screen).__name__}: import its game's views module first")
    pygame.image.save(view.draw(screen, size, Paint(catalog(screen.language))), path)
