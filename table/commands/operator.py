"""`pirate-table operator`: the operator's PIN, kept hashed in the data folder's config (table.operator_config).

    pirate-table operator                      is a PIN set? (and the config made safe: no plain PIN, mode 0600)
    pirate-table operator set-pin              a PIN of your choice: typed twice without echo, or one line on stdin
    pirate-table operator --new-pin            a new six-digit PIN, made here and printed once
    pirate-table operator --new-pin --if-unset the same, only if none is set (install.sh, at every install)

The config keeps only the PIN's scrypt hash (table.operator_pin), in a file readable by its owner only.
"""

from __future__ import annotations

import argparse
import getpass
import random
import sys
import warnings
from pathlib import Path

from table.config import CONFIG_NAME, Config, ConfigError, default_text, parse_config
from table.operator_config import keep_pin_hashed, with_pin_hash, write_secret
from table.operator_pin import PIN_DIGITS, hash_pin, valid_pin
from table.paths import data_home


def register(commands: argparse._SubParsersAction) -> None:
    operator = commands.add_parser(
        "operator", help="the operator's PIN: set it, or make a new one (the config keeps only its hash)"
    )
    operator.add_argument("--new-pin", action="store_true", help="make a new six-digit PIN and print it")
    operator.add_argument("--if-unset", action="store_true", help="with --new-pin: only if the config has none")
    actions = operator.add_subparsers(dest="operator_command")
    actions.add_parser(
        "set-pin", help="set a PIN of 4 to 8 digits: typed twice without echo, or one line on stdin (not a terminal)"
    )


def run(args: argparse.Namespace) -> int:
    path = data_home() / CONFIG_NAME
    try:
        current = path.read_text(encoding="utf-8") if path.exists() else default_text()
        config = parse_config(current, str(path))  # a damaged config is said, not edited
    except (OSError, UnicodeDecodeError, ConfigError) as error:
        return _fail(str(error))
    if args.operator_command == "set-pin":
        return _set_pin(path, current)
    for note in keep_pin_hashed(path, config.operator) if path.exists() else []:
        print(note)
    if not args.new_pin:
        print(f"The operator's PIN is {'set' if _has_pin(config) else 'not set'} in {path} ([operator] pin_hash).")
        return 0
    if args.if_unset and _has_pin(config):
        print(f"The operator's PIN is already set in {path}: kept.")
        return 0
    pin = f"{random.SystemRandom().randrange(10**6):06d}"
    if (failed := _write(path, current, pin)) is not None:
        return failed
    print(f"The operator's PIN is now {pin} (its hash is in {path}). Write it down; restart the table to use it.")
    return 0


def _set_pin(path: Path, current: str) -> int:
    pin = _read_pin()
    if pin is None:
        return 1
    if not valid_pin(pin):
        return _fail(f"a PIN is {PIN_DIGITS.start} to {PIN_DIGITS.stop - 1} digits; nothing changed")
    if (failed := _write(path, current, pin)) is not None:
        return failed
    print(f"The operator's PIN is set (its hash is in {path}). Restart the table to use it.")
    return 0


def _read_pin() -> str | None:
    """The PIN: typed twice without echo at a terminal, else the first line of stdin. None: none given."""
    try:
        if not sys.stdin.isatty():
            return sys.stdin.readline().strip()
        warnings.simplefilter("ignore", getpass.GetPassWarning)
        first = getpass.getpass("The operator's new PIN (4 to 8 digits): ")
        if getpass.getpass("The same again: ") != first:
            print("pirate-table operator: the two PINs differ; nothing changed", file=sys.stderr)
            return None
        return first.strip()
    except (EOFError, KeyboardInterrupt):
        print("\npirate-table operator: no PIN given; nothing changed", file=sys.stderr)
        return None


def _write(path: Path, current: str, pin: str) -> int | None:
    """The PIN's hash into the config, 0600. None: done; else the exit status, said."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_secret(path, with_pin_hash(current, hash_pin(pin)))
    except OSError as error:
        return _fail(f"{path} cannot be written: {error.strerror}; nothing changed")
    return None


def _has_pin(config: Config) -> bool:
    return bool(config.operator.pin_hash)


def _fail(message: str) -> int:
    print(f"pirate-table operator: {message}", file=sys.stderr)
    return 2
