"""The `pirate-table` command."""

from __future__ import annotations

import argparse
import logging
import os
import sys
import warnings
from collections.abc import Iterator
from contextlib import contextmanager

from table.commands import badge as badge_command
from table.commands import decks as deck_commands
from table.commands import dice as dice_commands
from table.commands import operator as operator_command
from table.commands import referee
from table.commands import venue as venue_commands
from table.core import catalog
from table.kiosk import TableBusy, TableLock, stop_on_sigterm
from table.logfile import GuardedFileHandler
from table.paths import data_home
from table.store.database import StoreError
from table.venue import broker_setup

LOG_NAME = "pirate-table.log"
HARDWARE_DICE = ("capture", "calibrate")  # the dice commands that take the camera
HUB_COMMANDS = ("enroll", "write-tags", "write-badge", "selftest")  # they take the seat hub (and the LEDs)
NO_GPIO = (
    "no GPIO pins here. Run it on the table's Raspberry Pi (or with GPIOZERO_PIN_FACTORY=mock "
    "GPIOZERO_MOCK_PIN_CLASS=mockpwmpin to try it without one; `pirate-table demo` is the table without hardware)."
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="pirate-table", description="Pirate Table: a table that referees pirate games."
    )
    commands = parser.add_subparsers(dest="command", required=True)

    ref = commands.add_parser("referee", help="answer rules questions as JSON lines on stdin/stdout")
    ref.add_argument("--strict", action="store_true", help="exit 1 if any line could not be answered")

    with_demo = [entry for entry in catalog.games() if entry.virtual_table]
    demo = commands.add_parser(
        "demo", help=f"the virtual table: bots play a whole game ({with_demo[0].key} by default)"
    )
    demo.add_argument(
        "--game",
        choices=[entry.key for entry in with_demo],
        help=f"the game to play (default {with_demo[0].key}; `pirate-table games` lists them); a dice game's dice "
        "are thrown into a rendered tray and read by the vision pipeline",
    )
    demo.add_argument("--players", type=int, help="as many as the game takes (default 4; --resume: the saved game's)")
    demo.add_argument(
        "--seed", type=int, help="the same seed plays the same game (default 2013; --resume: the saved game's)"
    )
    demo.add_argument("--speed", type=_speed, help="1 plays in real time, 2 twice as fast; default: flat out")
    screen = demo.add_mutually_exclusive_group()
    screen.add_argument(
        "--headless", action="store_true", help="no window, bots at every seat (the default without a display)"
    )
    screen.add_argument(
        "--window",
        action="store_true",
        help="the scoreboard in a window: the card game's seat 1 is yours; in the dice game you are the operator",
    )
    demo.add_argument("--resume", action="store_true", help="carry on with the game the demo was playing")
    demo.add_argument(
        "--tables",
        type=int,
        help="a virtual venue: a local broker, the venue service and this many virtual tables (1 to 30), each "
        "playing a game of its own; prints each table's FINAL lines and the league's STANDING lines",
    )
    demo.add_argument(
        "--serve",
        action="store_true",
        help="with --tables: keep the venue page (and its broker) up after the evening's results, until Ctrl-C",
    )
    demo.add_argument(
        "--faults",
        action="store_true",
        help="trouble: garbage, damaged frames, an unplugged hub (cards); the camera dropping out, a hand over the "
        "tray, dice on an edge, dice nudged (dice); with --tables: the broker killed and restarted, a table cut off",
    )

    deck_commands.register(commands)
    badge_command.register(commands)
    dice_commands.register(commands)
    commands.add_parser("games", help="list the games this table plays: key, name, players, what each needs")
    operator_command.register(commands)
    commands.add_parser("selftest", help="walk through every seat's LED, reader and buttons")
    run = commands.add_parser("run", help="the real table, from its configuration (fullscreen scoreboard)")
    run.add_argument("--window", action="store_true", help="a window instead of the full screen")
    broker_setup.register(commands)
    venue_commands.register(commands)

    args = parser.parse_args(argv)
    stop_on_sigterm()  # systemctl stop, a shutdown or kill: every command ends as it does on Ctrl-C
    try:
        return _command(args)
    except KeyboardInterrupt:
        print(f"pirate-table {args.command}: stopped", file=sys.stderr)
        return 130
    except StoreError as error:  # the data folder or its database cannot be used: said, never a traceback
        print(f"pirate-table {args.command}: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader of the output went away (`| head`): nobody is left to tell
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # Python's flush at exit stays quiet
        return 1


def _command(args: argparse.Namespace) -> int:
    if args.command == "referee":
        try:
            failures = referee.run(sys.stdin.buffer, sys.stdout)
        except KeyboardInterrupt:
            return 130
        return 1 if args.strict and failures else 0
    if args.command == "demo":
        return _demo(args)
    if args.command == "games":
        return _games()
    if args.command == "operator":
        return operator_command.run(args)
    if args.command == "venue-broker":
        return broker_setup.run(args)
    if args.command in ("enroll", "write-tags", "write-badge", "selftest", "run"):
        _log_to_data_folder()  # the console is for the person at the table; details go to the log
    if args.command in HUB_COMMANDS or getattr(args, "dice_command", "") in HARDWARE_DICE:
        try:  # the seat hub, the LEDs and the camera are the running table's: one at a time
            with TableLock(data_home()):
                return _hardware_command(args)
        except TableBusy as error:
            print(f"pirate-table {args.command}: {error}", file=sys.stderr)
            return 2
    if args.command == "run":
        return _run(args.window)
    if args.command == "dice":
        return dice_commands.run(args)
    if args.command == "venue":
        return venue_commands.run(args)
    raise AssertionError(args.command)


def _hardware_command(args: argparse.Namespace) -> int:
    if args.command in ("enroll", "write-tags"):
        return deck_commands.run(args)
    if args.command == "write-badge":
        return badge_command.run(args)
    if args.command == "selftest":
        return _selftest()
    return dice_commands.run(args)


def _speed(value: str) -> float:
    """--speed: how many times real time, more than 0 (0 would never move the clock on)."""
    try:
        speed = float(value)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"a number such as 1 (real time) or 2 (twice as fast), not {value!r}"
        ) from None
    if not 0 < speed < float("inf"):
        raise argparse.ArgumentTypeError(f"more than 0: 1 plays in real time, 2 twice as fast; not {value}")
    return speed


def _no_screen() -> str | None:
    """Why a window could not be seen here (no display, or SDL would draw on a screen nobody sees); None if it can."""
    import pygame

    try:
        pygame.display.init()
    except pygame.error as error:
        return str(error)
    driver = pygame.display.get_driver()
    pygame.display.quit()
    return f"SDL's {driver!r} video driver shows nothing" if driver in ("dummy", "offscreen") else None


def _demo(args: argparse.Namespace) -> int:
    if args.tables is not None:
        return _venue_demo(args)
    if args.serve:
        print("pirate-table demo: --serve keeps a virtual venue's page up: it goes with --tables N", file=sys.stderr)
        return 2
    from table.sim.demo import demo_choice, run_demo

    args.players, args.seed, args.game = demo_choice(args.players, args.seed, args.game, args.resume)
    entry = catalog.game(args.game)
    if not entry.min_players <= args.players <= entry.max_players:
        print(
            f"pirate-table demo: {entry.name} is played by {entry.min_players} to {entry.max_players} players, "
            f"not {args.players}",
            file=sys.stderr,
        )
        return 2
    if args.window and (why := _no_screen()) is not None:
        print(
            f"pirate-table demo: --window needs a screen to play on ({why}); leave it out to play headless",
            file=sys.stderr,
        )
        return 2
    _log_to_data_folder()
    window = args.window or (not args.headless and bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")))
    return run_demo(
        args.players,
        args.seed,
        speed=args.speed,
        resume=args.resume,
        faults=args.faults,
        window=window,
        game=args.game,
    )


def _venue_demo(args: argparse.Namespace) -> int:
    from table.sim import venue_demo
    from table.sim.demo import DEFAULT_PLAYERS, DEFAULT_SEED

    players = DEFAULT_PLAYERS if args.players is None else args.players
    seed = DEFAULT_SEED if args.seed is None else args.seed
    refused = []
    if not 1 <= args.tables <= venue_demo.MAX_TABLES:
        refused.append(f"--tables takes 1 to {venue_demo.MAX_TABLES} tables, not {args.tables}")
    if args.window:
        refused.append("--tables plays headless only: leave out --window")
    if args.resume or args.speed is not None or args.game is not None:
        refused.append("--tables chooses each table's game and plays flat out: leave out --game, --speed, --resume")
    lowest = max(catalog.game(key).min_players for key in venue_demo.venue_games())
    highest = min(catalog.game(key).max_players for key in venue_demo.venue_games())
    if not lowest <= players <= highest:
        refused.append(f"--tables seats {lowest} to {highest} players at every table, not {players}")
    if refused:
        for reason in refused:
            print(f"pirate-table demo: {reason}", file=sys.stderr)
        return 2
    _log_to_data_folder()
    return venue_demo.run_venue_demo(args.tables, players, seed, faults=args.faults, serve=args.serve)


def _games() -> int:
    rows = [("game", "name", "players", "needs")]
    for entry in catalog.games():
        players = f"{entry.min_players}-{entry.max_players}"
        rows.append((entry.key, str(entry.name), players, entry.needs))
    widths = [max(len(row[column]) for row in rows) for column in range(3)]
    for row in rows:
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=False)) + "  " + row[3])
    return 0


@contextmanager
def _pin_fallbacks_logged() -> Iterator[None]:
    """gpiozero warns of each GPIO library it tried and could not use: that goes to the log, and the console gets
    the command's own words (NO_GPIO where none could be used). Other warnings are shown as usual."""
    from gpiozero.exc import PinFactoryFallback

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", PinFactoryFallback)
        try:
            yield
        finally:
            for warning in caught:
                if issubclass(warning.category, PinFactoryFallback):
                    logging.info("gpiozero: %s", warning.message)
                else:
                    warnings.warn_explicit(warning.message, warning.category, warning.filename, warning.lineno)


def _run(window: bool) -> int:
    from gpiozero.exc import BadPinFactory

    from table.commands.run import run_table
    from table.config import CONFIG_NAME, ConfigError, load_config
    from table.operator_config import keep_pin_hashed

    try:
        config = load_config()
        for note in keep_pin_hashed(data_home() / CONFIG_NAME, config.operator):
            logging.warning("%s", note)  # the PIN works either way: a note for whoever reads the log
        with _pin_fallbacks_logged():
            return run_table(config, fullscreen=not window)
    except (ConfigError, TableBusy) as error:
        logging.error("%s", error)
        print(f"pirate-table run: {error}", file=sys.stderr)
    except BadPinFactory:
        print(f"pirate-table run: {NO_GPIO}", file=sys.stderr)
    return 2


def _log_to_data_folder() -> None:
    """The log file in the data folder; a folder that cannot be written is named, and the log goes to stderr."""
    style = "%(asctime)s %(levelname)s %(name)s: %(message)s"
    try:
        logging.basicConfig(handlers=[GuardedFileHandler(data_home() / LOG_NAME)], level=logging.INFO, format=style)
    except OSError as error:
        logging.basicConfig(level=logging.INFO, format=style)
        print(
            f"pirate-table: the log file cannot be written in the data folder {data_home()} ({error.strerror}); "
            "the log goes to the screen instead",
            file=sys.stderr,
        )


def _selftest() -> int:
    from gpiozero.exc import BadPinFactory

    from table.commands import selftest
    from table.config import ConfigError

    try:
        with _pin_fallbacks_logged():
            return selftest.run()
    except ConfigError as error:
        print(f"pirate-table selftest: {error}", file=sys.stderr)
    except BadPinFactory:
        print(f"pirate-table selftest: {NO_GPIO}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
