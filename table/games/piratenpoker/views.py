"""Piratenpoker on the scoreboard: the table (loot lying out, the stacks, every seat) and the final score.

The table: the title and what the table waits for along the top; in the middle the loot cards lying out (the one
the winner points at or chose framed and marked), the three loot stacks with how many cards each has left, the draw
and discard piles, and who won the last showdown and why; along the bottom one plate per player with the cards laid
FACE DOWN drawn as card backs (how many, never which: the model holds no code before the reveal), "done" or
"passed", after the reveal the cards laid and the total, and the loot in front of the player with its score.
The final score lists each player's place, loot, sharks, sets and total.
"""

from __future__ import annotations

import pygame

from table.core.frame import Phase
from table.core.text import Text, text
from table.display.card_art import INK, PAPER, SUIT_COLOURS, draw_crown
from table.display.typeset import current, fit_size, fit_text, fits, font, place, row_size
from table.display.views import Paint, register
from table.games.piratenpoker import controls as piratenpoker_controls
from table.games.piratenpoker.inputs import ChooseLoot, GiveLoot, PlayDone
from table.games.piratenpoker.rules import LOOT_BACKS, SHARK_FRONT
from table.games.piratenpoker.screen import FinalView, HeldView, PokerScreen, PokerSeat

FELT = (22, 60, 45)
PLATE = (14, 40, 30)
HIGHLIGHT = (240, 228, 66)  # Okabe-Ito yellow, always with a thick frame and a word
BACK = (70, 40, 30)  # a poker card's back
BACK_LINE = (200, 170, 120)
GREY = (170, 170, 170)
LOOT_BACK = (60, 60, 66)
CARD_RATIO = 1.45
PLAYER, LOOT = 1, 2  # the final score's columns of the players' names and of their loot cards


def _colour(code: str) -> tuple[int, int, int]:
    parts = code.split(":")
    colour = parts[1] if parts[0] == "loot" else parts[0]
    return SUIT_COLOURS.get(colour, GREY)


def _ink_on(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    return INK if sum(colour) > 380 else PAPER


def _words(
    surface: pygame.Surface,
    words: str,
    box: pygame.Rect,
    colour: tuple[int, int, int],
    lines: int = 1,
    size: int | None = None,
) -> None:
    label = fit_text(words, box.width, box.height, colour, lines, size=size)
    place(surface, label, center=box.center)


def _poker_face(surface: pygame.Surface, code: str, box: pygame.Rect) -> None:
    """A revealed poker card: its colour and its number (the Pass card: white with "0")."""
    colour = PAPER if code == "pass" else _colour(code)
    pygame.draw.rect(surface, colour, box, border_radius=max(2, box.width // 8))
    pygame.draw.rect(surface, INK, box, width=max(1, box.width // 20), border_radius=max(2, box.width // 8))
    number = "0" if code == "pass" else code.split(":")[1]
    _words(surface, number, box.inflate(-box.width // 5, -box.height // 3), _ink_on(colour))


def _poker_back(surface: pygame.Surface, box: pygame.Rect) -> None:
    """A card laid face down: the same back for every card."""
    pygame.draw.rect(surface, BACK, box, border_radius=max(2, box.width // 8))
    pygame.draw.rect(surface, BACK_LINE, box, width=max(1, box.width // 14), border_radius=max(2, box.width // 8))
    inner = box.inflate(-box.width // 2, -box.height // 2)
    pygame.draw.line(surface, BACK_LINE, inner.topleft, inner.bottomright, max(1, box.width // 14))
    pygame.draw.line(surface, BACK_LINE, inner.topright, inner.bottomleft, max(1, box.width // 14))


def _figure(code: str, front_up: bool) -> str:
    """What a loot card is worth as it lies: "+10" face up; turned over "-5", or "+4" for a shark."""
    front = int(code.split(":")[2])
    return f"{front if front_up else LOOT_BACKS[front]:+d}"


def _figure_room(box: pygame.Rect) -> tuple[int, int]:
    return max(1, box.width - 6), max(1, box.height * 6 // 10 - 6)


def _loot_card(
    surface: pygame.Surface,
    code: str,
    box: pygame.Rect,
    front_up: bool = True,
    figure_shown: bool = True,
    size: int | None = None,
) -> None:
    """A loot card: front "+10" on its colour; back "-5", or "+4" with a shark fin, on dark grey. `size`: the
    figure's, shared with the cards beside it."""
    front = int(code.split(":")[2])
    colour = _colour(code) if front_up else LOOT_BACK
    pygame.draw.rect(surface, colour, box, border_radius=max(2, box.width // 8))
    pygame.draw.rect(surface, _colour(code), box, width=max(2, box.width // 12), border_radius=max(2, box.width // 8))
    worth = _figure(code, front_up)
    ink = _ink_on(colour)
    figure = pygame.Rect(box.topleft, _figure_room(box)).move(3, 3)
    if figure_shown and fits(worth, figure.width, figure.height):  # else the sum beside says it
        _words(surface, worth, figure, ink, size=size)
    if not front_up and front == 5:  # the shark's fin
        fin = pygame.Rect(box.left + box.width // 4, box.top + box.height * 6 // 10, box.width // 2, box.height // 3)
        pygame.draw.polygon(surface, PAPER, [fin.bottomleft, fin.midtop, fin.bottomright])


def _layout(size: tuple[int, int]) -> tuple[int, pygame.Rect, pygame.Rect]:
    width, height = size
    band = height // 9
    strip = pygame.Rect(width // 60, height * 57 // 100, width - width // 30, height * 41 // 100)
    middle = pygame.Rect(width // 30, band * 2, width - width // 15, strip.top - band * 2 - height // 60)
    return band, middle, strip


def seat_plates(screen: PokerScreen, size: tuple[int, int]) -> dict[int, pygame.Rect]:
    _, _, strip = _layout(size)
    width = strip.width / max(1, len(screen.seats))
    return {
        view.seat: pygame.Rect(round(strip.left + n * width) + 4, strip.top, round(width) - 8, strip.height)
        for n, view in enumerate(screen.seats)
    }


def draw_poker_table(screen: PokerScreen, size: tuple[int, int], paint: Paint | None = None) -> pygame.Surface:
    paint = paint or Paint()
    width = size[0]
    surface = pygame.Surface(size)
    surface.fill(FELT)
    band, middle, _ = _layout(size)
    _words(surface, paint.say(screen.title), pygame.Rect(width // 40, 0, width - width // 20, band), PAPER)
    prompt_box = pygame.Rect(width // 40, band, width - width // 20, band)
    _words(surface, paint.say(screen.prompt), prompt_box, HIGHLIGHT)
    _middle(surface, screen, middle, paint)
    plates = seat_plates(screen, size)
    for view in screen.seats:
        _seat(surface, screen, view, plates[view.seat], paint)
    return surface


def _middle(surface: pygame.Surface, screen: PokerScreen, box: pygame.Rect, paint: Paint) -> None:
    card_h = box.height * 62 // 100
    # The loot stacks on the left, each with its count.
    stack_w = box.width // 4
    row = (box.height - 8) // 4
    stacks = list(zip(screen.colours, screen.colour_names, screen.stacks, strict=True))
    named = [paint.say(text("{colour} stack", colour=name)) for _, name, _ in stacks]
    counts = [str(count) for _, _, count in stacks]
    chip_side = row - 4
    words_size = row_size(named, stack_w - chip_side - 8, chip_side)  # "yellow stack" as large as "red stack"
    count_size = row_size(counts, chip_side * 3 // 4, chip_side * 3 // 4)
    for n, ((colour, _, _), words, count) in enumerate(zip(stacks, named, counts, strict=True)):
        line = pygame.Rect(box.left, box.top + n * row, stack_w, chip_side)
        chip = pygame.Rect(line.left, line.top, line.height, line.height)
        pygame.draw.rect(surface, LOOT_BACK, chip, border_radius=4)
        pygame.draw.rect(surface, SUIT_COLOURS[colour], chip, width=max(2, chip.width // 8), border_radius=4)
        _words(surface, count, chip.inflate(-chip.width // 4, -chip.height // 4), PAPER, size=count_size)
        room = pygame.Rect(chip.right + 8, line.top, line.width - chip.width - 8, line.height)
        _words(surface, words, room, PAPER, size=words_size)
    piles = pygame.Rect(box.left, box.top + 3 * row, stack_w, row - 4)
    _words(
        surface,
        paint.say(text("Draw {draw} / discard {discard}", draw=screen.draw, discard=screen.discard)),
        piles,
        GREY,
    )
    # The loot lying out, in the middle.
    cards, rects = _loot_places(screen, box)
    shown = [(code, rect, not (screen.step == "give" and code == screen.pointed)) for code, rect in rects]
    figures = [_figure(code, up) for code, _, up in shown]
    size = row_size(figures, *_figure_room(rects[0][1])) if rects else None  # "+10" as large as "+5"
    for code, rect, front_up in shown:
        _loot_card(surface, code, rect, front_up=front_up, size=size)
        if code == screen.pointed:
            pygame.draw.rect(surface, HIGHLIGHT, rect.inflate(14, 14), width=6, border_radius=8)
            word = text("overboard") if screen.round == 1 else text("below deck")
            under = pygame.Rect(rect.left - rect.width, rect.bottom + 10, rect.width * 3, box.height // 9)
            _words(surface, paint.say(word), under, HIGHLIGHT)
    if not screen.middle:
        _words(surface, paint.say(text("No loot lies out")), cards.inflate(-cards.width // 4, -cards.height // 2), GREY)
    # Round 3's doubling, and the last showdown, on the right and below.
    side = pygame.Rect(cards.right + box.width // 40, box.top, box.right - cards.right - box.width // 40, card_h)
    if screen.doubled is not None:
        name = screen.colour_names[screen.colours.index(screen.doubled)]
        pygame.draw.rect(surface, SUIT_COLOURS[screen.doubled], side.inflate(-8, -side.height // 3), width=6)
        _words(
            surface,
            paint.say(text("{colour} counts double", colour=name)),
            side.inflate(-24, -side.height // 2),
            PAPER,
            2,
        )


def _loot_places(screen: PokerScreen, box: pygame.Rect) -> tuple[pygame.Rect, list[tuple[str, pygame.Rect]]]:
    """The middle's area for the loot lying out, and each loot card's place in it."""
    card_h = box.height * 62 // 100
    card_w = int(card_h / CARD_RATIO)
    stack_w = box.width // 4
    cards = pygame.Rect(box.left + stack_w + box.width // 40, box.top, box.width // 2, card_h + box.height // 8)
    count = max(1, len(screen.middle))
    gap = card_w // 3
    left = cards.centerx - (count * card_w + (count - 1) * gap) // 2
    places = [
        (code, pygame.Rect(left + n * (card_w + gap), cards.top, card_w, card_h))
        for n, code in enumerate(screen.middle)
    ]
    return cards, places


def touches(screen: PokerScreen, size: tuple[int, int]) -> list[tuple[pygame.Rect, object]]:
    """What touching the screen sends: a loot card lying out chooses it (the winner's choice); while the card
    overboard waits, a player's plate gives it to that player; while cards are laid, a seat's plate says "done"."""
    _, middle, _ = _layout(size)
    if screen.step == "choose":
        return [(rect, ChooseLoot(code)) for code, rect in _loot_places(screen, middle)[1]]
    plates = seat_plates(screen, size)
    if screen.step == "give":
        return [(plates[view.seat], GiveLoot(view.seat)) for view in screen.seats]
    if screen.step == "laying" and screen.phase is Phase.BIDDING:
        return [(plates[v.seat], PlayDone(v.seat)) for v in screen.seats if v.in_game and v.laid and not v.done]
    return []


def _seat(surface: pygame.Surface, screen: PokerScreen, view: PokerSeat, plate: pygame.Rect, paint: Paint) -> None:
    pygame.draw.rect(surface, PLATE, plate, border_radius=10)
    if view.acting or view.winner:
        pygame.draw.rect(surface, HIGHLIGHT, plate, width=6, border_radius=10)
    pad = plate.width // 20
    line = plate.height // 8
    name = pygame.Rect(plate.left + pad, plate.top + pad // 2, plate.width - 2 * pad, line)
    _words(surface, paint.say(view.label), name, HIGHLIGHT if view.acting or view.winner else PAPER)
    status = _status(screen, view)
    status_box = pygame.Rect(name.left, name.bottom, name.width, line * 3 // 4)
    if status is not None:  # on two lines if need be: the cards go under it
        said = fit_text(paint.say(status), status_box.width, status_box.height, GREY if not view.in_game else PAPER, 2)
        status_box.height = max(status_box.height, said.get_height())
        place(surface, said, midtop=status_box.midtop)
    # The cards: backs while hidden (only how many), faces after the reveal.
    cards_box = pygame.Rect(name.left, status_box.bottom + 4, name.width, plate.height * 3 // 10)
    shown: tuple[str | None, ...] = view.revealed if view.revealed is not None else (None,) * view.laid
    if shown:
        card_h = cards_box.height
        card_w = min(int(card_h / CARD_RATIO), cards_box.width // max(1, len(shown)) - 4)
        card_h = int(card_w * CARD_RATIO)
        for n, code in enumerate(shown):
            rect = pygame.Rect(cards_box.left + n * (card_w + 4), cards_box.top, card_w, card_h)
            if code is None:
                _poker_back(surface, rect)
            else:
                _poker_face(surface, code, rect)
    # The loot in front of the player, and its score.
    loot_box = pygame.Rect(name.left, cards_box.bottom + 6, name.width, plate.bottom - cards_box.bottom - line - pad)
    _loot_row(surface, view.loot, loot_box)
    score = pygame.Rect(name.left, plate.bottom - line - pad // 2, name.width, line)
    _words(surface, paint.say(text("Loot {score}, hand {hand}", score=view.score, hand=view.hand)), score, PAPER)


def _status(screen: PokerScreen, view: PokerSeat) -> Text | None:
    if view.revealed is not None and view.total is not None:
        return text("total {total}", total=view.total)
    if not view.in_game:
        return text("passed")
    if screen.step == "laying":
        if view.done:
            return text("cards laid: {count}, done", count=view.laid)
        return text("cards laid: {count}", count=view.laid)
    return None


def _loot_row(surface: pygame.Surface, loot: tuple[HeldView, ...], box: pygame.Rect) -> None:
    if not loot or box.height <= 4:
        return
    card_h = box.height
    card_w = int(card_h / CARD_RATIO)
    step = min(card_w + 4, max(4, (box.width - card_w) // max(1, len(loot) - 1)))
    for n, held in enumerate(loot):
        rect = pygame.Rect(box.left + n * step, box.top, card_w, card_h)
        covered = n < len(loot) - 1 and step < card_w  # fanned: the next card would hide its figure
        _loot_card(surface, held.code, rect, held.front_up, not covered)


def draw_final_score(screen: PokerScreen, size: tuple[int, int], paint: Paint | None = None) -> pygame.Surface:
    paint = paint or Paint()
    width, height = size
    surface = pygame.Surface(size)
    surface.fill(FELT)
    band = height // 9
    _words(surface, paint.say(screen.title), pygame.Rect(width // 40, 0, width - width // 20, band), PAPER)
    heads = (text("place"), text("player"), text("loot"), text("fronts"), text("sharks"), text("backs"), text("sets"))
    total_head = text("total")
    said = [paint.say(head) for head in (*heads, total_head)]
    rows = max(1, len(screen.finals))
    row_h = min(band * 3 // 2, (height - band * 3) // rows)
    top = band * 2
    xs = [width // 40]
    for span in _spans(said, width - width // 20)[:-1]:
        xs.append(xs[-1] + span)
    most = max((len(final.loot) for final in screen.finals), default=0)
    needed = _grid_height(most, xs[3] - xs[2] - 6) + 12  # a large loot gets a taller row, whole, up to the room
    row_h = max(row_h, min(needed, (height - band * 2 - band // 2) // rows))
    boxes = [
        pygame.Rect(
            xs[n], band + band // 4, (xs[n + 1] if n + 1 < len(xs) else width - width // 40) - xs[n] - 6, band * 2 // 5
        )
        for n in range(len(heads) + 1)
    ]
    heading_size = min(fit_size([words], box.width, box.height) for words, box in zip(said, boxes, strict=True))
    for words, box in zip(said, boxes, strict=True):  # the headings in one size
        _words(surface, words, box, GREY, size=heading_size)
    _final_rows(surface, screen.finals, xs, top, row_h, paint)
    return surface


def _spans(heads: list[str], width: int) -> list[int]:
    """The final score's columns' widths: their shares of `width`, each at least as wide as its heading at the
    smallest type (a narrow board, beside the venue's QR code); the loot's cards, fanned, give up the room."""
    shares = (0.08, 0.18, 0.24, 0.1, 0.1, 0.1, 0.1, 0.1)
    face = font(current().small)
    spans = [max(round(share * width), face.size(head)[0] + 10) for share, head in zip(shares, heads, strict=True)]
    least = max(width // 10, face.size(heads[LOOT])[0] + 10)  # its heading whole ("bottino")
    spans[LOOT] = max(least, width - sum(spans) + spans[LOOT])
    over = sum(spans) - width  # the loot's least room taken from the players' names, which wrap
    spans[PLAYER] -= max(0, min(over, spans[PLAYER] - face.size(heads[PLAYER])[0] - 10))
    return spans


def _final_cells(
    final: FinalView, xs: list[int], y: int, row_h: int, width: int, paint: Paint
) -> tuple[list[tuple[str, pygame.Rect]], pygame.Rect | None]:
    """A final row's cells (words, box), and where a winner's crown goes (over the place: None for the others)."""
    sets = f"+{final.bonus}" if final.bonus else "0"
    sharks = f"{final.sharks * LOOT_BACKS[SHARK_FRONT]:+d}"  # the sharks' points, so that a row adds up as printed
    numbers = [f"+{final.fronts}", sharks, str(final.backs), sets, str(final.total)]
    cells = [(str(final.place), pygame.Rect(xs[0], y, xs[1] - xs[0] - 6, row_h - 8))]
    cells.append((paint.say(final.label), pygame.Rect(xs[1], y, xs[2] - xs[1] - 6, row_h - 8)))
    for n, words in enumerate(numbers):
        left = xs[3 + n]
        right = xs[4 + n] if 4 + n < len(xs) else width - width // 40
        cells.append((words, pygame.Rect(left, y, right - left - 6, row_h - 8)))
    if final.place != 1:
        return cells, None
    box = cells[0][1]  # the crown at the left of the place's cell, the number at its right: side by side, clear
    side = min(box.width // 2, box.height * 2 // 5)
    crown = pygame.Rect(0, 0, side, side)
    crown.midleft = (box.left, box.centery)
    cells[0] = (cells[0][0], pygame.Rect(crown.right + 2, box.top, box.right - crown.right - 2, box.height))
    return cells, crown


def _chip() -> tuple[int, int, int]:
    """A loot card on the final score at its smallest: room for "+10" in the smallest type; and the gap between."""
    face = font(current().small)
    return face.size("+10")[0] + 8, face.get_linesize() + 4, 4


def _grid_height(count: int, width: int) -> int:
    """The height `count` loot cards need at their smallest, in as many rows as `width` makes them take."""
    chip_w, chip_h, gap = _chip()
    columns = max(1, (width + gap) // (chip_w + gap))
    rows = max(1, -(-count // columns))
    return rows * (chip_h + gap) - gap


def _grid(count: int, box: pygame.Rect) -> tuple[int, int, int]:
    """(columns, card width, card height) of `count` loot cards laid side by side in rows inside `box`, none over
    another, each holding its value: as many rows as give the largest cards (no smaller than "+10" needs)."""
    chip_w, chip_h, gap = _chip()
    best = (max(1, count), chip_w, chip_h)
    scale = 0.0
    widest = max(1, (box.width + gap) // (chip_w + gap))  # more columns than that would run out of the box
    for rows in range(1, 7):
        columns = -(-max(1, count) // rows)
        if columns > widest and rows < 6:
            continue
        width = (box.width - gap * (columns - 1)) / columns
        height = (box.height - gap * (rows - 1)) / rows
        fits_in = min(width / chip_w, height / chip_h, 2.0)  # as large as twice its smallest
        if fits_in > scale:
            scale, best = fits_in, (columns, round(chip_w * max(1.0, fits_in)), round(chip_h * max(1.0, fits_in)))
    return best


def _grid_places(count: int, box: pygame.Rect) -> list[pygame.Rect]:
    columns, width, height = _grid(count, box)
    gap = _chip()[2]
    return [
        pygame.Rect(box.left + (n % columns) * (width + gap), box.top + (n // columns) * (height + gap), width, height)
        for n in range(count)
    ]


def _grid_figure_size(finals: tuple[FinalView, ...], xs: list[int], row_h: int) -> int | None:
    """The loot cards' figures on the final score, all in one size: the largest that fits every card."""
    figures, rooms = [], []
    for final in finals:
        places = _grid_places(len(final.loot), pygame.Rect(xs[2], 0, xs[3] - xs[2] - 6, row_h - 12))
        figures += [_figure(held.code, held.front_up) for held in final.loot]
        rooms += [_card_figure_box(rect) for rect in places]
    if not rooms:
        return None
    return min(fit_size([figure], *room) for figure, room in zip(figures, rooms, strict=True))


def _card_figure_box(card: pygame.Rect) -> tuple[int, int]:
    return max(1, card.width - 6), max(1, card.height - 4)


def _loot_grid(surface: pygame.Surface, loot: tuple[HeldView, ...], box: pygame.Rect, size: int | None) -> None:
    """The loot won, each card whole with its figure (the final score: every value can be read)."""
    for held, rect in zip(loot, _grid_places(len(loot), box), strict=True):
        colour = _colour(held.code) if held.front_up else LOOT_BACK
        radius = max(2, rect.width // 8)
        pygame.draw.rect(surface, colour, rect, border_radius=radius)
        pygame.draw.rect(surface, _colour(held.code), rect, width=max(2, rect.width // 12), border_radius=radius)
        figure = pygame.Rect((0, 0), _card_figure_box(rect))
        figure.center = rect.center
        _words(surface, _figure(held.code, held.front_up), figure, _ink_on(colour), size=size)


def _final_rows(
    surface: pygame.Surface, finals: tuple[FinalView, ...], xs: list[int], top: int, row_h: int, paint: Paint
) -> None:
    """Every player's row, all in one size (a winner's row, its place under a crown, no smaller than the others)."""
    width = surface.get_width()
    rows = [_final_cells(final, xs, top + r * row_h, row_h, width, paint) for r, final in enumerate(finals)]
    size = min((fit_size([words], box.width, box.height) for cells, _ in rows for words, box in cells), default=None)
    figure_size = _grid_figure_size(finals, xs, row_h)
    for r, (final, (cells, crown)) in enumerate(zip(finals, rows, strict=True)):
        y = top + r * row_h
        colour = HIGHLIGHT if final.place == 1 else PAPER
        _loot_grid(surface, final.loot, pygame.Rect(xs[2], y + 4, xs[3] - xs[2] - 6, row_h - 12), figure_size)
        for words, box in cells:
            _words(surface, words, box, colour, size=size)
        if crown is not None:  # every winner: a crown over the place, and a frame: not the colour alone
            draw_crown(surface, crown, HIGHLIGHT)
            row = pygame.Rect(xs[0] - 4, y, width - width // 40 - xs[0] + 8, row_h - 4)
            pygame.draw.rect(surface, HIGHLIGHT, row, width=max(2, row_h // 20), border_radius=row_h // 6)


piratenpoker_controls.register()  # the bar of actions
register(PokerScreen, draw_final_score, phase=Phase.GAME_OVER)
register(PokerScreen, draw_poker_table, plates=seat_plates, touches=touches)
