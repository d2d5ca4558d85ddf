"""Seat buttons (gpiozero): presses turned into keys, on the table's clock.

A seat has one button (the default: six seats leave room for only one per seat on the Pi's GPIO) or three
(minus, plus, ok). One button gives two keys: "tap" (pressed and let go within HOLD_SECONDS) and "hold"
(kept down that long; reported as soon as the time is reached, so it feels immediate). Three buttons give their
own names when pressed.

The main loop calls `poll(now)` every tick; timing comes from `now`, not from gpiozero's hold thread, so the
tests drive presses with mock pins and a fake clock.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

HOLD_SECONDS = 0.8
BOUNCE_SECONDS = 0.03  # contacts chatter this long when pressed or let go


class ButtonLike(Protocol):
    """What is needed of a gpiozero Button."""

    @property
    def is_pressed(self) -> bool: ...


@dataclass(frozen=True)
class Press:
    seat: int
    key: str  # "tap" or "hold" (one button); "minus", "plus" or "ok" (three)


@dataclass
class _Contact:
    button: ButtonLike
    down: bool = False
    changed_at: float = -1e9
    held_reported: bool = False


class SeatButtons:
    def __init__(self, seats: Mapping[int, Mapping[str, ButtonLike]]) -> None:
        """`seats`: seat -> {"button": Button} or {"minus": .., "plus": .., "ok": ..}."""
        self._contacts = {
            (seat, name): _Contact(button) for seat, buttons in seats.items() for name, button in buttons.items()
        }

    def poll(self, now: float) -> list[Press]:
        presses = []
        for (seat, name), contact in self._contacts.items():
            down = contact.button.is_pressed
            if down != contact.down and now - contact.changed_at >= BOUNCE_SECONDS:
                contact.down, contact.changed_at = down, now
                if name != "button":  # three-button seat: a press is its key
                    if down:
                        presses.append(Press(seat, name))
                elif down:
                    contact.held_reported = False
                elif not contact.held_reported:  # let go before the hold time: a tap
                    presses.append(Press(seat, "tap"))
            elif (
                name == "button"
                and contact.down
                and not contact.held_reported
                and now - contact.changed_at >= HOLD_SECONDS
            ):
                contact.held_reported = True
                presses.append(Press(seat, "hold"))
        return presses

    def close(self) -> None:
        """Free the pins (gpiozero Buttons have close())."""
        for contact in self._contacts.values():
            close = getattr(contact.button, "close", None)
            if close:
                close()


def gpio_buttons(pins: Mapping[int, Mapping[str, int]]) -> SeatButtons:
    """Buttons on the Pi's GPIO (each to GND, with the internal pull-up): seat -> {name: pin}."""
    from gpiozero import Button

    return SeatButtons({seat: {name: Button(pin) for name, pin in named.items()} for seat, named in pins.items()})
