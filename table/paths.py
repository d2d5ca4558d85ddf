"""Where the table keeps its state: one data folder, so several tables (and tests) never share files by accident."""

from __future__ import annotations

import os
from pathlib import Path

HOME_VARIABLE = "PIRATE_TABLE_HOME"


def data_home() -> Path:
    """$PIRATE_TABLE_HOME, else $XDG_DATA_HOME/pirate-table, else ~/.local/share/pirate-table; created if missing."""
    if explicit := os.environ.get(HOME_VARIABLE):
        home = Path(explicit)
    else:
        home = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "pirate-table"
    home.mkdir(parents=True, exist_ok=True)
    return home


def dice_folder() -> Path:
    """Where `dice teach` and `dice calibrate` keep what they learned, and the table's dice reader finds it."""
    folder = data_home() / "dice"
    folder.mkdir(exist_ok=True)
    return folder
