"""What a game flow is told: the input events, as plain frozen dataclasses.

The app turns device events (table/core/events.py), the dice tray's events and touch-screen or keyboard actions into
these, writes each one to the event log, then hands it to the flow. Every field is a str, int, float, bool or None,
so the log stores them as JSON. Seats are the table's seats, 0..n-1 clockwise, whether or not they joined the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import get_args

# --- From the seats: readers and buttons -------------------------------------------------------------------------

BADGE_PREFIX = "badge:"  # a player badge's code: "badge:Anna" names the seat it is laid on, in the lobby


@dataclass(frozen=True)
class CardLaid:
    """A tag came to rest on a seat's reader, already resolved by the app.

    `code` is the card code ("yellow:12", "scarymary", ...) or a player badge ("badge:Anna"); None for a tag the
    table does not know. `foreign_game` names the game of a card from another enrolled deck.
    """

    seat: int
    uid: str
    code: str | None
    foreign_game: str | None = None


@dataclass(frozen=True)
class CardLifted:
    """The tag on a seat's reader was taken away."""

    seat: int


TAP, HOLD, MINUS, PLUS, OK = "tap", "hold", "minus", "plus", "ok"
KEYS = (TAP, HOLD, MINUS, PLUS, OK)


@dataclass(frozen=True)
class Press:
    """A seat button. One-button seats give "tap" or "hold"; three-button seats give "minus", "plus" or "ok".

    "tap" works as "plus" and "hold" as "ok", so both layouts drive the same flow.
    """

    seat: int
    key: str


# --- The link to the seat hub (the app maps HubLinkLost, HubConnected, ReaderFailed, ReaderRecovered) ----------


@dataclass(frozen=True)
class LinkLost:
    reason: str


@dataclass(frozen=True)
class LinkRestored:
    pass


@dataclass(frozen=True)
class ReaderDown:
    seat: int
    reason: str


@dataclass(frozen=True)
class ReaderUp:
    seat: int


# --- From the touch screen, mouse or keyboard -------------------------------------------------------------------


@dataclass(frozen=True)
class JoinSeat:
    """Take a free seat in the lobby; an empty name keeps the seat's name ("Seat 3" by default)."""

    seat: int
    name: str = ""


@dataclass(frozen=True)
class LeaveSeat:
    """Give a seat up again, in the lobby."""

    seat: int


@dataclass(frozen=True)
class SetName:
    """Name a seat's player, at any time; an empty name goes back to "Seat 3"."""

    seat: int
    name: str


@dataclass(frozen=True)
class StartGame:
    """Start the game chosen with the seats that joined (as many as the game needs).

    `settings`: the game's settings it starts with, as JSON text {"game": key, "settings": its section's keys}, filled
    in by the table (table.session) before the input is logged, so a replay builds the same game whatever config.toml
    says then; None in logs written before (and for a game without settings): the config's settings.
    """

    settings: str | None = None


@dataclass(frozen=True)
class ChooseGame:
    """In the lobby: the game to play (a key of the game catalog, "skullking"); StartGame starts it."""

    game: str


@dataclass(frozen=True)
class ChooseLanguage:
    """The table's language ("en", "de", "fr", "nl", "it"), at any time."""

    language: str


@dataclass(frozen=True)
class DealtCards:
    """Someone confirms the cards of this round are dealt. Optional: the first bid counts as this too."""


@dataclass(frozen=True)
class ChooseBid:
    """A seat's bid chosen on the screen: locks it at once."""

    seat: int
    value: int


@dataclass(frozen=True)
class CountdownDone:
    """The app's answer to the StartCountdown effect, when the YO-HO-HO countdown has run out."""


@dataclass(frozen=True)
class ChooseScaryMary:
    """Announce the Scary Mary waiting at `seat` as a Pirate (True) or an Escape (False)."""

    seat: int
    as_pirate: bool


@dataclass(frozen=True)
class CorrectBid:
    """The operator corrects a revealed bid during the round, before the round is scored."""

    seat: int
    value: int


@dataclass(frozen=True)
class CardEntered:
    """The operator enters the card `seat` played, by hand, for a card its reader cannot read (a sticker fallen off
    or dead, a reader down): the game takes it as if laid there. `code` is a card code of the game ("yellow:7")."""

    seat: int
    code: str


@dataclass(frozen=True)
class Undo:
    """The operator asks to take back the last action; nothing happens until ConfirmUndo."""


@dataclass(frozen=True)
class ConfirmUndo:
    pass


@dataclass(frozen=True)
class CancelUndo:
    pass


@dataclass(frozen=True)
class NewGame:
    """End the game: back to the lobby, with the same players in their seats."""


@dataclass(frozen=True)
class ShowLastTrick:
    """Anyone asks to see the last judged trick again (or the game's own unit: a showdown, a pile): its cards and
    why it went where it went, until the next input or the app's HideLastTrick after LAST_TRICK_SECONDS."""


@dataclass(frozen=True)
class HideLastTrick:
    """The app's answer to the LastTrickShown effect, once its time is up: the last trick leaves the screen."""


# --- From the dice tray: the app turns the tray watcher's events (vision/tray_events.py) into these --------------
# `order` is a die's landing order in the tray as the tray port numbers it: unique among the dice lying there now.


@dataclass(frozen=True)
class DieLanded:
    """A die came to rest in the tray. `face` None: it could not be read. `together`: how many dice came to rest
    in the same moment (2 or more: two dice were thrown at once). `unsure`: the frames read disagreed about it (face
    None): someone has to look."""

    order: int
    kind: str
    face: str | None
    confidence: float
    x: int = 0
    y: int = 0
    together: int = 1
    unsure: bool = False


@dataclass(frozen=True)
class DieMoved:
    """A die lying in the tray was knocked: it now reads `kind`/`face` (it read `was_kind`/`was_face`). `unsure`: as
    DieLanded's, of the new read."""

    order: int
    kind: str
    face: str | None
    confidence: float
    was_kind: str
    was_face: str | None
    x: int = 0
    y: int = 0
    unsure: bool = False


@dataclass(frozen=True)
class DieTakenOut:
    """The die of landing order `order` is no longer in the tray."""

    order: int


@dataclass(frozen=True)
class TrayCovered:
    """Something large (a hand) covers the tray: nothing can be read until it is gone."""


@dataclass(frozen=True)
class TrayUncovered:
    pass


@dataclass(frozen=True)
class CameraDown:
    reason: str


@dataclass(frozen=True)
class CameraUp:
    pass


Input = (
    CardLaid
    | CardLifted
    | Press
    | LinkLost
    | LinkRestored
    | ReaderDown
    | ReaderUp
    | JoinSeat
    | LeaveSeat
    | SetName
    | StartGame
    | ChooseGame
    | ChooseLanguage
    | DealtCards
    | ChooseBid
    | CountdownDone
    | ChooseScaryMary
    | CorrectBid
    | CardEntered
    | Undo
    | ConfirmUndo
    | CancelUndo
    | NewGame
    | ShowLastTrick
    | HideLastTrick
)

INPUT_KINDS: tuple[type, ...] = get_args(Input)
"""The table's input kinds, which every game may hear; a game's own kinds are in its catalog entry."""


TRAY_FACTS: tuple[type, ...] = (DieLanded, DieMoved, DieTakenOut, TrayCovered, TrayUncovered, CameraDown, CameraUp)
"""What the tray's camera reports (the app turns vision's tray events into these). Whoever plays, they are noted as
the table's facts (`table.core.table_state`); a game played with dice hears them, and its catalog entry lists them
among its inputs, so the event log names them after that game."""
