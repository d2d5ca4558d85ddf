"""From the hub emulator writing a PLACED frame to the serial driver handing over the CardPlaced event.

The emulator and the real driver (pyserial on a pseudo-terminal) run in one process; the driver waits in
select() on its port as the table's main loop does. Prints the median and p99 over N events (default 10 000).

    .venv/bin/python bench/bench_hub_latency.py [--events 10000]
"""

from __future__ import annotations

import argparse
import os
import select
import statistics
import tempfile
import time
from pathlib import Path

from table.core.events import CardPlaced, CardRemoved
from table.devices.hub_emulator import HubEmulator
from table.devices.nfc import HubLink, LinkState

GOAL_P99_MS = 2.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=10_000)
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})

    with tempfile.TemporaryDirectory() as folder:
        hub = HubEmulator(Path(folder), heartbeat_ms=60_000)  # no heartbeats in the way of the measurement
        link = HubLink(lambda: str(hub.path), time.monotonic)
        while link.state is not LinkState.CONNECTED:
            hub.service(time.monotonic())
            link.poll()
        for _ in range(20):  # the snapshot after the handshake
            hub.service(time.monotonic())
            link.poll()

        latencies = []
        uid = bytes.fromhex("04A2241A5C6480")
        for n in range(args.events):
            reader = n % 6
            start = time.perf_counter()
            hub.place(reader, uid, "yellow:12")
            events: list = []
            while not events:
                select.select([link.fileno()], [], [], 1.0)
                events = link.poll()
            latencies.append(time.perf_counter() - start)
            assert events == [CardPlaced(reader, uid.hex().upper(), "yellow:12")], events
            hub.remove(reader)
            while link.poll() != [CardRemoved(reader)]:
                select.select([link.fileno()], [], [], 1.0)
        link.close()
        hub.unplug()

    latencies.sort()
    median = statistics.median(latencies) * 1000
    p99 = latencies[int(0.99 * len(latencies)) - 1] * 1000
    print(
        f"frame written -> event handed over, {len(latencies)} events: median {median:.3f} ms, p99 {p99:.3f} ms, "
        f"max {latencies[-1] * 1000:.3f} ms; goal p99 <= {GOAL_P99_MS} ms (p99 / goal {p99 / GOAL_P99_MS:.2f})"
    )


if __name__ == "__main__":
    main()
