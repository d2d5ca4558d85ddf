"""`pirate-table venue`: the venue service until Ctrl-C or SIGTERM; `--set-admin-password` for its admin page.

The configuration is <data folder>/venue.toml (or --config PATH; table/venue/venue_config.py says what it holds),
the database and the session secret are in <data folder>/venue/, the log in <data folder>/venue.log.
"""

from __future__ import annotations

import argparse
import errno
import getpass
import logging
import sys
import threading
import warnings
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from table.paths import data_home

if TYPE_CHECKING:
    from table.venue.venue_config import VenueConfig

LOG_NAME = "venue.log"
MIN_PASSWORD = 8


def register(subparsers: argparse._SubParsersAction) -> None:
    venue = subparsers.add_parser(
        "venue", help="the venue: every table's games, the league and its web page (live tables, standings)"
    )
    venue.add_argument("--config", type=Path, help="the venue's configuration (default: <data folder>/venue.toml)")
    venue.add_argument(
        "--set-admin-password",
        action="store_true",
        help="set the password of the venue page's admin (league settings, corrections), asked twice",
    )


def run(args: argparse.Namespace) -> int:
    from table.venue.venue_config import VenueConfigError, default_path, load_venue_config

    path: Path = args.config or default_path()
    if args.config is not None and not path.exists():
        return _fail(f"the venue configuration {path} does not exist")
    if args.set_admin_password:
        return set_admin_password(path)
    try:
        config = load_venue_config(path)
        config.broker.password()  # a password file that cannot be read is said now, not at every retry
    except VenueConfigError as error:
        return _fail(str(error))
    _log_to_file()
    return serve(config)


def serve(config: VenueConfig) -> int:
    from table.venue.service import Venue

    venue = Venue(config, data_home() / "venue", on_state=lambda state: print(f"pirate-table venue: {state}"))
    try:
        venue.start()
    except OSError as error:
        venue.stop()
        web = config.web
        if error.errno == errno.EADDRINUSE:
            return _fail(f"port {web.port} is in use on {web.host}: is the venue already running? ([web] port)")
        return _fail(f"the web page cannot listen on {web.host}:{web.port}: {error.strerror or error}")
    for line in address_lines(venue.web_url, venue.phone_urls, config.web.behind_proxy):
        print(line)
    print("pirate-table venue: running (Ctrl-C stops)", flush=True)
    try:
        stop = threading.Event()
        while not stop.wait(1.0):  # Ctrl-C and SIGTERM (stop_on_sigterm) interrupt this
            pass
    finally:
        venue.stop()
    return 0


def address_lines(local: str, phones: list[str], behind_proxy: bool) -> list[str]:
    """Where the venue page is: for phones on the network (the mDNS name said to be one not every phone finds),
    and on this computer."""
    where = "through this computer's HTTPS proxy (nginx), " if behind_proxy else ""
    if not phones:
        return [f"pirate-table venue: the venue page is at {local}, on this computer only: it listens on no network "
                "address ([web] host)"]  # fmt: skip
    lines = [f"pirate-table venue: the venue page for phones on this network, {where}at:"]
    for url in phones:
        mdns = urlsplit(url).hostname or ""
        lines.append(
            f"  {url}" + ("   (its name: not every phone finds .local names)" if mdns.endswith(".local") else "")
        )
    lines.append(f"  and on this computer: {local}")
    return lines


def set_admin_password(path: Path) -> int:
    from table.venue.venue_config import VenueConfigError, hash_password, parse_venue_config, set_password_hash

    try:
        text = path.read_text(encoding="utf-8") if path.exists() else ""
        parse_venue_config(text, path)  # a damaged file is said, not edited
    except (OSError, UnicodeDecodeError) as error:
        return _fail(f"{path} cannot be read: {getattr(error, 'strerror', None) or 'not a text file'}")
    except VenueConfigError as error:
        return _fail(str(error))
    warnings.simplefilter("ignore", getpass.GetPassWarning)  # without a terminal getpass says so itself, plainly
    try:
        first = getpass.getpass("The venue page's new admin password: ")
        second = getpass.getpass("The same again: ")
    except (EOFError, KeyboardInterrupt):
        print("\npirate-table venue: no password given; nothing changed", file=sys.stderr)
        return 1
    if first != second:
        return _fail("the two passwords differ; nothing changed")
    if len(first) < MIN_PASSWORD:
        return _fail(f"the password needs at least {MIN_PASSWORD} characters; nothing changed")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(set_password_hash(text, hash_password(first)), encoding="utf-8")
        path.chmod(0o600)  # the hash is slow to attack, but nobody else needs to read it
    except OSError as error:
        return _fail(f"{path} cannot be written: {error.strerror}")
    print(f"The admin password is set (in {path}, [admin] password_hash). A running venue takes it at the next login.")
    return 0


def _fail(message: str) -> int:
    print(f"pirate-table venue: {message}", file=sys.stderr)
    return 2


def _log_to_file() -> None:
    style = "%(asctime)s %(levelname)s %(name)s: %(message)s"
    try:
        logging.basicConfig(filename=data_home() / LOG_NAME, level=logging.INFO, format=style)
    except OSError:
        logging.basicConfig(level=logging.INFO, format=style)
