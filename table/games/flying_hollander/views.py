"""The Flying Hollander on the scoreboard: the pile, what must be beaten, the seats' counts and phases, the order
of going out; the final ranking at the end; and the bar of actions (see table.display.views and .controls).

The table view: the title and what the table waits for; in the middle the play pile, its top cards fanned (a
Flying Hollander drawn see-through, as the ghost it is), beside it a box saying what the next card must be, the
draw pile's count and the cards out of the game; along the bottom one plate per player with the counts in hand,
clash and final cards, the seat's phase in words, its place once out; the seat the table waits for framed and
marked. Cards are drawn from shapes and words: a crew card is its rank in big figures with a band of pips; each
special has its own colour, symbol and name.

The bar (keys the other games do not use for something else):

    H   take the pile (as holding the seat button), or "done" after identical cards
    O   the selected seat plays next (after a Wormhole; or touch the button of the seat chosen)
    W   the selected seat swapped with the Pirate's player (or touch its button); M no swap
    U   undo (Y / N)    G new game
"""

from __future__ import annotations

import math

import pygame

from table.core import inputs
from table.core.frame import Phase, Placing
from table.core.text import Text, and_list, plural, text, verbatim
from table.display import seat_strip, typeset
from table.display.card_art import INK, PAPER
from table.display.card_entry import CardEntryControls
from table.display.controls import Button, register_controls
from table.display.repetition import said_already
from table.display.summary_screens import draw_ranking
from table.display.typeset import fit_text, fits, font, place, row_size
from table.display.views import PAD, Paint, register
from table.games.flying_hollander.inputs import ChooseNext, PirateSwap, TakePile
from table.games.flying_hollander.screen import HollanderScreen, HollanderSeat

SEA = (16, 42, 58)
HIGHLIGHT = (240, 228, 66)  # Okabe-Ito yellow, always with a frame and a word
CARD_RATIO = 1.45

CREW_NAMES = {
    1: text("cabin boy"),
    2: text("mechanic"),
    3: text("boatswain"),
    4: text("lookout"),
    5: text("cook"),
    6: text("cartographer"),
    7: text("gunner"),
    8: text("boarders"),
    9: text("doctor"),
    10: text("petty officer"),
    11: text("first officer"),
    12: text("captain"),
}
SPECIALS: dict[str, tuple[tuple[int, int, int], Text]] = {
    "hollander": ((190, 200, 215), text("Flying Hollander")),
    "kraken": ((0, 114, 178), text("Kraken")),  # Okabe-Ito blue
    "mutiny": ((213, 94, 0), text("Mutiny")),  # vermillion
    "wormhole": ((90, 40, 110), text("Wormhole")),
    "island": ((0, 158, 115), text("Island")),  # bluish green
    "pirate": ((120, 40, 40), text("Pirate")),
}
CREW_BANDS = ((1, (86, 180, 233)), (4, (0, 158, 115)), (7, (230, 159, 0)), (10, (204, 121, 167)))  # by rank
POSITIONS = {"hand": text("hand"), "clash": text("clash"), "final": text("final")}


# --- Cards from shapes ------------------------------------------------------------------------------------------


def _band(rank: int) -> tuple[int, int, int]:
    return next(colour for low, colour in reversed(CREW_BANDS) if rank >= low)


def draw_card(code: str, height: int, paint: Paint, named: bool = True) -> pygame.Surface:
    """One card face, `height` pixels high; its name printed on it if `named` and it fits there at the type
    scale's minimum (else the screen says the card in words beside the pile)."""
    width = round(height / CARD_RATIO)
    card = pygame.Surface((width, height), pygame.SRCALPHA)
    box = card.get_rect()
    radius = width // 10
    if code.startswith("crew:"):
        rank = int(code.removeprefix("crew:"))
        pygame.draw.rect(card, PAPER, box, border_radius=radius)
        pygame.draw.rect(
            card, _band(rank), box.inflate(-width // 8, -height // 8), width=max(2, width // 18), border_radius=radius
        )
        figure = fit_text(str(rank), width * 3 // 4, height * 9 // 20, INK)
        place(card, figure, center=(width // 2, height * 2 // 5))
        corner = fit_text(str(rank), width * 2 // 5, height // 6, INK)  # readable where the fan hides the rest
        pygame.draw.rect(card, PAPER, corner.get_rect(topleft=(width // 14, height // 20)))
        place(card, corner, topleft=(width // 14, height // 20))
        for n in range(min(rank, 12)):  # pips: the rank counted, for those who read shapes better than figures
            x = width // 6 + (n % 6) * (width * 2 // 3) // 5
            y = height * 7 // 10 + (n // 6) * height // 14
            pygame.draw.circle(card, _band(rank), (x, y), max(2, width // 24))
        said = paint.say(CREW_NAMES[rank])
        if named and fits(said, width * 5 // 6, height // 9):
            name = fit_text(said, width * 5 // 6, height // 9, INK)
            place(card, name, midbottom=(width // 2, height - height // 14))
    else:
        colour, words = SPECIALS.get(code, ((128, 128, 128), verbatim(code)))
        pygame.draw.rect(card, (*colour, 130 if code == "hollander" else 255), box, border_radius=radius)
        pygame.draw.rect(
            card, PAPER, box.inflate(-width // 10, -height // 10), width=max(2, width // 20), border_radius=radius
        )
        _symbol(card, code, pygame.Rect(width // 6, height // 8, width * 2 // 3, height // 2))
        _symbol(card, code, pygame.Rect(width // 14, height // 30, width // 4, width // 4))  # the corner index
        ink = INK if code == "hollander" else PAPER
        said = paint.say(words)
        if named and fits(said, width * 5 // 6, height // 5, 2):
            name = fit_text(said, width * 5 // 6, height // 5, ink, lines=2)
            place(card, name, midbottom=(width // 2, height - height // 12))
    pygame.draw.rect(card, INK, box, width=max(1, width // 40), border_radius=radius)
    return card


def _symbol(card: pygame.Surface, code: str, box: pygame.Rect) -> None:
    c, r, w = box.center, min(box.width, box.height) // 2, max(2, box.width // 16)
    if code == "hollander":  # a ghost ship: hull and two sails, see-through
        hull = [
            (box.left, c[1] + r // 3),
            (box.right, c[1] + r // 3),
            (c[0] + r * 2 // 3, c[1] + r * 2 // 3),
            (c[0] - r * 2 // 3, c[1] + r * 2 // 3),
        ]
        pygame.draw.polygon(card, (*INK, 160), hull)
        pygame.draw.polygon(
            card,
            (*PAPER, 200),
            [(c[0] - r // 10, c[1] - r), (c[0] - r // 10, c[1] + r // 4), (c[0] - r * 3 // 4, c[1] + r // 4)],
        )
        pygame.draw.polygon(
            card,
            (*PAPER, 200),
            [(c[0] + r // 10, c[1] - r * 3 // 4), (c[0] + r // 10, c[1] + r // 4), (c[0] + r * 2 // 3, c[1] + r // 4)],
        )
    elif code == "kraken":  # a head and eight arms
        for n in range(8):
            angle = math.pi * (0.1 + 0.8 * n / 7)
            end = (c[0] + round(r * math.cos(angle)), c[1] + round(r * math.sin(angle)))
            pygame.draw.line(card, PAPER, c, end, w)
        pygame.draw.circle(card, PAPER, (c[0], c[1] - r // 4), r // 2)
    elif code == "mutiny":  # crossed swords
        pygame.draw.line(card, PAPER, (box.left, box.top), (box.right, box.bottom), w * 2)
        pygame.draw.line(card, PAPER, (box.right, box.top), (box.left, box.bottom), w * 2)
    elif code == "wormhole":  # rings into the deep
        for n in range(4):
            pygame.draw.circle(card, PAPER, c, r - n * r // 4, w)
    elif code == "island":  # sand and a palm
        pygame.draw.ellipse(card, (240, 228, 66), pygame.Rect(box.left, c[1] + r // 3, box.width, r // 2))
        pygame.draw.line(card, PAPER, (c[0], c[1] + r // 2), (c[0] + r // 6, c[1] - r // 2), w * 2)
        for dx in (-r // 2, r // 2):
            pygame.draw.arc(
                card, PAPER, pygame.Rect(c[0] + r // 6 + min(dx, 0), c[1] - r * 3 // 4, abs(dx), r // 2), 0, math.pi, w
            )
    elif code == "pirate":  # a skull
        pygame.draw.circle(card, PAPER, (c[0], c[1] - r // 6), r * 2 // 3)
        pygame.draw.rect(card, PAPER, pygame.Rect(c[0] - r // 3, c[1] + r // 3, r * 2 // 3, r // 3))
        for dx in (-r // 4, r // 4):
            pygame.draw.circle(card, INK, (c[0] + dx, c[1] - r // 5), r // 6)


def draw_back(height: int) -> pygame.Surface:
    """A card's back: the draw pile."""
    width = round(height / CARD_RATIO)
    card = pygame.Surface((width, height), pygame.SRCALPHA)
    pygame.draw.rect(card, (60, 70, 90), card.get_rect(), border_radius=width // 10)
    pygame.draw.rect(
        card,
        PAPER,
        card.get_rect().inflate(-width // 6, -width // 6),
        width=max(2, width // 20),
        border_radius=width // 10,
    )
    return card


# --- The table view --------------------------------------------------------------------------------------------


hollander_plates = seat_strip.plates  # each playing seat's plate along the bottom, for touches


def draw_hollander_table(screen: HollanderScreen, size: tuple[int, int], paint: Paint | None = None) -> pygame.Surface:
    paint = paint or Paint()
    surface = pygame.Surface(size)
    surface.fill(SEA)
    band, middle, _ = seat_strip.layout(size)
    seat_strip.header(surface, screen, band, paint, HIGHLIGHT)
    _pile(surface, screen, middle, paint)
    plates = hollander_plates(screen, size)
    seated = seat_strip.seated(screen)
    box = plates[seated[0].seat] if seated else pygame.Rect(0, 0, 1, 1)
    counts = [str(count) for view in seated for count in (view.hand, view.clash, view.final)]
    sizes = (  # the plates' names in one size, their marks in another, their counts in a third: on every plate
        row_size([paint.say(_name(view)) for view in seated], box.width * 9 // 10, box.height // 5),
        row_size([paint.say(_mark(view)) for view in seated], box.width - 8, box.height // 5 * 4 // 5, 2),
        row_size(counts, *_figure_box(box)),  # "12" as large as "4"
    )
    for view in seated:
        _plate(surface, view, plates[view.seat], paint, sizes)
    return surface


def _name(view: HollanderSeat) -> Text:
    return view.label or verbatim(view.name)


def _mark(view: HollanderSeat) -> Text:
    """A plate's last line: out (and in which place), playing now, or where the seat plays from."""
    if view.place is not None:
        return text("OUT: place {place}", place=view.place)
    return text("PLAYS NOW") if view.acting else view.phase


def _pile(surface: pygame.Surface, screen: HollanderScreen, box: pygame.Rect, paint: Paint) -> None:
    card_height = box.height * 17 // 20
    card_width = round(card_height / CARD_RATIO)
    left = box.left + box.width // 40
    top = box.top + (box.height - card_height) // 2
    # The draw pile, then the play pile's top cards fanned (the top one whole).
    surface.blit(draw_back(card_height * 3 // 4), (left, top + card_height // 8))
    count = paint.say(text("draw pile: {count}", count=screen.draw))
    under = (card_width * 5 // 4, card_height // 10)
    if fits(count, *under):
        place(
            surface, fit_text(count, *under, PAPER), midtop=(left + card_width * 3 // 8, top + card_height * 7 // 8 + 4)
        )
    fan_left = left + card_width + box.width // 30
    shown = screen.pile[-5:]
    step = card_width * 2 // 5
    if not shown:
        empty = pygame.Rect(fan_left, top, card_width, card_height)
        pygame.draw.rect(surface, PAPER, empty, width=3, border_radius=card_width // 10)
        note = fit_text(paint.say(text("empty pile")), card_width * 4 // 5, card_height // 8, PAPER, lines=2)
        place(surface, note, center=empty.center)
    for n, code in enumerate(shown):  # the names of the fanned cards would be hidden: only the top one's
        surface.blit(draw_card(code, card_height, paint, n == len(shown) - 1), (fan_left + n * step, top))
    fan_right = fan_left + card_width + step * max(0, len(shown) - 1)
    # What must be beaten, in words, beside the pile.
    info = pygame.Rect(fan_right + box.width // 30, box.top, box.right - fan_right - box.width // 30, box.height)
    line = info.height // 7
    beat = text("Next card: {need}", need=screen.beat)
    asked = paint.say(screen.prompt)  # the prompt says what to lay, mostly: then it is not said twice
    rows: list[tuple[Text, tuple[int, int, int]]] = (
        [] if said_already(paint.say(beat), [asked]) else [(beat, HIGHLIGHT)]
    )
    rows += [
        (
            plural("{count} card on the pile", "{count} cards on the pile", len(screen.pile), count=len(screen.pile)),
            PAPER,
        ),
        (
            plural(
                "{count} card out of the game", "{count} cards out of the game", screen.cleared, count=screen.cleared
            ),
            PAPER,
        ),
    ]
    if not fits(count, *under):  # no room under the draw pile: said here
        rows.append((text("draw pile: {count}", count=screen.draw), PAPER))
    if screen.last is not None:
        rows.append((screen.last, PAPER))
    if screen.out:
        names = {view.seat: view.label or verbatim(view.name) for view in screen.seats}
        order = ", ".join(f"{n}. {paint.say(names[seat])}" for n, seat in enumerate(screen.out, start=1))
        rows.append((text("Gone out: {order}", order=order), PAPER))
    y = info.top + line // 3
    for words, colour in rows:
        height = line * 2 if colour is HIGHLIGHT else line
        said = fit_text(paint.say(words), info.width, height * 4 // 5, colour, lines=2 if colour is HIGHLIGHT else 1)
        y = place(surface, said, topleft=(info.left, y)).bottom + max(2, line // 5)  # after what it took


def _figure_box(plate: pygame.Rect) -> tuple[int, int]:
    """The room for a stack's count on a plate."""
    return (plate.width - 8) // 3 * 2 // 5, plate.height // 5


def _plate(
    surface: pygame.Surface, view: HollanderSeat, box: pygame.Rect, paint: Paint, sizes: tuple[int, int, int]
) -> None:
    pygame.draw.rect(surface, PAPER, box, border_radius=box.height // 10)
    frame = max(4, box.height // 20)
    if view.acting:  # a thick frame, edged in ink (yellow on paper alone is faint), and the words say it too
        pygame.draw.rect(surface, HIGHLIGHT, box, width=frame, border_radius=box.height // 10)
        pygame.draw.rect(surface, INK, box, width=2, border_radius=box.height // 10)
    row = box.height // 5
    name = fit_text(paint.say(_name(view)), box.width * 9 // 10, row, INK, size=sizes[0])
    place(surface, name, midtop=(box.centerx, box.top + max(row // 4, frame + 1)))  # clear of the frame
    said = fit_text(paint.say(_mark(view)), box.width - 8, row * 4 // 5, INK, 2, size=sizes[1])  # 2: lower stacks
    # Three small stacks: hand, clash, final, each with its count and word; a longer word gets a wider slot.
    room = box.width - 8
    stacks = (("hand", view.hand), ("clash", view.clash), ("final", view.final))
    words = [paint.say(POSITIONS[position]) for position, _ in stacks]
    widths = [font(typeset.current().small).size(word)[0] for word in words]
    gap = max(2, min(typeset.current().small // 2, (room - sum(widths)) // 3))  # between two stacks' words
    needed = [max(width + gap, room // 5) for width in widths]
    extra = (room - sum(needed)) // 3
    slots = [need + extra for need in needed] if extra >= 0 else [room // 3] * 3
    size = row_size(words, min(slots), row * 3 // 5)  # the three words in one size
    left = box.left + 4
    for n, (position, count) in enumerate(stacks):
        slot = slots[n]
        centre = left + slot // 2
        left += slot
        mini = pygame.Rect(0, 0, room // 3 * 2 // 5, max(8, row * 3 // 2 - max(0, said.get_height() - row)))
        mini.midtop = (centre - room // 15, box.top + row * 5 // 4)
        colour = (60, 70, 90) if position == "final" else (190, 170, 120) if position == "clash" else (120, 150, 180)
        pygame.draw.rect(surface, colour, mini, border_radius=4)
        if position == view.position:
            pygame.draw.rect(surface, INK, mini.inflate(6, 6), width=3, border_radius=5)
        figure = fit_text(str(count), *_figure_box(box), INK, size=sizes[2])
        place(surface, figure, midleft=(mini.right + 4, mini.centery))
        word = fit_text(words[n], slot, row * 3 // 5, INK, size=size)  # (its slot: room enough at this size)
        place(surface, word, midtop=(centre, mini.bottom + 2))
    place(surface, said, midbottom=(box.centerx, box.bottom - row // 5))


# --- The bar of actions ----------------------------------------------------------------------------------------------


class HollanderControls(CardEntryControls):
    """V: enter the selected seat's pile card by hand; Z: a new sticker on its reader (table.display.card_entry)."""

    def buttons(self, screen: HollanderScreen) -> list[Button]:
        if (question := self.question(screen)) is not None:
            return question
        if (picking := self.picker.buttons(screen)) is not None:
            return picking
        seat = self.seat(screen)
        view = screen.seats[seat]
        name = view.label or verbatim(view.name)
        chosen: list[Button] = []
        names = {other.seat: other.label or verbatim(other.name) for other in screen.seats}
        others = [
            other.seat
            for other in screen.seats
            if other.joined and other.place is None and other.seat not in (screen.choosing, screen.swapping)
        ]
        if screen.phase is Phase.PLAYING and screen.choosing is not None:
            for other in others:  # touch the one chosen; O for the selected seat
                said = text("{name} plays next", name=names[other])
                chosen.append(Button(said, ChooseNext(screen.choosing, other), "o" if other == seat else ""))
        elif screen.phase is Phase.PLAYING and screen.swapping is not None:
            for other in others:
                said = text("{name} swaps with the Pirate", name=names[other])
                chosen.append(Button(said, PirateSwap(screen.swapping, other), "w" if other == seat else ""))
            said = text("{name}: no swap", name=names[screen.swapping])
            chosen.append(Button(said, PirateSwap(screen.swapping, None), "m"))
        elif screen.phase is Phase.PLAYING and view.joined:
            if view.open_play:
                chosen.append(Button(text("{name}: play done", name=name), inputs.Press(seat, inputs.HOLD), "h"))
            elif view.acting and screen.pile:
                chosen.append(Button(text("{name} takes the pile", name=name), TakePile(seat), "h"))
        chosen += self.picker.entry_buttons(screen, seat)
        return [*chosen, *self.undo_and_new_game(screen)]


register_controls(HollanderScreen, HollanderControls)


def _cards_left(screen: HollanderScreen, placing: Placing) -> Text:
    """A final row's last cell: the cards the player still holds (the winner none: they went out first)."""
    seat = screen.seats[placing.seat]
    left = seat.hand + seat.clash + seat.final
    return plural("{count} card left", "{count} cards left", left, count=left)


def _went_out_first(screen: HollanderScreen) -> Text:
    """Why the winner won, alone: the prompt's "a new game starts from the screen" is the banner's to say."""
    first = [placing.label or verbatim(placing.name) for placing in screen.ranking if placing.place == 1]
    return plural("{winners} went out first", "{winners} went out first", len(first), winners=and_list(first))


def _place_if_out(screen: HollanderScreen, placing: Placing) -> int | None:
    """A place only for who went out: the rules rank the first out (and, playing to the last, the order of going
    out); a player still holding cards has no place, not a shared "2." that looks like a tie."""
    return screen.seats[placing.seat].place


def draw_final(screen: HollanderScreen, size: tuple[int, int], paint: Paint | None = None) -> pygame.Surface:
    """The final ranking: who went out first, then every player with the cards left (a place only once out)."""
    return draw_ranking(screen, size, paint, reason=_went_out_first, detail=_cards_left, shown_place=_place_if_out)


register(HollanderScreen, draw_final, phase=Phase.GAME_OVER)
register(HollanderScreen, draw_hollander_table, plates=hollander_plates)
register(HollanderScreen, draw_hollander_table, plates=hollander_plates, kind=PAD)
