"""Finished games kept for good (table.archive): one file per game, by date and game, never overwritten."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from table.archive import save_finished_game
from table.games.screen import Placing
from table.games.text import text


@dataclass(frozen=True)
class AnyGamesFinalScreen:
    """A game's final screen of a shape the archive has never seen: it keeps it whole."""

    ranking: tuple[Placing, ...]
    title: object
    piles: dict[str, int]


def test_every_game_s_final_screen_is_kept_in_its_own_file(tmp_path: Path) -> None:
    screen = AnyGamesFinalScreen((Placing(1, 2, "Anna", 23), Placing(2, 0, "Ben", 18)), text("Game over"), {"red": 3})
    first = save_finished_game(tmp_path, "piratenpoker", screen, now=1_800_000_000)
    second = save_finished_game(tmp_path, "piratenpoker", screen, now=1_800_000_010)  # the same minute
    assert first != second and first.parent == second.parent == tmp_path / "games"
    assert first.name.endswith("-piratenpoker.json") and second.name.endswith("-piratenpoker-2.json")
    record = json.loads(first.read_text())
    assert record["ranking"] == [{"place": 1, "name": "Anna", "total": 23}, {"place": 2, "name": "Ben", "total": 18}]
    assert record["final"]["title"] == "Game over" and record["final"]["piles"] == {"red": 3}
