"""What a game flow asks of the world: the effects, as plain frozen dataclasses.

`handle(event)` returns a list of these, in the order they should happen. The app drives the seat LEDs, the
sound and the countdown timer from them; the scoreboard draws `screen()` instead and needs no effect.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Literal, get_args

from table.core.text import Text


class LedPattern(StrEnum):
    """A seat LED's pattern; the names (and values) are those of `table.devices.lights.Pattern`.

    The app maps them with `Pattern[effect.pattern]`. RED_BURST is transient: the LED shows it once and returns to
    its standing pattern by itself, so the flow never sends the standing pattern again after an error.
    """

    DARK = "DARK"
    GREEN_BLINK = "GREEN_BLINK"
    BLUE_DOUBLE_BLINK = "BLUE_DOUBLE_BLINK"
    BLUE_STEADY = "BLUE_STEADY"
    GOLD_FLICKER = "GOLD_FLICKER"
    RED_BURST = "RED_BURST"
    AMBER_LONG_BLINK = "AMBER_LONG_BLINK"


@dataclass(frozen=True)
class Light:
    """Show `pattern` on `seat`'s LED. Sent only when a seat's pattern changes (and RED_BURST on every bad input)."""

    seat: int
    pattern: LedPattern


@dataclass(frozen=True)
class SeatCount:
    """Flash `value` short flashes on `seat`'s LED (none for 0): the seat's private bid feedback.

    The tentative bid is secret, so it travels only this way, never in the screen model.
    """

    seat: int
    value: int


SoundName = Literal["countdown", "trick_won", "error", "round_over", "game_over"]
SOUNDS: tuple[SoundName, ...] = get_args(SoundName)


@dataclass(frozen=True)
class Sound:
    """Play a sound: "countdown" (YO-HO-HO), "trick_won", "error" (any bad input), "round_over", "game_over"."""

    name: SoundName


@dataclass(frozen=True)
class Message:
    """Say `text` to the table; `seat` is the seat it concerns (None: the whole table).

    The same text is in the screen model's `messages` until the next accepted action. `str(text)` is the English,
    for the log.
    """

    text: Text
    seat: int | None = None


@dataclass(frozen=True)
class StartCountdown:
    """Every bid is locked: run the YO-HO-HO countdown and feed `CountdownDone()` after `seconds`."""

    seconds: int


@dataclass(frozen=True)
class CancelCountdown:
    """The countdown is void (an undo reopened a bid): drop the timer, send no CountdownDone."""


@dataclass(frozen=True)
class RoundOver:
    """Round `number` is scored and the score pad shows it (the app saves a scoreboard screenshot)."""

    number: int


@dataclass(frozen=True)
class Judged:
    """A trick is judged (or the game's own unit of play: a throw, a hand, a duel): who took it and why, in the
    players' words ("the Mermaid catches the Skull King: +50 if Cleo makes her bid"). The screen says `why` until
    the next one; the venue gets it as a "trick" result (table.venue)."""

    round: int  # the round (or hand, game) it belongs to, from 1
    number: int  # its number within the round, from 1
    winner: int | None  # the seat that took it; None: nobody did
    why: Text


@dataclass(frozen=True)
class LastTrickShown:
    """The last judged trick is shown again (ShowLastTrick): feed `HideLastTrick()` after `seconds`, unless another
    input hides it first."""

    seconds: int


LOBBY = "lobby"  # not a game: SwitchGame(LOBBY, ...) hands the table back to its lobby


@dataclass(frozen=True)
class SwitchGame:
    """Hand the table to another flow: the lobby's StartGame to the chosen game (its key in the game catalog),
    which begins its first round at once; a game's NewGame back to the lobby (`LOBBY`), with these seats joined.

    `players` are the seats that play, clockwise. The table (table.session) builds the flow, also when
    replaying the log; names, language and readers go along in the table's state. `back` True: an undo going back
    to the flow the table had before, as it was (the lobby before the start; `flow`, the game before a new game).
    """

    game: str
    players: tuple[int, ...]
    back: bool = False
    flow: Any = field(default=None, compare=False, repr=False)  # with `back`: the game's flow to go back to


Effect = (
    Light
    | SeatCount
    | Sound
    | Message
    | StartCountdown
    | CancelCountdown
    | RoundOver
    | Judged
    | LastTrickShown
    | SwitchGame
)
