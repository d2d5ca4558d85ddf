"""Skull King's trick screen, both editions': the table seen from above (table.display.seat_oval) through the
bidding with its YO-HO-HO countdown and reveal, the trick in play and the trick's result. Each seat shows its name,
its bid and tricks, and the card it laid.

Whose turn it is, who deals and who won the trick are shown by a thick outline AND a word, never by colour
alone. Bids appear only once revealed; before that a seat shows only whether it has bid. The middle of the table
says what the moment is about: the round, the countdown, the trick and its lead suit. How a card code looks is
the edition's (`faces`: table.games.skullking.art, table.games.skullking_2021.art).
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from table.core.frame import Phase, SeatView, seat_label
from table.core.text import COLOUR_NAMES, Text, plural, text
from table.display import short_forms, typeset
from table.display.card_art import CARD_RATIO, INK, PAPER, SUIT_COLOURS, CardFace, card_words, draw_card, suit_mark
from table.display.seat_oval import (
    HIGHLIGHT,
    PlateWords,
    draw_plate,
    draw_table,
    group_rect,
    middle_strip,
    plate_rect,
    plate_rects,
    plate_sizes,
    seat_places,
)
from table.display.typeset import fit_row, fit_text, place
from table.display.views import Motion, Paint
from table.games.skullking.art import card_face
from table.games.skullking.screen import Screen

FPS = 30  # animation frames per second: the key of an animated part changes this often

# The countdown says one word per drum hit of the "countdown" sound (table/display/sounds.py: 0, 0.6, 1.2 s).
YO_HO_HO = ((0.0, text("YO-")), (0.6, text("HO-")), (1.2, text("HO!")))
POP = 0.25  # seconds a word (or a revealed bid) takes to land
SUIT_WORDS = {**COLOUR_NAMES, "green": text("green"), "purple": text("purple")}  # the 2021 edition's suits too
REVEAL = 1.8  # seconds the revealed bids stay large at the seats

short_forms.add_short_forms(
    {
        "YOUR TURN": text("TURN"),
        "led": text("1st"),  # the tag beside the card that led, where a special card's words leave little room
        "bid {bid}, won {won}": text("bid/won {bid}/{won}"),  # eight plates at 800x480, the score pad's order
        # Six or eight plates at 800x480: the total joins another line, and must fit beside the longest state.
        "WINS THE TRICK (+{bonus} bonus)": text("WINS (+{bonus})"),
        "WINS THE TRICK": text("WINS"),
        "total {total}": text("\u03a3 {total}"),  # the sum sign: the score pad's "Total" row, in one letter
    }
)


def _seated(screen: Screen) -> list[SeatView]:
    """The seats that play (every seat, if none does yet)."""
    return [view for view in screen.seats if view.joined] or list(screen.seats)


def seat_plates(screen: Screen, size: tuple[int, int]) -> dict[int, pygame.Rect]:
    """Where each seat's name plate is drawn (seat -> rect), for touches on the screen."""
    return plate_rects([view.seat for view in _seated(screen)], size)


def animated(screen: Screen, motion: Motion) -> bool:
    """While the countdown's words land, or the revealed bids stand out, frames must keep coming."""
    if screen.phase is Phase.COUNTDOWN:
        return motion.phase_age < YO_HO_HO[-1][0] + POP
    return motion.reveal_age is not None and motion.reveal_age < REVEAL


def _frame(age: float) -> int:
    return int(age * FPS)


def draw_trick_screen(
    screen: Screen, size: tuple[int, int], paint: Paint | None = None, faces: Callable[[str], CardFace] = card_face
) -> pygame.Surface:
    paint = paint or Paint()
    surface, area = draw_table(size, screen.title or text("Skull King"), screen.prompt, paint)
    cards = screen.phase in (Phase.PLAYING, Phase.LIFTING, Phase.GAME_OVER)
    seats = _seated(screen)
    middle = middle_strip(len(seats), area, cards)
    said = _middle(surface, screen, middle, paint)
    paint.part(middle.inflate(0, 28), ("middle", *said))  # with the gaps to the seats: big words may reach them

    played = {card.seat: card.code for card in screen.trick.cards} if screen.trick else {}
    winner = screen.trick.winner if screen.trick else None
    leader = screen.trick.leader if screen.trick else None
    bonus = screen.trick.bonus if screen.trick else 0
    reveal = paint.motion.reveal_age if screen.phase is Phase.PLAYING else None
    places, card_width = seat_places(len(seats), area)
    words = [_plate_words(view, view.seat == winner, bonus, paint) for view in seats]
    sizes = plate_sizes(words, card_width)
    for view, centre, said_here in zip(seats, places, words, strict=True):
        code = played.get(view.seat)
        is_winner = view.seat == winner
        led = code is not None and view.seat == leader  # the card that led the trick
        plate = draw_plate(surface, centre, card_width, said_here, sizes, view.acting or is_winner)
        if code:
            _card(surface, faces(code), plate, card_width, paint, led)
        popping = None
        if reveal is not None and reveal < REVEAL and view.bid is not None and code is None:
            popping = _frame(reveal)
            _revealed_bid(surface, view.bid, centre, card_width, reveal)
        key = ("seat", view, code, is_winner, bonus, popping, sizes, "led" if led else "")
        paint.part(group_rect(centre, card_width).union(_pop_bounds(centre, card_width)), key)
    return surface


def _middle(surface: pygame.Surface, screen: Screen, box: pygame.Rect, paint: Paint) -> tuple[object, ...]:
    """The middle of the table, for the moment; returns what it showed (the part's key)."""
    if screen.phase is Phase.COUNTDOWN:
        age = paint.motion.phase_age
        _countdown(surface, box, age, paint)
        return ("countdown", min(_frame(age), _frame(YO_HO_HO[-1][0] + POP)))
    inner = box.inflate(-box.width // 4, -box.height // 10)
    if screen.phase is Phase.BIDDING:
        locked = sum(view.bid_locked for view in screen.seats if view.joined)
        lines = (
            text("Round {round} of {rounds}", round=screen.round, rounds=screen.rounds),
            # Translators: the count that picks the form is {locked}, the bids locked so far ("1 pari verrouillé")
            plural(
                "{locked} of {count} bids locked",
                "{locked} of {count} bids locked",
                locked,
                locked=locked,
                count=len(screen.players),
            ),
        )
        _two_lines(surface, inner, lines, paint)
        return ("bidding", screen.round, locked)
    if screen.trick is not None and screen.phase in (Phase.PLAYING, Phase.LIFTING):
        trick = screen.trick
        lead = text("Lead suit: {suit}", suit=SUIT_WORDS[trick.lead]) if trick.lead else text("No suit led yet")
        heading = text("Trick {number} of {count}", number=trick.number, count=screen.round)
        drawn = _two_lines(surface, inner, (heading, lead), paint)
        if trick.lead:  # the suit's shape beside its name: no colour needed, no letter to translate
            mark = pygame.Rect(0, 0, drawn.height * 3 // 4, drawn.height * 3 // 4)
            mark.midright = (drawn.left - drawn.height // 2, drawn.centery)
            pygame.draw.circle(surface, PAPER, mark.center, mark.width * 3 // 4)
            colour = SUIT_COLOURS[trick.lead] if trick.lead != "yellow" else INK  # yellow on paper: its shape, inked
            suit_mark(surface, trick.lead, mark, colour)
        return ("trick", trick.number, screen.round, trick.lead)
    return ("empty",)


def _two_lines(surface: pygame.Surface, box: pygame.Rect, lines: tuple[Text, Text], paint: Paint) -> pygame.Rect:
    """Two lines, one above the other, in one size, the pair centred in the box; returns where the second went."""
    rendered = fit_row([paint.say(words) for words in lines], box.width, box.height * 2 // 5, PAPER)
    top = box.centery - sum(line.get_height() for line in rendered) // 2
    rect = pygame.Rect(box.center, (0, 0))
    for line in rendered:
        rect = place(surface, line, midtop=(box.centerx, top))
        top = rect.bottom
    return rect


def _scale(age: float) -> float:
    """A pop: from large to its size, overshooting a little, over POP seconds."""
    if age >= POP:
        return 1.0
    t = age / POP
    return 1.0 + 0.8 * (1 - t) * math.cos(t * math.pi * 1.5)


def _countdown(surface: pygame.Surface, box: pygame.Rect, age: float, paint: Paint) -> None:
    """YO- HO- HO!, one word per drum hit, each landing with a pop."""
    landed = [(start, words) for start, words in YO_HO_HO if age >= start]
    if not landed:
        return
    slot = box.width * 2 // 7
    left = box.centerx - slot * 3 // 2
    for n, (start, words) in enumerate(landed):
        scale = _scale(age - start)
        rendered = fit_text(paint.say(words), slot * 9 // 10, box.height * 3 // 5, HIGHLIGHT)
        shown = rendered
        if scale != 1.0:
            size = (round(rendered.get_width() * scale), round(rendered.get_height() * scale))
            shown = pygame.transform.smoothscale(rendered, size)
        place(surface, rendered, shown, center=(left + slot * n + slot // 2, box.centery))


def _pop_bounds(centre: tuple[int, int], card_width: int) -> pygame.Rect:
    """Where a revealed bid may reach at its largest (its pop overshoots the seat's group)."""
    plate = plate_rect(centre, card_width)
    radius = round(card_width * 0.55 * 1.8) + 2
    spot = (plate.centerx, plate.top - 4 - round(card_width * CARD_RATIO) // 2)
    return pygame.Rect(spot[0] - radius, spot[1] - radius, radius * 2, radius * 2)


def _revealed_bid(surface: pygame.Surface, bid: int, centre: tuple[int, int], card_width: int, age: float) -> None:
    """The bid, large, where the seat's card will lie; all seats at once, landing with a pop."""
    plate = plate_rect(centre, card_width)
    radius = round(card_width * 0.55 * _scale(age))
    spot = (plate.centerx, plate.top - 4 - round(card_width * CARD_RATIO) // 2)
    pygame.draw.circle(surface, HIGHLIGHT, spot, radius)
    pygame.draw.circle(surface, INK, spot, radius, width=max(2, radius // 10))
    number = fit_text(str(bid), radius * 3 // 2, radius * 3 // 2, INK)
    place(surface, number, center=spot)


def _plate_words(view: SeatView, won: bool, bonus: int, paint: Paint) -> PlateWords:
    """A plate's lines (each with its short form, if any): the name (and who deals: left out if the plate is too
    narrow, the title says it too), the state ("" for none), the total so far."""
    name = text("{name} (deals)", name=seat_label(view)) if view.dealer else seat_label(view)
    detail = _detail(view, won, bonus)
    total = text("total {total}", total=view.total)  # the running total, as the dice game's plates say it
    names = short_forms.forms(name, paint.catalog) + ((paint.say(seat_label(view)),) if view.dealer else ())
    return (names, *(short_forms.forms(words or "", paint.catalog) for words in (detail, total)))


def _card(
    surface: pygame.Surface, face: CardFace, plate: pygame.Rect, card_width: int, paint: Paint, led: bool
) -> pygame.Rect:
    """The card laid, over the plate; a special card's words beside it ("Pirate" over "Tortuga Jack"), the led tag
    before it if it led the trick: tag, card and words side by side, centred together, none over another."""
    card = draw_card(face, card_width, paint.catalog)
    gap = max(4, card_width // 12)
    words = card_words(face, paint.catalog)
    tag = None
    if led:  # the tag takes what the card's words leave (they need their narrowest, at the smallest type)
        need = max((typeset.min_width(w, typeset.current().small, 2) + gap for w in words), default=0)
        free = plate.width - card_width - need - 2 * gap - card_width // 6
        tag = _led_words(paint, min(plate.width // 3, free), card.get_height())
    tag_room = tag.get_width() + 2 * gap + card_width // 6 if tag else 0  # the label, and its point
    box = (plate.width - card_width - gap - tag_room, min(typeset.current().body, card.get_height() // 4))
    lines = fit_row(words, *box, PAPER, lines=2)  # room for two
    room = max((line.get_width() for line in lines), default=-gap)
    left = plate.centerx - (tag_room + card_width + gap + room) // 2
    rect = card.get_rect(bottomleft=(left + tag_room, plate.top - 4))
    surface.blit(card, rect)
    top = rect.centery - sum(line.get_height() for line in lines) // 2
    for line in lines:
        top = place(surface, line, midtop=(rect.right + gap + room // 2, top)).bottom
    if tag is not None:
        _led_mark(surface, tag, rect, gap)
    return rect


def _led_words(paint: Paint, width: int, card_height: int) -> pygame.Surface:
    """The led tag's word ("led", else its short form "1st"), in the body size at most."""
    led = text("led")
    forms = (paint.say(led), *short_forms.forms(led, paint.catalog)[1:])
    return fit_text(forms, width, min(typeset.current().body, card_height * 2 // 5), INK)


def _led_mark(surface: pygame.Surface, words: pygame.Surface, card: pygame.Rect, pad: int) -> None:
    """The tag left of the card that led the trick: the word on a paper label, its point touching the card."""
    tag = pygame.Rect(0, 0, words.get_width() + 2 * pad, words.get_height() + pad)
    tag.midright = (card.left - card.width // 6, card.centery)
    tip = (card.left - 1, tag.centery)
    pygame.draw.rect(surface, PAPER, tag, border_radius=tag.height // 6)
    pygame.draw.polygon(
        surface, PAPER, [(tag.right - 1, tag.top + tag.height // 4), tip, (tag.right - 1, tag.bottom - tag.height // 4)]
    )
    place(surface, words, center=tag.center)


def _detail(view: SeatView, won: bool, bonus: int) -> Text | None:
    """The plate's second line: the seat's state, in words."""
    if not view.reader_ok:
        return text("READER DOWN")
    detail: Text | None = None
    if view.bid is not None:
        detail = text("bid {bid}, won {won}", bid=view.bid, won=view.won)
    elif view.bid_locked:
        detail = text("has bid")
    if view.acting:
        return text("YOUR TURN")  # the outline says it too; the bid shows again once the card is down
    if won:
        return text("WINS THE TRICK (+{bonus} bonus)", bonus=bonus) if bonus else text("WINS THE TRICK")
    return detail
