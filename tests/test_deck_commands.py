"""Enrolling a deck and writing its tags through the real driver and the hub emulator."""

from __future__ import annotations

import select
from pathlib import Path

import pytest

from table.commands.decks import enroll, write_tags
from table.enrollment import Enrollment, TagWriting
from table.store.database import open_database
from table.store.decks import DeckRegistry
from tests.devices.test_nfc import UID, Table


@pytest.fixture
def table(tmp_path: Path) -> Table:
    return Table(tmp_path)


@pytest.fixture
def registry(tmp_path: Path) -> DeckRegistry:
    return DeckRegistry(open_database(tmp_path / "t.db"))


ANSWERS = ("  tag ", "  refused", "  could not")


class Person:
    """Lays the next card on seat 0 when the table asks for one, and lifts it once the table has answered."""

    def __init__(self, table: Table, uids: list[bytes]) -> None:
        self.table, self.uids, self.said = table, uids, []
        self.answered_upto = 0  # lines said up to the last card's answer
        self.turns = 0

    def say(self, line: str) -> None:
        self.said.append(line)

    def wait(self) -> None:
        self.turns += 1
        assert self.turns < 5_000, f"the table stopped making progress; last said: {self.said[-3:]}"
        hub = self.table.hub
        news = self.said[self.answered_upto :]
        answers = [i for i, line in enumerate(news) if line.startswith(ANSWERS) or line.endswith("Lift the card.")]
        if hub.tags[0] is not None and answers:
            hub.remove(0)
            self.answered_upto += answers[0] + 1  # what follows the answer (the next prompt) is still news
        elif hub.tags[0] is None and any(line.startswith("[") for line in news) and self.uids:
            hub.place(0, self.uids.pop(0))
            self.answered_upto = len(self.said)
        # The hub's side of one turn; the command under test polls the link itself.
        hub.service(self.table.clock())
        fd = self.table.link.fileno()
        if fd is not None:
            select.select([fd], [], [], 0.005)


def test_enrolling_a_whole_deck_refusing_a_tag_tapped_twice(table: Table, registry: DeckRegistry) -> None:
    person = Person(table, [UID[0], UID[1], UID[1], *UID[2:66]])
    assert enroll(table.link, Enrollment(registry, "skullking", "red"), person.say, person.wait) == 0
    assert person.said[0] == "[0/66] Tap yellow:1"
    assert any("refused: this tag is already enrolled as yellow:2" in line for line in person.said)
    assert person.said[-1] == "All 66 cards of the deck 'red' are enrolled."
    assert registry.lookup(UID[65].hex()).code == "skullking"  # type: ignore[union-attr]


def test_writing_every_tag_of_a_deck(table: Table, registry: DeckRegistry) -> None:
    person = Person(table, list(UID[100:166]))
    assert write_tags(table.link, TagWriting(registry, "skullking", "blue"), person.say, person.wait) == 0
    assert person.said[-1] == "All 66 tags of the deck 'blue' carry their card code."
    assert all(tag.written for tag in registry.tags("skullking", "blue"))
