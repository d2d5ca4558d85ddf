"""The data folder's disk as the table sees it: how much room is left, and what a failed write means.

A write fails for one of two reasons the operator can act on: the disk is full (free some space) or it cannot be
written at all (a failing SD card is remounted read-only by the system: replace the card). `read_only` tells them
apart from the error itself (an OSError's errno, SQLite's error code); anything else is taken for a full disk.
"""

from __future__ import annotations

import errno
import shutil
import sqlite3
from pathlib import Path

LOW_SPACE_MB = 200  # less than this free at start: the scoreboard warns (an evening's pictures take a few MB)
READ_ONLY_ERRNOS = frozenset({errno.EROFS, errno.EACCES, errno.EPERM})
SQLITE_READ_ONLY_CODES = frozenset({3, 8, 14})  # SQLITE_PERM, SQLITE_READONLY, SQLITE_CANTOPEN


def read_only(error: BaseException) -> bool:
    """True if `error` says the disk cannot be written at all (rather than that it is full)."""
    if isinstance(error, OSError):
        return error.errno in READ_ONLY_ERRNOS
    if isinstance(error, sqlite3.Error):
        return (getattr(error, "sqlite_errorcode", 0) & 0xFF) in SQLITE_READ_ONLY_CODES
    cause = error.__cause__
    return cause is not None and read_only(cause)


def free_mb(folder: Path) -> int | None:
    """The free space of the disk that holds `folder`, in MB (None: it cannot be asked)."""
    try:
        return shutil.disk_usage(folder).free // 1_000_000
    except OSError:
        return None


def space_line(folder: Path) -> str:
    """The free space in words, for the self test and the log."""
    free = free_mb(folder)
    if free is None:
        return f"the free space of the data folder {folder} cannot be read"
    low = f" (less than {LOW_SPACE_MB} MB: free some space or replace the SD card)" if free < LOW_SPACE_MB else ""
    return f"the data folder {folder} has {free} MB free{low}"
