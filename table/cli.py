"""The `pirate-table` command."""

from __future__ import annotations

import argparse
import logging
import sys

from table import deck_commands, referee
from table.paths import data_home
from table.rules import skullking as sk

LOG_NAME = "pirate-table.log"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="pirate-table", description="Pirate Table: a table that referees pirate games."
    )
    commands = parser.add_subparsers(dest="command", required=True)

    ref = commands.add_parser("referee", help="answer rules questions as JSON lines on stdin/stdout")
    ref.add_argument("--strict", action="store_true", help="exit 1 if any line could not be answered")

    demo = commands.add_parser("demo", help="play a whole simulated game of Skull King and print the score pad")
    demo.add_argument("--players", type=int, default=4, help="2 to 6 (default 4)")
    demo.add_argument("--seed", type=int, default=2013, help="the same seed plays the same game")

    deck_commands.register(commands)
    commands.add_parser("selftest", help="walk through every seat's LED, reader and buttons")

    args = parser.parse_args(argv)
    if args.command == "referee":
        failures = referee.run(sys.stdin, sys.stdout)
        return 1 if args.strict and failures else 0
    if args.command == "demo":
        return _demo(args.players, args.seed)
    if args.command in ("enroll", "write-tags", "selftest"):
        _log_to_data_folder()  # the console is for the person at the table; details go to the log
    if args.command in ("enroll", "write-tags"):
        return deck_commands.run(args)
    if args.command == "selftest":
        return _selftest()
    raise AssertionError(args.command)


def _demo(players: int, seed: int) -> int:
    from table.sim.card_game import play_game, score_pad

    try:
        sk.check_players(players)
    except sk.CardError as error:
        print(f"pirate-table demo: {error}", file=sys.stderr)
        return 2
    game = play_game(players, seed)
    print(f"Skull King, {players} bots, seed {seed}")
    for r in game.rounds:
        dealer = game.names[r.dealer]
        print(f"round {r.number:>2}: {dealer} deals {r.number} card(s) each; bids {r.bids}, tricks won {r.won}")
        for revoke in r.revokes:
            print(
                f"          revoke: {game.names[revoke.seat]} did not follow {revoke.suit.value} in trick "
                f"{revoke.trick + 1} but played {revoke.card} in trick {revoke.shown + 1}"
            )
    print()
    print(score_pad(game))
    return 0


def _log_to_data_folder() -> None:
    logging.basicConfig(
        filename=data_home() / LOG_NAME,
        level=logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )


def _selftest() -> int:
    from gpiozero.exc import BadPinFactory

    from table import selftest
    from table.config import ConfigError

    try:
        return selftest.run()
    except ConfigError as error:
        print(f"pirate-table selftest: {error}", file=sys.stderr)
    except BadPinFactory:
        print(
            "pirate-table selftest: no GPIO pins here. Run it on the table's Raspberry Pi "
            "(or with GPIOZERO_PIN_FACTORY=mock GPIOZERO_MOCK_PIN_CLASS=mockpwmpin to try it without one).",
            file=sys.stderr,
        )
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
