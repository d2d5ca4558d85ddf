"""The cut-log sweep: a demo killed after any event resumes to the same FINAL lines.

A game is played whole with a fixed seed; then, for a choice of cuts N, the table is left as `kill -9` right after
the N-th event leaves it: a copy of its database whose event log ends at event N (the log is written before the
table acts, so what a kill leaves is always a prefix of it), the log's mark at N, the cards still lying where the
log says. A new virtual table resumes from that copy and plays to the end; its FINAL lines must be the whole game's.

`python -m table.sim.cut_sweep` (the `make resume-sweep` target) sweeps every k-th event of every game;
tests/sim/test_resume_cuts.py tries a few cuts per game in `make test`.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sqlite3
import sys
import tempfile
import time
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from table.commands.run import LOG_MARK
from table.core import catalog
from table.store.database import DATABASE_NAME
from table.store.seq_mark import write_mark

# The game each virtual table sweeps: (players, seed). Small enough for a sweep of every event to end in hours.
GAMES: dict[str, tuple[int, int]] = {
    "skullking": (3, 2013),
    "skullking-2021": (3, 2021),
    "piratenpoker": (3, 8),
    "flying-hollander": (3, 5),
    "skullking-dice": (3, 3),
}
HANG_MARGIN = 3_000  # ticks (100 s of the table's time) beyond twice the whole game's: a resumed game this long hangs


@dataclass
class Played:
    """A whole game as the virtual table played it: its FINAL lines and its event log, in order."""

    final: list[str]
    events: list[tuple[str, dict[str, Any]]]  # events[N - 1]: the N-th event's kind and fields, as logged
    folder: Path
    ticks: int  # how long it took: a resumed game that takes far longer hangs

    def after_laying(self, codes: Collection[str]) -> list[int]:
        """The cuts right after a card of one of these codes was laid (CardLaid)."""
        return [n for n, (kind, data) in enumerate(self.events, 1) if kind == "CardLaid" and data["code"] in codes]


@dataclass
class SweepResult:
    game: str
    events: int
    cuts: list[int] = field(default_factory=list)
    differences: list[tuple[int, str]] = field(default_factory=list)  # (cut, what went wrong)
    seconds: float = 0.0


def final_of(lines: Sequence[str]) -> list[str]:
    return [line for line in lines if line.startswith("FINAL ")]


def table_class(game: str) -> Any:
    module, name = catalog.game(game).virtual_table.split(":")
    return getattr(__import__(module, fromlist=[name]), name)


def play_whole(game: str, folder: Path, players: int, seed: int) -> Played:
    """Play the game from its start in `folder`; its FINAL lines and its event log."""
    table = table_class(game)(folder, players, seed)
    try:
        screen = table.run()
        final, ticks = final_of(table.final_lines(screen)), table.ticks
    finally:
        table.close()
    with sqlite3.connect(folder / DATABASE_NAME) as db:
        rows = db.execute("SELECT kind, data FROM event_log ORDER BY seq")
        events = [(kind, json.loads(data)) for kind, data in rows]
    db.close()
    return Played(final, events, folder, ticks)


def cut_copy(source: Path, target: Path, cut: int) -> None:
    """`target`: the data folder as kill -9 right after event `cut` leaves it (a prefix of the log, its mark)."""
    target.mkdir(parents=True)
    with sqlite3.connect(source / DATABASE_NAME) as old, sqlite3.connect(target / DATABASE_NAME) as new:
        old.backup(new)
        new.execute("DELETE FROM event_log WHERE seq > ?", (cut,))
    old.close()
    new.close()
    write_mark(target / LOG_MARK, cut)


def resumed_final(game: str, folder: Path, players: int, seed: int, max_ticks: int = 600_000) -> list[str]:
    """A new virtual table resumes the game in `folder` and plays it to its end: its FINAL lines."""
    table = table_class(game)(folder, players, seed)
    try:
        screen = table.run(max_ticks=max_ticks)
        return final_of(table.final_lines(screen))
    finally:
        table.close()


def sweep(
    game: str,
    cuts: Callable[[Played], Iterable[int]],
    players: int | None = None,
    seed: int | None = None,
    say: Callable[[str], None] = lambda line: None,  # each difference, as found
) -> SweepResult:
    """Play `game` whole, then resume it from every cut `cuts` picks; each cut's FINAL lines against the whole's."""
    default_players, default_seed = GAMES[game]
    players, seed = players or default_players, seed or default_seed
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix=f"cut-sweep-{game}-") as scratch:
        whole = play_whole(game, Path(scratch) / "whole", players, seed)
        result = SweepResult(game, len(whole.events))
        for cut in cuts(whole):
            folder = Path(scratch) / f"cut-{cut}"
            cut_copy(whole.folder, folder, cut)
            try:
                final = resumed_final(game, folder, players, seed, max_ticks=2 * whole.ticks + HANG_MARGIN)
                if final != whole.final:
                    result.differences.append((cut, f"FINAL lines {final} instead of {whole.final}"))
            except RuntimeError as error:  # the virtual table's "did not finish in N ticks": a hang
                result.differences.append((cut, str(error)))
            result.cuts.append(cut)
            shutil.rmtree(folder)
            if result.differences and result.differences[-1][0] == cut:
                say(f"{game}: cut after event {cut} ({whole.events[cut - 1][0]}): {result.differences[-1][1]}")
    result.seconds = time.monotonic() - started
    return result


def every(k: int) -> Callable[[Played], list[int]]:
    """Every k-th event of the log (and its last), from the first."""
    return lambda whole: sorted({*range(1, len(whole.events) + 1, k), len(whole.events)})


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--every", type=int, default=1, help="cut after every k-th event (default: every event)")
    parser.add_argument("--game", action="append", choices=sorted(GAMES), help="the games to sweep (default: all)")
    parser.add_argument("--players", type=int, help="players at every game (default: each game's in GAMES)")
    parser.add_argument("--seed", type=int, help="the seed of every game (default: each game's in GAMES)")
    options = parser.parse_args(argv)
    if options.every < 1:
        parser.error("--every must be 1 or more")
    differences = 0
    for game in options.game or list(GAMES):
        players, seed = options.players or GAMES[game][0], options.seed or GAMES[game][1]
        try:
            result = sweep(game, every(options.every), players, seed, say=lambda line: print(line, flush=True))
        except ValueError as error:  # players the game is not for
            parser.error(f"{game}: {error}")
        print(
            f"{game}: {players} players, seed {seed}, {result.events} events, {len(result.cuts)} cuts resumed, "
            f"{len(result.differences)} differences, {result.seconds:.0f} s",
            flush=True,
        )
        differences += len(result.differences)
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
