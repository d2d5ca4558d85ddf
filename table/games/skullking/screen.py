"""Skull King's screen model: everything the players may see, as plain frozen data for the scoreboard to draw.

Nothing secret is here: a bid is None until the YO-HO-HO reveal, and a seat's tentative bid never appears.
Seats are the table's seats (0..n-1 clockwise); score pad cells follow `Screen.players`, the playing seats.
What every screen shares (notes, the last trick judged, seat and score pad rows) is the core's (table.core.frame).
"""

from __future__ import annotations

from dataclasses import dataclass

from table.core.frame import HandEntry, JudgedView, Note, Phase, Placing, ScoreRow, SeatView
from table.core.text import Text


@dataclass(frozen=True)
class PlayedCard:
    seat: int
    code: str  # Scary Mary as "scarymary:pirate" or "scarymary:escape"


@dataclass(frozen=True)
class TrickView:
    number: int  # 1-based within the round
    leader: int  # seat
    cards: tuple[PlayedCard, ...]
    winner: int | None  # seat, once judged
    bonus: int  # the winner's bonus in this trick (paid if their bid is met)
    lead: str | None = None  # the suit to follow ("yellow", ...), None while none is led (or after a Skull King...)


@dataclass(frozen=True)
class RevokeView:
    """A seat did not follow `suit` in trick `trick`, yet played `card` of that suit in trick `shown` (1-based)."""

    seat: int
    suit: str
    trick: int
    shown: int
    card: str
    text: Text


@dataclass(frozen=True)
class Screen:
    phase: Phase  # BIDDING, COUNTDOWN, PLAYING (`scary_mary` set: her seat must announce her), LIFTING, GAME_OVER
    round: int  # 1..10
    rounds: int  # 10
    title: Text  # "Round 3: Anna deals 3 cards each"
    prompt: Text  # what the table waits for now, in words
    seats: tuple[SeatView, ...]  # every seat of the table
    players: tuple[int, ...]  # the playing seats, clockwise; the score pad's columns
    trick: TrickView | None  # the trick on the table: the judged one while lifting, the last one at the end
    scary_mary: int | None  # the seat asked: Scary Mary as Pirate or Escape?
    score_pad: tuple[ScoreRow, ...]
    ranking: tuple[Placing, ...]  # after the last round
    revokes: tuple[RevokeView, ...]  # found in this round
    messages: tuple[Note, ...]  # since the last accepted action, oldest first
    link_lost: str | None  # why the seat hub is unreachable (the driver's words, not translated); the game waits
    undo: Text | None  # "Undo <action>?" while waiting for ConfirmUndo or CancelUndo
    language: str = "en"  # the table's language: "en", "de", "fr", "nl", "it"
    game: str = "skullking"  # the game's key in the catalog
    why: Text | None = None  # why the last trick went where it went; until the next trick's first card
    judged: JudgedView | None = None  # the last trick judged, to show again on demand
    showing_last: bool = False  # ShowLastTrick: the last trick is shown again (until the next input)
    hand_entry: tuple[HandEntry, ...] = ()  # the card the table waits for, to enter by hand (the operator's)
