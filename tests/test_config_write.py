"""Writing settings back into config.toml (table.config_write): only the value lines edited, comments and every other
line kept, a missing setting added into its own section, and the file replaced whole or not at all."""

from __future__ import annotations

import os
import stat
import tomllib
from pathlib import Path

import pytest

from table.config import default_text, parse_config
from table.config_write import NotEditable, replace_file, set_values, toml_value


def test_a_value_is_replaced_and_its_comment_kept_in_its_column() -> None:
    old = default_text()
    new = set_values(old, {("table", "language"): "de", ("table", "sound"): False})
    assert 'language = "de"        # en, de, fr, nl or it\n' in new
    assert "sound = false          # false mutes the table\n" in new
    changed = [(a, b) for a, b in zip(old.splitlines(), new.splitlines(), strict=True) if a != b]
    assert len(changed) == 2  # every other line as it was, comments and blank lines too
    config = parse_config(new)
    assert (config.language, config.sound) == ("de", False)


def test_a_longer_value_pushes_its_comment_along() -> None:
    new = set_values('[table]\ngame = "x"  # the game\n', {("table", "game"): "flying-hollander"})
    assert new == '[table]\ngame = "flying-hollander" # the game\n'


def test_the_same_key_in_another_section_is_left_alone() -> None:
    old = '[venue]\ntable = "t1"\n\n[other]\ntable = "keep"\n'
    assert set_values(old, {("venue", "table"): "t2"}) == '[venue]\ntable = "t2"\n\n[other]\ntable = "keep"\n'


def test_a_missing_setting_goes_after_its_section_s_last_setting() -> None:
    old = '[table]\nlanguage = "en"\n\n# The hub\'s section follows\n[hub]\nport = "auto"\n'
    new = set_values(old, {("table", "sound"): True})
    assert new == '[table]\nlanguage = "en"\nsound = true\n\n# The hub\'s section follows\n[hub]\nport = "auto"\n'


def test_a_missing_section_is_added_at_the_end_even_after_seats() -> None:
    old = default_text()  # ends with [[seats]] blocks; its [venue] is only a comment
    new = set_values(old, {("venue", "broker"): "venue.local", ("venue", "table"): "t1"})
    assert new.startswith(old)
    assert new.endswith('\n[venue]\nbroker = "venue.local"\ntable = "t1"\n')
    data = tomllib.loads(new)
    assert len(data["seats"]) == 6 and data["venue"] == {"broker": "venue.local", "table": "t1"}


def test_a_value_on_several_lines_is_not_edited() -> None:
    with pytest.raises(NotEditable, match=r"\[operator\] badges"):
        set_values('[operator]\nbadges = [\n  "04A2241A5C6480",\n]\n', {("operator", "badges"): "x"})


def test_a_dotted_key_is_not_taken_for_the_setting() -> None:
    with pytest.raises(NotEditable):  # read back, the edit did not land where TOML puts it
        set_values('table.language = "en"\n', {("table", "language"): "de"})


@pytest.mark.parametrize("value", ['a "quoted" name', "back\\slash", "tab\there", "ünïcödé"])
def test_strings_are_written_so_that_toml_reads_them_back(value: str) -> None:
    new = set_values("[venue]\n", {("venue", "url"): value})
    assert tomllib.loads(new)["venue"]["url"] == value


def test_values_of_each_kind() -> None:
    assert (toml_value(True), toml_value(False), toml_value(7), toml_value("t1")) == ("true", "false", "7", '"t1"')


def test_the_file_is_replaced_whole_and_readable_by_its_owner_only(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text("old\n")
    path.chmod(0o644)
    replace_file(path, "new\n")
    assert path.read_text() == "new\n"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600  # it holds the PIN's hash
    assert sorted(p.name for p in tmp_path.iterdir()) == ["config.toml"]  # no temporary file left


def test_a_crash_before_the_rename_leaves_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "config.toml"
    path.write_text("old\n")

    def power_cut(*args: object) -> None:
        raise SystemExit("power cut")  # not even an OSError: whatever stops the program there

    monkeypatch.setattr(os, "replace", power_cut)
    with pytest.raises(SystemExit):
        replace_file(path, "new\n")
    assert path.read_text() == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["config.toml"]


def test_a_write_that_fails_half_way_leaves_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "config.toml"
    path.write_text("old\n")
    real_fsync = os.fsync

    def full(handle: int) -> None:
        if os.fstat(handle).st_size:  # the new file's bytes are written, not yet on the disk
            raise OSError(28, "No space left on device")
        real_fsync(handle)

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(OSError, match="No space"):
        replace_file(path, "new\n")
    assert path.read_text() == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["config.toml"]
