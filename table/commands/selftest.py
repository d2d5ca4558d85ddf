"""`pirate-table selftest`: walk through every seat's LED, reader and buttons, and say what works.

For each seat in turn: its LED plays every pattern (the person watches and reads the names), then "lay a card
on seat N", "lift it", then each of its buttons. A step that cannot be done (a dead reader, a missing button)
is skipped with Enter at the keyboard and reported as failed at the end. It starts by saying the data folder's
free space (the score pads' pictures and backups fill an SD card in the end: [table] keep_evenings).
"""

from __future__ import annotations

import logging
import select
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from table.config import Config, load_config
from table.core.events import CardPlaced, CardRemoved, HubConnected, HubLinkLost, ReaderFailed
from table.devices.buttons import Press
from table.devices.lights import Pattern, SeatLight
from table.paths import data_home
from table.store import disk

PATTERN_SECONDS = 2.5


@dataclass
class Step:
    seat: int
    what: str  # "lights", "place", "lift", or a button key ("tap", "hold", "minus", "plus", "ok")
    ok: bool | None = None

    def prompt(self) -> str:
        name = f"Seat {self.seat + 1}"
        if self.what == "lights":
            return f"{name}: watch the LED play every pattern"
        if self.what == "place":
            return f"{name}: lay a card on the reader"
        if self.what == "lift":
            return f"{name}: lift the card"
        if self.what in ("tap", "hold"):
            return f"{name}: {'press the button briefly' if self.what == 'tap' else 'hold the button down'}"
        return f"{name}: press the {self.what} button"


@dataclass
class SelfTest:
    """The walk through the seats, fed events; `lights` are the seats' LEDs, advanced with `tick(now)`."""

    config: Config
    lights: dict[int, SeatLight]
    steps: list[Step] = field(default_factory=list)
    at: int = 0
    _pattern_started: float | None = None
    _pattern_shown: int = -1

    def __post_init__(self) -> None:
        for seat, seat_config in enumerate(self.config.seats):
            keys = ["tap", "hold"] if "button" in seat_config.buttons else ["minus", "plus", "ok"]
            self.steps += [Step(seat, what) for what in ("lights", "place", "lift", *keys)]

    @property
    def current(self) -> Step | None:
        return self.steps[self.at] if self.at < len(self.steps) else None

    def tick(self, now: float) -> str | None:
        """Runs the LED walk; returns a line to say, if any."""
        step = self.current
        for light in self.lights.values():
            light.update(now)
        if step is None or step.what != "lights":
            return None
        if self._pattern_started is None:
            self._pattern_started = now
        patterns = list(Pattern)
        index = int((now - self._pattern_started) // PATTERN_SECONDS)
        if index >= len(patterns):
            self.lights[step.seat].show(Pattern.DARK, now)
            self._pattern_started, self._pattern_shown = None, -1
            return self._done(True)
        if index == self._pattern_shown:
            return None
        self._pattern_shown = index
        self.lights[step.seat].show(patterns[index], now)
        return f"    {patterns[index].name.replace('_', ' ').lower()}"

    def handle(self, event: object) -> str | None:
        step = self.current
        if step is None:
            return None
        if isinstance(event, CardPlaced) and step.what == "place" and event.seat == step.seat:
            return self._done(True, f"tag {event.uid}" + (f" ({event.code})" if event.code else " (no code)"))
        if isinstance(event, CardRemoved) and step.what == "lift" and event.seat == step.seat:
            return self._done(True)
        if isinstance(event, Press) and event.seat == step.seat and event.key == step.what:
            return self._done(True)
        if isinstance(event, ReaderFailed) and event.seat == step.seat and step.what in ("place", "lift"):
            return f"    the reader of seat {event.seat + 1} has failed ({event.reason})"
        if isinstance(event, HubLinkLost):
            return f"    seat hub: {event.reason}"
        if isinstance(event, HubConnected):
            return f"    seat hub connected (firmware {event.firmware}, {event.readers} readers)"
        return None

    def skip(self) -> str | None:
        return self._done(False) if self.current else None

    def _done(self, ok: bool, detail: str = "") -> str:
        step = self.steps[self.at]
        step.ok = ok
        self.at += 1
        said = f"    {'ok' if ok else 'FAILED'}" + (f": {detail}" if detail else "")
        return said + (f"\n{self.current.prompt()}" if self.current else "")

    def report(self) -> list[str]:
        if all(step.ok for step in self.steps):
            return [f"All {len(self.config.seats)} seats work."]
        return [
            f"{'FAILED' if step.ok is False else 'NOT TESTED'}: seat {step.seat + 1}, {step.what}"
            for step in self.steps
            if not step.ok
        ]


def run(clock: Callable[[], float] = time.monotonic) -> int:
    from table.commands.run import seat_devices

    config = load_config()
    space = disk.space_line(data_home())
    logging.info("%s", space)
    print(space[0].upper() + space[1:] + ".")
    link, buttons, lights = seat_devices(config, clock)
    test = SelfTest(config, lights)
    print("Walking through every seat. Press Enter to skip a step that cannot be done.")
    print(test.current.prompt() if test.current else "")
    keyboard = [sys.stdin]
    try:
        while test.current is not None:
            fds = keyboard + ([link.fileno()] if link.fileno() is not None else [])
            ready, _, _ = select.select(fds, [], [], 0.02)
            if sys.stdin in ready:
                if sys.stdin.readline():
                    _say(test.skip())
                else:
                    keyboard = []  # no keyboard (input closed): nothing can be skipped
            now = clock()
            for event in [*link.poll(), *buttons.poll(now)]:
                _say(test.handle(event))
            _say(test.tick(now))
    except KeyboardInterrupt:
        print()
    finally:
        link.close()
    for line in test.report():
        print(line)
    return 0 if all(step.ok for step in test.steps) else 1


def _say(line: str | None) -> None:
    if line:
        print(line, flush=True)
