"""A whole evening at one table, measured: every game the catalog has, played back to back by the virtual table's
bots, with faults on and a "kill" in the middle of every game (the table closed and a new one started on the same
data folder, resuming from the log), `--games` games in all. The bots play far faster than people (a Skull King
game takes them a minute or two of the table's clock), so 50 games are several evenings of real play: a café
evening of six hours holds about a dozen.

Prints, per game played: the game, its players, the table's clock, the database's size, the process's resident
memory; then the medians, the memory's growth from the first games to the last (flat: a leak would grow with
every game), the database's growth per game, and the CPU an idle table costs (a real app waiting in its lobby on
the real clock, `--idle` seconds). Nothing is lost: every game's FINAL lines must match a run of the same seed
without the kill (checked for the first game of each kind).

    .venv/bin/python bench/bench_evening.py [--games 50] [--seed 1] [--idle 20]
"""

from __future__ import annotations

import argparse
import logging
import os
import platform
import resource
import shutil
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from table.commands.run import load_game_views
from table.core import catalog
from table.sim.demo import virtual_table_class


def resident_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def play(home: Path, game: str, players: int, seed: int, kill_after: int | None) -> tuple[list[str], float]:
    """One game to its end (closed once after `kill_after` ticks, then resumed); its FINAL lines, its clock."""
    make = virtual_table_class(game)
    table: Any = make(home, players, seed, faults=True)
    before = 0.0  # the table's clock until the kill (a new table's clock starts again at 0)
    if kill_after is not None:
        ticks = iter(range(kill_after))
        table.run(on_tick=lambda: next(ticks, None) is not None)  # stops there: as a kill, the log stays
        before = table.clock.now
        table.close()
        table = make(home, players, seed, faults=True)
    screen = table.run(on_tick=lambda: True)
    clock = before + table.clock.now
    table.close()
    return [line for line in table.final_lines(screen) if line.startswith("FINAL")], clock


def database_kb(home: Path) -> float:
    """The database's size once its write-ahead log is folded in (what the game costs on the card)."""
    connection = sqlite3.connect(home / "table.sqlite3")
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    (pages,) = connection.execute("PRAGMA page_count").fetchone()
    (page,) = connection.execute("PRAGMA page_size").fetchone()
    connection.close()
    return pages * page / 1024


def idle_cpu(seconds: float) -> float:
    """The CPU share of a real app waiting in its lobby, on the real clock (the loop as `run` turns it)."""
    from table.sim.sim_table import SimTable

    home = Path(tempfile.mkdtemp(prefix="pirate-table-idle-"))
    table = SimTable(home, 4, 1, None)
    table.app.clock = time.monotonic
    table.app.resume()
    start_cpu, start = time.process_time(), time.monotonic()
    while time.monotonic() - start < seconds:
        table.hub.service(time.monotonic())
        table.app.step()
    share = (time.process_time() - start_cpu) / (time.monotonic() - start)
    table.close()
    shutil.rmtree(home, ignore_errors=True)
    return share


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50, help="games played back to back (default 50)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--idle", type=float, default=20.0, help="real seconds of an idle table measured")
    args = parser.parse_args()

    logging.basicConfig(filename=os.devnull)  # the faults' warnings would fill the report
    pygame.display.init()
    pygame.font.init()
    load_game_views()
    games = [entry for entry in catalog.games() if entry.virtual_table]
    root = Path(tempfile.mkdtemp(prefix="pirate-table-evening-"))
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    print(f"games: {', '.join(entry.key for entry in games)}; faults on, each game closed once and resumed")
    played: list[tuple[str, float, float, float]] = []  # game, clock, database kB, resident MB
    checked: set[str] = set()
    clock, number = 0.0, 0
    started = time.monotonic()
    while number < args.games:
        entry = games[number % len(games)]
        players = min(max(4, entry.min_players), entry.max_players)
        seed = args.seed + number
        home = root / f"{number:03}-{entry.key}"
        finals, seconds = play(home, entry.key, players, seed, kill_after=400 + 37 * number)
        if entry.key not in checked:  # nothing lost: the same seed, never killed, ends the same
            calm, _ = play(root / f"calm-{entry.key}", entry.key, players, seed, kill_after=None)
            assert calm == finals, f"{entry.key}: {calm} != {finals} after the kill"
            checked.add(entry.key)
        size = database_kb(home)
        clock += seconds
        number += 1
        played.append((entry.key, seconds, size, resident_mb()))
        print(f"{number:3} {entry.key:18} {players} players  {seconds / 60:6.1f} min  db {size:7.0f} kB  "
              f"rss {played[-1][3]:6.1f} MB  (table clock {clock / 3600:4.2f} h)")  # fmt: skip
        shutil.rmtree(home, ignore_errors=True)
    wall = time.monotonic() - started
    print(f"\n{number} games, {clock / 3600:.2f} h of the table's clock in {wall / 60:.1f} min of the machine's")
    for key in sorted({game for game, *_ in played}):
        rows = [row for row in played if row[0] == key]
        print(f"{key:18} {len(rows):3} games  median {statistics.median(r[1] for r in rows) / 60:5.1f} min, "
              f"database {statistics.median(r[2] for r in rows):6.0f} kB per game")  # fmt: skip
    third = max(1, len(played) // 3)
    early, late = statistics.median(r[3] for r in played[:third]), statistics.median(r[3] for r in played[-third:])
    print(f"resident memory: {early:.1f} MB (first third) -> {late:.1f} MB (last third), ratio {late / early:.2f}")
    share = idle_cpu(args.idle)
    print(f"idle table: {100 * share:.1f} % of one core ({args.idle:.0f} s in the lobby), goal < 5 %")
    shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
