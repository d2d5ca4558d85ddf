"""`pirate-table write-badge`: through the real driver and the hub emulator on a pseudo-terminal."""

from __future__ import annotations

import argparse
import select
from collections.abc import Callable
from pathlib import Path

import pytest

from table.commands import badge as badge_command
from table.commands.badge import BadgeWriting, write_badge
from table.commands.cli import main
from table.core.badges import BadName
from table.devices.nfc import HubLink
from table.enrollment import Enrollment
from table.kiosk import TableLock
from table.store.database import open_database
from table.store.decks import DeckRegistry
from tests.devices.test_nfc import UID, FakeClock, Table


@pytest.fixture
def table(tmp_path: Path) -> Table:
    return Table(tmp_path)


@pytest.fixture
def registry(tmp_path: Path) -> DeckRegistry:
    return DeckRegistry(open_database(tmp_path / "t.db"))


class Person:
    """Lays the tags given, one after another, each once the table has answered the one before (lifting it)."""

    def __init__(self, table: Table, tags: list[tuple[int, bytes, str]], on_writing: Callable[[], None] | None = None):
        self.table, self.tags, self.said = table, tags, []
        self.on_writing = on_writing  # what happens the moment the command asks the hub to write
        self.laid: int | None = None  # the reader holding the tag laid last
        self.heard = 0
        self.turns = 0

    def say(self, line: str) -> None:
        self.said.append(line)
        if "writing the badge" in line and self.on_writing:
            self.on_writing()
            self.on_writing = None

    def wait(self) -> None:
        self.turns += 1
        assert self.turns < 2_000, f"the command stopped making progress; last said: {self.said[-3:]}"
        hub = self.table.hub
        answered = any(line.startswith(("  refused", "  could not")) for line in self.said[self.heard :])
        if self.laid is not None and answered:
            hub.remove(self.laid)
            self.laid = None
        if self.laid is None and self.tags and (answered or self.heard == 0):
            reader, uid, code = self.tags.pop(0)
            hub.place(reader, uid, code)
            self.laid = reader
            self.heard = len(self.said)
        hub.service(self.table.clock())
        fd = self.table.link.fileno()
        if fd is not None:
            select.select([fd], [], [], 0.005)


def test_a_blank_tag_becomes_the_badge_read_back_by_the_hub(table: Table, registry: DeckRegistry) -> None:
    person = Person(table, [(2, UID[7], "")])
    assert write_badge(table.link, BadgeWriting("  Anna   Bonny ", registry), person.say, person.wait) == 0
    assert table.hub.tags[2] == (UID[7], "badge:Anna Bonny")
    assert person.said[0] == "Lay a tag on any seat's reader to make it the badge of 'Anna Bonny' (Ctrl-C to stop)."
    assert person.said[-1] == "Badge written and read back: 'Anna Bonny'. Lift the tag."


def test_cards_and_operator_badges_are_never_written_over(table: Table, registry: DeckRegistry) -> None:
    Enrollment(registry, "skullking", "red").tap(UID[1].hex())  # yellow:1 of an enrolled deck
    writing = BadgeWriting("Cora", registry, operator_badges=(UID[2].hex().upper(),))
    person = Person(table, [(0, UID[1], ""), (0, UID[2], ""), (0, UID[3], "red:5"), (0, UID[4], "badge:Old Name")])
    assert write_badge(table.link, writing, person.say, person.wait) == 0
    refusals = [line for line in person.said if line.startswith("  refused")]
    assert refusals == [
        "  refused: this tag is yellow:1 of the skullking deck 'red'",
        "  refused: this tag is an operator badge (in the config's [operator] badges)",
        "  refused: this tag carries the card code red:5: use a blank tag or a player badge",
    ]
    assert any("(it was the badge of 'Old Name')" in line for line in person.said)  # a badge may be written again
    assert table.hub.tags[0] == (UID[4], "badge:Cora")


def test_with_a_seat_only_its_reader_is_written(table: Table, registry: DeckRegistry) -> None:
    person = Person(table, [(1, UID[5], ""), (3, UID[6], "")])
    assert write_badge(table.link, BadgeWriting("Ben", registry, reader=3), person.say, person.wait) == 0
    assert "  refused: that is another seat's reader: lay the tag on the seat asked for" in person.said
    writes = [line for line in person.said if "writing" in line]
    assert writes == [f"  writing the badge of 'Ben' into tag {UID[6].hex().upper()} ..."]
    assert table.hub.tags[3] == (UID[6], "badge:Ben")


def test_a_failed_write_is_said_and_the_tag_laid_again_is_written(table: Table, registry: DeckRegistry) -> None:
    person = Person(table, [(0, UID[8], ""), (0, UID[8], "")], on_writing=lambda: table.hub.remove(0))  # lifted
    assert write_badge(table.link, BadgeWriting("Dan", registry), person.say, person.wait) == 0
    assert "  could not write the badge (no_tag): lift the tag and lay it down again" in person.said
    assert table.hub.tags[0] == (UID[8], "badge:Dan")


def test_a_missing_hub_is_said_plainly(tmp_path: Path, registry: DeckRegistry) -> None:
    link = HubLink(lambda: None, FakeClock())
    said: list[str] = []

    def stop() -> None:
        if len(said) > 1:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        write_badge(link, BadgeWriting("Eve", registry), said.append, stop)
    assert said[1] == "  seat hub: seat hub not found: is its USB cable plugged in? (waiting for it; Ctrl-C stops)"


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("", "a badge needs a name"),
        ("x" * 25, "at most 24 characters, not 25"),
        ("Anna\x07", "only printable characters"),
        ("ß" * 22, "'" + "ß" * 22 + "' takes 50 bytes on a tag with its 'badge:', and a tag holds 48"),
    ],
)
def test_a_name_no_badge_can_carry_is_refused_plainly(
    name: str, says: str, registry: DeckRegistry, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(BadName, match=says.replace("(", r"\(")):
        BadgeWriting(name, registry)
    assert main(["write-badge", name]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pirate-table write-badge: ") and says in err and "Traceback" not in err


def test_a_seat_the_table_does_not_have_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["write-badge", "Anna", "--seat", "9"]) == 2
    assert "pirate-table write-badge: this table has seats 1 to " in capsys.readouterr().err


def test_ctrl_c_stops_with_a_plain_word(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def interrupted(link: HubLink) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(badge_command, "_wait", interrupted)
    assert badge_command.run(argparse.Namespace(name="Anna", seat=None, port="/nonexistent/hub")) == 130
    out = capsys.readouterr().out
    assert out.endswith("\nStopped: no badge was written.\n") and "Traceback" not in out


def test_it_refuses_to_run_beside_the_table(_own_data_folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with TableLock(_own_data_folder):  # the table runs
        assert main(["write-badge", "Anna"]) == 2
    err = capsys.readouterr().err
    assert "pirate-table write-badge: another Pirate Table" in err and "Traceback" not in err
