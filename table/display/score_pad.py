"""The score pad screen, as on the printed pad: a row per round, a column per player, running totals.

Drawn from the screen model alone (plain data), at any resolution: every measure is a fraction of the screen, and
every text is fitted to its cell. A legend under the heading says what a cell's numbers are (bid / tricks won,
then the round's points); once the game is over the winners' totals are filled and crowned, and the legend says
what the crown means (ties: every winner is crowned).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from table.display.card_art import INK, PAPER, draw_crown
from table.display.typeset import fit_text
from table.display.views import MAIN, PAD, Paint, find_view
from table.games.screen import Phase, Screen
from table.games.text import text, verbatim

FELT = (22, 60, 45)
LINE = (150, 140, 120)
GAIN = (0, 110, 60)  # Okabe-Ito-friendly green for a met bid...
LOSS = (170, 40, 20)  # ... and vermillion for a missed one; the sign (+/-) says it too
HIGHLIGHT = (240, 228, 66)  # a winner's total: filled, crowned, and the legend says so


@dataclass(frozen=True)
class Grid:
    """Where the pad's cells are: a column per playing seat after the rounds' column, a row per round between the
    names and the totals."""

    pad: pygame.Rect
    players: tuple[int, ...]
    rows: int

    def cell(self, column: int, row: int) -> pygame.Rect:
        width, height = self.pad.width / (1 + max(1, len(self.players))), self.pad.height / self.rows
        left, top = round(self.pad.left + column * width), round(self.pad.top + row * height)
        return pygame.Rect(left, top, round(self.pad.left + (column + 1) * width) - left, round(height))

    def total(self, seat: int) -> pygame.Rect:
        return self.cell(1 + self.players.index(seat), self.rows - 1)


def score_pad_grid(screen: Screen, size: tuple[int, int]) -> Grid:
    width, height = size
    margin = width // 40
    top = height // 8 + height // 20  # under the heading and the legend
    pad = pygame.Rect(margin, top, width - 2 * margin, height - top - margin)
    players = screen.players or tuple(seat.seat for seat in screen.seats if seat.joined)
    return Grid(pad, tuple(players), 2 + screen.rounds)  # the names, the rounds, the totals


def winners(screen: Any) -> set[int]:
    """The seats in first place once the game is over (ties: all of them); none before."""
    if getattr(screen, "phase", None) is not Phase.GAME_OVER:
        return set()
    return {placing.seat for placing in getattr(screen, "ranking", ()) if placing.place == 1}


def draw_score_pad(screen: Screen, size: tuple[int, int], paint: Paint | None = None) -> pygame.Surface:
    paint = paint or Paint()
    width, height = size
    surface = pygame.Surface(size)
    surface.fill(FELT)
    margin = width // 40
    # A dash (U+2013), not a colon: the title may have its own ("Score pad - Skull King: game over").
    heading = text("Score pad \u2013 {title}", title=screen.title) if screen.title else text("Score pad")
    title = fit_text(paint.say(heading), width - 2 * margin, height // 14, PAPER)
    surface.blit(title, title.get_rect(midtop=(width // 2, margin // 2)))
    crowned = winners(screen)
    legend = (
        text("Each cell: bid / tricks won, then the round's points. A crown marks each winner")
        if crowned
        else text("Each cell: bid / tricks won, then the round's points")
    )
    said = fit_text(paint.say(legend), width - 2 * margin, height // 24, PAPER)
    surface.blit(said, said.get_rect(midtop=(width // 2, height // 8 - height // 80)))

    grid = score_pad_grid(screen, size)
    pad, cell = grid.pad, grid.cell
    pygame.draw.rect(surface, PAPER, pad, border_radius=width // 80)

    def write(words: str, box: pygame.Rect, colour: tuple[int, int, int] = INK) -> pygame.Rect:
        rendered = fit_text(words, box.width * 9 // 10, box.height * 7 // 10, colour)
        return surface.blit(rendered, rendered.get_rect(center=box.center))

    write(paint.say(text("Round")), cell(0, 0))
    for column, seat in enumerate(grid.players, start=1):
        view = screen.seats[seat]
        box = cell(column, 0)
        if seat in crowned:  # the winner's name filled too (inside the pad's rounded corners)
            pygame.draw.rect(surface, HIGHLIGHT, box.inflate(-4, -4))
        write(paint.say(view.label or verbatim(view.name)), box)
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
    write(paint.say(text("Total")), cell(0, grid.rows - 1))
    for seat in crowned:  # filled, and crowned: not by colour alone
        pygame.draw.rect(surface, HIGHLIGHT, grid.total(seat).inflate(-4, -4))
    if screen.score_pad:
        for column, score in enumerate(screen.score_pad[-1].cells, start=1):
            box = cell(column, grid.rows - 1)
            shown = write(str(score.total), box)
            if grid.players[column - 1] in crowned:
                crown = pygame.Rect(0, 0, box.height * 2 // 3, box.height * 2 // 3)
                crown.midright = (shown.left - box.height // 6, box.centery)
                draw_crown(surface, crown, INK)
    for row in range(1, grid.rows):
        y = cell(0, row).top
        pygame.draw.line(surface, LINE, (pad.left, y), (pad.right, y), 2 if row in (1, grid.rows - 1) else 1)
    for column in range(1, 1 + max(1, len(grid.players))):
        x = cell(column, 0).left
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
