"""The table seen from above: the lobby, the bidding with its YO-HO-HO countdown and reveal, the trick in play and
the trick's result. Each seat shows its name, its bid and tricks, and the card it laid.

Whose turn it is, who deals and who won the trick are shown by a thick outline AND a word, never by colour
alone. Bids appear only once revealed; before that a seat shows only whether it has bid. The middle of the table
says what the moment is about: the lobby's choices, the round, the countdown, the trick and its lead suit.
"""

from __future__ import annotations

import math

import pygame

from table.core import inputs
from table.core.screen import Phase, Screen, SeatView
from table.core.text import COLOUR_NAMES, LANGUAGE_NAMES, LANGUAGES, Text, plural, text, verbatim
from table.display import short_forms, typeset
from table.display.card_art import (
    CARD_RATIO,
    INK,
    PAPER,
    SUIT_COLOURS,
    CardFace,
    card_words,
    draw_card,
    suit_mark,
)
from table.display.typeset import fit_row, fit_text, place, row_size
from table.display.views import Motion, Paint

FELT = (22, 60, 45)
TABLE = (36, 92, 66)
HIGHLIGHT = (240, 228, 66)  # Okabe-Ito yellow, with a thick outline and a word besides
FPS = 30  # animation frames per second: the key of an animated part changes this often

# The countdown says one word per drum hit of the "countdown" sound (table/display/sounds.py: 0, 0.6, 1.2 s).
YO_HO_HO = ((0.0, text("YO-")), (0.6, text("HO-")), (1.2, text("HO!")))
POP = 0.25  # seconds a word (or a revealed bid) takes to land
SUIT_WORDS = {**COLOUR_NAMES, "green": text("green"), "purple": text("purple")}  # the 2021 edition's suits too
REVEAL = 1.8  # seconds the revealed bids stay large at the seats
PLATE_WIDTH = 5.0  # card widths: a name and its state on one line; above it, the card and its words beside it


def game_name(screen: Screen, game: str) -> Text:
    """A game's name as the screen model gives it (the game catalog's), else its key."""
    return dict(zip(screen.games, screen.game_names, strict=False)).get(game, verbatim(game))


def card_face(code: str) -> CardFace:
    """How a card code looks: "yellow:12", "pirate:tortuga-jack", "scarymary:pirate", "mermaid", ..."""
    kind, _, detail = code.partition(":")
    if kind in ("yellow", "red", "blue", "black", "green", "purple"):
        return CardFace("number", kind, int(detail))
    if kind == "pirate" and detail:
        return CardFace("pirate", caption=detail.replace("-", " ").title())
    if kind in ("scarymary", "tigress") and detail:
        return CardFace(kind, caption=text("as Pirate") if detail == "pirate" else text("as Escape"))
    return CardFace(kind)


def seat_places(count: int, area: pygame.Rect, lobby: bool = False) -> tuple[list[tuple[int, int]], int]:
    """Where each seat's group (its card over its name plate) is centred, and the card width that fits.

    Two rows around the table: seats go clockwise, seen from above, along the bottom row from right to left and
    then along the top row from left to right. The rows hug the area's top and bottom, leaving a strip between
    them for the middle of the table (`middle_strip`). In the `lobby` no card is laid: the top row's plates go up
    into its cards' room, leaving more of the middle for the lobby's choices.
    """
    bottom = (count + 1) // 2
    columns = max(bottom, count - bottom)
    card_width = int(min(area.width / (columns * (PLATE_WIDTH + 0.2)), area.height / 6.0))
    half = (_group_height(card_width) + 1) // 2 + 1
    slot = area.width / columns
    rows = (area.bottom - half, area.top + half - (round(card_width * CARD_RATIO) + 4 if lobby else 0))
    places = [(round(area.right - slot * (n + 0.5)), rows[0]) for n in range(bottom)]
    places += [(round(area.left + slot * (n + 0.5)), rows[1]) for n in range(count - bottom)]
    return places, card_width


def _group_height(card_width: int) -> int:
    return round(card_width * CARD_RATIO) + plate_height(card_width) + 4


def plate_height(card_width: int) -> int:
    """A name plate holds two lines (the name, the state) of at least the smallest type."""
    small = typeset.current().small
    return max(card_width * 5 // 6, typeset.font(small).get_linesize() * 2 + small // 2)


def middle_strip(count: int, area: pygame.Rect, cards: bool = True, lobby: bool = False) -> pygame.Rect:
    """The strip between the two rows of seats, where the middle of the table speaks.

    Without cards (the lobby) the bottom row's card space is free too.
    """
    places, card_width = seat_places(count, area, lobby)
    top = _plate(places[-1], card_width).bottom + 14  # the top row's plates, and room for the selection frame
    bottom = _plate(places[0], card_width).top - 14 - (round(card_width * CARD_RATIO) if cards else 0)
    return pygame.Rect(area.left + area.width // 40, top, area.width * 19 // 20, bottom - top)


def _band(size: tuple[int, int]) -> int:
    return size[1] // 9


def _table_area(size: tuple[int, int]) -> pygame.Rect:
    """Below the title and the prompt."""
    width, height = size
    band = _band(size)
    return pygame.Rect(0, band * 2, width, height - band * 2).inflate(-width // 40, -band // 4)


def _seated(screen: Screen) -> list[SeatView]:
    """Every seat in the lobby (to choose one to join); the seats that play, once a game is on."""
    if screen.phase is Phase.LOBBY:
        return list(screen.seats)
    return [view for view in screen.seats if view.joined] or list(screen.seats)


def seat_plates(screen: Screen, size: tuple[int, int]) -> dict[int, pygame.Rect]:
    """Where each seat's name plate is drawn (seat -> rect), for touches on the screen."""
    seats = _seated(screen)
    places, card_width = seat_places(len(seats), _table_area(size), screen.phase is Phase.LOBBY)
    return {view.seat: _plate(centre, card_width) for view, centre in zip(seats, places, strict=True)}


def _plate(centre: tuple[int, int], card_width: int) -> pygame.Rect:
    """A seat's name plate, under its card; the two together centred on `centre`."""
    x, y = centre
    card_height = round(card_width * CARD_RATIO)
    plate = pygame.Rect(0, 0, round(card_width * PLATE_WIDTH), plate_height(card_width))
    plate.midtop = (x, y - (card_height + plate.height) // 2 + card_height + 4)
    return plate


def _group(centre: tuple[int, int], card_width: int) -> pygame.Rect:
    """The seat's card and plate together, with room for the highlight and the selection frame."""
    plate = _plate(centre, card_width)
    card_top = plate.top - 4 - round(card_width * CARD_RATIO)
    return pygame.Rect(plate.left, card_top, plate.width, plate.bottom - card_top).inflate(24, 24)


def label(view: SeatView) -> Text:
    return view.label if view.label is not None else verbatim(view.name)


def animated(screen: Screen, motion: Motion) -> bool:
    """While the countdown's words land, or the revealed bids stand out, frames must keep coming."""
    if screen.phase is Phase.COUNTDOWN:
        return motion.phase_age < YO_HO_HO[-1][0] + POP
    return motion.reveal_age is not None and motion.reveal_age < REVEAL


def _frame(age: float) -> int:
    return int(age * FPS)


def draw_trick_screen(screen: Screen, size: tuple[int, int], paint: Paint | None = None) -> pygame.Surface:
    paint = paint or Paint()
    width = size[0]
    surface = pygame.Surface(size)
    surface.fill(FELT)
    band = _band(size)
    header = pygame.Rect(0, 0, width, band * 2 + band // 2)  # with room for a prompt's second line that spills
    title = fit_text(paint.say(screen.title or text("Skull King")), width * 19 // 20, band * 3 // 4, PAPER)
    header.union_ip(place(surface, title, midtop=(width // 2, band // 8)))
    prompt = fit_text(paint.say(screen.prompt), width * 19 // 20, band, PAPER, lines=2)
    header.union_ip(place(surface, prompt, center=(width // 2, band * 3 // 2)))
    paint.part(header, ("header", screen.title, screen.prompt))  # all the words cover, even a line that spills

    area = _table_area(size)
    pygame.draw.ellipse(surface, TABLE, area.inflate(-width // 8, -area.height // 8))  # the table, from above
    cards = screen.phase in (Phase.PLAYING, Phase.LIFTING, Phase.GAME_OVER)
    lobby = screen.phase is Phase.LOBBY
    middle = middle_strip(len(_seated(screen)), area, cards, lobby)
    said = _middle(surface, screen, middle, paint)
    paint.part(middle.inflate(0, 28), ("middle", *said))  # with the gaps to the seats: big words may reach them

    played = {card.seat: card.code for card in screen.trick.cards} if screen.trick else {}
    winner = screen.trick.winner if screen.trick else None
    leader = screen.trick.leader if screen.trick else None
    bonus = screen.trick.bonus if screen.trick else 0
    reveal = paint.motion.reveal_age if screen.phase is Phase.PLAYING else None
    seats = _seated(screen)
    places, card_width = seat_places(len(seats), area, lobby)
    plate = _plate(places[0], card_width)
    said = [_plate_words(screen, view, view.seat == winner, bonus, paint) for view in seats]
    sizes = (  # the plates' names in one size, their states in another: the same on every plate
        row_size([name for name, _ in said], plate.width * 9 // 10, plate.height * 5 // 12),
        row_size([detail for _, detail in said], plate.width * 9 // 10, plate.height * 4 // 12),
    )
    for view, centre, words in zip(seats, places, said, strict=True):
        code = played.get(view.seat)
        is_winner = view.seat == winner
        led = code is not None and view.seat == leader  # the card that led the trick
        _seat(surface, view, centre, card_width, code, is_winner, words, sizes, paint, led)
        popping = None
        if reveal is not None and reveal < REVEAL and view.bid is not None and code is None:
            popping = _frame(reveal)
            _revealed_bid(surface, view.bid, centre, card_width, reveal)
        key = ("seat", view, code, is_winner, bonus, screen.phase is Phase.LOBBY, popping, sizes, "led" if led else "")
        paint.part(_group(centre, card_width).union(_pop_bounds(centre, card_width)), key)
    return surface


def _middle(surface: pygame.Surface, screen: Screen, box: pygame.Rect, paint: Paint) -> tuple[object, ...]:
    """The middle of the table, for the moment; returns what it showed (the part's key)."""
    if screen.phase is Phase.LOBBY:
        _lobby_choices(surface, screen, box, paint)
        return ("lobby", screen.game, screen.games, screen.language)
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


def _chip_rows(screen: Screen, box: pygame.Rect) -> list[tuple[Text, pygame.Rect, list[tuple[pygame.Rect, str]]]]:
    """The lobby's two rows of chips (game, language): each row's caption, its rect, and (chip, code) per chip."""
    rows = ((text("Game (K)"), screen.games), (text("Language (I)"), LANGUAGES))
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


def lobby_touches(screen: Screen, size: tuple[int, int]) -> list[tuple[pygame.Rect, object]]:
    """In the lobby, touching a game's or a language's chip chooses it."""
    if screen.phase is not Phase.LOBBY:
        return []
    area = _table_area(size)
    (_, _, games), (_, _, languages) = _chip_rows(screen, middle_strip(len(_seated(screen)), area, False, True))
    touches: list[tuple[pygame.Rect, object]] = [(chip, inputs.ChooseGame(code)) for chip, code in games]
    return touches + [(chip, inputs.ChooseLanguage(code)) for chip, code in languages]


def _lobby_choices(surface: pygame.Surface, screen: Screen, box: pygame.Rect, paint: Paint) -> None:
    """The game and the language, each a row of chips after its caption: the chosen one filled, the others
    outlined (not by colour alone). Each chip can be touched (lobby_touches)."""
    names = {game: paint.say(game_name(screen, game)) for game in screen.games}
    names.update({code: LANGUAGE_NAMES[code] for code in LANGUAGES})
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
        forms = [
            (names[code], *([paint.say(short_forms.GAME_NAMES[code])] if code in short_forms.GAME_NAMES else []))
            for _, code in chips
        ]
        width = chips[0][0].width - 2 * max(2, chips[0][0].height // 14) - 4 if chips else 1  # inside its border
        size = row_size(forms, width, height, lines)
        for (chip, code), words in zip(chips, forms, strict=True):
            picked = code == chosen[n]
            if picked:
                pygame.draw.rect(surface, PAPER, chip, border_radius=chip.height // 4)
            pygame.draw.rect(surface, PAPER, chip, width=max(2, chip.height // 14), border_radius=chip.height // 4)
            rendered = fit_text(words, width, height, INK if picked else PAPER, lines=lines, size=size)
            place(surface, rendered, center=chip.center)


def _scale(age: float) -> float:
    """A pop: from large to its size, overshooting a little, over POP seconds."""
    if age >= POP:
        return 1.0
    t = age / POP
    return 1.0 + 0.8 * (1 - t) * math.cos(t * math.pi * 1.5)


def _countdown(surface: pygame.Surface, box: pygame.Rect, age: float, paint: Paint) -> None:
    """YO- HO- HO!, one word per drum hit, each landing with a pop."""
    shown = [(start, words) for start, words in YO_HO_HO if age >= start]
    if not shown:
        return
    slot = box.width * 2 // 7
    left = box.centerx - slot * 3 // 2
    for n, (start, words) in enumerate(shown):
        scale = _scale(age - start)
        rendered = fit_text(paint.say(words), slot * 9 // 10, box.height * 3 // 5, HIGHLIGHT)
        shown = rendered
        if scale != 1.0:
            size = (round(rendered.get_width() * scale), round(rendered.get_height() * scale))
            shown = pygame.transform.smoothscale(rendered, size)
        place(surface, rendered, shown, center=(left + slot * n + slot // 2, box.centery))


def _pop_bounds(centre: tuple[int, int], card_width: int) -> pygame.Rect:
    """Where a revealed bid may reach at its largest (its pop overshoots the seat's group)."""
    plate = _plate(centre, card_width)
    radius = round(card_width * 0.55 * 1.8) + 2
    spot = (plate.centerx, plate.top - 4 - round(card_width * CARD_RATIO) // 2)
    return pygame.Rect(spot[0] - radius, spot[1] - radius, radius * 2, radius * 2)


def _revealed_bid(surface: pygame.Surface, bid: int, centre: tuple[int, int], card_width: int, age: float) -> None:
    """The bid, large, where the seat's card will lie; all seats at once, landing with a pop."""
    plate = _plate(centre, card_width)
    radius = round(card_width * 0.55 * _scale(age))
    spot = (plate.centerx, plate.top - 4 - round(card_width * CARD_RATIO) // 2)
    pygame.draw.circle(surface, HIGHLIGHT, spot, radius)
    pygame.draw.circle(surface, INK, spot, radius, width=max(2, radius // 10))
    number = fit_text(str(bid), radius * 3 // 2, radius * 3 // 2, INK)
    place(surface, number, center=spot)


def _plate_words(
    screen: Screen, view: SeatView, won: bool, bonus: int, paint: Paint
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A plate's two lines (each with its short form, if any): the name (and who deals), the state ("" for none)."""
    name = text("{name} (deals)", name=label(view)) if view.dealer else label(view)
    detail = _detail(screen, view, won, bonus)
    return short_forms.forms(name, paint.catalog), short_forms.forms(detail or "", paint.catalog)


def _seat(
    surface: pygame.Surface,
    view: SeatView,
    centre: tuple[int, int],
    card_width: int,
    code: str | None,
    won: bool,
    words: tuple[tuple[str, ...], tuple[str, ...]],
    sizes: tuple[int, int],
    paint: Paint,
    led: bool = False,
) -> pygame.Rect | None:
    """One seat's group: the card it laid (tagged if it `led` the trick), over a plate with its name and state;
    centred on `centre`. Returns where the card is (None: no card)."""
    plate = _plate(centre, card_width)
    pygame.draw.rect(surface, PAPER, plate, border_radius=card_width // 8)
    if view.acting or won:
        pygame.draw.rect(surface, HIGHLIGHT, plate.inflate(8, 8), width=5, border_radius=card_width // 6)
    name, detail = words
    shown = fit_text(name, plate.width * 9 // 10, plate.height * 5 // 12, INK, size=sizes[0])
    place(surface, shown, midtop=(plate.centerx, plate.top + plate.height // 12))
    if detail[0]:
        rendered = fit_text(detail, plate.width * 9 // 10, plate.height * 4 // 12, INK, size=sizes[1])
        place(surface, rendered, midbottom=(plate.centerx, plate.bottom - plate.height // 12))
    return _card(surface, card_face(code), plate, card_width, paint, led) if code else None


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


def _detail(screen: Screen, view: SeatView, won: bool, bonus: int) -> Text | None:
    """The plate's second line: the seat's state, in words."""
    if not view.reader_ok:
        return text("READER DOWN")
    if screen.phase is Phase.LOBBY:
        return text("joined") if view.joined else text("free seat")
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
