"""The dice game's views on the scoreboard (see table.display.views), and the dice table screen.

The dice table: the title and what the table waits for; the trick so far, its dice in the order they landed (each
with its landing number, its thrower's name - "(led)" after who threw first - and a frame and the word "check?"
when the table doubts the read); the colour to follow; extra dice that must come out of the tray; and the players
along the bottom, each with their bid, tricks won and total, the one to throw framed and marked "THROWS" (the title
names the round's start player). The round's summary, the final ranking and the score pad are the card game's
drawings, which read the dice game's screen model as well.

`register_dice_screens()` registers the views and the bar of actions (table.games.skullking_dice.controls); the app's
flow
factory calls it when it builds the dice game's flow.
"""

from __future__ import annotations

import pygame

from table.core.frame import Phase, SeatView
from table.core.text import COLOUR_NAMES, Text, comma_list, text, verbatim
from table.display import seat_strip
from table.display.card_art import INK, PAPER
from table.display.score_pad import draw_score_pad
from table.display.summary_screens import draw_ranking, draw_round_summary, round_over
from table.display.typeset import fit_text, place, row_size
from table.display.views import PAD, Paint, register
from table.games.skullking_dice.art import draw_die
from table.games.skullking_dice.screen import DiceScreen, DieKind, LooseDie, ThrownDie

FELT = (22, 60, 45)
TRAY = (58, 96, 44)
HIGHLIGHT = (240, 228, 66)  # Okabe-Ito yellow, always with a thick frame and a word
DOUBT = (213, 94, 0)  # Okabe-Ito vermillion: the doubtful die's frame, always with the word "check?" under it

_registered = False


def register_dice_screens() -> None:
    """Show DiceScreen models: the score pad on V, the ranking at the end, the summary after a round, else the table."""
    global _registered
    if _registered:
        return
    _registered = True
    from table.games.skullking_dice import controls as dice_controls

    dice_controls.register()  # the bar of actions: the operator's fixes
    register(DiceScreen, draw_score_pad, kind=PAD)
    register(DiceScreen, draw_ranking, phase=Phase.GAME_OVER)
    register(DiceScreen, draw_round_summary, phase=Phase.LIFTING, when=round_over)
    register(DiceScreen, draw_dice_table, plates=dice_plates)


dice_plates = seat_strip.plates  # each playing seat's plate along the bottom, for touches


def draw_dice_table(screen: DiceScreen, size: tuple[int, int], paint: Paint | None = None) -> pygame.Surface:
    paint = paint or Paint()
    surface = pygame.Surface(size)
    surface.fill(FELT)
    band, tray, _ = seat_strip.layout(size)
    seat_strip.header(surface, screen, band, paint)
    _tray(surface, screen, tray, paint)
    plates = dice_plates(screen, size)
    winner = screen.trick.winner if screen.trick else None
    seated = seat_strip.seated(screen)
    said = {
        view.seat: [paint.say(words) for words in _plate_words(screen, view, view.seat == winner)] for view in seated
    }
    sizes: list[int] = []
    for n, share in enumerate((4, 5, 5)):  # each line of the plates in one size, the same on every plate
        words = [said[view.seat][n] for view in seated]
        box = plates[seated[0].seat] if seated else pygame.Rect(0, 0, 1, 1)
        sizes.append(row_size(words, box.width * 9 // 10, box.height // 4 * 4 // share))
    for view in seated:
        _plate(surface, view, plates[view.seat], view.seat == winner, said[view.seat], sizes)
    return surface


def _tray(surface: pygame.Surface, screen: DiceScreen, box: pygame.Rect, paint: Paint) -> None:
    pygame.draw.rect(surface, TRAY, box, border_radius=box.height // 12)
    trick = screen.trick
    line = box.height // 7
    if screen.camera_lost is not None or screen.tray_blocked:
        words = text("No picture of the tray") if screen.camera_lost is not None else text("The tray is covered")
        note = fit_text(paint.say(words), box.width * 9 // 10, line, HIGHLIGHT)
        place(surface, note, midtop=(box.centerx, box.top + line // 4))
    elif trick is not None:
        heading = text("Trick {number}", number=trick.number)
        if trick.lead is not None:
            heading = text(
                "Trick {number}: follow {colour}",
                number=trick.number,
                colour=COLOUR_NAMES[trick.lead],  # the colour to follow is a number die's
            )
        head = fit_text(paint.say(heading), box.width * 3 // 5, line, PAPER)
        place(surface, head, topleft=(box.left + box.width // 30, box.top + line // 4))
        if trick.lead is not None:
            swatch = pygame.Rect(0, 0, line, line)
            swatch.topleft = (box.left + box.width // 30 + head.get_width() + line // 3, box.top + line // 4)
            surface.blit(draw_die(trick.lead, "", line), swatch)  # the colour and its shape
    seats = max(3, len(screen.players))
    size = min(box.width * 4 // (5 * seats + 1), box.height * 2 // 5)
    names = {view.seat: view.label or verbatim(view.name) for view in screen.seats}
    if trick is not None:
        gap = (box.width - size * len(screen.players)) // (len(screen.players) + 1)
        for n, die in enumerate(trick.dice):
            centre = (box.left + gap + n * (size + gap) + size // 2, box.top + box.height * 11 // 20)
            room = size + gap * 9 // 10  # the name under a die may use the gap between dice
            name = text("{name} (led)", name=names[die.seat]) if die.seat == trick.leader else names[die.seat]
            _thrown(surface, die, centre, size, room, name, die.seat == trick.winner, paint)
    if screen.loose:
        kinds = {known.kind: known for known in screen.kinds}
        words = text(
            "Take out of the tray: {dice}",
            dice=comma_list([text("#{order} {die}", order=d.order, die=_die_words(kinds, d)) for d in screen.loose]),
        )
        note = fit_text(paint.say(words), box.width * 9 // 10, line, HIGHLIGHT)
        place(surface, note, midbottom=(box.centerx, box.bottom - line // 6))
    elif screen.revokes:
        note = fit_text(paint.say(screen.revokes[-1].text), box.width * 9 // 10, line, HIGHLIGHT)
        place(surface, note, midbottom=(box.centerx, box.bottom - line // 6))


def _die_words(kinds: dict[str, DieKind], die: ThrownDie | LooseDie) -> Text:
    """ "black 6", "Pirate skull": a die in the words the flow gives its kind and faces (its name and "?" if not)."""
    known = kinds.get(die.kind)
    said = next((face.said for face in known.faces if face.face == die.face), None) if known else None
    if said is not None:
        return said
    return text("{kind} {face}", kind=known.name if known else verbatim(die.kind), face=verbatim(die.face or "?"))


def _thrown(
    surface: pygame.Surface,
    die: ThrownDie,
    centre: tuple[int, int],
    size: int,
    room: int,
    name: Text,
    won: bool,
    paint: Paint,
) -> None:
    rect = pygame.Rect(0, 0, size, size)
    rect.center = centre
    surface.blit(draw_die(die.kind, die.face, size), rect)
    if won:
        pygame.draw.rect(
            surface, HIGHLIGHT, rect.inflate(size // 6, size // 6), width=max(3, size // 14), border_radius=size // 6
        )
    if die.doubt is not None:
        pygame.draw.rect(
            surface, DOUBT, rect.inflate(size // 6, size // 6), width=max(3, size // 14), border_radius=size // 6
        )
    order = f"#{die.order}" if die.order is not None else "-"
    tag = fit_text(order, size // 2, size // 4, PAPER)
    place(surface, tag, midbottom=(centre[0], rect.top - size // 10))
    below = text("{name} wins", name=name) if won else name
    if die.doubt is not None:
        below = text("{name}: check?", name=name)
    colour = HIGHLIGHT if die.doubt is not None else PAPER  # readable on the felt; the word and the frame say it
    label = fit_text(paint.say(below), max(size, room), size * 3 // 10, colour, lines=2)
    place(surface, label, midtop=(centre[0], rect.bottom + size // 8))


def _plate_words(screen: DiceScreen, view: SeatView, won: bool) -> tuple[Text, Text, Text]:
    """A plate's three lines: the name, the bid and tricks, the state."""
    if view.bid is not None:
        detail: Text = text("bid {bid}, won {won}", bid=view.bid, won=view.won)
    elif view.bid_locked:
        detail = text("has bid")
    else:
        detail = text("bidding") if screen.phase is Phase.BIDDING else verbatim("")
    mark = text("THROWS") if view.acting else text("WINS THE TRICK") if won else text("total {total}", total=view.total)
    return view.label or verbatim(view.name), detail, mark


def _plate(
    surface: pygame.Surface, view: SeatView, box: pygame.Rect, won: bool, said: list[str], sizes: list[int]
) -> None:
    pygame.draw.rect(surface, PAPER, box, border_radius=box.height // 10)
    if view.acting or won:
        pygame.draw.rect(surface, HIGHLIGHT, box, width=max(4, box.height // 16), border_radius=box.height // 10)
    row = box.height // 4
    lines = [
        fit_text(words, box.width * 9 // 10, row * 4 // share, INK, lines=2, size=size)
        for words, size, share in zip(said, sizes, (4, 5, 5), strict=True)
    ]
    # One under the other, spread over the plate: a line that took two lines pushes the next one down.
    spare = box.height - sum(line.get_height() for line in lines)
    top = box.top + spare // 6
    for line in lines:
        top = place(surface, line, midtop=(box.centerx, top)).bottom + spare // 3


register_dice_screens()  # importing the module (as the game catalog's views) shows the dice game
