"""The virtual dice table with faults: the camera dropping out, a hand over the tray, dice on an edge, nudges.

The bots answer them like players, and the game ends with the same score pad as the same seed without faults.
"""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from table.core import inputs as tray
from table.core.frame import Phase
from table.games.skullking_dice.faults import DiceFaults
from table.games.skullking_dice.screen import DiceScreen
from table.games.skullking_dice.sim import VirtualDiceTable
from table.games.skullking_dice.thrower import DiceThrower
from table.sim.score_pad_text import score_pad_lines
from vision.pipeline import DiceReader


def play(folder: Path, faults: bool) -> tuple[DiceScreen, VirtualDiceTable, list[object]]:
    table = VirtualDiceTable(folder, players=3, seed=7, faults=faults)
    try:
        screen = table.run(max_ticks=20_000)
        return screen, table, [event for _, _, event in table.app.event_log.replay()]
    finally:
        table.close()


@pytest.fixture(scope="module")
def stormy(tmp_path_factory: pytest.TempPathFactory) -> tuple[DiceScreen, VirtualDiceTable, list[object]]:
    return play(tmp_path_factory.mktemp("stormy"), faults=True)


def test_a_hand_over_the_tray_makes_the_segmenter_call_it_obstructed() -> None:
    thrower = DiceThrower(4)
    thrower.throw("black", "6")
    for _ in range(5):
        thrower.frame()
    faults = DiceFaults(random.Random(1))
    faults.hand_until = 2
    covered = faults.picture(thrower.frame())
    assert covered is not None and not np.array_equal(covered, thrower.frame())
    assert DiceReader().read(covered).obstructed
    assert faults.picture(thrower.frame()) is covered  # a still tray under a still hand: the same picture
    assert faults.picture(thrower.frame()) is thrower.frame()  # the hand is gone
    faults.camera_down_until = faults.frames + 1
    assert faults.picture(thrower.frame()) is None


def test_a_dice_game_with_faults_ends_with_the_same_final_scores(
    tmp_path: Path, stormy: tuple[DiceScreen, VirtualDiceTable, list[object]]
) -> None:
    calm, _, _ = play(tmp_path / "calm", faults=False)
    screen, _, _ = stormy
    assert screen.phase is Phase.GAME_OVER
    assert score_pad_lines(screen) == score_pad_lines(calm)


def test_every_kind_of_fault_happened_and_was_answered(
    stormy: tuple[DiceScreen, VirtualDiceTable, list[object]],
) -> None:
    _, table, events = stormy
    assert table.faults is not None
    counts = table.faults.counts()
    assert counts["camera-down"] >= 2 and counts["hand"] >= 2 and counts["on-edge"] >= 1
    assert table.thrower.nudges >= 10

    kinds = [type(event) for event in events]
    for down, up in (
        (tray.CameraDown, tray.CameraUp),
        (tray.TrayCovered, tray.TrayUncovered),
    ):
        assert kinds.count(down) >= 2 and kinds.count(up) == kinds.count(down)  # the table saw again each time
        for n, kind in enumerate(kinds):
            if kind is down:  # ... and meanwhile no die came to rest
                back = kinds.index(up, n)
                assert tray.DieLanded not in kinds[n:back]

    unreadable = [n for n, e in enumerate(events) if isinstance(e, tray.DieLanded) and e.face is None]
    assert unreadable
    for n in unreadable:  # lifted out, then thrown again: the same kind lands (on an edge again, now and then)
        die = events[n]
        assert isinstance(die, tray.DieLanded)
        lifted = next(m for m in range(n, len(events)) if events[m] == tray.DieTakenOut(die.order))
        again = next(e for e in events[lifted:] if isinstance(e, tray.DieLanded))
        assert again.kind == die.kind
    assert table.misreads.rethrown >= len(unreadable)
