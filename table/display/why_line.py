"""Why the last trick went where it went: one line under every game's view, the same place in every game, and the
last trick shown again on demand (ShowLastTrick) as a panel over the view.

Any screen model with `why` (Text or None), `judged` (table.games.screen.JudgedView or None) and `showing_last`
gets both; the scoreboard gives the line its own strip between the view and the message banner, so it is never
taken for a message (no warning sign, its own colours and a "Why" tag) and never covers the game.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import pygame

from table.display.card_art import INK, PAPER
from table.display.typeset import fit_text
from table.display.views import Paint
from table.games.screen import Phase
from table.games.text import text

STRIP = (18, 32, 52)  # a deep blue: neither the felt, nor the banner's news or warning
TAG = (86, 180, 233)  # Okabe-Ito sky blue, with the word "Why" on it
GOLD = (240, 228, 66)  # the winner's outline, as on the trick screen
PANEL = (250, 246, 232)
SHADE = (0, 0, 0, 150)


def has_why(model: Any) -> bool:
    """A game's screen model (not the lobby's): the strip stays while the game is on, so nothing jumps when a why
    comes and goes."""
    return hasattr(model, "why") and getattr(model, "phase", None) is not Phase.LOBBY


def why_key(model: Any) -> Hashable:
    return getattr(model, "why", None)


def draw_why(surface: pygame.Surface, model: Any, strip: pygame.Rect, paint: Paint) -> None:
    """The why line in `strip`: a "Why" tag, then the reason (on two lines if one is too short); empty without one."""
    surface.fill(STRIP, strip)
    why = getattr(model, "why", None)
    if why is None:
        return
    pad = max(2, strip.height // 8)
    tag_words = fit_text(paint.say(text("Why")), strip.width // 8, strip.height - 3 * pad, INK)
    tag = tag_words.get_rect().inflate(pad * 3, pad * 2)
    tag.midleft = (strip.left + pad * 2, strip.centery)
    pygame.draw.rect(surface, TAG, tag, border_radius=pad * 2)
    surface.blit(tag_words, tag_words.get_rect(center=tag.center))
    room = pygame.Rect(tag.right + pad * 3, strip.top + pad // 2, strip.right - tag.right - pad * 5, strip.height - pad)
    said = fit_text(paint.say(why), room.width, room.height, PAPER, lines=2)
    surface.blit(said, said.get_rect(midleft=(room.left, room.centery)))


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
    surface.blit(title, title.get_rect(midtop=(panel.centerx, panel.top + line // 4)))
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
        surface.blit(shown, shown.get_rect(midleft=(box.left + line // 6, box.centery)))
    why_box = pygame.Rect(
        panel.left + panel.width // 20, panel.bottom - line * 7 // 4, panel.width * 9 // 10, line * 5 // 4
    )
    said = fit_text(paint.say(judged.why), why_box.width, why_box.height, INK, lines=2)
    surface.blit(said, said.get_rect(center=why_box.center))
