"""The settings the operator changes on the table's screen (table.operator_settings): each written into config.toml
with everything else kept, checked exactly as the file is at start (a value refused there is refused here, and
nothing is written), and a read-only SD card or a full disk named, never a crash."""

from __future__ import annotations

import errno
import logging
from pathlib import Path

import pytest

from table.config import default_text, load_config
from table.operator_pin import check_pin, hash_pin
from table.operator_settings import (
    FULL,
    PIN_CHANGED,
    PIN_SHAPE,
    PINS_DIFFER,
    READ_ONLY,
    SAVED,
    SAVED_AT_RESTART,
    ConfigFile,
    Refused,
    Saved,
)
from tests.broken_disk import break_disk

VENUE = (
    '\n[venue]\ntable = "t1"          # this table at the venue\nbroker = "venue.local"\n'
    'password_file = "/etc/pirate-table/venue-password"\n'
)


@pytest.fixture
def path(tmp_path: Path) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(default_text() + VENUE)
    return path


@pytest.mark.parametrize(
    ("name", "value", "read"),
    [
        ("game", "flying-hollander", lambda c: c.game),
        ("language", "nl", lambda c: c.language),
        ("sound", False, lambda c: c.sound),
        ("venue_broker", "192.168.1.20", lambda c: c.venue.broker),
        ("venue_table", "bar-2", lambda c: c.venue.table),
    ],
)
def test_each_setting_is_written_and_read_back_at_start(path: Path, name: str, value: object, read: object) -> None:
    before = path.read_text()
    done = ConfigFile(path).change(name, value)  # type: ignore[arg-type]
    assert isinstance(done, Saved)
    assert read(done.config) == value  # type: ignore[operator]
    assert read(load_config(path)) == value  # type: ignore[operator]  # as the next start reads it
    changed = [line for line in path.read_text().splitlines() if line not in before.splitlines()]
    assert len(changed) == 1  # one line, every comment and other line kept
    assert done.said == (SAVED_AT_RESTART if name.startswith("venue") else SAVED)


@pytest.mark.parametrize(
    ("name", "value", "said"),
    [
        ("venue_table", "table one", "table is 1 to 32 letters, digits, - or _"),
        ("venue_broker", "venue local", "broker is the broker's host name or address"),
        ("language", "xx", "language is one of en, de, fr, nl, it, not 'xx'"),
        ("game", "chess", "game is one of"),
        ("sound", "loud", "'sound' must be true or false, not 'loud'"),
    ],
)
def test_a_value_refused_at_start_is_refused_and_nothing_is_written(
    path: Path, name: str, value: str, said: str, caplog: pytest.LogCaptureFixture
) -> None:
    before = path.read_bytes()
    with caplog.at_level(logging.WARNING):
        done = ConfigFile(path).change(name, value)
    assert isinstance(done, Refused)
    assert said in str(done.said) and str(done.said).startswith("Not saved: ")  # the plain message on the screen
    assert said in caplog.text  # and in the log
    assert path.read_bytes() == before
    assert sorted(p.name for p in path.parent.iterdir()) == ["config.toml"]


def test_an_unknown_setting_is_refused(path: Path) -> None:
    before = path.read_bytes()
    done = ConfigFile(path).change("keep_evenings", "3")
    assert isinstance(done, Refused) and str(done.said) == "The table has no setting 'keep_evenings'"
    assert path.read_bytes() == before


def test_a_table_without_a_venue_gets_one_with_install_s_password_file(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text(default_text())
    done = ConfigFile(path).change("venue_broker", "pub.local")
    assert isinstance(done, Saved) and done.config.venue is not None
    venue = done.config.venue
    assert (venue.broker, venue.table, str(venue.password_file)) == (
        "pub.local",
        "t1",
        "/etc/pirate-table/venue-password",
    )
    assert "# [venue]" in path.read_text()  # the commented example stays


@pytest.mark.parametrize(("code", "said"), [(errno.EROFS, READ_ONLY), (errno.ENOSPC, FULL)])
def test_a_read_only_card_or_a_full_disk_is_named(
    path: Path, monkeypatch: pytest.MonkeyPatch, code: int, said: object
) -> None:
    before = path.read_bytes()
    break_disk(monkeypatch, path.parent, code)
    done = ConfigFile(path).change("language", "de")
    assert isinstance(done, Refused) and done.said == said
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert sorted(p.name for p in path.parent.iterdir()) == ["config.toml"]


def test_a_missing_file_starts_from_the_default(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"  # a data folder that could not be written at start has none
    done = ConfigFile(path).change("sound", False)
    assert isinstance(done, Saved) and load_config(path).sound is False


def test_the_pin_is_changed_and_only_its_hash_kept(path: Path) -> None:
    path.write_text(path.read_text().replace('pin_hash = ""', f'pin_hash = "{hash_pin("1234")}"'))
    done = ConfigFile(path).change_pin("98765", "98765")
    assert isinstance(done, Saved) and done.said == PIN_CHANGED
    stored = load_config(path).operator.pin_hash
    assert check_pin("98765", stored) and not check_pin("1234", stored)
    assert "98765" not in path.read_text()
    assert "# Undo, corrections, a new game" in path.read_text()  # the section's comments kept


@pytest.mark.parametrize(
    ("new", "again", "said"), [("12", "12", PIN_SHAPE), ("12a4", "12a4", PIN_SHAPE), ("1234", "1243", PINS_DIFFER)]
)
def test_a_bad_new_pin_is_refused(path: Path, new: str, again: str, said: object) -> None:
    before = path.read_bytes()
    done = ConfigFile(path).change_pin(new, again)
    assert isinstance(done, Refused) and done.said == said
    assert path.read_bytes() == before
