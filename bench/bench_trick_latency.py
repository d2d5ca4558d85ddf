"""From the hub emulator writing a trick's last card to the winner's LED pin changing (gpiozero MockFactory)
with the screen model updated; and the peak memory of the headless demo.

The virtual table plays whole games (4 bots) until N tricks are measured. For each trick's last card: the clock
starts just before the emulator writes the PLACED frame, and stops when the winner's red LED pin has moved and
`screen()` shows the trick judged. Everything in between is the real path: pseudo-terminal, pyserial, frame
decoding, identification, event log (a durable SQLite commit), the flow, the effects, the LED.

    .venv/bin/python bench/bench_trick_latency.py [--tricks 1000]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from gpiozero import Device

from table.core.frame import Phase
from table.devices.lights import GOLD
from table.games.skullking.sim import VirtualTable

GOAL_P99_MS = 5.0
GOAL_RSS_MB = 150


def measure_tricks(wanted: int) -> list[float]:
    latencies: list[float] = []
    game = 0
    with tempfile.TemporaryDirectory() as folder:
        while len(latencies) < wanted:
            game += 1
            table = VirtualTable(Path(folder) / f"game-{game}", players=4, seed=game)
            lay = table.hands.lay

            def timed_lay(seat: int, card: object, table: VirtualTable = table, lay: object = lay) -> None:
                screen = table.flow.screen()
                last = screen.trick is not None and len(screen.trick.cards) == len(screen.players) - 1
                if screen.round == screen.rounds and screen.trick is not None and screen.trick.number == screen.round:
                    last = False  # the game's last trick lights the game's winners instead
                if card.code == "scarymary":  # type: ignore[attr-defined]
                    last = False  # she waits for her announcement, a button press: not judged on landing
                start = time.perf_counter()
                lay(seat, card)  # type: ignore[operator]
                if last:
                    latencies.append(wait_for_winner(table, start))

            table.hands.lay = timed_lay  # type: ignore[method-assign]
            try:
                table.app.resume()
                while table.flow.screen().phase is not Phase.GAME_OVER and len(latencies) < wanted:
                    table.tick()
            finally:
                table.close()
    return latencies


def wait_for_winner(table: VirtualTable, start: float) -> float:
    """Turn the table's loop until the trick is judged on the screen and the winner's LED pins show gold."""
    for _ in range(10_000):
        table.app.step(wait=0.01)
        screen = table.flow.screen()
        if screen.trick is not None and screen.trick.winner is not None:
            led = table.seats_config[screen.trick.winner].led
            states = [Device.pin_factory.pin(pin).state for pin in led]
            if all(abs(state - want) < 0.01 for state, want in zip(states, GOLD, strict=True)):
                return time.perf_counter() - start
    screen = table.flow.screen()
    shown = {seat: light.last_shown.name for seat, light in table.lights.items()}
    raise RuntimeError(f"never judged or never lit: {screen.phase} round {screen.round} {screen.trick} {shown}")


def peak_rss_of_demo() -> float:
    """Peak resident memory (MB) of `pirate-table demo` with 6 players, run as its own process."""
    with tempfile.TemporaryDirectory() as home:
        environment = {**os.environ, "PIRATE_TABLE_HOME": home}
        subprocess.run(
            [sys.executable, "-m", "table", "demo", "--headless", "--players", "6"],
            env=environment,
            check=True,
            capture_output=True,
        )
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tricks", type=int, default=1000)
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    latencies = sorted(measure_tricks(args.tricks))
    median = statistics.median(latencies) * 1000
    p99 = latencies[max(0, int(0.99 * len(latencies)) - 1)] * 1000
    print(
        f"last card written -> winner's LED pin + screen model, {len(latencies)} tricks: median {median:.2f} ms, "
        f"p99 {p99:.2f} ms, max {latencies[-1] * 1000:.2f} ms; goal p99 <= {GOAL_P99_MS} ms "
        f"(p99 / goal {p99 / GOAL_P99_MS:.2f})"
    )
    rss = peak_rss_of_demo()
    print(
        f"peak RSS of the headless demo (6 players): {rss:.0f} MB; goal <= {GOAL_RSS_MB} MB "
        f"(ratio {rss / GOAL_RSS_MB:.2f})"
    )


if __name__ == "__main__":
    main()
