"""`pirate-table demo`: the virtual table plays a whole game of Skull King.

The game's files live in the data folder's `demo/`: its database (the event log), the seat hub's link, and a
score pad screenshot at each round's end. `--resume` carries on from the log after the demo was stopped, even by
kill -9, and reaches the same final scores as a run never stopped. The last lines are the final score pad, ending
with one `FINAL <place> <name> <total>` line per player (spaces in names as `_`), best first.
"""

from __future__ import annotations

import json
import os
import shutil
import time
from collections.abc import Callable

from table.paths import data_home
from table.sim.virtual_table import VirtualTable, score_pad_lines

GAME_FILE = "demo.json"


def run_demo(
    players: int,
    seed: int,
    speed: float | None = None,
    resume: bool = False,
    faults: bool = False,
    say: Callable[[str], None] = print,
) -> int:
    home = data_home() / "demo"
    saved = home / GAME_FILE
    if resume and saved.exists():
        game = json.loads(saved.read_text())
        if (game["players"], game["seed"]) != (players, seed):
            say(
                f"pirate-table demo: the saved game has {game['players']} players and seed {game['seed']}; "
                "resume it with those, or start a new game without --resume"
            )
            return 2
        say(f"Resuming the demo game (seed {seed}, {players} players) from its log")
    else:
        if resume:
            say("No demo game to resume: starting a new one")
        shutil.rmtree(home, ignore_errors=True)
        home.mkdir(parents=True)
        saved.write_text(json.dumps({"players": players, "seed": seed}))

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # the window arrives with the scoreboard; until then, PNGs
    import pygame

    from table.display.score_pad import save_score_pad

    pygame.display.init()
    pygame.font.init()
    table = VirtualTable(home, players, seed, faults=faults)

    def round_over(number: int, screen: object) -> None:
        path = home / f"round-{number:02}.png"
        save_score_pad(screen, str(path))  # type: ignore[arg-type]
        say(f"round {number:>2} scored; score pad saved as {path}")

    table.round_over_hooks.append(round_over)
    if speed:
        started = time.monotonic()
        tick = table.tick

        def paced_tick() -> None:  # sim time runs at `speed` times the wall clock
            tick()
            ahead = table.clock.now / speed - (time.monotonic() - started)
            if ahead > 0:
                time.sleep(ahead)

        table.tick = paced_tick  # type: ignore[method-assign]
    try:
        screen = table.run()
    finally:
        table.close()
    say("")
    for line in score_pad_lines(screen):
        say(line)
    return 0
