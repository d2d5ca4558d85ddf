"""The table's lobby on the scoreboard: the seats around the table (table.display.seat_oval), free or joined, the
game and language chips to touch in the middle, the prompt. Registered, with the lobby's bar (table.lobby.controls),
when the shell loads the views (table.commands.run.load_game_views).
"""

from __future__ import annotations

import pygame

from table.core import inputs
from table.core.frame import seat_label
from table.core.text import LANGUAGE_NAMES, LANGUAGES, Text, text
from table.display import short_forms, typeset
from table.display.card_art import INK, PAPER
from table.display.controls import register_controls
from table.display.seat_oval import (
    PlateWords,
    draw_plate,
    draw_table,
    group_rect,
    middle_strip,
    plate_rects,
    plate_sizes,
    seat_places,
    table_area,
)
from table.display.typeset import fit_row, fit_text, place, row_size
from table.display.views import Paint, register
from table.lobby.controls import LobbyControls
from table.lobby.model import LobbyScreen, LobbySeat


def draw_lobby(screen: LobbyScreen, size: tuple[int, int], paint: Paint | None = None) -> pygame.Surface:
    paint = paint or Paint()
    surface, area = draw_table(size, screen.title, screen.prompt, paint)
    middle = middle_strip(len(screen.seats), area, cards=False, cardless=True)
    _choices(surface, screen, middle, paint)
    paint.part(middle.inflate(0, 28), ("middle", screen.game, screen.games, screen.language))
    places, card_width = seat_places(len(screen.seats), area, cardless=True)
    words = [_plate_words(view, paint) for view in screen.seats]
    sizes = plate_sizes(words, card_width)
    for view, centre, said in zip(screen.seats, places, words, strict=True):
        draw_plate(surface, centre, card_width, said, sizes)
        paint.part(group_rect(centre, card_width), ("seat", view, sizes))
    return surface


def lobby_plates(screen: LobbyScreen, size: tuple[int, int]) -> dict[int, pygame.Rect]:
    """Where each seat's name plate is drawn (seat -> rect): every seat, to choose one to join."""
    return plate_rects([view.seat for view in screen.seats], size, cardless=True)


def _plate_words(view: LobbySeat, paint: Paint) -> PlateWords:
    """A plate's two lines: the name, and whether the seat joined (or its reader is down)."""
    detail = text("READER DOWN") if not view.reader_ok else text("joined") if view.joined else text("free seat")
    return short_forms.forms(seat_label(view), paint.catalog), short_forms.forms(detail, paint.catalog)


def _chip_rows(screen: LobbyScreen, box: pygame.Rect) -> list[tuple[Text, pygame.Rect, list[tuple[pygame.Rect, str]]]]:
    """The lobby's two rows of chips (game, language): each row's caption, its rect, and (chip, code) per chip."""
    # No key letters here ("Game (K)"): a touch screen has no K; the keys still work (table.lobby.controls).
    rows = ((text("Game"), tuple(game.key for game in screen.games)), (text("Language"), LANGUAGES))
    line = box.height // 2
    caption_width = box.width // 7
    gap = max(4, box.width // 100)
    out = []
    for n, (heading, codes) in enumerate(rows):
        row = pygame.Rect(box.left, box.top + n * line, box.width, line).inflate(0, -max(4, line // 6))
        chip_width = (row.width - caption_width - gap * len(codes)) // len(codes)
        chips = [
            (pygame.Rect(row.left + caption_width + m * (chip_width + gap), row.top, chip_width, row.height), code)
            for m, code in enumerate(codes)
        ]
        out.append((heading, row, chips))
    return out


def lobby_touches(screen: LobbyScreen, size: tuple[int, int]) -> list[tuple[pygame.Rect, object]]:
    """Touching a game's or a language's chip chooses it."""
    area = table_area(size)
    middle = middle_strip(len(screen.seats), area, cards=False, cardless=True)
    (_, _, games), (_, _, languages) = _chip_rows(screen, middle)
    touches: list[tuple[pygame.Rect, object]] = [(chip, inputs.ChooseGame(code)) for chip, code in games]
    return touches + [(chip, inputs.ChooseLanguage(code)) for chip, code in languages]


def _choices(surface: pygame.Surface, screen: LobbyScreen, box: pygame.Rect, paint: Paint) -> None:
    """The game and the language, each a row of chips after its caption: the chosen one filled, the others
    outlined (not by colour alone). Each chip can be touched (lobby_touches). A game's chip says its name, or its
    short name where the name does not fit; a language's says the language's own name."""
    forms: dict[str, tuple[str, ...]] = {
        game.key: (paint.say(game.name), *([paint.say(game.short_name)] if game.short_name else []))
        for game in screen.games
    }
    forms.update({code: (LANGUAGE_NAMES[code],) for code in LANGUAGES})
    chosen = (screen.game, screen.language)
    caption_width = box.width // 7
    gap = max(4, box.width // 100)
    rows = _chip_rows(screen, box)
    headings = [paint.say(heading) for heading, _, _ in rows]
    captions = fit_row(headings, caption_width - gap, min(typeset.current().body, rows[0][1].height * 3 // 5), PAPER)
    for n, (_, row, chips) in enumerate(rows):
        place(surface, captions[n], midright=(row.left + caption_width - gap, row.centery))
        # A row's chips share one size; a game's name may take two lines, or its short form.
        lines, height = (2, row.height * 7 // 10) if n == 0 else (1, row.height * 3 // 5)
        said = [forms[code] for _, code in chips]
        width = chips[0][0].width - 2 * max(2, chips[0][0].height // 14) - 4 if chips else 1  # inside its border
        size = row_size(said, width, height, lines)
        for (chip, code), words in zip(chips, said, strict=True):
            picked = code == chosen[n]
            if picked:
                pygame.draw.rect(surface, PAPER, chip, border_radius=chip.height // 4)
            pygame.draw.rect(surface, PAPER, chip, width=max(2, chip.height // 14), border_radius=chip.height // 4)
            rendered = fit_text(words, width, height, INK if picked else PAPER, lines=lines, size=size)
            place(surface, rendered, center=chip.center)


register(LobbyScreen, draw_lobby, plates=lobby_plates, touches=lobby_touches)
register_controls(LobbyScreen, LobbyControls)
