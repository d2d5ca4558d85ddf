"""The round summary (bid, tricks, bonus and points per player) and the final ranking, drawn from the screen model.

A met bid and a missed one differ by their sign and a word as well as by colour; the best points of the round
are marked in their own cell with a star, which a legend under the heading explains (a mark beside the total read
as "the leader"). The final ranking frames and crowns every winner, with the word.

Any game's screen model with these fields is drawn: the summary reads `round`, `trick`, `players`, `seats` and
`score_pad` (table.core.frame's SeatView and ScoreRow), the ranking its `ranking` (Placing).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pygame

from table.core.frame import Placing
from table.core.text import Text, and_list, plural, text, verbatim
from table.display.card_art import INK, PAPER, draw_crown
from table.display.score_pad import FELT, GAIN, LOSS
from table.display.seat_oval import HIGHLIGHT
from table.display.typeset import fit_size, fit_text, place
from table.display.views import Paint


def round_over(screen: Any) -> bool:
    """The round's last trick is judged and scored: the moment for its summary."""
    return bool(screen.score_pad) and screen.score_pad[-1].round == screen.round and screen.trick is not None


def draw_round_summary(screen: Any, size: tuple[int, int], paint: Paint | None = None) -> pygame.Surface:
    paint = paint or Paint()
    width, height = size
    surface = pygame.Surface(size)
    surface.fill(FELT)
    row = screen.score_pad[-1]
    heading = text("Round {round} is over", round=row.round)
    title = fit_text(paint.say(heading), width * 9 // 10, height // 12, PAPER)
    place(surface, title, midtop=(width // 2, height // 40))
    headers = (text("Player"), text("Bid"), text("Won"), text("Bonus"), text("Points"), text("Total"))
    columns = (0.26, 0.13, 0.1, 0.12, 0.25, 0.14)  # the bid's header is long in French, Dutch, Italian
    top = height // 7 + height // 18
    table = pygame.Rect(width // 30, top, width - width // 15, height - top - height // 30)
    line = table.height // (len(row.cells) + 1)
    best = max(cell.points for cell in row.cells)
    if best > 0:  # the legend: a star, and what it means
        legend = fit_text(paint.say(text("the best points of this round")), width * 3 // 4, height // 18, PAPER)
        said = place(surface, legend, midtop=(width // 2 + height // 48, height // 7 - height // 80))
        star = pygame.Rect(0, 0, said.height, said.height)
        star.midright = (said.left - said.height // 3, said.centery)
        draw_star(surface, star, PAPER)
    lefts = [table.left + round(table.width * sum(columns[:n])) for n in range(len(columns))]
    pygame.draw.rect(surface, PAPER, table, border_radius=width // 80)
    cells = [
        (paint.say(words), pygame.Rect(lefts[n], table.top, round(table.width * columns[n]), line), INK)
        for n, words in enumerate(headers)
    ]
    for number, (seat, cell) in enumerate(zip(screen.players, row.cells, strict=True), start=1):
        top = table.top + number * line
        met = cell.points > 0
        view = screen.seats[seat]
        values: tuple[Text | str, ...] = (
            view.label or verbatim(view.name),
            str(cell.bid),
            str(cell.won),
            f"+{cell.bonus}" if cell.bonus else "",
            text("{points} met", points=f"{cell.points:+d}")
            if met
            else text("{points} missed", points=f"{cell.points:+d}"),
            str(cell.total),
        )
        for n, words in enumerate(values):
            colour = (GAIN if met else LOSS) if n == 4 else INK
            box = pygame.Rect(lefts[n], top, round(table.width * columns[n]), line)
            if n == 4:  # the points' cell keeps room on its left for the star
                star = pygame.Rect(0, 0, line * 2 // 5, line * 2 // 5)
                star.midleft = (box.left + line // 10, box.centery)
                if cell.points == best and best > 0:
                    draw_star(surface, star, INK)
                box.width -= star.right - box.left
                box.left = star.right
            cells.append((paint.say(words), box, colour))
        pygame.draw.line(surface, (150, 140, 120), (table.left, top), (table.right, top), 1)
    _cells(surface, cells)
    return surface


def draw_star(surface: pygame.Surface, box: pygame.Rect, colour: tuple[int, int, int]) -> None:
    """A five-pointed star filling `box`: the round's best points (a shape, not a colour)."""
    radius = min(box.width, box.height) / 2
    points = [
        (
            box.centerx + math.sin(math.pi * n / 5) * radius * (1 if n % 2 == 0 else 0.45),
            box.centery - math.cos(math.pi * n / 5) * radius * (1 if n % 2 == 0 else 0.45),
        )
        for n in range(10)
    ]
    pygame.draw.polygon(surface, colour, points)


Detail = Callable[[Any, Placing], Text | str]  # a row's last cell: what the place was won by


def points(screen: Any, placing: Placing) -> Text:
    """A row's points, with their word: "-30 points"."""
    return plural("{count} point", "{count} points", abs(placing.total), count=placing.total)


def won_by_points(screen: Any) -> Text | None:
    """Why the winners won, in a game scored in points: "Anna won with 120 points"."""
    first = [placing for placing in screen.ranking if placing.place == 1]
    if not first:
        return None
    names = and_list([placing.label or placing.name for placing in first])
    total = first[0].total
    return plural(
        "{names} won with {count} point", "{names} won with {count} points", abs(total), names=names, count=total
    )


def draw_ranking(
    screen: Any,
    size: tuple[int, int],
    paint: Paint | None = None,
    reason: Callable[[Any], Text | None] = won_by_points,
    detail: Detail = points,
    shown_place: Callable[[Any, Placing], int | None] = lambda screen, placing: placing.place,
) -> pygame.Surface:
    """The final ranking: a line saying why the winners won (`reason`), then place, name and what the place was won
    by (`detail`: the points, by default); equal totals share a place, and every winner is framed and crowned.
    `shown_place` says the place a row shows (None: the name alone, in a game whose rules rank only some)."""
    paint = paint or Paint()
    width, height = size
    surface = pygame.Surface(size)
    surface.fill(FELT)
    title = fit_text(paint.say(text("Final ranking")), width * 9 // 10, height // 10, PAPER)
    top = place(surface, title, midtop=(width // 2, height // 30)).bottom
    why = reason(screen)
    if why is not None:  # why the winner won, under the title
        said = fit_text(paint.say(why), width * 9 // 10, height // 14, HIGHLIGHT, lines=2)
        top = place(surface, said, midtop=(width // 2, top + height // 60)).bottom
    top += height // 30
    line = (height - top - height // 40) // max(1, len(screen.ranking))
    line = min(line, height // 5)
    cells: list[tuple[str, pygame.Rect, tuple[int, int, int]]] = []
    crowned: list[int] = []  # the cells that say "winner"
    for n, placing in enumerate(screen.ranking):
        box = pygame.Rect(width // 10, top + n * line, width * 4 // 5, line * 9 // 10)
        pygame.draw.rect(surface, PAPER, box, border_radius=line // 6)
        if placing.place == 1:  # the winners: a thick frame and a word, not a colour alone
            pygame.draw.rect(surface, INK, box, width=max(3, line // 15), border_radius=line // 6)
        name, mark, total = (
            pygame.Rect(box.left + box.width * left // 20, box.top, box.width * span // 20, box.height)
            for left, span in ((0, 10), (10, 4), (14, 6))
        )
        who = placing.label or verbatim(placing.name)
        number = shown_place(screen, placing)
        named = who if number is None else text("{place}.  {name}", place=number, name=who)
        cells.append((paint.say(named), name, INK))
        if placing.place == 1:
            crowned.append(len(cells))
        cells.append((paint.say(text("winner")) if placing.place == 1 else "", mark, INK))
        cells.append((paint.say(detail(screen, placing)), total, INK))
    placed = _cells(surface, cells)
    for shown in (placed[n] for n in crowned):  # the word "winner", and a crown before it
        if shown.height:
            crown = pygame.Rect(0, 0, shown.height, shown.height)
            crown.midright = (shown.left - shown.height // 4, shown.centery)
            draw_crown(surface, crown, INK)
    return surface


def _cells(surface: pygame.Surface, cells: list[tuple[str, pygame.Rect, tuple[int, int, int]]]) -> list[pygame.Rect]:
    """A table's cells, all in one size: the largest that fits every cell ("+10 met" as large as "-10 missed").
    Returns where each went (an empty cell: an empty rect)."""
    shown = [(words, box, colour) for words, box, colour in cells if words]
    size = min((fit_size([w], b.width * 9 // 10, b.height * 6 // 10) for w, b, _ in shown), default=None)
    placed = []
    for words, box, colour in cells:
        if not words:
            placed.append(pygame.Rect(box.center, (0, 0)))
            continue
        rendered = fit_text(words, box.width * 9 // 10, box.height * 6 // 10, colour, size=size)
        placed.append(place(surface, rendered, center=box.center))
    return placed
