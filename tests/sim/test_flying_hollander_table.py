"""The Flying Hollander's virtual table: whole games through the real app, hub emulator and driver; determinism
with faults and after kill -9 and --resume."""

from __future__ import annotations

from pathlib import Path

from table.core.frame import Phase
from table.games.flying_hollander.flow import FlyingHollanderFlow
from table.games.flying_hollander.sim import VirtualHollanderTable
from tests.sim.test_demo import killed_and_resumed, whole_game

OPTIONS = ("--game", "flying-hollander", "--players", "3", "--seed", "7")


def test_a_whole_game_with_faults_the_bots_cards_always_match_the_table(tmp_path: Path) -> None:
    table = VirtualHollanderTable(tmp_path, 4, 1, faults=True)
    mismatches: list[int] = []

    def check() -> bool:
        if isinstance(table.flow, FlyingHollanderFlow) and not table.world_matches():
            mismatches.append(table.ticks)
        return True

    try:
        screen = table.run(on_tick=check)
    finally:
        table.close()
    assert screen.phase is Phase.GAME_OVER and mismatches == []
    assert table.faults is not None and "unplug" in table.faults.injected and "replug" in table.faults.injected
    assert table.refused > 0  # the bots tried illegal cards, and the table refused them
    # The same FINAL lines as the game without faults (`demo --players 4 --seed 1`): the first out wins, as printed.
    assert [line for line in table.final_lines(screen) if line.startswith("FINAL")] == [
        "FINAL 1 Calico_Jack 3",
        "FINAL 2 Anne_Bonny 0",
        "FINAL 2 Blackbeard 0",
        "FINAL 2 Mary_Read 0",
    ]


def test_the_demo_killed_and_resumed_gives_the_same_final_lines(tmp_path: Path) -> None:
    out, expected = whole_game(tmp_path / "whole", *OPTIONS)
    assert len(expected) == 3 and "gone out:" in out
    assert killed_and_resumed(tmp_path / "killed", 1, *OPTIONS) == expected
