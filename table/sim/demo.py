"""`pirate-table demo`: the virtual table plays a whole game: the catalog's first game with a virtual table, or the
one `--game` names (a dice game's dice are thrown into a rendered tray and read by the real vision pipeline).

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
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from table.commands.run import load_game_views
from table.core import catalog
from table.core.frame import Phase
from table.kiosk import TableBusy, TableLock
from table.paths import data_home

if TYPE_CHECKING:
    from table.config import Config

GAME_FILE = "demo.json"
DEMO_LOCK = "demo.lock"
DEFAULT_PLAYERS = 4
DEFAULT_SEED = 2013


class VirtualGame(Protocol):
    """What `demo` (and the venue's virtual tables, with a `config`) ask of a game's virtual table (the class its
    catalog entry names): it plays the whole game through the real app."""

    clock: Any  # .now: the table's clock, in seconds
    app: Any  # the real table's app (table.app.TableApp) it plays through
    round_over_hooks: list[Callable[[int, Any], None]]

    def __init__(
        self,
        home: Path,
        players: int,
        seed: int,
        *,
        faults: bool = ...,
        window: bool = ...,
        config: Config | None = ...,
    ) -> None: ...
    def run(self, on_tick: Callable[[], bool]) -> Any: ...  # plays on (resuming the log first); the last screen
    def close(self) -> None: ...
    def window_play(self) -> Callable[[], bool]: ...  # the scoreboard in a window, called after every tick
    def report(self) -> list[str]: ...  # what happened on the way (misreads, faults), said before the score pad
    def final_lines(self, screen: Any) -> list[str]: ...  # the score pad, ending with the FINAL lines


def default_game() -> str:
    """The game the demo plays unless told: the catalog's first with a virtual table."""
    return next(entry.key for entry in catalog.games() if entry.virtual_table)


def demo_choice(players: int | None, seed: int | None, game: str | None, resume: bool) -> tuple[int, int, str]:
    """The players, seed and game to play: as given; what is not given is, with `resume`, the saved game's
    (demo.json), else the defaults."""
    saved = _saved_game(data_home() / "demo" / GAME_FILE) if resume else None
    if saved is None:
        saved = {"players": DEFAULT_PLAYERS, "seed": DEFAULT_SEED, "game": default_game()}
    return (
        saved["players"] if players is None else players,
        saved["seed"] if seed is None else seed,
        saved["game"] if game is None else game,
    )


def _saved_game(path: Path) -> dict[str, Any] | None:
    """What demo.json says (players, seed, game); None if it is missing or damaged."""
    try:
        saved = json.loads(path.read_text())
        if isinstance(saved["players"], int) and isinstance(saved["seed"], int):
            saved.setdefault("game", default_game())  # written before the demo played other games
            return saved if isinstance(saved["game"], str) else None
    except (OSError, ValueError, KeyError, TypeError):
        pass
    return None


def virtual_table_class(game: str) -> type[VirtualGame]:
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
    game: str | None = None,
) -> int:
    """Headless: bots at every seat, as fast as allowed. In a window: you play seat 1 of the card game on the
    scoreboard; in the dice game bots throw at every seat and you are the operator (the bar and its keys).
    One demo at a time per data folder (a second one says so and stops)."""
    try:
        with TableLock(data_home(), DEMO_LOCK):
            return _run_demo(players, seed, speed, resume, faults, window, say, game or default_game())
    except TableBusy as error:
        say(f"pirate-table demo: {error}")
        return 2


def _run_demo(
    players: int,
    seed: int,
    speed: float | None,
    resume: bool,
    faults: bool,
    window: bool,
    say: Callable[[str], None],
    game: str,
) -> int:
    home = data_home() / "demo"
    saved = home / GAME_FILE
    saved_game = _saved_game(saved) if resume else None
    if resume and saved.exists() and saved_game is None:
        say("The saved demo game cannot be read (demo.json is damaged): starting a new one")
    if saved_game is not None:
        if (saved_game["players"], saved_game["seed"], saved_game["game"]) != (players, seed, game):
            say(
                f"pirate-table demo: the saved game has {saved_game['players']} players and seed "
                f"{saved_game['seed']} ({saved_game['game']}); "
                "resume it with those, or start a new game without --resume"
            )
            return 2
        say(f"Resuming the demo game (seed {seed}, {players} players) from its log")
    else:
        if resume:
            say("No demo game to resume: starting a new one")
        shutil.rmtree(home, ignore_errors=True)
        try:
            home.mkdir(parents=True)
            saved.write_text(json.dumps({"players": players, "seed": seed, "game": game}))
        except OSError as error:  # a read-only or full card: the demo keeps its whole game in its folder
            say(
                f"pirate-table demo: the demo's folder {home} cannot be written ({error.strerror}); point "
                "PIRATE_TABLE_HOME at a folder that can be"
            )
            return 2

    if not window:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # no screen: the score pads are saved as PNGs
    import pygame

    from table.display.score_pad import save_score_pad

    pygame.display.init()
    pygame.font.init()
    load_game_views()
    table = virtual_table_class(game)(home, players, seed, faults=faults, window=window)

    def round_over(number: int, screen: object) -> None:
        path = home / f"round-{number:02}.png"
        save_score_pad(screen, str(path))
        say(f"round {number:>2} scored; score pad saved as {path}")

    table.round_over_hooks.append(round_over)
    on_tick: Callable[[], bool] = table.window_play() if window else (lambda: True)
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
    except KeyboardInterrupt:  # Ctrl-C or SIGTERM: the log has every event, --resume carries on
        screen = None
    finally:
        table.close()
    for note in table.app.data_notes:
        say(note)  # what the database check found: a damaged or lost log is said, never hidden
    if screen is None or screen.phase is not Phase.GAME_OVER:
        again = f" --game {game}" if game != default_game() else ""
        say("Stopped. Carry on with: pirate-table demo --resume" + f" --players {players} --seed {seed}{again}")
        return 0
    for line in table.report():
        say(line)
    say("")
    for line in table.final_lines(screen):
        say(line)
    return 0
