"""Enrolling the 110 Piratenpoker cards and writing their tags, through the real driver and the hub emulator."""

from __future__ import annotations

from pathlib import Path

import pytest

from table.commands.decks import enroll, write_tags
from table.enrollment import Enrollment, TagWriting
from table.games.piratenpoker import rules as pp
from table.store.database import open_database
from table.store.decks import DeckRegistry
from tests.devices.test_nfc import Table
from tests.test_deck_commands import Person

UIDS = [bytes([0x04, 0x50, 0x50, 0, 0, n // 256, n % 256]) for n in range(300)]


@pytest.fixture
def table(tmp_path: Path) -> Table:
    return Table(tmp_path)


@pytest.fixture
def registry(tmp_path: Path) -> DeckRegistry:
    return DeckRegistry(open_database(tmp_path / "t.db"))


def test_enrolling_the_110_cards(table: Table, registry: DeckRegistry) -> None:
    person = Person(table, list(UIDS[:110]))
    assert enroll(table.link, Enrollment(registry, "piratenpoker", "ship"), person.say, person.wait) == 0
    assert person.said[0] == "[0/110] Tap red:1"
    assert person.said[-1] == "All 110 cards of the deck 'ship' are enrolled."
    assert len(pp.DECK_CODES) == 110


def test_writing_the_110_tags(table: Table, registry: DeckRegistry) -> None:
    person = Person(table, list(UIDS[110:220]))
    assert write_tags(table.link, TagWriting(registry, "piratenpoker", "sea"), person.say, person.wait) == 0
    assert person.said[-1] == "All 110 tags of the deck 'sea' carry their card code."
