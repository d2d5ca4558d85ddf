"""Seat LED patterns on gpiozero's mock pins, driven by a fake clock."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from gpiozero import RGBLED, Device
from gpiozero.pins.mock import MockFactory, MockPWMPin

from table.devices.lights import AMBER, GOLD, OFF, RED, Pattern, SeatLight


@pytest.fixture
def led() -> Iterator[RGBLED]:
    Device.pin_factory = MockFactory(pin_class=MockPWMPin)
    device = RGBLED(17, 27, 22)
    yield device
    device.close()
    Device.pin_factory.reset()


def pins(*numbers: int) -> tuple[float, ...]:
    return tuple(round(Device.pin_factory.pin(number).state, 2) for number in numbers)


def lit_pattern(light: SeatLight, start: float, seconds: float, step: float = 0.05) -> str:
    """The LED's on/off over time, one character per step: '#' lit, '.' dark."""
    out = []
    for n in range(round(seconds / step)):
        light.update(start + n * step + 0.001)
        out.append("." if light.led.color == OFF else "#")
    return "".join(out)


def test_every_pattern_has_its_own_rhythm_so_colour_is_never_needed() -> None:
    def shape(pattern: Pattern) -> tuple[tuple[bool, float], ...]:
        return pattern.rhythm.steps

    rhythms = [shape(pattern) for pattern in Pattern if pattern is not Pattern.DARK]
    assert len(set(rhythms)) == len(rhythms)


def test_the_pins_follow_the_colour(led: RGBLED) -> None:
    light = SeatLight(led)
    light.show(Pattern.AMBER_LONG_BLINK, now=0.0)
    assert led.color == AMBER
    assert pins(17, 27, 22) == (1.0, 0.35, 0.0)


def test_your_turn_blinks_slowly_and_evenly(led: RGBLED) -> None:
    light = SeatLight(led)
    light.show(Pattern.GREEN_BLINK, now=100.0)
    assert lit_pattern(light, 100.0, 2.4, step=0.1) == "######......######......"


def test_waiting_for_a_bid_is_a_double_blink(led: RGBLED) -> None:
    light = SeatLight(led)
    light.show(Pattern.BLUE_DOUBLE_BLINK, now=0.0)
    assert lit_pattern(light, 0.0, 1.25) == "###...###................"


def test_an_error_bursts_three_times_then_the_seat_shows_its_own_pattern_again(led: RGBLED) -> None:
    light = SeatLight(led)
    light.show(Pattern.BLUE_STEADY, now=0.0)
    light.show(Pattern.RED_BURST, now=5.0)
    assert led.color == RED
    assert lit_pattern(light, 5.0, 1.2) == "##..##..##.." + ".........." + "##"
    assert light.pattern is Pattern.BLUE_STEADY


def test_winning_a_trick_flickers_then_stays_lit(led: RGBLED) -> None:
    light = SeatLight(led)
    light.show(Pattern.GOLD_FLICKER, now=0.0)
    assert lit_pattern(light, 0.0, 0.32, step=0.04) == "##..##.."
    light.update(30.0)
    assert led.color == GOLD


def test_showing_the_same_pattern_again_does_not_restart_its_rhythm(led: RGBLED) -> None:
    light = SeatLight(led)
    light.show(Pattern.GREEN_BLINK, now=0.0)
    light.show(Pattern.GREEN_BLINK, now=0.7)  # inside the dark half: a restart would light it
    assert led.color == OFF


def test_a_count_flashes_that_many_times_then_the_seat_pattern_returns(led: RGBLED) -> None:
    light = SeatLight(led)
    light.show(Pattern.BLUE_DOUBLE_BLINK, now=0.0)
    light.count(3, now=10.0)
    assert lit_pattern(light, 10.0, 1.45) == "###...." * 3 + "." * 8  # three flashes, then the pause
    light.update(20.0)
    assert light.pattern is Pattern.BLUE_DOUBLE_BLINK and led.color != (1.0, 1.0, 1.0)


def test_a_zero_count_is_a_dim_glow_not_nothing(led: RGBLED) -> None:
    light = SeatLight(led)
    light.count(0, now=0.0)
    assert led.color == (0.25, 0.25, 0.25)
