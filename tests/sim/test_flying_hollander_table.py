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
    # The same FINAL lines as the game without faults (`demo --players 4 --seed 1`): the first out wins, as printed,
    # holding no card; each line's number is the cards the player still holds (it was "players out after", 3 for the
    # winner and 0 for the others: no score at all).
    lines = table.final_lines(screen)
    assert "each FINAL line: place, name, cards left (the first out wins, holding none)" in lines
    finals = [line.split() for line in lines if line.startswith("FINAL")]
    assert [words[:3] for words in finals] == [
        ["FINAL", "1", "Calico_Jack"],
        ["FINAL", "2", "Anne_Bonny"],
        ["FINAL", "2", "Blackbeard"],
        ["FINAL", "2", "Mary_Read"],
    ]
    held = {view.name.replace(" ", "_"): view.hand + view.clash + view.final for view in screen.seats}
    assert [int(words[3]) for words in finals] == [held[words[2]] for words in finals]
    assert int(finals[0][3]) == 0 and all(int(words[3]) > 0 for words in finals[1:])


def test_the_demo_killed_and_resumed_gives_the_same_final_lines(tmp_path: Path) -> None:
    out, expected = whole_game(tmp_path / "whole", *OPTIONS)
    assert len(expected) == 3 and "gone out:" in out
    assert killed_and_resumed(tmp_path / "killed", 1, *OPTIONS) == expected
