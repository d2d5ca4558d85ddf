"""The screen model: everything the players may see, as plain frozen data for the pygame scoreboard to draw.

Nothing secret is here: a bid is None until the YO-HO-HO reveal, and a seat's tentative bid never appears.
Seats are the table's seats (0..n-1 clockwise); score pad cells follow `Screen.players`, the playing seats.
Words for the players are `Text` (table.core.text): the scoreboard says them in `Screen.language`; names typed
by people stay plain `str`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from table.core.text import Text


class Phase(Enum):
    LOBBY = "lobby"  # seats join; StartGame begins
    BIDDING = "bidding"  # the dealer deals, every seat locks a secret bid
    COUNTDOWN = "countdown"  # every bid is locked: YO-HO-HO, then the reveal
    PLAYING = "playing"  # a trick is being played (`scary_mary` set: her seat must announce her)
    LIFTING = "lifting"  # a trick (or the round) is judged: the table waits for the readers to be cleared
    GAME_OVER = "game_over"  # ten rounds scored: the final ranking


@dataclass(frozen=True)
class SeatView:
    seat: int
    name: str
    joined: bool  # in the lobby: has joined; in a game: plays
    reader_ok: bool  # False while the seat's reader is down
    dealer: bool
    acting: bool  # the table waits for this seat: its card, or its Scary Mary choice
    bid_locked: bool  # during the bidding: has locked a bid (the value stays hidden)
    bid: int | None  # None until the reveal
    won: int  # tricks won this round
    total: int  # score so far
    label: Text | None = None  # the name as the scoreboard says it ("Seat 3" translated); None: `name` as it is


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
    cells: tuple[ScoreCell, ...]  # one per playing seat, in the order of Screen.players


@dataclass(frozen=True)
class Placing:
    place: int  # equal totals share a place
    seat: int
    name: str
    total: int
    label: Text | None = None  # as SeatView.label


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
class Note:
    """A message to the table (`seat` None) or about one seat; `error`: a refused input, shown as a warning."""

    text: Text
    seat: int | None
    error: bool = False


@dataclass(frozen=True)
class PrivateView:
    """What only one seat's player may see, never part of the public `Screen`: the secret bid being counted (shown
    by the seat's LED flashing it), and the codes of what the table knows lies face down at the seat (cards laid
    hidden until a reveal). A seat's own display, if the table has one, draws this and nothing of another seat's."""

    seat: int
    bid: int | None = None  # before the reveal: the bid counted or locked at this seat
    hidden: tuple[str, ...] = ()  # codes known to the table at this seat, shown to no one


@dataclass(frozen=True)
class Screen:
    phase: Phase
    round: int  # 1..10; 0 in the lobby
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
    game: str = "skullking"  # the game chosen in the lobby
    games: tuple[str, ...] = ("skullking",)  # the games the lobby offers (keys of the game catalog)
    game_names: tuple[Text, ...] = ()  # their names, in the order of `games`
    why: Text | None = None  # why the last trick went where it went; until the next trick's first card
    judged: JudgedView | None = None  # the last trick judged, to show again on demand
    showing_last: bool = False  # ShowLastTrick: the last trick is shown again (until the next input)
