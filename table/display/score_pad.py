"""The score pad screen, as on the printed pad: a row per round, a column per player, running totals.

Drawn from the screen model alone (plain data), at any resolution: every measure is a fraction of the screen, and
every text is fitted to its cell. A legend under the heading says what a cell's numbers are (bid / tricks won,
then the round's points); once the game is over the winners' totals are filled and crowned, and the legend says
what the crown means (ties: every winner is crowned).

Any game's screen model with a score pad is drawn: its `title`, `rounds`, `players`, `seats` and `score_pad`
(table.core.frame's SeatView and ScoreRow), and its `phase` and `ranking` once the game is over.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from table.core.frame import Phase
from table.core.text import text, verbatim
from table.display import short_forms, typeset
from table.display.card_art import INK, PAPER, draw_crown
from table.display.typeset import fit_size, fit_text, place, row_size
from table.display.views import MAIN, PAD, Paint, find_view

FELT = (22, 60, 45)
LINE = (150, 140, 120)
GAIN = (0, 110, 60)  # Okabe-Ito-friendly green for a met bid...
LOSS = (170, 40, 20)  # ... and vermillion for a missed one; the sign (+/-) says it too
HIGHLIGHT = (240, 228, 66)  # a winner's total: filled, crowned, and the legend says so
NUMBERS, NAMES = 0.7, 1.6  # the rounds' column's width, the names' row's height, in cells


@dataclass(frozen=True)
class Grid:
    """Where the pad's cells are: a column per playing seat after the rounds' column (narrower), a row per round
    between the names' row (taller: a name may take two lines) and the totals."""

    pad: pygame.Rect
    players: tuple[int, ...]
    rows: int

    @property
    def cell_size(self) -> tuple[float, float]:
        columns = 1 + max(1, len(self.players))
        return self.pad.width / (columns - 1 + NUMBERS), self.pad.height / (self.rows - 1 + NAMES)

    def x(self, column: int) -> int:
        return round(self.pad.left + (column - 1 + NUMBERS) * self.cell_size[0]) if column else self.pad.left

    def y(self, row: int) -> int:
        return round(self.pad.top + (row - 1 + NAMES) * self.cell_size[1]) if row else self.pad.top

    def cell(self, column: int, row: int) -> pygame.Rect:
        return pygame.Rect(
            self.x(column), self.y(row), self.x(column + 1) - self.x(column), self.y(row + 1) - self.y(row)
        )

    def total(self, seat: int) -> pygame.Rect:
        return self.cell(1 + self.players.index(seat), self.rows - 1)


def score_pad_grid(screen: Any, size: tuple[int, int]) -> Grid:
    """The pad under the heading and the legend (two lines of the smallest type)."""
    width, height = size
    margin = width // 40
    top = _legend_top(size) + typeset.scale_for(size).small * 5 // 2 + margin // 4
    pad = pygame.Rect(margin, top, width - 2 * margin, height - top - margin)
    players = screen.players or tuple(seat.seat for seat in screen.seats if seat.joined)
    return Grid(pad, tuple(players), 2 + screen.rounds)  # the names, the rounds, the totals


def _legend_top(size: tuple[int, int]) -> int:
    width, height = size
    return width // 80 + height // 14  # under the heading


def winners(screen: Any) -> set[int]:
    """The seats in first place once the game is over (ties: all of them); none before."""
    if getattr(screen, "phase", None) is not Phase.GAME_OVER:
        return set()
    return {placing.seat for placing in getattr(screen, "ranking", ()) if placing.place == 1}


def draw_score_pad(screen: Any, size: tuple[int, int], paint: Paint | None = None) -> pygame.Surface:
    paint = paint or Paint()
    width, height = size
    surface = pygame.Surface(size)
    surface.fill(FELT)
    margin = width // 40
    # A dash (U+2013), not a colon: the title may have its own ("Score pad - Skull King: game over").
    heading = text("Score pad \u2013 {title}", title=screen.title) if screen.title else text("Score pad")
    title = fit_text(paint.say(heading), width - 2 * margin, height // 14, PAPER)
    legend_top = max(_legend_top(size), place(surface, title, midtop=(width // 2, margin // 2)).bottom)  # as drawn
    crowned = winners(screen)
    legend = (
        text("Each cell: bid / tricks won, then the round's points. A crown marks each winner")
        if crowned
        else text("Each cell: bid / tricks won, then the round's points")
    )
    grid = score_pad_grid(screen, size)
    words, room = paint.say(legend), (width - 2 * margin, grid.pad.top - legend_top - margin // 4)
    legend_size = typeset.block_size(words, *room, 2, typeset.current().body)  # whole above the pad, never under it
    place(surface, fit_text(words, *room, PAPER, lines=2, size=legend_size), midtop=(width // 2, legend_top))

    pad, players, rows, cell, x, y = grid.pad, grid.players, grid.rows, grid.cell, grid.x, grid.y
    pygame.draw.rect(surface, PAPER, pad, border_radius=width // 80)
    columns = 1 + max(1, len(players))
    cell_w, cell_h = grid.cell_size

    sizes: dict[str, int] = {}  # the names' row in one size, the scores in another: a row never mixes sizes

    def write(
        words: typeset.Words, box: pygame.Rect, colour: tuple[int, int, int] = INK, kind: str = ""
    ) -> pygame.Rect:
        lines = 2 if kind == "name" else 1
        rendered = fit_text(words, box.width * 19 // 20, box.height * 7 // 10, colour, lines, size=sizes.get(kind))
        return place(surface, rendered, center=box.center)

    names = [paint.say(screen.seats[seat].label or verbatim(screen.seats[seat].name)) for seat in players]
    heads = (short_forms.forms(text("Round"), paint.catalog), paint.say(text("Total")))
    first = cell(0, 0).width * 19 // 20  # the rounds' column
    sizes["name"] = min(
        row_size(names, round(cell_w) * 19 // 20, round(cell_h * NAMES) * 7 // 10, 2),
        fit_size(heads[0], first, round(cell_h * NAMES) * 7 // 10),
    )
    totals = [str(c.total) for c in screen.score_pad[-1].cells] if screen.score_pad else []
    crown_room = 2 if crowned else 1  # a crowned total shares its cell with the crown
    sizes["total"] = min(
        row_size(totals or ["0"], round(cell_w) * 19 // 20 // crown_room, round(cell_h) * 7 // 10),
        fit_size([heads[1]], first, round(cell_h) * 7 // 10),
    )
    scores = [f"{c.bid}/{c.won}" for r in screen.score_pad for c in r.cells]
    scores += [f"{c.points:+d}" for r in screen.score_pad for c in r.cells]
    sizes["score"] = row_size(scores or ["0"], round(cell_w) // 2 * 19 // 20, round(cell_h) * 7 // 10)

    write(heads[0], cell(0, 0), kind="name")
    for column, (seat, name) in enumerate(zip(players, names, strict=True), start=1):
        if seat in crowned:  # the winner's name filled too (inside the pad's rounded corners)
            pygame.draw.rect(surface, HIGHLIGHT, cell(column, 0).inflate(-4, -4))
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
            box = cell(column, rows - 1)
            if players[column - 1] in crowned:  # filled, and crowned: not by colour alone
                pygame.draw.rect(surface, HIGHLIGHT, box.inflate(-4, -4))
            if players[column - 1] in crowned:
                _crowned_total(surface, str(score.total), box, sizes["total"])
            else:
                write(str(score.total), box, kind="total")
    for row in range(1, rows):
        pygame.draw.line(surface, LINE, (pad.left, y(row)), (pad.right, y(row)), 2 if row in (1, rows - 1) else 1)
    for column in range(1, columns):
        pygame.draw.line(surface, LINE, (x(column), pad.top), (x(column), pad.bottom), 2 if column == 1 else 1)
    return surface


def _crowned_total(surface: pygame.Surface, total: str, box: pygame.Rect, size: int) -> None:
    """A crown, a gap, the total: centred in the cell as one group, the gap measured between their inks (the
    figures' side bearings and the crown's jewels would otherwise let them touch on the 7-inch screen)."""
    side = box.height * 3 // 5
    rendered = fit_text(total, box.width * 19 // 20 - side, box.height * 7 // 10, INK, size=size)
    ink = rendered.get_bounding_rect()
    gap = max(4, ink.height // 3) + max(2, side // 14)  # a third of the figures' height, past the jewel's radius
    left = box.centerx - (side + gap + ink.width) // 2
    crown = pygame.Rect(left, 0, side, side)
    crown.centery = box.centery
    draw_crown(surface, crown, INK)
    place(surface, rendered, topleft=(crown.right + gap - ink.left, box.centery - rendered.get_height() // 2))


def save_score_pad(screen: Any, path: str, size: tuple[int, int] = (1280, 720)) -> None:
    """The score pad of any game's screen model as a PNG: the view its game registered for the V key (else its
    main view)."""
    from table.display.language import catalog

    view = find_view(screen, PAD) or find_view(screen, MAIN)
    if view is None:
        raise LookupError(f"no view draws {type(screen).__name__}: import its game's views module first")
    pygame.image.save(view.draw(screen, size, Paint(catalog(screen.language))), path)
