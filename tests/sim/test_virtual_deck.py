"""The virtual deck and seats act through the real paths: the hub emulator, the driver, mock GPIO pins."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory

from table.core.events import CardPlaced, CardRemoved
from table.decks import Known, identify
from table.devices.buttons import HOLD_SECONDS, Press, gpio_buttons
from table.sim.virtual_deck import VirtualSeats, enroll_deck, virtual_deck
from table.store.database import open_database
from table.store.decks import DeckRegistry
from tests.devices.test_nfc import Table


def test_the_virtual_deck_is_the_printed_deck_with_stable_distinct_tags() -> None:
    cards = virtual_deck("skullking")
    assert len(cards) == 66 and len({card.uid for card in cards}) == 66
    assert [card.code for card in cards].count("escape") == 5
    assert cards == virtual_deck("skullking")  # the same tags every run
    assert cards[0].uid != virtual_deck("skullking", deck="second")[0].uid


def test_an_enrolled_virtual_deck_is_identified_without_codes(tmp_path: Path) -> None:
    registry = DeckRegistry(open_database(tmp_path / "t.db"))
    cards = virtual_deck("skullking")
    enroll_deck(registry, "skullking", cards)
    enroll_deck(registry, "skullking", cards)  # twice: no harm
    assert identify(registry, "skullking", cards[-1].uid.hex().upper(), None) == Known("skullking")


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    Device.pin_factory = MockFactory()
    yield Device.pin_factory
    Device.pin_factory.reset()


def test_seats_lay_cards_on_the_emulated_readers_and_press_real_mock_pins(tmp_path: Path, factory: MockFactory) -> None:
    table = Table(tmp_path)
    table.connect()
    buttons = gpio_buttons({0: {"button": 2}, 1: {"button": 3}})
    seats = VirtualSeats(table.hub, {0: 3, 1: 4}, lambda seat, key: factory.pin({0: 2, 1: 3}[seat]))
    card = virtual_deck("skullking")[11]  # yellow:12
    seats.lay(1, card)
    assert table.until(lambda seen: bool(seen)) == [CardPlaced(4, card.uid.hex().upper(), "yellow:12")]
    seats.lift(1)
    assert table.until(lambda seen: bool(seen)) == [CardRemoved(4)]

    presses, now = [], 0.0
    seats.press(0, "tap", now)
    seats.press(1, "hold", now)
    while now < HOLD_SECONDS + 0.5:
        now += 0.01
        seats.release_due(now)
        presses += buttons.poll(now)
    assert sorted(presses, key=repr) == [Press(0, "tap"), Press(1, "hold")]
    assert factory.pin(2).state and factory.pin(3).state  # both let go again
