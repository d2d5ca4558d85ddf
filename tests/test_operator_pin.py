"""The operator's PIN is never kept in plain text: scrypt with a random salt (table.operator_pin), written into the
config by `pirate-table operator` in a file readable by its owner only (table.operator_config); an old config's
plain `pin = "1234"` still unlocks and is replaced by its hash."""

from __future__ import annotations

import io
import logging
import stat
import sys
from pathlib import Path

import pytest

from table.commands.cli import main
from table.config import ConfigError, default_text, load_config, parse_config
from table.operator_config import keep_pin_hashed, with_pin_hash
from table.operator_pin import KEY_BYTES, MAX_N, SALT_BYTES, N, P, R, check_pin, hash_pin, parse_hash

OLD_SECTION = '[operator]\n# the operator\'s\npin = "1234"          # 4 to 8 digits\nbadges = []\nminutes = 5\n'


def old_config() -> str:
    """A config as the table wrote it before the PIN was hashed: the PIN itself in [operator]."""
    text = default_text()
    start, end = text.index("[operator]"), text.index("idle_minutes = 2")
    return text[:start] + OLD_SECTION + text[text.index("\n", end) + 1 :]


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_the_hash_is_salted_scrypt_and_checks_only_its_pin() -> None:
    first, second = hash_pin("482913"), hash_pin("482913")
    assert first != second  # a random salt: two tables with one PIN have different hashes
    assert first.startswith(f"scrypt${N}${R}${P}$") and "482913" not in first
    parsed = parse_hash(first)
    assert parsed is not None and len(parsed[3]) == SALT_BYTES and len(parsed[4]) == KEY_BYTES
    assert check_pin("482913", first) and check_pin("482913", second)
    assert not check_pin("482914", first) and not check_pin("", first)


@pytest.mark.parametrize(
    "stored",
    [
        "",
        "482913",
        "pbkdf2_sha256$390000$c2FsdA==$aGFzaA==",
        hash_pin("1234").replace(f"${N}$", "$1000$"),  # N not a power of two
        hash_pin("1234").replace(f"${N}$", f"${MAX_N * 2}$"),  # a cost that would take gigabytes
        hash_pin("1234")[:-8],  # cut short
        hash_pin("1234").replace("$", "$!", 1),
    ],
    # (named, not shown: a hash's salt is random, and each test process must collect the same tests)
    ids=["empty", "digits", "another-scheme", "n-not-a-power-of-two", "n-too-costly", "cut-short", "bad-field"],
)
def test_a_hash_the_table_does_not_make_checks_nothing_and_costs_nothing(stored: str) -> None:
    assert parse_hash(stored) is None and not check_pin("1234", stored)


def test_a_new_pin_is_kept_only_as_its_hash_in_a_file_only_its_owner_reads(
    _own_data_folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["operator", "--new-pin", "--if-unset"]) == 0
    said = capsys.readouterr().out
    pin = said.split("PIN is now ")[1].split(" ")[0]
    path = _own_data_folder / "config.toml"
    text = path.read_text()
    assert len(pin) == 6 and pin.isdigit() and f'"{pin}"' not in text  # the PIN itself is nowhere in the file
    assert check_pin(pin, load_config().operator.pin_hash) and mode(path) == 0o600
    assert "[[seats]]" in text and "# One [[seats]] block per seat" in text  # the rest is as it was
    assert main(["operator", "--new-pin", "--if-unset"]) == 0 and path.read_text() == text  # kept
    capsys.readouterr()
    assert main(["operator", "--new-pin"]) == 0  # a new one, as asked
    again = capsys.readouterr().out.split("PIN is now ")[1].split(" ")[0]
    assert check_pin(again, load_config().operator.pin_hash) and mode(path) == 0o600


def test_set_pin_reads_a_pin_from_stdin_when_it_is_not_a_terminal(
    _own_data_folder: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _own_data_folder / "config.toml"
    path.write_text(default_text())
    path.chmod(0o644)
    monkeypatch.setattr(sys, "stdin", io.StringIO("5678\n"))
    assert main(["operator", "set-pin"]) == 0
    assert "PIN is set" in capsys.readouterr().out and "5678" not in path.read_text()
    assert check_pin("5678", load_config().operator.pin_hash) and mode(path) == 0o600
    before = path.read_text()
    for bad in ("12\n", "12a4\n", "\n", "123456789\n"):
        monkeypatch.setattr(sys, "stdin", io.StringIO(bad))
        assert main(["operator", "set-pin"]) == 2
        assert "4 to 8 digits; nothing changed" in capsys.readouterr().err and path.read_text() == before


def test_set_pin_at_a_terminal_asks_twice_without_echo(
    _own_data_folder: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    typed = iter(["2468", "2469", "2468", "2468"])
    monkeypatch.setattr(sys, "stdin", Terminal())
    monkeypatch.setattr("getpass.getpass", lambda prompt: next(typed))
    assert main(["operator", "set-pin"]) == 1  # the two differ
    assert "differ; nothing changed" in capsys.readouterr().err
    assert not (_own_data_folder / "config.toml").exists() or not load_config().operator.pin_hash
    assert main(["operator", "set-pin"]) == 0 and check_pin("2468", load_config().operator.pin_hash)


def test_an_old_plain_pin_still_unlocks_and_is_replaced_by_its_hash(
    _own_data_folder: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = _own_data_folder / "config.toml"
    path.write_text(old_config())
    path.chmod(0o644)
    settings = load_config().operator
    assert settings.plain_pin and check_pin("1234", settings.pin_hash)  # the PIN works as it did
    notes = keep_pin_hashed(path, settings)  # what `pirate-table run` does at start, before the table runs
    assert len(notes) == 1 and "was in plain text" in notes[0] and "set-pin" in notes[0]
    text = path.read_text()
    assert '"1234"' not in text and f'pin_hash = "{settings.pin_hash}"' in text and mode(path) == 0o600
    assert "# the operator's\n" in text and "minutes = 5\n" in text  # the section's other lines are kept
    again = load_config().operator
    assert not again.plain_pin and check_pin("1234", again.pin_hash)
    assert keep_pin_hashed(path, again) == []  # nothing more to do


def test_the_operator_command_replaces_an_old_plain_pin_and_keeps_it(
    _own_data_folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """install.sh runs `operator --new-pin --if-unset` at every install: an updated table's PIN stays the same."""
    path = _own_data_folder / "config.toml"
    path.write_text(old_config())
    assert main(["operator", "--new-pin", "--if-unset"]) == 0
    out = capsys.readouterr().out
    assert "was in plain text" in out and "already set" in out
    assert '"1234"' not in path.read_text() and check_pin("1234", load_config().operator.pin_hash)


def test_a_hash_readable_by_others_is_made_readable_by_its_owner_only(_own_data_folder: Path) -> None:
    path = _own_data_folder / "config.toml"
    path.write_text(with_pin_hash(default_text(), hash_pin("4321")))
    path.chmod(0o644)
    notes = keep_pin_hashed(path, load_config().operator)
    assert notes and "0600" in notes[0] and mode(path) == 0o600


def test_a_config_that_cannot_be_rewritten_keeps_working_and_says_so(
    _own_data_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _own_data_folder / "config.toml"
    path.write_text(old_config())
    settings = load_config().operator

    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("table.operator_config.write_secret", refuse)
    notes = keep_pin_hashed(path, settings)
    assert len(notes) == 1 and "cannot be made safe" in notes[0] and "Permission denied" in notes[0]
    assert path.read_text() == old_config() and check_pin("1234", settings.pin_hash)


def test_a_plain_pin_in_single_quotes_is_replaced_too(_own_data_folder: Path) -> None:
    path = _own_data_folder / "config.toml"
    path.write_text(old_config().replace('pin = "1234"', "pin = '1234'"))
    keep_pin_hashed(path, load_config().operator)
    assert "1234" not in path.read_text() and check_pin("1234", load_config().operator.pin_hash)


def test_a_config_without_an_operator_section_gets_one() -> None:
    text = '[table]\nlanguage = "en"\n\n[[seats]]\nreader = 0\n'
    stored = hash_pin("9876")
    changed = with_pin_hash(text, stored)
    assert changed.startswith(text.rstrip("\n")) and f'[operator]\npin_hash = "{stored}"' in changed


@pytest.mark.parametrize(
    ("section", "says"),
    [
        ('pin_hash = "scrypt$1$2$3"', "pin_hash is not a PIN hash this table makes"),
        (f'pin = "1234"\npin_hash = "{hash_pin("1234")}"', "give pin_hash or pin, not both"),
        ("pin_hash = 1234", "'pin_hash' must be"),
    ],
)
def test_pin_settings_are_checked(section: str, says: str) -> None:
    text = default_text().replace('pin_hash = ""', section, 1)
    with pytest.raises(ConfigError, match=says):
        parse_config(text)


def test_a_damaged_config_is_not_edited(_own_data_folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (_own_data_folder / "config.toml").write_text("[table\n")
    assert main(["operator", "--new-pin"]) == 2
    assert "damaged" in capsys.readouterr().err and (_own_data_folder / "config.toml").read_text() == "[table\n"


def test_the_table_s_start_replaces_a_plain_pin(
    _own_data_folder: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """`pirate-table run` hashes an old plain PIN before the table starts, and says so in the log."""
    path = _own_data_folder / "config.toml"
    path.write_text(old_config())
    started = []
    monkeypatch.setattr("table.commands.run.run_table", lambda config, fullscreen: started.append(config) or 0)
    monkeypatch.setattr("table.commands.cli._log_to_data_folder", lambda: None)
    with caplog.at_level(logging.WARNING):
        assert main(["run", "--window"]) == 0
    assert started and check_pin("1234", started[0].operator.pin_hash)
    assert '"1234"' not in path.read_text() and any("was in plain text" in m for m in caplog.messages)
