"""The settings screen on the scoreboard: a title, then one row per setting, its caption on the left.

The game offered first, the language and the sound are rows of chips to touch (the chosen one filled, the others
outlined: not by colour alone), each touch a `ChangeSetting` saved at once. The venue's address and the table's
name are shown in a box each; they are typed on the on-screen keyboard, opened by the bar's buttons
(table.settings_screen.controls), as is the PIN. Registered with those controls when the shell loads the views
(table.commands.run.load_game_views).
"""

from __future__ import annotations

import pygame

from table.core.text import LANGUAGE_NAMES, LANGUAGES, Text, text, verbatim
from table.display import typeset
from table.display.card_art import INK, PAPER
from table.display.controls import register_controls
from table.display.score_pad import FELT
from table.display.typeset import fit_row, fit_text, place, row_size
from table.display.views import Paint, register
from table.operator_settings import ChangeSetting
from table.settings_screen.controls import SettingsControls
from table.settings_screen.model import SettingsScreen

TITLE = text("Settings: each change is saved at once")
ROWS = 5  # game, language, sound, venue address, table name
NO_VENUE = text("none: the table sends its results to no venue")

Chip = tuple[pygame.Rect, ChangeSetting]


def _layout(size: tuple[int, int]) -> tuple[pygame.Rect, list[pygame.Rect], int]:
    """(the title's strip, each row's rect, the captions' width) for a board of `size`."""
    width, height = size
    margin = max(6, height // 60)
    title = pygame.Rect(margin, margin, width - 2 * margin, height // 8)
    line = (height - title.bottom - margin) // ROWS
    rows = [
        pygame.Rect(margin, title.bottom + n * line, width - 2 * margin, line).inflate(0, -max(4, line // 6))
        for n in range(ROWS)
    ]
    return title, rows, width // 4


def _chips(screen: SettingsScreen, size: tuple[int, int]) -> list[list[tuple[pygame.Rect, ChangeSetting, str]]]:
    """The three rows of chips: (chip, what touching it saves, its code) per chip."""
    _, rows, caption_width = _layout(size)
    choices: list[list[tuple[str, ChangeSetting]]] = [
        [(game.key, ChangeSetting("game", game.key)) for game in screen.games],
        [(code, ChangeSetting("language", code)) for code in LANGUAGES],
        [("on", ChangeSetting("sound", True)), ("off", ChangeSetting("sound", False))],
    ]
    out = []
    for row, codes in zip(rows, choices, strict=False):
        gap = max(4, row.width // 100)
        left = row.left + caption_width
        chip_width = (row.right - left - gap * (len(codes) - 1)) // len(codes)
        out.append(
            [
                (pygame.Rect(left + n * (chip_width + gap), row.top, chip_width, row.height), change, code)
                for n, (code, change) in enumerate(codes)
            ]
        )
    return out


def settings_touches(screen: SettingsScreen, size: tuple[int, int]) -> list[tuple[pygame.Rect, object]]:
    """Touching a chip saves its choice."""
    return [(chip, change) for row in _chips(screen, size) for chip, change, _ in row]


def draw_settings(screen: SettingsScreen, size: tuple[int, int], paint: Paint | None = None) -> pygame.Surface:
    paint = paint or Paint()
    surface = pygame.Surface(size)
    surface.fill(FELT)
    title, rows, caption_width = _layout(size)
    heading = fit_text(paint.say(TITLE), title.width, min(typeset.current().heading, title.height), PAPER, lines=2)
    place(surface, heading, midleft=title.midleft)
    captions = [
        text("Game offered first"),
        text("Language"),
        text("Sound"),
        text("Venue address"),
        text("Table's name at the venue"),
    ]
    gap = max(4, size[0] // 100)
    said = fit_row([paint.say(c) for c in captions], caption_width - gap, rows[0].height * 3 // 5, PAPER, lines=2)
    for rendered, row in zip(said, rows, strict=True):
        place(surface, rendered, midright=(row.left + caption_width - gap, row.centery))
    forms: dict[str, tuple[str, ...]] = {
        game.key: (paint.say(game.name), *([paint.say(game.short_name)] if game.short_name else []))
        for game in screen.games
    }
    forms.update({code: (LANGUAGE_NAMES[code],) for code in LANGUAGES})
    forms.update({"on": (paint.say(text("On")),), "off": (paint.say(text("Off")),)})
    chosen = (screen.game, screen.language, "on" if screen.sound else "off")
    for n, chips in enumerate(_chips(screen, size)):
        _draw_chips(
            surface, [(chip, forms[code], code == chosen[n]) for chip, _, code in chips], lines=2 if n == 0 else 1
        )
    for row, value in zip(rows[3:], (screen.venue_broker, screen.venue_table), strict=True):
        shown = verbatim(value) if value is not None else NO_VENUE
        _draw_value(surface, pygame.Rect(row.left + caption_width, row.top, row.width - caption_width, row.height),
                    shown, paint)  # fmt: skip
    paint.part(surface.get_rect(), ("settings", screen))
    return surface


def _draw_chips(surface: pygame.Surface, chips: list[tuple[pygame.Rect, tuple[str, ...], bool]], lines: int) -> None:
    """A row of chips sharing one size of type; the chosen one filled."""
    if not chips:
        return
    first = chips[0][0]
    border = max(2, first.height // 14)
    width, height = first.width - 2 * border - 4, first.height * (7 if lines == 2 else 6) // 10
    size = row_size([words for _, words, _ in chips], width, height, lines)
    for chip, words, picked in chips:
        if picked:
            pygame.draw.rect(surface, PAPER, chip, border_radius=chip.height // 4)
        pygame.draw.rect(surface, PAPER, chip, width=border, border_radius=chip.height // 4)
        rendered = fit_text(words, width, height, INK if picked else PAPER, lines=lines, size=size)
        place(surface, rendered, center=chip.center)


def _draw_value(surface: pygame.Surface, box: pygame.Rect, value: Text, paint: Paint) -> None:
    """A typed setting's value in an outlined box (changed with the bar's button)."""
    border = max(2, box.height // 14)
    pygame.draw.rect(surface, PAPER, box, width=border, border_radius=box.height // 4)
    inner = box.inflate(-4 * border - box.height // 3, -2 * border)
    rendered = fit_text(paint.say(value), inner.width, inner.height * 3 // 5, PAPER, lines=2)
    place(surface, rendered, midleft=inner.midleft)


register(SettingsScreen, draw_settings, touches=settings_touches)
register_controls(SettingsScreen, SettingsControls)
