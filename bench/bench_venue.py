"""Scale of the venue: 30 virtual tables at full speed into one Mosquitto and one venue service on this machine.

Each table is its own process (table.sim.venue_table: the real app, its outbox and publisher thread) playing one
whole game flat out; the venue is `pirate-table venue` in a process of its own, so its memory and CPU are its own
(read from /proc). Measured:

- messages per second the venue stored: per wall-clock second of the run (by the store's `received` time), the
  median over the run's full seconds, and the busiest second;
- latency from a result's `at` (the table's wall clock, time.time, when the result was written to its outbox, i.e.
  when the trick was judged) to the venue's `received` (its wall clock when it stored it): median and p99, for
  tricks and for every result;
- the venue's peak RSS (VmHWM) and its CPU seconds per 1 000 messages stored;
- the venue's database size per 1 000 games (extrapolated from the games of the run);
- then a burst: every table's account publishes BURST synthetic tricks as fast as paho takes them, to see the most
  the one venue stores per second, and whether the broker dropped any on the way to it.

    .venv/bin/python bench/bench_venue.py [--tables 30] [--runs 3] [--burst 300]
"""

from __future__ import annotations

import argparse
import http.client
import json
import math
import os
import shutil
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt

from table.sim.venue_demo import TableRun, game_of, package_environment, start_table
from table.venue.broker import VENUE_USER, LocalBroker, free_port, table_user
from table.venue.store import DATABASE_NAME
from table.venue.topics import Envelope, events_topic

GOAL_P99_MS = 250.0
DEADLINE = 600.0  # seconds for one run's games to reach the venue
TICKS = os.sysconf("SC_CLK_TCK")
POLLERS = 8  # clients polling the venue page at once (its waitress serves 8 threads)
STALL = 5.0  # seconds without a new message at the venue: the burst is over (what is missing, the broker dropped)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--burst", type=int, default=300, help="synthetic tricks per table after the games")
    parser.add_argument(
        "--nice", type=int, default=0, help="lower the tables' priority by this much (their CPU is not the venue's)"
    )
    parser.add_argument(
        "--max-queued", type=int, default=0, help="the broker's max_queued_messages (0: Mosquitto's default, 1000)"
    )
    args = parser.parse_args()
    results = [
        one_run(args.tables, args.players, 100 * run, args.burst, args.nice, args.max_queued)
        for run in range(args.runs)
    ]
    print()
    print(f"median of {len(results)} runs ({args.tables} tables, {args.players} players each):")
    for key in results[0]:
        values = [result[key] for result in results]
        print(f"  {key:<34} {statistics.median(values):>10.1f}   runs: {', '.join(f'{v:.1f}' for v in values)}")
    p99 = statistics.median(result["trick p99 ms"] for result in results)
    print(f"goal: a trick at the venue within {GOAL_P99_MS:.0f} ms (p99): {'met' if p99 <= GOAL_P99_MS else 'NOT met'}")


def one_run(tables: int, players: int, seed: int, burst: int, nice: int, max_queued: int) -> dict[str, float]:
    folder = Path(tempfile.mkdtemp(prefix="bench-venue-"))
    ids = [f"t{index}" for index in range(1, tables + 1)]
    broker = LocalBroker(folder / "broker", ids)
    venue: subprocess.Popen[str] | None = None
    runs: list[TableRun] = []
    if max_queued:  # how many messages the broker keeps for a subscriber (the venue) that falls behind
        with (broker.folder / "mosquitto.conf").open("a") as config:
            config.write(f"max_queued_messages {max_queued}\n")
    try:
        broker.start()
        venue, connected, port = start_venue(folder, broker)
        if not connected.wait(30):
            raise SystemExit("the venue did not connect to the broker")
        cpu_before = cpu_seconds(venue.pid)
        started = time.monotonic()
        for index, table in enumerate(ids, start=1):
            game = game_of(index)
            runs.append(start_table(folder / table, table, game, seed + index, players, broker.port,
                                    broker.passwords[table_user(table)], nice))  # fmt: skip
        database = folder / "venue" / DATABASE_NAME
        while not (all(run.finished for run in runs) and stored(database) >= sum(run.written for run in runs)):
            if time.monotonic() - started > DEADLINE:
                raise SystemExit(f"not done in {DEADLINE:.0f} s: {stored(database)} stored")
            time.sleep(0.2)
        elapsed = time.monotonic() - started
        cpu = cpu_seconds(venue.pid) - cpu_before
        failed = [run.table for run in runs if run.process.returncode != 0]
        if failed:
            raise SystemExit(f"tables {failed} failed: see {folder}")
        result = measure(database, len(runs), cpu, elapsed)
        result.update(measure_polls(port, POLLERS))
        result.update(measure_burst(database, broker, ids, burst))
        result["venue peak RSS MB"] = peak_rss_mb(venue.pid)
        for key, value in result.items():
            print(f"  {key:<34} {value:>10.1f}")
        return result
    finally:
        for run in runs:
            if run.process.poll() is None:
                os.killpg(run.process.pid, signal.SIGKILL)
                run.process.wait()
        if venue is not None:
            venue.terminate()
            venue.wait(timeout=10)
        broker.kill()
        shutil.rmtree(folder, ignore_errors=True)


def start_venue(folder: Path, broker: LocalBroker) -> tuple[subprocess.Popen[str], threading.Event, int]:
    """`pirate-table venue` in its own process, its data folder under `folder`; the event is set once it has
    subscribed; the port of its page."""
    (folder / "venue").mkdir(parents=True)
    password = folder / "venue-password"
    password.write_text(broker.passwords[VENUE_USER])
    config, port = folder / "venue.toml", free_port()
    config.write_text(
        f'[broker]\nhost = "127.0.0.1"\nport = {broker.port}\npassword_file = "{password}"\n'
        f'[web]\nhost = "127.0.0.1"\nport = {port}\n'
    )
    environment = {**package_environment(), "PIRATE_TABLE_HOME": str(folder), "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(
        [sys.executable, "-m", "table", "venue", "--config", str(config)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=environment,
    )  # fmt: skip
    connected = threading.Event()

    def read() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            if "connected to the broker" in line:
                connected.set()

    threading.Thread(target=read, daemon=True).start()
    return process, connected, port


def stored(database: Path) -> int:
    if not database.exists():
        return 0
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as db:
        return int(db.execute("SELECT count(*) FROM envelopes").fetchone()[0])


def rows(database: Path, sql: str, *params: Any) -> list[tuple[Any, ...]]:
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as db:
        return db.execute(sql, params).fetchall()


def measure(database: Path, games: int, cpu: float, elapsed: float) -> dict[str, float]:
    envelopes = rows(database, "SELECT kind, at, received FROM envelopes")
    per_second = Counter(int(received) for _, _, received in envelopes)
    full = sorted(per_second)[1:-1] or sorted(per_second)  # the first and last seconds are partial
    tricks = sorted((received - at) * 1000 for kind, at, received in envelopes if kind == "trick")
    first = min(received for _, _, received in envelopes)
    steady = sorted((received - at) * 1000 for kind, at, received in envelopes if kind == "trick" and at > first + 5)
    every = sorted((received - at) * 1000 for _, at, received in envelopes)
    size = database_bytes(database)
    return {
        "games": games,
        "results stored": len(envelopes),
        "run seconds": elapsed,
        "stored/s median": statistics.median(per_second[second] for second in full),
        "stored/s busiest second": max(per_second.values()),
        "trick median ms": statistics.median(tricks),
        "trick p99 ms": percentile(tricks, 99),
        "trick p99 ms after the first 5 s": percentile(steady, 99),
        "all results p99 ms": percentile(every, 99),
        "venue CPU s per 1000 messages": cpu / len(envelopes) * 1000,
        "database MB per 1000 games": size / games * 1000 / 1e6,
    }


def measure_burst(database: Path, broker: LocalBroker, tables: list[str], burst: int) -> dict[str, float]:
    """Every table's account publishes `burst` tricks (seqs after its game's) as fast as paho takes them."""
    if burst <= 0:
        return {}
    trick = json.loads(rows(database, "SELECT data FROM envelopes WHERE kind = 'trick' LIMIT 1")[0][0])
    last = dict(rows(database, "SELECT table_id, max(seq) FROM envelopes GROUP BY table_id"))
    games = dict(rows(database, "SELECT table_id, game_id FROM envelopes GROUP BY table_id"))
    before = stored(database)
    clients = []
    started = time.time()
    for table in tables:
        client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=f"bench-{table}")
        client.username_pw_set(table_user(table), broker.passwords[table_user(table)])
        client.max_inflight_messages_set(20)
        client.connect("127.0.0.1", broker.port)
        client.loop_start()
        clients.append((table, client))
    for number in range(1, burst + 1):
        for table, client in clients:
            envelope = Envelope(table, last[table] + number, games[table], "trick", time.time(), trick)
            client.publish(events_topic(table), envelope.to_json(), qos=1)
    sent = burst * len(tables)
    count, still_since = stored(database), time.monotonic()
    while count < before + sent and time.monotonic() - still_since < STALL:  # the broker may drop some
        time.sleep(0.2)
        if (now := stored(database)) != count:
            count, still_since = now, time.monotonic()
    for _, client in clients:
        client.disconnect()
        client.loop_stop()
    arrived = rows(database, "SELECT received FROM envelopes WHERE received >= ? ORDER BY received", started)
    span = arrived[-1][0] - arrived[0][0] if len(arrived) > 1 else 1.0
    return {"burst sent": sent, "burst stored": len(arrived), "burst stored/s": len(arrived) / span}


def measure_polls(port: int, pollers: int, seconds: float = 3.0) -> dict[str, float]:
    """The venue page's polls (/api/live, as every open page asks every 2 s): `pollers` keep-alive clients at
    once, each asking for the live parts as a page that missed the last change does (served from the venue's
    rendered copy, as between two changes)."""
    counts = [0] * pollers
    path = "/api/live?version=0&parts=tables,results,standings"
    stop = time.monotonic() + seconds

    def poll(index: int) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        while time.monotonic() < stop:
            connection.request("GET", path)
            response = connection.getresponse()
            response.read()
            counts[index] += response.status == 200
        connection.close()

    threads = [threading.Thread(target=poll, args=(index,)) for index in range(pollers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return {"page polls/s": sum(counts) / seconds}


def database_bytes(database: Path) -> int:
    """The database's pages in use (the WAL checkpointed into it would come to this)."""
    ((pages, size),) = rows(database, "SELECT page_count, page_size FROM pragma_page_count, pragma_page_size")
    return int(pages * size)


def percentile(values: list[float], p: float) -> float:
    """The p-th percentile of sorted `values`; nan for none (a run shorter than 5 s has no steady tricks)."""
    return values[min(len(values) - 1, int(len(values) * p / 100))] if values else math.nan


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS  # utime, stime


def peak_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


if __name__ == "__main__":
    main()
