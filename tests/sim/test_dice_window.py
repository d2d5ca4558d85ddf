"""`pirate-table demo --game skullking-dice --window`: bots throw at every seat, the person at the window is the
operator; run headless (SDL's dummy driver) for a few hundred ticks, with the operator's keys in between."""

from __future__ import annotations

from pathlib import Path

import pygame

from table.core.frame import Phase
from table.games.skullking_dice.art import DIE_KINDS
from table.games.skullking_dice.controls import FACE_KEYS
from table.games.skullking_dice.inputs import CorrectDie
from table.games.skullking_dice.screen import DiceScreen
from table.games.skullking_dice.sim import VirtualDiceTable
from table.sim.sim_table import WatchWindow


def keys(chars: str) -> None:
    for char in chars:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=ord(char), unicode=char, mod=0))


def test_the_dice_demo_in_a_window_with_the_operator_s_keys(tmp_path: Path) -> None:
    table = VirtualDiceTable(tmp_path, players=3, seed=5)
    window = WatchWindow(table)
    corrected: list[str] = []
    seen: set[Phase] = set()

    def operator() -> bool:
        screen = table.screen
        if isinstance(screen, DiceScreen):
            seen.add(screen.phase)
            trick = screen.trick
            if not corrected and screen.phase is Phase.PLAYING and trick and trick.dice and trick.dice[0].doubt is None:
                die = trick.dice[0]
                kind, face = table.bots[die.seat].truth or (die.kind, die.face)
                corrected.append(f"{kind}:{face}")  # the operator re-enters what the die really shows
                keys(f"d1{DIE_KINDS.index(kind) + 1}{FACE_KEYS.get(face, face)}")
        return window() and table.ticks < 400

    try:
        table.run(on_tick=operator)
        shown = window.board.surface.copy()
    finally:
        table.close()
        pygame.display.quit()
    assert table.ticks == 400  # stopped by the test, not by a crash or the end
    assert {Phase.BIDDING, Phase.PLAYING, Phase.LIFTING} <= seen  # bids, throws, a judged trick
    assert len(corrected) == 1
    logged = [event for _, _, event in table.app.event_log.replay() if isinstance(event, CorrectDie)]
    by_bots = table.misreads.corrected + table.misreads.entered  # the virtual operator's own corrections
    assert len(logged) == by_bots + 1  # the keys' CorrectDie went into the log and the flow
    assert corrected[0] in {f"{event.kind}:{event.face}" for event in logged}
    assert shown.get_size() == (1280, 720) and len(set(_sample(shown))) > 5  # a drawn board, not a blank window


def _sample(surface: pygame.Surface) -> list[tuple[int, ...]]:
    width, height = surface.get_size()
    return [tuple(surface.get_at((x, y))) for x in range(0, width, 97) for y in range(0, height, 53)]
