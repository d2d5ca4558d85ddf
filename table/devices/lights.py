"""Seat LEDs: what each pattern means, and an RGB LED (gpiozero) that shows it.

Every pattern differs in rhythm as well as colour, so a player who cannot tell red from green can still read
their seat: steady, slow even blink, double blink, fast flicker, triple burst, long-on-short-off.

The patterns run on the table's clock: the main loop calls `update(now)` every tick (at 30 Hz or more), so
tests drive them with a fake clock instead of gpiozero's own blink thread, which sleeps in real time.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Protocol

Colour = tuple[float, float, float]
OFF: Colour = (0.0, 0.0, 0.0)
GREEN: Colour = (0.0, 1.0, 0.0)
BLUE: Colour = (0.0, 0.3, 1.0)
GOLD: Colour = (1.0, 0.7, 0.0)
RED: Colour = (1.0, 0.0, 0.0)
AMBER: Colour = (1.0, 0.35, 0.0)


@dataclass(frozen=True)
class Rhythm:
    """A colour switched on and off in steps of (lit, seconds); `repeat` loops it, else it holds the last step."""

    colour: Colour
    steps: tuple[tuple[bool, float], ...]
    repeat: bool = True

    @property
    def period(self) -> float:
        return sum(seconds for _, seconds in self.steps)

    def colour_at(self, elapsed: float) -> Colour:
        if self.repeat:
            elapsed %= self.period
        for lit, seconds in self.steps:
            if elapsed < seconds:
                return self.colour if lit else OFF
            elapsed -= seconds
        lit, _ = self.steps[-1]
        return self.colour if lit else OFF


class Pattern(Enum):
    """What a seat's LED says. `transient` patterns show for one run of their rhythm, then the seat's own returns."""

    DARK = Rhythm(OFF, ((False, 1.0),))
    GREEN_BLINK = Rhythm(GREEN, ((True, 0.6), (False, 0.6)))  # slow, even blink
    BLUE_DOUBLE_BLINK = Rhythm(BLUE, ((True, 0.15), (False, 0.15), (True, 0.15), (False, 0.8)))  # double blink
    BLUE_STEADY = Rhythm(BLUE, ((True, 1.0),))  # steady
    GOLD_FLICKER = Rhythm(GOLD, ((True, 0.08), (False, 0.08)) * 12 + ((True, 1.0),), repeat=False)  # flicker, then on
    RED_BURST = Rhythm(RED, ((True, 0.1), (False, 0.1)) * 3 + ((False, 0.5),), repeat=False)  # triple burst
    AMBER_LONG_BLINK = Rhythm(AMBER, ((True, 1.0), (False, 0.2)))  # long on, short off

    @property
    def rhythm(self) -> Rhythm:
        return self.value

    @property
    def transient(self) -> bool:
        return self is Pattern.RED_BURST


COUNT_COLOUR: Colour = (1.0, 1.0, 1.0)  # white: a seat's private count, unlike every pattern above


def count_rhythm(value: int) -> Rhythm:
    """`value` short white flashes, then a pause; a long dim glow for 0, so a zero is seen too."""
    if value <= 0:
        return Rhythm((0.25, 0.25, 0.25), ((True, 0.6), (False, 0.4)), repeat=False)
    return Rhythm(COUNT_COLOUR, ((True, 0.15), (False, 0.2)) * value + ((False, 0.4),), repeat=False)


class RGBLedLike(Protocol):
    """What SeatLight needs of a gpiozero RGBLED: a settable `color`; and `close`, for whoever made it."""

    color: Colour

    def close(self) -> None: ...


class SeatLight:
    """One seat's LED: its standing pattern, and a passing one (an error) shown over it."""

    def __init__(self, led: RGBLedLike) -> None:
        self.led = led
        self.pattern = Pattern.DARK
        self.last_shown = Pattern.DARK  # the newest pattern asked for, a passing one (an error) included
        self._since = 0.0
        self._passing: Rhythm | None = None
        self._passing_since = 0.0

    def show(self, pattern: Pattern, now: float) -> None:
        """Make `pattern` the seat's pattern; a transient one plays once over it."""
        self.last_shown = pattern
        if pattern.transient:
            self._passing, self._passing_since = pattern.rhythm, now
        elif pattern is not self.pattern:
            self.pattern, self._since = pattern, now
        self.update(now)

    def count(self, value: int, now: float) -> None:
        """Flash `value` once over the seat's pattern: a player's own bid, seen only at their seat."""
        self._passing, self._passing_since = count_rhythm(value), now
        self.update(now)

    def update(self, now: float) -> None:
        if self._passing is not None:
            elapsed = now - self._passing_since
            if elapsed < self._passing.period:
                self._set(self._passing.colour_at(elapsed))
                return
            self._passing = None
        self._set(self.pattern.rhythm.colour_at(now - self._since))

    def _set(self, colour: Colour) -> None:
        if self.led.color != colour:  # writing a pin costs a syscall: only on a change
            self.led.color = colour
