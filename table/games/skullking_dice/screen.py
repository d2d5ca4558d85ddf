"""The dice game's screen model: what the players may see, as plain frozen data for the scoreboard to draw.

The flow puts in the words the scoreboard shows (each kind's name, each die in words), so the display needs no rules
and no flow. It shares the card game's seat views, score pad rows, placings and notes (table.core.frame), so the
score pad and the operator's bar read both. Bids are None until the YO-HO-HO reveal; tentative bids never appear.
"""

from __future__ import annotations

from dataclasses import dataclass

from table.core.frame import JudgedView, Note, Phase, Placing, ScoreRow, SeatView
from table.core.text import Text


@dataclass(frozen=True)
class ThrownDie:
    """One seat's die in the trick. `order`: its landing order in the tray (None: not in the tray, as a die the
    operator entered or one taken out). `doubt`: why the table asks its thrower to confirm or throw again."""

    seat: int
    kind: str
    face: str | None  # None: unreadable
    confidence: float
    order: int | None
    doubt: Text | None = None


@dataclass(frozen=True)
class DiceTrickView:
    number: int  # 1-based within the round
    leader: int  # the seat that throws first
    dice: tuple[ThrownDie, ...]  # in turn order (the order that breaks ties)
    lead: str | None  # the colour to follow: the first number die's kind
    winner: int | None  # seat, once judged
    bonus: int  # the winner's bonus in this trick (paid if their bid is met)
    said: tuple[Text, ...]  # each of `dice` in words: "black 7", "Pirate skull", "red ?"


@dataclass(frozen=True)
class DieFace:
    """A face a die can show, and that die in words ("black 7", "Pirate skull"): a correction the operator may pick."""

    face: str
    said: Text


@dataclass(frozen=True)
class DieKind:
    """A kind of die in this printing: its name, and the faces its dice carry, each once (numerals high to low, then
    skull, then flag)."""

    kind: str
    name: Text
    faces: tuple[DieFace, ...]


@dataclass(frozen=True)
class LooseDie:
    """A die in the tray that is nobody's throw (an extra one): it has to come out."""

    order: int
    kind: str
    face: str | None


@dataclass(frozen=True)
class DiceRevokeView:
    seat: int
    colour: str
    trick: int  # 1-based: where the seat did not follow
    shown: int  # 1-based: where it threw that colour
    text: Text


@dataclass(frozen=True)
class DiceScreen:
    phase: Phase  # BIDDING, COUNTDOWN, PLAYING (throwing), LIFTING (emptying the tray), GAME_OVER
    round: int
    rounds: int  # 8, 7 or 6
    title: Text
    prompt: Text
    seats: tuple[SeatView, ...]  # every seat of the table; `dealer` marks the round's start player
    players: tuple[int, ...]  # the playing seats, clockwise; the score pad's columns
    trick: DiceTrickView | None  # the trick being thrown, or the judged one while the tray is emptied
    loose: tuple[LooseDie, ...]  # dice in the tray that are nobody's throw
    score_pad: tuple[ScoreRow, ...]
    ranking: tuple[Placing, ...]  # after the last round
    revokes: tuple[DiceRevokeView, ...]  # found in this round
    messages: tuple[Note, ...]
    camera_lost: str | None  # why the camera gives no picture (the driver's words); the game waits
    tray_blocked: bool
    undo: Text | None
    scoring: str  # "standard" or "landlubber"
    kinds: tuple[DieKind, ...]  # each kind of die in this printing, named, with its faces
    language: str = "en"
    game: str = "skullking-dice"
    # The card game's screen fields the shared operator bar reads; the dice game has no hub and no Scary Mary.
    link_lost: str | None = None
    scary_mary: int | None = None
    why: Text | None = None  # why the last trick went where it went; until the next trick's first die
    judged: JudgedView | None = None  # the last trick judged, to show again on demand
    showing_last: bool = False  # ShowLastTrick: the last trick is shown again (until the next input)
