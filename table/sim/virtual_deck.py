"""The virtual table's physical side: a deck of tagged cards, and seats that lay them and press buttons.

A virtual card is a tag with a fixed UID (the same every run, so games replay the same) and, like a deck that
went through `pirate-table write-tags`, its card code in its NDEF record. Seats act through the real paths:
laying a card is the hub emulator sensing a tag on that seat's reader; pressing a button drives the seat's mock
GPIO pin low and back, on the table's clock.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from table.decks import deck_codes
from table.devices.buttons import HOLD_SECONDS
from table.devices.hub_emulator import HubEmulator
from table.store.decks import DeckRegistry


@dataclass(frozen=True)
class VirtualCard:
    code: str
    uid: bytes  # 7 bytes, as on an NTAG213


def virtual_deck(game: str, deck: str = "virtual") -> list[VirtualCard]:
    """Every card of the game's printed deck, each with its own stable tag UID."""
    cards = []
    for copy, code in enumerate(deck_codes(game)):
        digest = hashlib.sha256(f"{game}/{deck}/{copy}/{code}".encode()).digest()
        cards.append(VirtualCard(code, b"\x04" + digest[:6]))  # 0x04: NXP's manufacturer byte
    return cards


def enroll_deck(registry: DeckRegistry, game: str, cards: list[VirtualCard], deck: str = "virtual") -> None:
    """Enroll the deck as `pirate-table enroll` would, for tables that read tags without codes."""
    for card in cards:
        if registry.lookup(card.uid.hex()) is None:
            registry.enroll(game, deck, card.uid.hex(), card.code)


class PinDriver(Protocol):
    """Drives a mock GPIO pin: gpiozero's MockFactory pin objects have drive_low / drive_high."""

    def drive_low(self) -> None: ...
    def drive_high(self) -> None: ...


class VirtualSeats:
    """The hands of the people at the table."""

    def __init__(
        self,
        hub: HubEmulator,
        readers: dict[int, int],
        pins: Callable[[int, str], PinDriver],
    ) -> None:
        """`readers`: seat -> reader; `pins(seat, key)`: the pin of that seat's button ("button" or minus/plus/ok)."""
        self.hub, self.readers, self.pins = hub, readers, pins
        self._releases: list[tuple[float, PinDriver]] = []

    def lay(self, seat: int, card: VirtualCard) -> None:
        self.hub.place(self.readers[seat], card.uid, card.code)

    def lift(self, seat: int) -> None:
        self.hub.remove(self.readers[seat])

    def press(self, seat: int, key: str, now: float) -> None:
        """Press a key: "tap" or "hold" on a one-button seat, else the named button. Let go by `release_due`."""
        pin = self.pins(seat, "button" if key in ("tap", "hold") else key)
        pin.drive_low()
        self._releases.append((now + (HOLD_SECONDS + 0.2 if key == "hold" else 0.1), pin))

    def release_due(self, now: float) -> None:
        """Let go of the buttons whose press has lasted long enough; call every tick."""
        due = [(at, pin) for at, pin in self._releases if at <= now]
        self._releases = [(at, pin) for at, pin in self._releases if at > now]
        for _, pin in due:
            pin.drive_high()
