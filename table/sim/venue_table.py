"""One virtual table of the virtual venue (`pirate-table demo --tables N`), in a process of its own so that the
tables play in parallel and each has its own publisher thread, as real tables would:

    python -m table.sim.venue_table --table t2 --game piratenpoker --players 4 --seed 6 --folder DIR \
        --broker-port 41234 --password-file DIR/password

plays one whole game through the real app with bots at every seat, publishing to the broker as table "t2"
(without --broker-port it publishes nothing: the same game, for comparing). Its stdout is for the demo that
started it, one line each:

    WROTE <seq>            the table's outbox now ends at this result (progress, for timing the demo's faults)
    GAME <game id>         the game's id at the venue
    SENT <seq>             the venue acknowledged every result up to this one (or NOT SENT <n> <seq>: n it lacks)
    ...score pad lines, ending with the FINAL lines (table.sim.demo)

After the game it stays until the venue has acknowledged every result (table.venue.acks; the outbox is the durable
copy, so a table that stopped sooner would only send the rest at its next start); at most --send-wait seconds.
"""

from __future__ import annotations

import argparse
import dataclasses
import logging
import os
import sys
import time
from pathlib import Path

from table.config import default_text, parse_config
from table.core.frame import Phase
from table.venue.settings import VenueSettings

SEND_POLL = 0.02  # seconds between looks at the outbox while the last results go out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m table.sim.venue_table")
    parser.add_argument("--table", required=True, help="the table's id at the venue (t1, t2 ...)")
    parser.add_argument("--game", required=True, help="the game's catalog key")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--folder", type=Path, required=True, help="the table's own folder (its database)")
    parser.add_argument("--broker-port", type=int, help="the broker on 127.0.0.1; none: publish nothing")
    parser.add_argument("--password-file", type=Path, help="the table account's password")
    parser.add_argument("--send-wait", type=float, default=120.0, help="seconds to wait for the last results")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    args.folder.mkdir(parents=True, exist_ok=True)
    logging.basicConfig(
        filename=args.folder / "table.log", level=logging.INFO, format="%(asctime)s %(name)s %(message)s"
    )
    try:
        return play(args)
    except KeyboardInterrupt:  # the demo stops its tables with SIGTERM (below) or the user's Ctrl-C
        return 130


def play(args: argparse.Namespace) -> int:
    from table.sim.demo import virtual_table_class

    config = parse_config(default_text())
    if args.broker_port is not None:
        settings = VenueSettings(
            table=args.table, broker="127.0.0.1", port=args.broker_port, password_file=args.password_file
        )
        config = dataclasses.replace(config, venue=settings)
    table = virtual_table_class(args.game)(args.folder, args.players, args.seed, config=config)
    venue = table.app.venue
    written = 0

    def progress() -> bool:
        nonlocal written
        if venue is not None and venue.outbox.last_seq != written:
            written = venue.outbox.last_seq
            say(f"WROTE {written}")
        return True

    try:
        screen = table.run(on_tick=progress)
        if venue is not None:
            say(f"GAME {venue.outbox.game_id}")
            deadline = time.monotonic() + args.send_wait
            while venue.pending() and time.monotonic() < deadline:
                venue.pump()  # the app pumps only while it steps: the game is over, so the table does it here
                time.sleep(SEND_POLL)
            waiting = venue.pending()
            say(f"SENT {written}" if not waiting else f"NOT SENT {waiting} {written}")
    finally:
        table.close()
    if screen.phase is not Phase.GAME_OVER:
        say("the game did not end")
        return 1
    for line in table.final_lines(screen):
        say(line)
    return 0


def say(line: str) -> None:
    print(line, flush=True)


if __name__ == "__main__":
    sys.exit(main())
