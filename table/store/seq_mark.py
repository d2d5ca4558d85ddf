"""A number kept in a small file beside the database: the last place (or seq) written, so a database that lost
what it had written (a -wal file deleted after a kill, a file cut short, the whole file replaced) is noticed. The
file is replaced whole (write, then rename), so a power cut leaves the old number or the new one."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path


def read_mark(mark: Path | None) -> int | None:
    """The number in `mark`; None without a file, or with one cut short by a power cut."""
    if mark is None:
        return None
    try:
        return int(mark.read_text().strip() or 0)
    except (OSError, ValueError):
        return None


def write_mark(mark: Path | None, number: int) -> None:
    """Keep `number` in `mark`. A failed write is let pass: the mark only helps to notice a loss, and a full disk
    is said by the database itself."""
    if mark is None:
        return
    temporary = mark.with_suffix(".tmp")
    try:
        temporary.write_text(f"{number}\n")
        os.replace(temporary, mark)
    except OSError:
        with contextlib.suppress(OSError):  # an empty file left by a full disk
            temporary.unlink()
