"""`pirate-table demo --tables N`: a virtual venue on this machine. A local Mosquitto (table.venue.broker), the
venue service in this process (table.venue.service, its web page on a free port), and N virtual tables t1..tN,
each in a process of its own (table.sim.venue_table) playing one whole game with bots and publishing its results.
The tables play different games of the catalog and share one pool of player names, so the league has players who
played at several tables.

When every table has finished and the venue has each table's game_over, it prints each table's FINAL lines and the
league's standings as `STANDING <place> <name> <points>` lines (spaces in names as `_`).

`--faults`: while the tables play, the broker is killed (-9) and started again, and one table's link to it is
cut for a while (through table.sim.proxy) and restored. Both are timed by the tables' progress (the results they
have written), so they happen mid-game on a fast or a slow machine. The tables play on, their outboxes keep what
the broker could not take, and the standings come out the same as without faults.

Everything lives in the data folder's `venue-demo/`, wiped at each start; Ctrl-C stops the tables, the venue and
the broker. The venue page lives as long as the demo: `--serve` keeps it (and the broker) up after the evening's
results until Ctrl-C, which then says goodbye.
"""

from __future__ import annotations

import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from table.core import catalog
from table.kiosk import TableBusy, TableLock
from table.paths import data_home
from table.sim.proxy import Proxy
from table.venue import league
from table.venue.broker import VENUE_USER, LocalBroker, table_user
from table.venue.service import Venue
from table.venue.store import DATABASE_NAME
from table.venue.venue_config import BrokerSettings, VenueConfig, WebSettings

MAX_TABLES = 30
LOCK = "venue-demo.lock"
POLL = 0.05  # seconds between looks at the tables and the venue
DEADLINE = 90.0  # seconds for the whole evening, plus PER_TABLE for each table (2 cores play 30 tables slowly)
PER_TABLE = 8.0
SETTLE = 15.0  # seconds the venue may take to have every game_over once every table has sent all it had
# --faults, counted in results the tables have written (a game writes 30 to 70: a start, tricks, rounds, an end):
CUT_AT = 3  # the last table's link is cut once it has written this many
CUT_FOR = 12  # ... and restored once it has written this many more (or its game is over)
KILL_AFTER = 8  # the broker is killed once every table still playing has written this many
DOWN_FOR = 4  # ... and started again once each has written this many more (or its game is over)
DOWN_AT_LEAST = 0.5  # seconds


@dataclass
class TableRun:
    """One table's process and what its stdout said (read by a thread of its own)."""

    table: str
    game: str
    seed: int
    process: subprocess.Popen[str]
    written: int = 0
    sent: str = ""
    game_id: str = ""
    lines: list[str] = field(default_factory=list)

    def read(self) -> None:
        assert self.process.stdout is not None
        for raw in self.process.stdout:
            line = raw.rstrip("\n")
            if line.startswith("WROTE "):
                self.written = int(line.split()[1])
            elif line.startswith("GAME "):
                self.game_id = line.split()[1]
            elif line.startswith(("SENT ", "NOT SENT ")):
                self.sent = line
            else:
                self.lines.append(line)

    @property
    def finished(self) -> bool:
        return self.process.poll() is not None

    @property
    def final_lines(self) -> list[str]:
        return [line for line in self.lines if line.startswith("FINAL ")]


def venue_games() -> tuple[str, ...]:
    """The games the venue's virtual tables play: the catalog's with a virtual table, in its order; a dice game's
    thrown dice are read by the vision pipeline, too slow for 30 tables on 2 cores, so dice games are left out."""
    return tuple(entry.key for entry in catalog.games() if entry.virtual_table and not entry.dice)


def game_of(index: int) -> str:
    """The game at table t<index>: the venue's games in turn."""
    games = venue_games()
    return games[(index - 1) % len(games)]


def start_table(
    folder: Path, table: str, game: str, seed: int, players: int, port: int, password: str, nice: int = 0
) -> TableRun:
    """A virtual table in a process of its own (table.sim.venue_table), publishing to the broker on 127.0.0.1;
    `nice`: its priority lowered by this much (the benchmark keeps the tables' CPU from the venue's)."""
    folder.mkdir(parents=True)
    password_file = folder / "broker-password"
    password_file.write_text(password)
    password_file.chmod(0o600)
    command = [sys.executable, "-m", "table.sim.venue_table", "--table", table, "--game", game,
               "--players", str(players), "--seed", str(seed), "--folder", str(folder),
               "--broker-port", str(port), "--password-file", str(password_file)]  # fmt: skip
    with (folder / "stderr.txt").open("w") as errors:
        process = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=errors, text=True, env=package_environment(),
            start_new_session=True, preexec_fn=(lambda: os.nice(nice)) if nice else None,
        )  # fmt: skip  # its own session: Ctrl-C reaches the demo, which stops the tables itself
    run = TableRun(table, game, seed, process)
    threading.Thread(target=run.read, daemon=True, name=f"read-{table}").start()
    return run


def package_environment() -> dict[str, str]:
    """The environment with the `table` package's folder on PYTHONPATH (a source tree as well as installed)."""
    source = str(Path(__file__).resolve().parents[2])
    return {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [source, os.environ.get("PYTHONPATH")]))}


def _until_interrupted() -> None:
    """Until Ctrl-C or SIGTERM (both raise KeyboardInterrupt here)."""
    while True:
        time.sleep(3600)


def run_venue_demo(
    tables: int,
    players: int,
    seed: int,
    faults: bool = False,
    say: Callable[[str], None] = print,
    serve: bool = False,
    serve_until: Callable[[], None] = _until_interrupted,
) -> int:
    """The virtual venue; 0 when every table's game reached the venue, 1 when not, 130 when stopped before the end.
    `serve`: then the venue page stays up until `serve_until` returns or is interrupted (Ctrl-C, SIGTERM)."""
    try:
        with TableLock(data_home(), LOCK):
            demo = VenueDemo(tables, players, seed, faults, say)
            demo.serve_until = serve_until if serve else None
            return demo.run()
    except TableBusy as error:
        say(f"pirate-table demo: {error}")
        return 2


class VenueDemo:
    def __init__(self, tables: int, players: int, seed: int, faults: bool, say: Callable[[str], None]) -> None:
        self.ids = [f"t{index}" for index in range(1, tables + 1)]
        self.players, self.seed, self.faults, self.say = players, seed, faults, say
        self.folder = data_home() / "venue-demo"
        self.broker: LocalBroker | None = None
        self.venue: Venue | None = None
        self.proxy: Proxy | None = None
        self.runs: list[TableRun] = []
        self.cut_table = self.ids[-1]  # --faults: the table whose link is cut
        self.serve_until: Callable[[], None] | None = None  # --serve: the venue page stays up until it returns

    def run(self) -> int:
        code: int | None = None
        try:
            code = self._run()
            if self.serve_until is not None and self.venue is not None:
                self.say(f"Serving the venue page at {self.venue.web_url} until Ctrl-C")
                self.serve_until()
            return code
        except KeyboardInterrupt:
            if code is not None:  # the evening was over: Ctrl-C was the way out of --serve
                self.say("Goodbye: the venue page and the broker are stopped")
                return code
            self.say("Stopped: the tables, the venue and the broker are stopped")
            return 130
        finally:
            self._stop()

    def _run(self) -> int:
        shutil.rmtree(self.folder, ignore_errors=True)
        self.folder.mkdir(parents=True)
        self.broker = LocalBroker(self.folder / "broker", self.ids)
        self.broker.start()
        self.say(f"Broker: mosquitto on 127.0.0.1:{self.broker.port}")
        self.venue = self._start_venue(self.broker)
        if not self.venue.wait_connected(15):
            self.say(f"pirate-table demo: the venue could not subscribe at the broker ({self.venue.state})")
            return 1
        lasts = "until Ctrl-C" if self.serve_until is not None else "while the demo runs; --serve keeps it up"
        self.say(f"Venue: {self.venue.web_url} ({lasts})")
        if self.faults:
            self.proxy = Proxy(self.broker.port)
        for index, table in enumerate(self.ids, start=1):
            self.runs.append(self._start_table(index, table, self.broker))
            self.say(f"Table {table}: {game_of(index)}, seed {self.seed + index - 1}")
        missing = self._wait(DEADLINE + PER_TABLE * len(self.ids))
        if missing:
            self.say("pirate-table demo: the evening did not come to its end:")
            for line in missing:
                self.say(f"  {line}")
            return 1
        self._results()
        return 0

    # --- Starting ---------------------------------------------------------------------------------------------------

    def _start_venue(self, broker: LocalBroker) -> Venue:
        folder = self.folder / "venue"
        folder.mkdir()
        password = folder / "broker-password"
        password.write_text(broker.passwords[VENUE_USER])
        password.chmod(0o600)
        config = VenueConfig(
            path=folder / "venue.toml",
            broker=BrokerSettings(host="127.0.0.1", port=broker.port, password_file=password),
            web=WebSettings(host="127.0.0.1", port=0),
        )
        venue = Venue(config, folder)
        venue.start()
        return venue

    def _start_table(self, index: int, table: str, broker: LocalBroker) -> TableRun:
        port = self.proxy.port if self.proxy is not None and table == self.cut_table else broker.port
        password = broker.passwords[table_user(table)]
        return start_table(self.folder / table, table, game_of(index), self.seed + index - 1, self.players, port,
                           password)  # fmt: skip

    # --- Waiting --------------------------------------------------------------------------------------------------

    def _wait(self, seconds: float) -> list[str]:
        """Until every table finished and the venue has each one's game_over; what is missing at the deadline."""
        deadline = time.monotonic() + seconds
        faults = [self._link_fault(), self._broker_fault()] if self.faults else []
        while True:
            faults = [fault for fault in faults if next(fault, True) is None]  # each runs to its next wait
            missing = self._missing()
            if not missing:
                return []
            if all(run.finished for run in self.runs):  # only the venue is waited for: not for long
                deadline = min(deadline, time.monotonic() + SETTLE)
            if time.monotonic() > deadline:
                return missing
            time.sleep(POLL)

    def _missing(self) -> list[str]:
        assert self.venue is not None
        over = {game.table for game in self.venue.store.games()}
        missing = []
        for run in self.runs:
            if run.finished and run.process.returncode != 0:
                missing.append(f"table {run.table} stopped with exit code {run.process.returncode} "
                               f"(see {self.folder / run.table / 'stderr.txt'})")  # fmt: skip
            elif not run.finished:
                missing.append(f"table {run.table} is still playing or sending ({run.written} results written)")
            elif run.table not in over:
                why = (
                    "the venue acknowledged every result of the table, but its game_over is not in the store"
                    if run.sent.startswith("SENT")
                    else f"the table could not send all its results: {run.sent or 'it did not say'}"
                )
                missing.append(f"the venue has no game_over from table {run.table} ({why})")
        return missing

    def _broker_fault(self) -> Iterator[None]:
        """Kill the broker mid-game and start it again; each step waits for the tables' progress (results
        written), so it hits mid-game whatever the machine's speed. A generator: one step per look."""
        assert self.broker is not None
        playing = lambda: [run for run in self.runs if not run.finished]  # noqa: E731
        while any(run.written < KILL_AFTER for run in playing()):
            yield
        self.broker.kill()
        killed_at = time.monotonic()
        marks = {run.table: run.written for run in self.runs}
        self.say(f"FAULT: the broker killed (-9) with {self._written()} results written")
        while time.monotonic() - killed_at < DOWN_AT_LEAST or any(
            run.written < marks[run.table] + DOWN_FOR and not run.game_id for run in playing()
        ):
            yield
        self.broker.start()
        self.say(f"FAULT: the broker started again after {time.monotonic() - killed_at:.1f} s, "
                 f"{self._written()} results written")  # fmt: skip

    def _link_fault(self) -> Iterator[None]:
        """Cut one table's link to the broker for a while (its connection goes through the proxy)."""
        assert self.proxy is not None
        cut = next(run for run in self.runs if run.table == self.cut_table)
        while cut.written < CUT_AT and not cut.game_id:
            yield
        self.proxy.cut()
        self.say(f"FAULT: table {cut.table} cut off from the broker at its result {cut.written}")
        mark = cut.written
        while cut.written < mark + CUT_FOR and not cut.game_id:
            yield
        self.proxy.restore()
        self.say(f"FAULT: table {cut.table} connected again at its result {cut.written}")

    def _written(self) -> int:
        return sum(run.written for run in self.runs)

    # --- The end --------------------------------------------------------------------------------------------------

    def _results(self) -> None:
        assert self.venue is not None
        stored = self._stored()
        for run in self.runs:
            have = stored.get(run.table, 0)
            got = (
                f"the venue has all {run.written} results"
                if have == run.written
                else (f"the venue has {have} of its {run.written} results ({run.written - have} lost)")
            )
            self.say("")
            self.say(f"== Table {run.table}: {run.game}, seed {run.seed}, game {run.game_id}: {got}")
            for line in run.final_lines:
                self.say(line)
        games = self.venue.store.games()
        self.say("")
        self.say(f"League: {len(games)} games, standings at {self.venue.web_url}")
        for standing in league.standings(games, self.venue.config.league):
            self.say(f"STANDING {standing.place} {standing.name.replace(' ', '_')} {standing.points}")

    def _stored(self) -> dict[str, int]:
        """Per table: how many of its results the venue stored (read beside the venue: the store counts all)."""
        with sqlite3.connect(f"file:{self.folder / 'venue' / DATABASE_NAME}?mode=ro", uri=True) as db:
            rows = db.execute("SELECT table_id, count(*) FROM envelopes GROUP BY table_id").fetchall()
        return dict(rows)

    def _stop(self) -> None:
        """Everything this demo started, whatever happened: no table process nor mosquitto is left behind."""
        for run in self.runs:
            if run.process.poll() is None:
                os.killpg(run.process.pid, signal.SIGTERM)
        for run in self.runs:
            try:
                run.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                os.killpg(run.process.pid, signal.SIGKILL)
                run.process.wait(timeout=5)
        if self.proxy is not None:
            self.proxy.close()
        if self.venue is not None:
            self.venue.stop()
        if self.broker is not None:
            try:
                self.broker.stop()
            finally:
                self.broker.kill()
