"""Writing settings back into config.toml: the value lines this table owns are replaced, a missing setting is added
to its [section] (the section at the file's end if it has none), and every other line, comment and blank line of
the file stays as the owner left it.

A small line editor rather than a TOML library that rewrites the whole file (tomlkit would be a new dependency for
five settings): it edits only a setting written on one line as `key = value` with a plain value (a string, true or
false, a whole number), which is how the default config.toml and install.sh write them. Anything else (a value over
several lines, a dotted key, an inline table) raises `NotEditable`, and the file is left alone.

`replace_file` writes the new text whole or not at all: a temporary file in the same folder, flushed to the disk
(fsync), then renamed over the old one (os.replace, atomic on one file system), then the folder flushed so the
rename itself survives a power cut. A crash at any moment leaves the old file or the new one, never half of one.
The file is readable by its owner only (it holds the operator's PIN hash: table.operator_config).
"""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
import tomllib
from collections.abc import Mapping
from pathlib import Path

from table.operator_config import SECRET_MODE

Value = str | bool | int
_HEADER = re.compile(r"^\s*\[\[?\s*([A-Za-z0-9_.-]+)\s*\]\]?\s*(#.*)?$")
_PLAIN = r'"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|true|false|[+-]?\d[\d_]*'
_KEY_LINE = r"^(?P<head>\s*{key}\s*=\s*)(?P<value>{plain})(?P<gap>\s*)(?P<tail>#.*)?$"
_ANY_KEY = re.compile(r"^\s*[A-Za-z0-9_\"'-][^=]*=")


class NotEditable(ValueError):
    """The file holds a setting in a form this editor does not change (said with where it is)."""


def toml_value(value: Value) -> str:
    """`value` as TOML writes it on one line: "text" (escaped), true/false, 42."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    escaped = "".join(c if c.isprintable() else f"\\u{ord(c):04x}" for c in escaped)
    return f'"{escaped}"'


def set_values(config_text: str, values: Mapping[tuple[str, str], Value]) -> str:
    """The text with each (section, key) set to its value; raises NotEditable if a setting cannot be written here,
    or if the text read back does not hold exactly those values (the guard against an edit gone wrong)."""
    lines = config_text.splitlines(keepends=True)
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    for (section, key), value in values.items():
        lines = _set(lines, section, key, value)
    edited = "".join(lines)
    try:
        data = tomllib.loads(edited)
    except tomllib.TOMLDecodeError as error:
        raise NotEditable(f"the edited file would not be TOML ({error})") from error
    for (section, key), value in values.items():
        found = data.get(section, {})
        if not isinstance(found, dict) or found.get(key) != value or type(found.get(key)) is not type(value):
            raise NotEditable(f"[{section}] {key} is written in a way the table does not change: edit it by hand")
    return edited


def _set(lines: list[str], section: str, key: str, value: Value) -> list[str]:
    start, end = _section(lines, section)
    if start is None:  # no such section: a new one at the end of the file
        blank = [] if not lines or lines[-1].strip() == "" else ["\n"]
        return [*lines, *blank, f"[{section}]\n", f"{key} = {toml_value(value)}\n"]
    pattern = re.compile(_KEY_LINE.format(key=re.escape(key), plain=_PLAIN))
    loose = re.compile(rf"^\s*{re.escape(key)}\s*=")
    last_setting = start
    for number in range(start + 1, end):
        line = lines[number].rstrip("\n")
        if loose.match(line):
            found = pattern.match(line)
            if found is None:
                raise NotEditable(f"[{section}] {key} is not a plain value on one line: edit it by hand")
            lines[number] = _replaced(found, toml_value(value)) + "\n"
            return lines
        if _ANY_KEY.match(line):
            last_setting = number
    # A missing setting goes after the section's last setting: comments and blank lines after it may introduce the
    # next section (the default file's commented [venue] block does).
    return [*lines[: last_setting + 1], f"{key} = {toml_value(value)}\n", *lines[last_setting + 1 :]]


def _replaced(found: re.Match[str], new: str) -> str:
    """The line with `new` for its value; a comment after it stays, in its column if the new value leaves room."""
    tail = found["tail"]
    if tail is None:
        return found["head"] + new
    gap = max(1, len(found["value"]) + len(found["gap"]) - len(new)) if found["gap"] else 1
    return found["head"] + new + " " * gap + tail


def _section(lines: list[str], section: str) -> tuple[int | None, int]:
    """(the header's line, the line after the section's last) of [section]; (None, end) if the file has none."""
    start = None
    for number, line in enumerate(lines):
        header = _HEADER.match(line.rstrip("\n"))
        if header is None or line.lstrip().startswith("#"):
            continue
        if start is not None:
            return start, number
        if header[1] == section and not line.lstrip().startswith("[["):
            start = number
    return start, len(lines)


def replace_file(path: Path, new_text: str) -> None:
    """Write `new_text` to `path` whole or not at all (see the module's docstring); raises OSError, with the old file
    as it was and no temporary file left behind."""
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".new", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            os.fchmod(file.fileno(), SECRET_MODE)
            file.write(new_text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _flush_folder(path.parent)


def _flush_folder(folder: Path) -> None:
    """Make the rename itself durable; a file system that cannot flush a folder (some do not) is no failure."""
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)
