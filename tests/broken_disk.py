"""A data folder whose disk is full (ENOSPC) or read-only (EROFS), by injection: the tests run as root, for whom
chmod makes nothing read-only. Every way the table writes a file under the folder fails as the kernel would fail
it: open() for writing, os.open with a write flag, mkdir, rename, and the SQLite file a backup is written to. The
emulated seat hub's port (`seat-hub`, a link to a pty) is the test's hardware, not a file on the disk: it opens."""

from __future__ import annotations

import builtins
import errno
import io
import os
import sqlite3
from pathlib import Path
from typing import Any

import pytest

import table.archive

WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC
SQLITE_CODES = {
    errno.ENOSPC: (13, "database or disk is full"),
    errno.EROFS: (8, "attempt to write a readonly database"),
}


def break_disk(monkeypatch: pytest.MonkeyPatch, folder: Path, code: int) -> None:
    """From now on every write under `folder` fails with `code` (errno.ENOSPC or errno.EROFS)."""
    inside = str(folder.resolve())

    def under(path: Any) -> bool:
        if not isinstance(path, (str, bytes, os.PathLike)):
            return False
        where = os.path.abspath(os.fsdecode(path))
        return where.startswith(inside) and os.path.basename(where) != "seat-hub"

    def fail(path: Any) -> OSError:
        return OSError(code, os.strerror(code), os.fsdecode(path))

    real_open, real_os_open, real_mkdir = io.open, os.open, os.mkdir
    real_replace, real_rename = os.replace, os.rename

    def guarded_open(path: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        if under(path) and any(flag in mode for flag in "wax+"):
            raise fail(path)
        return real_open(path, mode, *args, **kwargs)

    def guarded_os_open(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if under(path) and flags & WRITE_FLAGS:
            raise fail(path)
        return real_os_open(path, flags, *args, **kwargs)

    def guarded_mkdir(path: Any, *args: Any, **kwargs: Any) -> None:
        if under(path):
            raise fail(path)
        real_mkdir(path, *args, **kwargs)

    def guarded_move(real: Any) -> Any:
        def move(source: Any, target: Any, *args: Any, **kwargs: Any) -> None:
            if under(source) or under(target):
                raise fail(target)
            real(source, target, *args, **kwargs)

        return move

    def sqlite_file(path: Path) -> sqlite3.Connection:
        number, said = SQLITE_CODES[code]
        error = sqlite3.OperationalError(said)
        error.sqlite_errorcode = number  # type: ignore[attr-defined]
        raise error

    monkeypatch.setattr(io, "open", guarded_open)
    monkeypatch.setattr(builtins, "open", guarded_open)
    monkeypatch.setattr(os, "open", guarded_os_open)
    monkeypatch.setattr(os, "mkdir", guarded_mkdir)
    monkeypatch.setattr(os, "replace", guarded_move(real_replace))
    monkeypatch.setattr(os, "rename", guarded_move(real_rename))
    monkeypatch.setattr(table.archive, "open_copy", sqlite_file)
