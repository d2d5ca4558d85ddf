"""The message banner: a strip of its own between the game and the bar of actions, so a message never covers the
game, and the game never hides a message.

What it says, most urgent first: the seat hub's link is lost (the whole screen gets a red frame too), the
operator's undo question, then the latest message. A refused input (an error) is a vermillion strip with a
warning sign; other news is a dark strip with an "i": the shape and the word differ, not the colour alone.
Any screen model with `link_lost`, `undo` and `messages` (notes with `text`, `error`) gets the banner.

With nothing to say, or only what the game's view or its why line says already, there is no strip at all: the view
takes the room (the scoreboard decides, table.display.scoreboard). A lost link is never left out: when the view
says already that the game waits, the strip says only that the link is lost, and why.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import pygame

from table.core.text import Text, text
from table.display import typeset
from table.display.card_art import INK, PAPER
from table.display.typeset import fit_text, place
from table.display.views import Paint

CALM = (14, 40, 30)  # no news: the strip stays quiet
NEWS = (25, 25, 30)
ERROR = (213, 94, 0)  # Okabe-Ito vermillion
ALARM = (190, 30, 30)


News = tuple[str, Text | str]  # (kind, words)
HUSHED = ("error", "news")  # the kinds left out when the screen says the same already (never a lost link, a question)


def banner_news(model: Any, briefly: bool = False) -> News | None:
    """(kind, words) the banner shows for `model`: kind "link", "undo", "error" or "news"; None for nothing.
    `briefly`: a lost link without "the game waits" (the view says it already)."""
    link_lost = getattr(model, "link_lost", None)
    if link_lost is not None:
        if briefly:
            return "link", text("Seat hub link lost ({reason})", reason=link_lost)
        return "link", text("Seat hub link lost ({reason}): the game waits until it is back", reason=link_lost)
    undo = getattr(model, "undo", None)
    if undo is not None:
        return "undo", text("{question} Y: yes, N: no", question=undo)
    messages = getattr(model, "messages", ())
    if messages:
        note = messages[-1]
        return ("error" if getattr(note, "error", False) else "news"), note.text
    return None


def banner_key(model: Any) -> Hashable:
    return banner_news(model)


def draw_banner(
    surface: pygame.Surface, model: Any, strip: pygame.Rect, paint: Paint, news: News | None = None
) -> None:
    """The banner in `strip`, saying `news` (by default the model's)."""
    news = banner_news(model) if news is None else news
    if news is None:
        surface.fill(CALM, strip)
        return
    kind, words = news
    background = {"link": ALARM, "error": ERROR, "undo": PAPER, "news": NEWS}[kind]
    ink = INK if kind in ("error", "undo") else PAPER
    surface.fill(background, strip)
    pygame.draw.rect(surface, ink, strip, width=max(2, strip.height // 20))
    sign = pygame.Rect(0, 0, strip.height * 3 // 4, strip.height * 3 // 4)
    sign.midleft = (strip.left + strip.height // 4, strip.centery)
    _sign(surface, kind, sign, ink, background)
    room = pygame.Rect(
        sign.right + strip.height // 4, strip.top, strip.right - sign.right - strip.height // 2, strip.height
    )
    said = paint.say(words)
    inside = room.height - 2 * max(2, strip.height // 20)  # two lines held whole inside the frame
    size = typeset.block_size(said, room.width, inside, 2, room.height * 4 // 5)
    rendered = fit_text(said, room.width, room.height * 4 // 5, ink, lines=2, size=size)
    place(surface, rendered, midleft=(room.left, room.centery))


def _sign(
    surface: pygame.Surface, kind: str, box: pygame.Rect, ink: tuple[int, int, int], back: tuple[int, int, int]
) -> None:
    """A warning triangle with "!" for trouble, a "?" disc for a question, an "i" disc for news."""
    if kind in ("link", "error"):
        pygame.draw.polygon(surface, ink, [box.midtop, box.bottomright, box.bottomleft])
        mark = "!"
    else:
        pygame.draw.circle(surface, ink, box.center, box.width // 2)
        mark = "?" if kind == "undo" else "i"
    glyph = fit_text(mark, box.width // 2, box.height * 3 // 5, back)
    place(surface, glyph, center=(box.centerx, box.centery + (box.height // 8 if mark == "!" else 0)))


def draw_alarm_frame(surface: pygame.Surface, area: pygame.Rect) -> None:
    """Around the game while the hub link is lost: the game stays visible inside the frame."""
    pygame.draw.rect(surface, ALARM, area, width=max(4, area.height // 90))
