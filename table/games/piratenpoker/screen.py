"""Piratenpoker's screen model: what everybody at the table may see, as plain frozen data for the scoreboard.

Nothing hidden is here: before the reveal a seat shows only how many cards it laid (`laid`); the codes are in the
flow's `private(seat)`, never in this model.
"""

from __future__ import annotations

from dataclasses import dataclass

from table.core.frame import HandEntry, JudgedView, Note, Phase
from table.core.text import COLOUR_NAMES, Text, text, verbatim


@dataclass(frozen=True)
class HeldView:
    code: str  # "loot:red:8"
    front_up: bool
    worth: int


@dataclass(frozen=True)
class PokerSeat:
    seat: int
    label: Text  # the player's name as the screen says it
    playing: bool
    reader_ok: bool
    in_game: bool  # has not passed in this game
    laid: int  # cards laid face down this round: the only thing the screen shows of them before the reveal
    done: bool
    hand: int  # poker cards in hand, by count
    revealed: tuple[str, ...] | None  # after the reveal: the codes laid
    total: int | None  # after the reveal
    winner: bool  # won the last showdown
    acting: bool  # the table waits for this seat
    loot: tuple[HeldView, ...]  # loot in front of the player
    score: int  # the loot's score as it stands (sets included)


@dataclass(frozen=True)
class FinalView:
    seat: int
    label: Text
    place: int
    fronts: int
    sharks: int
    backs: int
    bonus: int
    total: int
    loot: tuple[HeldView, ...]


@dataclass(frozen=True)
class PokerScreen:
    phase: Phase
    step: str  # Step's value
    game_number: int  # 1-based: which game of three rounds
    round: int  # 1..3
    title: Text
    prompt: Text
    seats: tuple[PokerSeat, ...]  # the playing seats, clockwise
    middle: tuple[str, ...]  # the loot cards lying out (codes)
    pointed: str | None  # the loot card the winner's button points at / has chosen
    stacks: tuple[int, ...]  # cards left in each loot stack, in the order of `colours`
    colours: tuple[str, ...]
    colour_names: tuple[Text, ...]
    doubled: str | None  # round 3: the colour that counts double
    result: Text | None  # who won the last showdown, and why
    draw: int
    discard: int
    finals: tuple[FinalView, ...]
    messages: tuple[Note, ...]
    undo: Text | None
    link_lost: str | None
    language: str = "en"
    game: str = "piratenpoker"
    why: Text | None = None  # who won the last showdown, and why; until the next round's first card
    judged: JudgedView | None = None  # the last showdown, to show again on demand
    showing_last: bool = False  # ShowLastTrick: the last showdown is shown again (until the next input)
    hand_entry: tuple[HandEntry, ...] = ()  # what the operator may enter by hand now, seat by seat


def card_words(code: str, colour_names: dict[str, Text] | None = None) -> Text:
    """A card in words, in the table's language: "red:5" as the catalogs say a colour and number, a loot card as
    "loot red +10", the Pass card as "Pass". `colour_names`: the printing's names, if the config gives them."""
    names = colour_names or COLOUR_NAMES
    parts = code.split(":")
    if len(parts) == 3 and parts[0] == "loot" and parts[1] in names:
        return text("loot {colour} +{front}", colour=names[parts[1]], front=parts[2])
    if len(parts) == 2 and parts[0] in names:
        return text("{suit}:{number}", suit=names[parts[0]], number=parts[1])
    if code == "pass":
        return text("Pass")
    return verbatim(code)
