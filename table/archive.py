"""Finished games kept for good: each game's final score pad as a JSON file in the data folder's `games/`, named by
date and game, never overwritten, and a copy of the whole database in `table-backup.sqlite3` after every game
(SQLite's online backup: consistent even while the table writes)."""

from __future__ import annotations

import dataclasses
import json
import sqlite3
import time
from pathlib import Path
from typing import Any

from table.games.text import Text

GAMES_FOLDER = "games"
BACKUP_NAME = "table-backup.sqlite3"


def save_finished_game(folder: Path, game: str, screen: Any, now: float | None = None) -> Path:
    """Write the final screen's score pad and ranking; returns the file. A second game in the same minute gets
    its own file (-2, -3, ...)."""
    games = folder / GAMES_FOLDER
    games.mkdir(exist_ok=True)
    stamp = time.strftime("%Y-%m-%d-%H%M", time.localtime(now))
    path = games / f"{stamp}-{game}.json"
    count = 1
    while path.exists():
        count += 1
        path = games / f"{stamp}-{game}-{count}.json"
    record = {
        "game": game,
        "finished": time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(now)),
        # Every game's final screen has a ranking (place, name, total); the rest is the game's own (its score pad).
        "ranking": [{"place": p.place, "name": p.name, "total": p.total} for p in getattr(screen, "ranking", ())],
        "final": _plain(screen),
    }
    path.write_text(json.dumps(record, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def back_up(connection: sqlite3.Connection, folder: Path) -> Path:
    target = folder / BACKUP_NAME
    copy = sqlite3.connect(target)
    try:
        connection.backup(copy)
    finally:
        copy.close()
    return target


def _plain(value: Any) -> Any:
    """A screen model as JSON values: words in English (as the log says them), dataclasses as objects."""
    if isinstance(value, Text):
        return str(value)
    if isinstance(value, dict):
        return {str(key): _plain(item) for key, item in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {item.name: _plain(getattr(value, item.name)) for item in dataclasses.fields(value)}
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    return value if isinstance(value, (str, int, float, bool, type(None))) else str(value)
