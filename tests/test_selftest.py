"""The self test walks every seat's LED, reader and buttons."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from gpiozero import RGBLED, Device
from gpiozero.pins.mock import MockFactory, MockPWMPin

from table.commands.selftest import PATTERN_SECONDS, SelfTest
from table.config import parse_config
from table.core.events import CardPlaced, CardRemoved
from table.devices.buttons import Press
from table.devices.lights import Pattern, SeatLight

CONFIG = """
[[seats]]
reader = 0
led = [4, 17, 27]
button = 2
[[seats]]
reader = 1
led = [22, 10, 9]
buttons = { minus = 5, plus = 6, ok = 13 }
"""


@pytest.fixture
def walk() -> Iterator[SelfTest]:
    Device.pin_factory = MockFactory(pin_class=MockPWMPin)
    config = parse_config(CONFIG)
    yield SelfTest(config, {seat: SeatLight(RGBLED(*s.led)) for seat, s in enumerate(config.seats)})
    Device.pin_factory.reset()


def watch_lights(walk: SelfTest, now: float) -> tuple[list[str], float]:
    """Let the clock run through a seat's LED walk; returns what was said and the time at its end."""
    said = []
    while walk.current and walk.current.what == "lights":
        said.append(walk.tick(now) or "")
        now += 0.1
    return [line.strip() for line in said if line and not line.strip().startswith("ok")], now


def test_every_seat_is_walked_through_and_reported(walk: SelfTest) -> None:
    assert [(s.seat, s.what) for s in walk.steps] == [
        (0, "lights"), (0, "place"), (0, "lift"), (0, "tap"), (0, "hold"),
        (1, "lights"), (1, "place"), (1, "lift"), (1, "minus"), (1, "plus"), (1, "ok"),
    ]  # fmt: skip
    names, now = watch_lights(walk, 0.0)
    assert names == [pattern.name.replace("_", " ").lower() for pattern in Pattern]  # each once, in order
    assert now == pytest.approx(len(Pattern) * PATTERN_SECONDS, abs=0.2)
    assert walk.handle(CardPlaced(1, "04AA", "red:3")) is None  # the wrong seat: still waiting
    assert "tag 04AA (red:3)" in (walk.handle(CardPlaced(0, "04AA", "red:3")) or "")
    walk.handle(CardRemoved(0))
    walk.handle(Press(0, "hold"))  # not what is asked: still waiting for a tap
    assert walk.current is not None and walk.current.what == "tap"
    walk.handle(Press(0, "tap"))
    walk.handle(Press(0, "hold"))
    assert walk.report()[0] == "NOT TESTED: seat 2, lights"  # half way: seat 1 passed, seat 2 not yet tested
    watch_lights(walk, now)
    for event in (CardPlaced(1, "04BB"), CardRemoved(1), Press(1, "minus"), Press(1, "plus"), Press(1, "ok")):
        walk.handle(event)
    assert walk.current is None
    assert walk.report() == ["All 2 seats work."]


def test_a_skipped_step_is_reported_as_failed(walk: SelfTest) -> None:
    walk.skip()  # seat 1's lights
    assert walk.skip() is not None
    while walk.current:
        walk.skip()
    assert walk.report()[0] == "FAILED: seat 1, lights"
    assert len(walk.report()) == len(walk.steps)
