"""`pirate-table demo`: the virtual table plays a whole game of Skull King (or, with `--game skullking-dice`, of the
Skull King dice game: the dice are thrown into a rendered tray and read by the real vision pipeline).

The game's files live in the data folder's `demo/`: its database (the event log), the seat hub's link, and a
score pad screenshot at each round's end. `--resume` carries on from the log after the demo was stopped, even by
kill -9, and reaches the same final scores as a run never stopped. The last lines are the final score pad, ending
with one `FINAL <place> <name> <total>` line per player (spaces in names as `_`), best first.
"""

from __future__ import annotations

import importlib
import json
import os
import shutil
import time
from collections.abc import Callable
from typing import Any

from table.games import catalog
from table.games.screen import Phase
from table.paths import data_home
from table.sim.dice_table import VirtualDiceTable
from table.sim.virtual_table import VirtualTable, score_pad_lines
from table.table_main import load_game_views

GAME_FILE = "demo.json"


def virtual_table_class(game: str) -> Any:
    """The virtual table the game catalog names for `game` ("module:Class")."""
    module, name = catalog.game(game).virtual_table.split(":")
    return getattr(importlib.import_module(module), name)


def run_demo(
    players: int,
    seed: int,
    speed: float | None = None,
    resume: bool = False,
    faults: bool = False,
    window: bool = False,
    say: Callable[[str], None] = print,
    game: str = "skullking",
) -> int:
    """Headless: bots at every seat, as fast as allowed. In a window: you play seat 1 of the card game on the
    scoreboard; in the dice game bots throw at every seat and you are the operator (the bar and its keys)."""
    home = data_home() / "demo"
    saved = home / GAME_FILE
    if resume and saved.exists():
        saved_game = json.loads(saved.read_text())
        if (saved_game["players"], saved_game["seed"], saved_game.get("game", "skullking")) != (players, seed, game):
            say(
                f"pirate-table demo: the saved game has {saved_game['players']} players and seed "
                f"{saved_game['seed']} ({saved_game.get('game', 'skullking')}); "
                "resume it with those, or start a new game without --resume"
            )
            return 2
        say(f"Resuming the demo game (seed {seed}, {players} players) from its log")
    else:
        if resume:
            say("No demo game to resume: starting a new one")
        shutil.rmtree(home, ignore_errors=True)
        home.mkdir(parents=True)
        saved.write_text(json.dumps({"players": players, "seed": seed, "game": game}))

    if not window:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # no screen: the score pads are saved as PNGs
    import pygame

    from table.display.score_pad import save_score_pad

    pygame.display.init()
    pygame.font.init()
    load_game_views()
    table: VirtualTable | VirtualDiceTable
    virtual_table = virtual_table_class(game)
    if virtual_table is VirtualTable:
        table = VirtualTable(home, players, seed, faults=faults, humans=frozenset({0}) if window else frozenset())
    else:
        table = virtual_table(home, players, seed, faults=faults)

    def round_over(number: int, screen: object) -> None:
        path = home / f"round-{number:02}.png"
        save_score_pad(screen, str(path))  # type: ignore[arg-type]
        say(f"round {number:>2} scored; score pad saved as {path}")

    table.round_over_hooks.append(round_over)
    on_tick: Callable[[], bool] = (
        (WindowPlay(table) if isinstance(table, VirtualTable) else DiceWindow(table)) if window else (lambda: True)
    )
    speed = speed or (1.0 if window else None)
    started = time.monotonic()

    def tick_done() -> bool:
        if speed:  # the table's clock runs at `speed` times the wall clock
            ahead = table.clock.now / speed - (time.monotonic() - started)
            if ahead > 0:
                time.sleep(ahead)
        return on_tick()

    try:
        screen = table.run(on_tick=tick_done)
    finally:
        table.close()
    if screen.phase is not Phase.GAME_OVER:
        again = f" --game {game}" if game != "skullking" else ""
        say("Stopped. Carry on with: pirate-table demo --resume" + f" --players {players} --seed {seed}{again}")
        return 0
    if isinstance(table, VirtualDiceTable):
        read = table.misreads
        say(
            f"dice: {read.throws} thrown into the tray; doubtful reads confirmed {read.confirmed}, "
            f"wrong reads thrown again {read.rethrown}, wrong reads corrected by the operator {read.corrected}, "
            f"dice the camera missed entered by the operator {read.entered}"
        )
        if table.faults is not None:
            count = table.faults.counts()
            say(
                f"faults: camera gave no picture {count['camera-down']} times, hand over the tray "
                f"{count['hand']} times, dice on an edge {count['on-edge']}, dice nudged {table.thrower.nudges}"
            )
    say("")
    for line in score_pad_lines(screen):
        say(line)
    return 0


class WindowPlay:
    """The scoreboard in a window, where a person plays seat 1: bids and choices in the bar, cards by touch."""

    def __init__(self, table: VirtualTable) -> None:
        from table.display.scoreboard import Scoreboard

        self.table = table
        self.board = Scoreboard.open(fullscreen=False)

    def __call__(self) -> bool:
        from table.display.scoreboard import Click
        from table.display.trick_screen import card_face

        for item in self.board.events():
            if isinstance(item, Click):
                self.table.human_lays(0, item.index)
            else:
                self.table.app.submit(item)
        self.board.show(self.table.flow.screen(), [card_face(card.code) for card in self.table.hand(0)])
        return not self.board.quit


class DiceWindow:
    """The scoreboard in a window, watching the bots play the dice game at every seat. The person at the window is
    the operator: the bar's buttons and keys (table/display/dice_controls.py) correct a die, enter one, say the
    tray is empty, undo, start a new game; what they send goes into the log and the flow like a real operator's."""

    def __init__(self, table: VirtualDiceTable) -> None:
        from table.display.scoreboard import Scoreboard

        self.table = table
        self.board = Scoreboard.open(fullscreen=False)

    def __call__(self) -> bool:
        from table.display.scoreboard import Click

        for item in self.board.events():
            if not isinstance(item, Click):  # no hand to touch: every seat is a bot's
                self.table.app.submit(item)
        self.board.show(self.table.screen)  # type: ignore[arg-type]
        return not self.board.quit
