"""Finished games kept for good (table.archive): one file per game, by date and game, never overwritten."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path

from table.archive import ScorePads, save_finished_game
from table.core.frame import Phase, Placing
from table.core.text import text


@dataclass(frozen=True)
class AnyGamesFinalScreen:
    """A game's final screen of a shape the archive has never seen: it keeps it whole."""

    ranking: tuple[Placing, ...]
    title: object
    piles: dict[str, int]
    phase: Phase = Phase.GAME_OVER


def test_every_game_s_final_screen_is_kept_in_its_own_file(tmp_path: Path) -> None:
    screen = AnyGamesFinalScreen((Placing(1, 2, "Anna", 23), Placing(2, 0, "Ben", 18)), text("Game over"), {"red": 3})
    first = save_finished_game(tmp_path, "piratenpoker", screen, now=1_800_000_000)
    second = save_finished_game(tmp_path, "piratenpoker", screen, now=1_800_000_010)  # the same minute
    assert first != second and first.parent == second.parent == tmp_path / "games"
    assert first.name.endswith("-piratenpoker.json") and second.name.endswith("-piratenpoker-2.json")
    record = json.loads(first.read_text())
    assert record["ranking"] == [{"place": 1, "name": "Anna", "total": 23}, {"place": 2, "name": "Ben", "total": 18}]
    assert record["final"]["title"] == "Game over" and record["final"]["piles"] == {"red": 3}
    assert record["final"]["phase"] == "game_over"  # the phase's value, not Python's "Phase.GAME_OVER"


@dataclass(frozen=True)
class PadScreen:
    round: int
    phase: Phase = Phase.LIFTING


def test_each_game_s_score_pads_are_kept_in_a_folder_of_its_own(tmp_path: Path) -> None:
    """`run` saves the score pad at every round's end: a game's rounds side by side, by date and game, and the next
    game (even in the same minute, even the same game) never overwrites them."""
    now = [1_800_000_000.0]
    saved: list[tuple[int, Path]] = []
    pads = ScorePads(tmp_path, clock=lambda: now[0], save=lambda screen, path: saved.append((screen.round, Path(path))))
    for number in (1, 2, 3):
        pads.round_over("skullking", number, PadScreen(number))
    pads.round_over("skullking", 3, PadScreen(3, Phase.GAME_OVER))  # an undo, then the round scored again
    now[0] += 10  # a new game in the same minute
    pads.round_over("skullking", 1, PadScreen(1))
    pads.round_over("skullking", 2, PadScreen(2))
    now[0] += 100
    pads.round_over("skullkingdice", 1, PadScreen(1))  # another game after a game that was left unfinished
    stamp = time.strftime("%Y-%m-%d-%H%M", time.localtime(1_800_000_000))
    folders = [path.parent for _, path in saved]
    assert [path.name for _, path in saved] == [f"round-{n:02}.png" for n in (1, 2, 3, 3, 1, 2, 1)]
    assert folders[0] == tmp_path / "screenshots" / f"{stamp}-skullking"
    assert set(folders[:4]) == {folders[0]}
    assert folders[4] == folders[5] == tmp_path / "screenshots" / f"{stamp}-skullking-2"
    assert folders[6].name.endswith("-skullkingdice") and folders[6] not in folders[:6]
    assert all(folder.is_dir() for folder in folders)


def test_a_new_game_after_a_finished_one_starts_its_own_folder_even_at_round_one(tmp_path: Path) -> None:
    saved: list[Path] = []
    pads = ScorePads(tmp_path, clock=lambda: 1_800_000_000.0, save=lambda screen, path: saved.append(Path(path)))
    pads.round_over("piratenpoker", 1, PadScreen(1, Phase.GAME_OVER))  # a one-round game
    pads.round_over("piratenpoker", 1, PadScreen(1, Phase.GAME_OVER))
    assert saved[0].parent != saved[1].parent
