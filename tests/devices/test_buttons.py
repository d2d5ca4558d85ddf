"""Seat buttons on gpiozero's mock pins, with a fake clock: taps, holds, bounce, three-button seats."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory

from table.devices.buttons import HOLD_SECONDS, Press, SeatButtons, gpio_buttons


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    Device.pin_factory = MockFactory()
    yield Device.pin_factory
    Device.pin_factory.reset()


class Seats:
    def __init__(self, factory: MockFactory, pins: dict[int, dict[str, int]]) -> None:
        self.factory, self.buttons, self.now = factory, gpio_buttons(pins), 0.0

    def press(self, pin: int) -> None:
        self.factory.pin(pin).drive_low()  # a button pulls its pin to GND

    def release(self, pin: int) -> None:
        self.factory.pin(pin).drive_high()

    def run(self, seconds: float, step: float = 0.01) -> list[Press]:
        out = []
        for _ in range(round(seconds / step)):
            self.now += step
            out += self.buttons.poll(self.now)
        return out


def test_a_short_press_is_a_tap_reported_when_let_go(factory: MockFactory) -> None:
    seats = Seats(factory, {0: {"button": 2}, 1: {"button": 3}})
    seats.press(3)
    assert seats.run(0.2) == []
    seats.release(3)
    assert seats.run(0.1) == [Press(1, "tap")]


def test_a_long_press_is_a_hold_reported_at_once_and_no_tap_follows(factory: MockFactory) -> None:
    seats = Seats(factory, {0: {"button": 2}})
    seats.press(2)
    assert seats.run(HOLD_SECONDS + 0.05) == [Press(0, "hold")]
    assert seats.run(1.0) == []  # held on: once only
    seats.release(2)
    assert seats.run(0.1) == []


def test_contact_bounce_is_not_a_second_press(factory: MockFactory) -> None:
    seats = Seats(factory, {0: {"button": 2}})
    seats.press(2)
    seats.run(0.01)
    for _ in range(3):  # chatter while pressing
        seats.release(2)
        seats.run(0.005, step=0.005)
        seats.press(2)
        seats.run(0.005, step=0.005)
    seats.run(0.1)
    seats.release(2)
    assert seats.run(0.1) == [Press(0, "tap")]


def test_three_button_seats_give_their_names_on_press(factory: MockFactory) -> None:
    seats = Seats(factory, {2: {"minus": 5, "plus": 6, "ok": 13}})
    seats.press(6)
    assert seats.run(0.05) == [Press(2, "plus")]
    seats.release(6)
    seats.press(13)
    assert seats.run(2.0) == [Press(2, "ok")]  # no hold on a three-button seat


def test_taps_in_a_row_are_counted(factory: MockFactory) -> None:
    seats = Seats(factory, {0: {"button": 2}})
    presses = []
    for _ in range(3):
        seats.press(2)
        presses += seats.run(0.12)
        seats.release(2)
        presses += seats.run(0.12)
    assert presses == [Press(0, "tap")] * 3


def test_any_object_with_is_pressed_will_do() -> None:
    class Fake:
        is_pressed = True

    buttons = SeatButtons({4: {"button": Fake()}})
    assert buttons.poll(0.0) == []
    assert buttons.poll(HOLD_SECONDS + 0.1) == [Press(4, "hold")]
