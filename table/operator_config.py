"""The config file that holds the operator's PIN hash: the hash written into its [operator] section (every other
line and comment kept), a PIN typed there in plain text replaced by its hash, and the file readable by its owner only.

`keep_pin_hashed` runs when the table starts (`pirate-table run`) and in `pirate-table operator`: an old config's
`pin = "1234"` (or one an owner typed by hand) becomes `pin_hash = "scrypt$..."` and the file 0600. The PIN stays
the same, so nobody is locked out by an update; the log says it was readable before, so it can be changed.
"""

from __future__ import annotations

import os
import re
import stat
import tomllib
from pathlib import Path

from table.operator import OperatorSettings

SECRET_MODE = 0o600

HASH_LINE = 'pin_hash = "{value}"   # the operator\'s PIN, hashed (pirate-table operator set-pin sets another)'
_PIN_LINES = re.compile(r"""^(pin|pin_hash)\s*=\s*("[^"\n]*"|'[^'\n]*')[^\n]*\n?""", re.MULTILINE)


def with_pin_hash(config_text: str, stored: str) -> str:
    """The config's text with `pin_hash = stored` in its [operator] section (added if missing), and no `pin` line
    left: the PIN itself is never written."""
    line = HASH_LINE.format(value=stored)
    if "[operator]" not in config_text:
        return config_text.rstrip("\n") + f"\n\n[operator]\n{line}\n"
    head, _, tail = config_text.partition("[operator]")
    section, bracket, rest = tail.partition("\n[")
    found = list(_PIN_LINES.finditer(section))
    if found:  # the first such line becomes the hash, the others go
        first = found[0]
        section = section[: first.start()] + line + "\n" + _PIN_LINES.sub("", section[first.end() :])
    else:
        section = "\n" + line + section
    return head + "[operator]" + section + bracket + rest


def write_secret(path: Path, text: str) -> None:
    """Write `text` to `path` readable by its owner only (0600), whole or not at all (a new file, then a rename:
    a power cut leaves the old file or the new one). Raises OSError."""
    temporary = path.with_name(path.name + ".tmp")
    handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, SECRET_MODE)
    try:
        os.fchmod(handle, SECRET_MODE)  # a .tmp left by a crash may have had another mode
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            handle = -1
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
    finally:
        if handle != -1:
            os.close(handle)
    os.replace(temporary, path)


def readable_by_others(path: Path) -> bool:
    return bool(path.stat().st_mode & (stat.S_IRWXG | stat.S_IRWXO))


def keep_pin_hashed(path: Path, settings: OperatorSettings) -> list[str]:
    """Make the config at `path` keep no PIN in plain text and no hash readable by others. What was done or could
    not be done, for the log (nothing: all was well). The running table uses `settings` whatever happens here."""
    if not settings.pin_hash:
        return []
    try:
        if settings.plain_pin:
            changed = with_pin_hash(path.read_text(encoding="utf-8"), settings.pin_hash)
            if not _only_the_hash(changed, settings.pin_hash):  # a layout the editing does not know: left alone
                return [
                    f"the operator's PIN is in plain text in {path} and could not be replaced by its hash there: "
                    "set it with `pirate-table operator set-pin`"
                ]
            write_secret(path, changed)
            return [
                f"the operator's PIN was in plain text in {path}: it is kept hashed there now (pin_hash), the PIN is "
                "the same; anyone who could read the file knew it, so set another with `pirate-table operator "
                "set-pin` if in doubt"
            ]
        if readable_by_others(path):
            path.chmod(SECRET_MODE)
            return [f"{path} holds the operator's PIN hash and was readable by others: it is 0600 now"]
    except OSError as error:
        return [
            f"{path} cannot be made safe for the operator's PIN ({error.strerror}): the PIN works, but the file "
            "keeps it readable; run `pirate-table operator set-pin` as the table's user"
        ]
    return []


def _only_the_hash(config_text: str, pin_hash: str) -> bool:
    try:
        section = tomllib.loads(config_text).get("operator", {})
    except tomllib.TOMLDecodeError:
        return False
    return isinstance(section, dict) and "pin" not in section and section.get("pin_hash") == pin_hash
