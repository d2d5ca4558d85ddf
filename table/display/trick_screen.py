"""The trick in play: the table seen from above, each seat with its name, its bid and tricks, and the card it laid.

Whose turn it is, who deals and who won the trick are shown by a thick outline AND a word, never by colour
alone. Bids appear only once revealed; before that a seat shows only whether it has bid.
"""

from __future__ import annotations

import pygame

from table.display.card_art import CARD_RATIO, INK, PAPER, CardFace, draw_card, fit_text
from table.games.screen import Phase, Screen, SeatView

FELT = (22, 60, 45)
TABLE = (36, 92, 66)
HIGHLIGHT = (240, 228, 66)  # Okabe-Ito yellow, with a thick outline and a word besides


def card_face(code: str) -> CardFace:
    """How a card code looks: "yellow:12", "pirate:tortuga-jack", "scarymary:pirate", "mermaid", ..."""
    kind, _, detail = code.partition(":")
    if kind in ("yellow", "red", "blue", "black"):
        return CardFace("number", kind, int(detail))
    if kind == "pirate" and detail:
        return CardFace("pirate", caption=detail.replace("-", " ").title())
    if kind == "scarymary" and detail:
        return CardFace("scarymary", caption=f"as {detail.title()}")
    return CardFace(kind)


def seat_places(count: int, area: pygame.Rect) -> tuple[list[tuple[int, int]], int]:
    """Where each seat's group (its card over its name plate) is centred, and the card width that fits.

    Two rows around the table: seats go clockwise, seen from above, along the bottom row from right to left and
    then along the top row from left to right.
    """
    bottom = (count + 1) // 2
    columns = max(bottom, count - bottom)
    card_width = int(min(area.width / (columns * 3.2), area.height / (2 * (CARD_RATIO + 0.95))))
    slot = area.width / columns
    rows = (area.top + area.height * 3 // 4, area.top + area.height // 4)
    places = [(round(area.right - slot * (n + 0.5)), rows[0]) for n in range(bottom)]
    places += [(round(area.left + slot * (n + 0.5)), rows[1]) for n in range(count - bottom)]
    return places, card_width


def _table_area(size: tuple[int, int]) -> pygame.Rect:
    """Below the title and the prompt, above the message bar."""
    width, height = size
    band = height // 10
    return pygame.Rect(0, band * 2, width, height - band * 3).inflate(-width // 40, -band // 4)


def _seated(screen: Screen) -> list[SeatView]:
    """Every seat in the lobby (to choose one to join); the seats that play, once a game is on."""
    if screen.phase is Phase.LOBBY:
        return list(screen.seats)
    return [view for view in screen.seats if view.joined] or list(screen.seats)


def seat_plates(screen: Screen, size: tuple[int, int]) -> dict[int, pygame.Rect]:
    """Where each seat's name plate is drawn (seat -> rect), for touches on the screen."""
    seats = _seated(screen)
    places, card_width = seat_places(len(seats), _table_area(size))
    return {view.seat: _plate(centre, card_width) for view, centre in zip(seats, places, strict=True)}


def _plate(centre: tuple[int, int], card_width: int) -> pygame.Rect:
    """A seat's name plate, under its card; the two together centred on `centre`."""
    x, y = centre
    card_height = round(card_width * CARD_RATIO)
    plate = pygame.Rect(0, 0, card_width * 3, card_width * 5 // 6)
    plate.midtop = (x, y - (card_height + plate.height) // 2 + card_height + 4)
    return plate


def draw_trick_screen(screen: Screen, size: tuple[int, int]) -> pygame.Surface:
    width, height = size
    surface = pygame.Surface(size)
    surface.fill(FELT)
    band = height // 10
    title = fit_text(screen.title or "Skull King", width * 9 // 10, band * 2 // 3, PAPER)
    surface.blit(title, title.get_rect(midtop=(width // 2, band // 6)))
    prompt = fit_text(screen.prompt, width * 9 // 10, band // 2, PAPER)
    surface.blit(prompt, prompt.get_rect(midtop=(width // 2, band)))

    area = _table_area(size)
    pygame.draw.ellipse(surface, TABLE, area.inflate(-width // 4, -area.height // 3))
    played = {card.seat: card.code for card in screen.trick.cards} if screen.trick else {}
    winner = screen.trick.winner if screen.trick else None
    seats = _seated(screen)
    places, card_width = seat_places(len(seats), area)
    for view, centre in zip(seats, places, strict=True):
        lobby = screen.phase is Phase.LOBBY
        bonus = screen.trick.bonus if screen.trick else 0
        _seat(surface, view, centre, card_width, played.get(view.seat), view.seat == winner, lobby, bonus)

    if screen.messages:
        note = screen.messages[-1]
        bar = pygame.Rect(0, height - band, width, band)
        surface.fill(INK, bar)
        text = fit_text(note.text, width * 19 // 20, band * 2 // 3, PAPER)
        surface.blit(text, text.get_rect(center=bar.center))
    return surface


def _seat(
    surface: pygame.Surface,
    view: SeatView,
    centre: tuple[int, int],
    card_width: int,
    code: str | None,
    won: bool,
    lobby: bool = False,
    bonus: int = 0,
) -> None:
    """One seat's group: the card it laid, over a plate with its name and state; centred on `centre`."""
    x, _ = centre
    plate = _plate(centre, card_width)
    pygame.draw.rect(surface, PAPER, plate, border_radius=card_width // 8)
    marked = view.acting or won
    if marked:
        pygame.draw.rect(surface, HIGHLIGHT, plate.inflate(8, 8), width=5, border_radius=card_width // 6)
    name = view.name + (" (deals)" if view.dealer else "")
    label = fit_text(name, plate.width * 9 // 10, plate.height * 5 // 12, INK)
    surface.blit(label, label.get_rect(midtop=(plate.centerx, plate.top + plate.height // 12)))
    if lobby:
        detail = "joined" if view.joined else "free seat"
    else:
        detail = f"bid {view.bid}, won {view.won}" if view.bid is not None else ("has bid" if view.bid_locked else "")
    if view.acting:
        detail = "YOUR TURN" + (f"  ({detail})" if detail else "")
    elif won:
        detail = "WINS THE TRICK" + (f" (+{bonus} bonus)" if bonus else "")
    if not view.reader_ok:
        detail = "READER DOWN"
    if detail:
        text = fit_text(detail, plate.width * 9 // 10, plate.height * 4 // 12, INK)
        surface.blit(text, text.get_rect(midbottom=(plate.centerx, plate.bottom - plate.height // 12)))
    if code:
        card = draw_card(card_face(code), card_width)
        surface.blit(card, card.get_rect(midbottom=(x, plate.top - 4)))
