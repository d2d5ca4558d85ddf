"""What the type-scale test checks on a drawn screen besides each text's size: that every text can be read whole
where it ended up, that no sentence is said twice, and that the operator's bar does not shout over the game.

- Hidden: a text's ink is looked up in the finished frame, pixel by pixel. Whatever drew over it afterwards (a card
  over "Lead suit: yellow", a crown over a place, another text, a plate over the trick's number, a clip that cut
  its tail) leaves pixels that are not the text's colour. Texts drawn on the screen or on the view's board are
  looked up; a text inside a card's own picture is checked with that picture (table.display.card_art's tests).
- Overlapping: two texts whose ink boxes cross, whatever their colours; a text that crosses a seat's plate's edge.
- Repeated: two texts that say one sentence (table.display.repetition: the same text, or a long clause of one said
  whole in the other): the why strip and the message strip, a prompt and its banner, "7 or lower (Mutiny), or a
  special card" in three places. The same label on every plate of a row (in the same box) is a
  column of a table, not a repetition; the bar's buttons name the actions a message talks about, and are left out.
- The bar: its buttons are for the operator, the TV is for the players: no button's words larger than the
  smallest of the game's own.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy
import pygame

from table.display.repetition import says_again
from table.display.scoreboard import Scoreboard
from table.display.typeset import Drawn

VISIBLE = 0.97  # of a text's solid ink pixels that must show in its colour in the finished frame
TOLERANCE = 24  # per channel: what blending and dithering may change in a solid pixel


def _on_screen(board: Scoreboard, drawn: Drawn) -> pygame.Rect | None:
    """Where `drawn` is on the scoreboard's surface; None if it was drawn inside a picture (a card) or not placed."""
    if drawn.rect is None or drawn.target is None or not drawn.placed:
        return None
    if drawn.target is board.surface:
        return pygame.Rect(drawn.rect)
    if drawn.target is board._board:
        return drawn.rect.move(board.layout()[0].topleft)
    return None


def _seen(board: Scoreboard, found: Iterable[Drawn]) -> list[Drawn]:
    """The texts that are to be seen: while the last trick is shown again, its panel's (the last the view's board
    took: its heading, a line per play, its why) and not the view's under it, shaded on purpose."""
    found = list(found)
    judged = getattr(board._model, "judged", None)
    if not getattr(board._model, "showing_last", False) or judged is None:
        return found
    on_board = [n for n, drawn in enumerate(found) if drawn.target is board._board]
    under = set(on_board[: -(len(judged.plays) + 2)])
    return [drawn for n, drawn in enumerate(found) if n not in under]


def hidden(board: Scoreboard, found: Iterable[Drawn]) -> list[str]:
    """The texts whose ink does not all show in the finished frame: covered, cut or clipped."""
    found = _seen(board, found)
    screen = pygame.surfarray.pixels3d(board.surface)
    out = []
    for drawn in found:
        where = _on_screen(board, drawn)
        rendered = drawn.surface
        scaled = getattr(drawn, "scaled", False)  # (getattr: so the check runs on the old tree's typesetter too)
        if where is None or rendered is None or scaled or not rendered.get_flags() & pygame.SRCALPHA:
            continue
        shown = _visible(rendered, where, screen)
        if shown < VISIBLE:
            out.append(f"{drawn.text!r} at {tuple(where)}: {shown:.0%} of its ink shows")
    del screen  # unlocks the surface
    return out


def overlapping(board: Scoreboard, found: Iterable[Drawn]) -> list[str]:
    """Pairs of texts whose ink boxes cross on the screen (a text over a text of the same colour hides nothing
    from `hidden`, yet reads as one smudge)."""
    inks = []
    for drawn in _seen(board, found):
        where = _on_screen(board, drawn)
        if where is not None and drawn.surface is not None and not getattr(drawn, "scaled", False):
            ink = drawn.surface.get_bounding_rect().move(where.topleft)
            if ink.width and ink.height:
                inks.append((drawn, ink))
    out = []
    for i, (first, one) in enumerate(inks):
        for second, two in inks[i + 1 :]:
            if one.colliderect(two):
                out.append(f"{first.text!r} at {tuple(one)} and {second.text!r} at {tuple(two)}")
    view = board._view()
    board_area = board.layout()[0]
    over = board.show_pad or getattr(board._model, "showing_last", False)  # the plates are not on view
    plates = view.plates(board._model, board_area.size).values() if view.plates and not over else []
    for plate in plates:  # a text half on a seat's plate: a paper plate drawn over paper words hides them unseen
        edge = plate.move(board_area.topleft)
        out += [f"{d.text!r} at {tuple(ink)} crosses the plate at {tuple(edge)}"
                for d, ink in inks if ink.colliderect(edge) and not edge.contains(ink)]  # fmt: skip
    return out


def _visible(rendered: pygame.Surface, where: pygame.Rect, screen: numpy.ndarray) -> float:
    alpha = pygame.surfarray.pixels_alpha(rendered)
    ink = alpha == 255
    colours = pygame.surfarray.pixels3d(rendered)
    total = int(ink.sum())
    if total == 0:
        return 1.0
    width, height = screen.shape[:2]
    left, top = where.left, where.top
    x0, y0 = max(0, -left), max(0, -top)
    x1, y1 = min(where.width, width - left), min(where.height, height - top)
    if x1 <= x0 or y1 <= y0:
        return 0.0
    inside = ink[x0:x1, y0:y1]
    drawn = screen[left + x0 : left + x1, top + y0 : top + y1].astype(int)
    wanted = colours[x0:x1, y0:y1].astype(int)
    same = (numpy.abs(drawn - wanted) <= TOLERANCE).all(axis=2) & inside
    return int(same.sum()) / total


def repeated(board: Scoreboard, found: Iterable[Drawn]) -> list[str]:
    """Pairs of texts on the screen that say one sentence twice (a clause of REPEAT words or more in both)."""
    bar = board.layout()[3]  # the buttons name the actions the messages talk about: the operator's, not a sentence
    seen = _seen(board, found)
    shown = [drawn for drawn in seen if (where := _on_screen(board, drawn)) is not None and not bar.contains(where)]
    out = []
    for i, first in enumerate(shown):
        for second in shown[i + 1 :]:
            if first.text == second.text and first.box == second.box:
                continue  # the same label in every cell of a row
            again = says_again(first.text, second.text)
            if again is not None:
                out.append(f"{first.text!r} and {second.text!r} both say {' '.join(again)!r}")
    return out


def loud_bar(board: Scoreboard, found: Iterable[Drawn]) -> list[str]:
    """The bar's words drawn larger than the smallest words of the game above it."""
    bar = board.layout()[3]
    shown = [(drawn, _on_screen(board, drawn)) for drawn in found]
    in_bar = [drawn for drawn, where in shown if where is not None and bar.contains(where)]
    game = [drawn.size for drawn, where in shown if where is not None and not bar.colliderect(where)]
    if not game:
        return []
    least = min(game)
    return [f"{drawn.text!r} at {drawn.size} px over the game's {least} px" for drawn in in_bar if drawn.size > least]
