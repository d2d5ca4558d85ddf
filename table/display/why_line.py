"""Why the last trick went where it went: one line under every game's view, the same place in every game, and the
last trick shown again on demand (ShowLastTrick) as a panel over the view.

Any screen model with `why` (Text or None), `judged` (table.core.frame.JudgedView or None) and `showing_last`
gets both; the scoreboard gives the line its own strip between the view and the message banner, so it is never
taken for a message (no warning sign, its own colours and a "Why" tag) and never covers the game. The strip is
there only while there is a why to say, and not on the final screen.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import pygame

from table.core.frame import Phase
from table.core.text import text
from table.display import typeset
from table.display.card_art import INK, PAPER
from table.display.typeset import fit_text, place
from table.display.views import Paint

STRIP = (18, 32, 52)  # a deep blue: neither the felt, nor the banner's news or warning
TAG = (86, 180, 233)  # Okabe-Ito sky blue, with the word "Why" on it
GOLD = (240, 228, 66)  # the winner's outline, as on the trick screen
PANEL = (250, 246, 232)
SHADE = (0, 0, 0, 150)
BAND = 16  # the strip takes a sixteenth of the screen's height, or two lines of the smallest type if more
MOST_LINES = 4  # a why takes at most this many lines of the smallest type


def has_why(model: Any) -> bool:
    """A game's screen model with a why to say (the lobby's has none). Without one there is no strip: an empty strip
    took room from the seats' plates. At the game's end the last trick's why is old news: the final screen says
    why the winner won; while the last trick is shown again, its panel says the why."""
    if getattr(model, "showing_last", False):
        return False  # the last trick's panel says the why, over the view
    return getattr(model, "why", None) is not None and getattr(model, "phase", None) is not Phase.GAME_OVER


def why_key(model: Any) -> Hashable:
    return getattr(model, "why", None)


def strip_height(model: Any, size: tuple[int, int], paint: Paint) -> int:
    """The why strip's height on a screen of `size`: a sixteenth of it, and at least two lines of the smallest type;
    a line more while a why needs it (the view gives the room: the bar and the banner never move). None without a
    why to say."""
    if not has_why(model):
        return 0
    with typeset.screen(size) as scale:
        pad = _pad(size)
        least = max(size[1] // BAND, typeset.block_height(2, scale.small) + pad)
        why = getattr(model, "why", None)
        if why is None:
            return least
        said, width = paint.say(why), _room(pygame.Rect(0, 0, size[0], least), pad, paint)[1].width
        heights = (typeset.block_height(n, scale.small) for n in range(2, MOST_LINES + 1))
        fitting = (h for h in heights if typeset.block_size(said, width, h, MOST_LINES, scale.body) is not None)
        return max(least, next(fitting, typeset.block_height(MOST_LINES, scale.small)) + pad)


def draw_why(surface: pygame.Surface, model: Any, strip: pygame.Rect, paint: Paint) -> None:
    """The why line in `strip`: a "Why" tag, then the reason on as many lines as the strip holds whole; empty
    without one."""
    surface.fill(STRIP, strip)
    why = getattr(model, "why", None)
    if why is None or not has_why(model):
        return
    pad = _pad(surface.get_size())
    (word, size, tag), room = _room(strip, pad, paint)
    pygame.draw.rect(surface, TAG, tag, border_radius=pad * 2)
    place(surface, fit_text(word, tag.width, tag.height, INK, size=size), center=tag.center)
    said = paint.say(why)
    scale = typeset.current()
    size = typeset.block_size(said, room.width, room.height, MOST_LINES, scale.body) or scale.small
    place(surface, fit_text(said, room.width, room.height, PAPER, lines=MOST_LINES, size=size), midleft=room.midleft)


def _pad(size: tuple[int, int]) -> int:
    return max(2, size[1] // (BAND * 8))


def _room(strip: pygame.Rect, pad: int, paint: Paint) -> tuple[tuple[str, int, pygame.Rect], pygame.Rect]:
    """The "Why" tag at the strip's left (its word, the word's size, in the body size at most, and its rect), and
    the room for the reason beside it. Measured, not drawn: the strip's height is worked out from it."""
    word = paint.say(text("Why"))
    size = typeset.fit_size([word], strip.width // 8, min(typeset.current().body, strip.height - 3 * pad))
    tag = pygame.Rect((0, 0), typeset.font(size).size(word)).inflate(pad * 3, pad * 2)
    tag.midleft = (strip.left + pad * 2, strip.centery)
    room = pygame.Rect(tag.right + pad * 3, strip.top + pad // 2, strip.right - tag.right - pad * 5, strip.height - pad)
    return (word, size, tag), room


def last_key(model: Any) -> Hashable:
    """What the panel shows: nothing unless the last trick is asked for."""
    return getattr(model, "judged", None) if getattr(model, "showing_last", False) else None


def draw_last_trick(surface: pygame.Surface, model: Any, paint: Paint) -> None:
    """The last trick again, over the view: which one it was, each play (the winner's outlined and said), why."""
    judged = getattr(model, "judged", None)
    if judged is None or not getattr(model, "showing_last", False):
        return
    width, height = surface.get_size()
    shade = pygame.Surface((width, height), pygame.SRCALPHA)
    shade.fill(SHADE)
    surface.blit(shade, (0, 0))
    panel = pygame.Rect(0, 0, width * 4 // 5, height * 5 // 6)
    panel.center = (width // 2, height // 2)
    pygame.draw.rect(surface, PANEL, panel, border_radius=height // 40)
    rows = max(1, len(judged.plays))
    columns = 2 if rows > 6 else 1  # a long pile takes two columns
    per_column = -(-rows // columns)
    line = panel.height // (per_column + 4)
    heading = text("{name}: {which}", name=judged.name, which=judged.heading)
    title = fit_text(paint.say(heading), panel.width * 9 // 10, line * 4 // 5, INK)
    place(surface, title, midtop=(panel.centerx, panel.top + line // 4))
    cell_width = panel.width * 9 // 10 // columns
    for n, play in enumerate(judged.plays):
        box = pygame.Rect(0, 0, cell_width - line // 2, line * 4 // 5)
        box.topleft = (panel.left + panel.width // 20 + (n // per_column) * cell_width,
                       panel.top + line * (3 + 2 * (n % per_column)) // 2)  # fmt: skip
        won = play.seat is not None and play.seat == judged.winner
        if won:
            pygame.draw.rect(surface, GOLD, box.inflate(line // 6, line // 8), border_radius=line // 6)
        words = play.card if play.name is None else text("{name}: {card}", name=play.name, card=play.card)
        if won:
            words = text("{play} - takes it", play=words)
        shown = fit_text(paint.say(words), box.width, box.height * 4 // 5, INK)
        place(surface, shown, midleft=(box.left + line // 6, box.centery))
    why_box = pygame.Rect(
        panel.left + panel.width // 20, panel.bottom - line * 7 // 4, panel.width * 9 // 10, line * 5 // 4
    )
    said = fit_text(paint.say(judged.why), why_box.width, why_box.height, INK, lines=2)
    place(surface, said, center=why_box.center)
