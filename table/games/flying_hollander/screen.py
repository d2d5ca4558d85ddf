"""The Flying Hollander's screen model: what every player may see, as plain frozen data for the scoreboard.

The flow puts in the words (what must be beaten, each seat's phase), so the display needs no rules and no flow.
Nothing secret is here: a seat's hand is only counted; the cards the table knows a seat took with the pile are
in that seat's private view (`FlyingHollanderFlow.private`).
"""

from __future__ import annotations

from dataclasses import dataclass

from table.core.frame import HandEntry, JudgedView, Note, Phase, Placing
from table.core.text import Text


@dataclass(frozen=True)
class HollanderSeat:
    seat: int
    name: str
    label: Text | None  # the name as the scoreboard says it ("Seat 3" translated)
    joined: bool  # plays this game
    reader_ok: bool
    acting: bool  # the table waits for this seat: its card, its Wormhole choice or its Pirate swap
    hand: int  # cards in hand
    clash: int  # face-up clash cards left
    final: int  # face-down final cards left
    position: str  # "hand", "clash", "final" or "out": where the seat plays from now
    phase: Text  # the same in words
    place: int | None  # its place once gone out (1 = first out)
    open_play: bool = False  # identical cards may still join this seat's last play
    total: int = 0  # the score the ranking counts: players who went out after this seat


@dataclass(frozen=True)
class HollanderScreen:
    phase: Phase  # PLAYING, then GAME_OVER
    title: Text
    prompt: Text  # what the table waits for now
    seats: tuple[HollanderSeat, ...]  # every seat of the table
    players: tuple[int, ...]  # the playing seats, clockwise
    pile: tuple[str, ...]  # the play pile's codes, bottom first ("crew:7", "hollander", ...)
    beat: Text  # what the next card must be, in words
    beat_rank: int  # the rank to beat (0: any card); with a Mutiny, the ceiling
    beat_kind: str  # "any", "at_least", "at_most" (Mutiny) or "low" (a first Mutiny: 1-3)
    ghost: bool  # the card to beat lies under a Flying Hollander
    draw: int  # cards left in the draw pile
    cleared: int  # cards out of the game (Krakens, four of a kind)
    out: tuple[int, ...]  # seats in the order they went out
    choosing: int | None  # a Wormhole's seat, choosing who plays next
    swapping: int | None  # a Pirate's seat, swapping with another
    partner: int | None  # the seat that said it swaps with the Pirate's
    last: Text | None  # the last play in words ("Anna played 7 7")
    ranking: tuple[Placing, ...]
    messages: tuple[Note, ...]
    undo: Text | None
    link_lost: str | None
    language: str = "en"
    game: str = "flying-hollander"
    started: bool = False  # the first card is played: no more swaps between hand and clash cards
    scary_mary: int | None = None  # the card game's field the shared bar reads; never set here
    why: Text | None = None  # why the last pile ended (taken, or out of the game); until the next pile's first card
    judged: JudgedView | None = None  # the last pile ended, to show again on demand
    showing_last: bool = False  # ShowLastTrick: the last pile is shown again (until the next input)
    hand_entry: tuple[HandEntry, ...] = ()  # the pile card the operator may enter by hand now
