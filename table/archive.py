"""Finished games kept for good: each game's final score pad as a JSON file in the data folder's `games/`, named by
date and game, never overwritten, and a copy of the whole database in `table-backup.sqlite3` after every game
(SQLite's online backup: consistent even while the table writes). The score pad's picture at each round's end goes
to a folder of the game's own in `screenshots/` (ScorePads), named the same way.

The pictures and the backups would fill an SD card in the end: at start (`prune`) the table keeps those of the last
N evenings that had games ([table] keep_evenings) and deletes the older ones. An evening runs from 06:00 to 06:00,
so a game after midnight belongs to the evening it started in. The backup of an earlier evening is moved to
`backups/` (a rename, no copy) before the first game of a new evening replaces it. A backup is written beside the
old one first and then renamed over it, so a full disk never leaves a damaged backup in place of a sound one.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import logging
import os
import shutil
import sqlite3
import time
from collections.abc import Callable
from enum import Enum
from pathlib import Path
from typing import Any

from table.core.frame import Phase
from table.core.text import Text

GAMES_FOLDER = "games"
SCREENSHOTS_FOLDER = "screenshots"
BACKUP_NAME = "table-backup.sqlite3"
BACKUPS_FOLDER = "backups"  # earlier evenings' backups: backups/2026-11-23-table-backup.sqlite3
EVENING_STARTS = 6 * 3600  # seconds after midnight: a game before 06:00 belongs to the evening before
log = logging.getLogger(__name__)


def save_finished_game(folder: Path, game: str, screen: Any, now: float | None = None) -> Path:
    """Write the final screen's score pad and ranking; returns the file. A second game in the same minute gets
    its own file (-2, -3, ...)."""
    games = folder / GAMES_FOLDER
    games.mkdir(exist_ok=True)
    path = _unused(games, game, ".json", now)
    record = {
        "game": game,
        "finished": time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(now)),
        # Every game's final screen has a ranking (place, name, total); the rest is the game's own (its score pad).
        "ranking": [{"place": p.place, "name": p.name, "total": p.total} for p in getattr(screen, "ranking", ())],
        "final": _plain(screen),
    }
    try:
        path.write_text(json.dumps(record, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    except OSError:  # a full disk: no file cut short is left to be taken for the game's record
        with contextlib.suppress(OSError):
            path.unlink()
        raise
    return path


def _unused(parent: Path, game: str, suffix: str, now: float | None) -> Path:
    """`parent`/2026-11-23-2104-<game><suffix>, or -2, -3, ... after it when a game of the same minute has it."""
    stamp = time.strftime("%Y-%m-%d-%H%M", time.localtime(now))
    path = parent / f"{stamp}-{game}{suffix}"
    count = 1
    while path.exists():
        count += 1
        path = parent / f"{stamp}-{game}-{count}{suffix}"
    return path


class ScorePads:
    """The score pad's picture at each round's end, kept per game: `screenshots/<date>-<time>-<game>/round-03.png`.

    A game's folder is made at its first round's end. The next game gets a folder of its own, never an old one: a
    game starts anew after a finished game, with another game, or when the round number goes back (a game left
    for a new one). The same round saved again (an undo, then the round scored anew) replaces its picture in the
    same game's folder. `save(screen, path)` draws the picture (table.display.score_pad.save_score_pad).
    """

    def __init__(self, folder: Path, clock: Callable[[], float], save: Callable[[Any, str], None]) -> None:
        self.parent = folder / SCREENSHOTS_FOLDER
        self.clock, self.save = clock, save
        self.game_folder: Path | None = None
        self._last: tuple[str, int, bool] | None = None  # game, round, the game was over

    def round_over(self, game: str, number: int, screen: Any) -> Path:
        over = getattr(screen, "phase", None) is Phase.GAME_OVER
        last = self._last
        if self.game_folder is None or last is None or last[0] != game or last[2] or number < last[1]:
            self.parent.mkdir(exist_ok=True)
            self.game_folder = _unused(self.parent, game, "", self.clock())
            self.game_folder.mkdir()
        self._last = (game, number, over)
        path = self.game_folder / f"round-{number:02}.png"
        self.save(screen, str(path))
        return path


def back_up(connection: sqlite3.Connection, folder: Path, now: float | None = None) -> Path:
    """A copy of the whole database in BACKUP_NAME; the one of an earlier evening is moved to `backups/` first.
    Raises OSError or sqlite3.Error when it cannot be written (the old backup is then left as it was)."""
    target = folder / BACKUP_NAME
    now = time.time() if now is None else now
    if target.exists() and (made := evening(target.stat().st_mtime)) != evening(now):
        (folder / BACKUPS_FOLDER).mkdir(exist_ok=True)
        os.replace(target, folder / BACKUPS_FOLDER / f"{made}-{BACKUP_NAME}")
    temporary = folder / f"{BACKUP_NAME}.tmp"
    try:
        copy = open_copy(temporary)
        try:
            connection.backup(copy)
        finally:
            copy.close()
        os.utime(temporary, (now, now))  # its evening, for the next backup to know (the same clock as `now`)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise
    return target


def open_copy(path: Path) -> sqlite3.Connection:
    """The file a backup is written to (a test makes it fail as a full disk does)."""
    return sqlite3.connect(path)


def evening(at: float) -> str:
    """The evening a moment belongs to, as 2026-11-23 (06:00 to 06:00, local time)."""
    return time.strftime("%Y-%m-%d", time.localtime(at - EVENING_STARTS))


def _named_evening(name: str) -> str | None:
    """The evening of a picture folder or a backup by its name (2026-11-23-2104-skullking, or
    2026-11-23-table-backup.sqlite3); None for a name the table did not give."""
    try:
        if name.endswith(BACKUP_NAME):
            time.strptime(name[:10], "%Y-%m-%d")
            return name[:10]
        return evening(time.mktime(time.strptime(name[:15], "%Y-%m-%d-%H%M")))
    except ValueError:
        return None


def prune(folder: Path, keep: int) -> list[Path]:
    """Delete the score pads' pictures and the backups of all but the last `keep` evenings that had games; the
    paths deleted. A name the table did not give is left alone; what cannot be deleted (a read-only card) is said
    in the log and left."""
    found = [
        (when, path)
        for parent in (folder / SCREENSHOTS_FOLDER, folder / BACKUPS_FOLDER)
        if parent.is_dir()
        for path in parent.iterdir()
        if (when := _named_evening(path.name)) is not None
    ]
    kept = sorted({when for when, _ in found})[-keep:] if keep > 0 else []
    deleted = []
    for when, path in sorted(found):
        if when in kept:
            continue
        try:
            shutil.rmtree(path) if path.is_dir() else path.unlink()
        except OSError as error:
            log.warning("%s could not be deleted (%s)", path, error.strerror)
            continue
        deleted.append(path)
    if deleted:
        log.info("deleted %d score pad folders and backups of evenings before the last %d", len(deleted), keep)
    return deleted


def _plain(value: Any) -> Any:
    """A screen model as JSON values: words in English (as the log says them), dataclasses as objects."""
    if isinstance(value, Text):
        return str(value)
    if isinstance(value, Enum):  # a phase: its value ("game_over"), not Python's name for it ("Phase.GAME_OVER")
        return _plain(value.value)
    if isinstance(value, dict):
        return {str(key): _plain(item) for key, item in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {item.name: _plain(getattr(value, item.name)) for item in dataclasses.fields(value)}
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    return value if isinstance(value, (str, int, float, bool, type(None))) else str(value)
