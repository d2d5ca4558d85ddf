"""What every screen model shares, whatever the game: the table's moments, the notes, the last trick judged, the
private view, the placings, and the seat and score pad rows of the games with bids.

A game's screen model (table/games/<game>/screen.py) and the lobby's (table.lobby.model) are plain frozen data for
the scoreboard to draw. Each names its own fields; the fields every screen has alike are read the same way by the
display's banner, why line and bar:

    messages: tuple[Note, ...]   since the last accepted action, oldest first
    undo: Text | None            "Undo <action>?" while waiting for ConfirmUndo or CancelUndo
    link_lost: str | None        why the seat hub is unreachable (the driver's words, not translated); the game waits
    language: str                the table's language: "en", "de", "fr", "nl", "it"
    why: Text | None             why the last trick went where it went (a game's, not the lobby's)
    judged: JudgedView | None    the last trick judged, to show again on demand
    showing_last: bool           ShowLastTrick: the last trick is shown again (until the next input)
    hand_entry: tuple[HandEntry, ...]  the cards the operator may enter by hand now (a card game's)

Nothing secret is in a screen model: what only one seat may see is its `PrivateView`. Words for the players are
`Text` (table.core.text), said in the screen's `language`; names typed by people stay plain `str`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from table.core.text import Text, verbatim


class Phase(Enum):
    """The table's moment, as every flow's state and screen model say it (a game uses the ones it has)."""

    LOBBY = "lobby"  # seats join; StartGame begins (the lobby's, not a game's)
    BIDDING = "bidding"  # every seat chooses in secret: a bid, the cards laid face down
    COUNTDOWN = "countdown"  # every choice is locked: YO-HO-HO, then the reveal
    PLAYING = "playing"  # the seats play in turn
    LIFTING = "lifting"  # a trick (or the round) is judged: the table waits for the readers or the tray to be cleared
    GAME_OVER = "game_over"  # the final ranking


@dataclass(frozen=True)
class Note:
    """A message to the table (`seat` None) or about one seat; `error`: a refused input, shown as a warning."""

    text: Text
    seat: int | None
    error: bool = False


@dataclass(frozen=True)
class JudgedPlay:
    """One play of a judged trick, as the last trick shows it again: who (None: the pile's, nobody's) and what."""

    seat: int | None
    name: Text | None  # the player's name as the screen says it
    card: Text  # the card (or die, or cards) in words


@dataclass(frozen=True)
class JudgedView:
    """The last trick judged (or the game's own unit: a throw, a showdown, a pile): shown again on demand
    (ShowLastTrick) with its cards and the line saying why it went where it went."""

    name: Text  # what it is, as the bar's button says it: "Last trick", "Last showdown", "Last pile"
    heading: Text  # which one: "Trick 3 of round 4"
    plays: tuple[JudgedPlay, ...]  # in play order
    winner: int | None  # the seat that took it; None: nobody did
    why: Text


@dataclass(frozen=True)
class PrivateView:
    """What only one seat's player may see, never part of the public screen model: the secret bid being counted
    (shown by the seat's LED flashing it), and the codes of what the table knows lies face down at the seat (cards
    laid hidden until a reveal). A seat's own display, if the table has one, draws this and nothing of another
    seat's."""

    seat: int
    bid: int | None = None  # before the reveal: the bid counted or locked at this seat
    hidden: tuple[str, ...] = ()  # codes known to the table at this seat, shown to no one


@dataclass(frozen=True)
class CardChoice:
    """A card the operator may enter by hand (`CardEntered`): its code, in words, and its group on the picker (its
    suit, or the game's other cards), so a deck of seventy cards fits the bar in two steps."""

    code: str
    said: Text
    group: Text


@dataclass(frozen=True)
class HandEntry:
    """A card the table waits for at `seat` that the operator may enter by hand, for a card its reader cannot read:
    the cards it may be (those the seat may legally have played, as far as the table knows)."""

    seat: int
    cards: tuple[CardChoice, ...]
    face_down: bool = False  # a card laid face down: the picker says so (its choice shows on the screen)


@dataclass(frozen=True)
class Placing:
    place: int  # equal totals share a place
    seat: int
    name: str
    total: int
    label: Text | None = None  # as SeatView.label


@dataclass(frozen=True)
class SeatView:
    """A seat in a game with secret bids and tricks (both Skull King card games, the dice game)."""

    seat: int
    name: str
    joined: bool  # plays this game
    reader_ok: bool  # False while the seat's reader is down
    dealer: bool  # deals this round (in the dice game: starts it)
    acting: bool  # the table waits for this seat: its card or die, or its choice
    bid_locked: bool  # during the bidding: has locked a bid (the value stays hidden)
    bid: int | None  # None until the reveal
    won: int  # tricks won this round
    total: int  # score so far
    label: Text | None = None  # the name as the scoreboard says it ("Seat 3" translated); None: `name` as it is


def seat_label(view: Any) -> Text:
    """A seat's name as the screen says it: its `label`, else its `name` as typed."""
    return view.label if view.label is not None else verbatim(view.name)


@dataclass(frozen=True)
class ScoreCell:
    bid: int
    won: int
    bonus: int  # bonus points earned in tricks (paid only when the bid is met)
    points: int  # this round's score
    total: int  # running total after this round


@dataclass(frozen=True)
class ScoreRow:
    round: int
    dealer: int  # seat
    cells: tuple[ScoreCell, ...]  # one per playing seat, in the order of the screen model's `players`
