"""`pirate-table enroll GAME` and `pirate-table write-tags GAME`: getting a deck onto the table, card by card.

Each runs until the deck is done; Ctrl-C stops it, and the same command later resumes where it stopped.
"""

from __future__ import annotations

import argparse
import select
import sys
import time
from collections.abc import Callable

from table.config import load_config
from table.core import catalog
from table.core.events import CardPlaced, HubConnected, HubLinkLost, ReaderFailed, TableEvent, TagWritten
from table.devices.nfc import HubLink, find_hub_port
from table.enrollment import Enrolled, Enrollment, Refused, TagWriting, WriteCode
from table.store.database import open_database
from table.store.decks import DeckRegistry

Say = Callable[[str], None]
Wait = Callable[[], None]  # returns when the link may have something, or after a short while


def register(commands: argparse._SubParsersAction) -> None:
    for name, what in (("enroll", "record which tag is which card"), ("write-tags", "write each card's code")):
        command = commands.add_parser(name, help=f"{what}, for every card of a deck")
        command.add_argument(
            "game", choices=[entry.key for entry in catalog.with_deck()], help="the game the deck belongs to"
        )
        command.add_argument("--deck", default="deck 1", help="a name for this physical deck (default 'deck 1')")
        command.add_argument("--port", default="auto", help="the seat hub's serial port (default: find it)")


def run(args: argparse.Namespace) -> int:
    registry = DeckRegistry(open_database())
    try:
        config = load_config()  # a game's deck may be the config's (how many of each card)
        session = (Enrollment if args.command == "enroll" else TagWriting)(registry, args.game, args.deck, config)
    except ValueError as error:  # ConfigError too: said in plain words
        print(f"pirate-table {args.command}: {error}", file=sys.stderr)
        return 2
    link = HubLink(lambda: find_hub_port(args.port), time.monotonic)
    try:
        if isinstance(session, Enrollment):
            return enroll(link, session, print, lambda: _wait(link))
        return write_tags(link, session, print, lambda: _wait(link))
    except KeyboardInterrupt:
        done, total = session.progress()
        print(f"\nStopped with {done} of {total} cards done. Run the same command again to go on.")
        return 130
    finally:
        link.close()


def _wait(link: HubLink) -> None:
    fd = link.fileno()
    if fd is None:
        time.sleep(0.1)  # no port yet: the link retries on its own schedule
    else:
        select.select([fd], [], [], 0.1)


def enroll(link: HubLink, session: Enrollment, say: Say, wait: Wait) -> int:
    say(session.prompt())
    while session.next_code() is not None:
        wait()
        for event in link.poll():
            if isinstance(event, CardPlaced):
                outcome = session.tap(event.uid)
                if isinstance(outcome, Enrolled):
                    say(f"  tag {event.uid} is {outcome.code}")
                else:
                    say(f"  refused: {outcome.reason}")
                say(session.prompt())
            else:
                _report_link(event, say)
    return 0


def write_tags(link: HubLink, session: TagWriting, say: Say, wait: Wait) -> int:
    say(session.prompt())
    asked: dict[int, WriteCode] = {}  # seat -> the write in progress there
    while session.progress()[0] < session.progress()[1]:
        wait()
        for event in link.poll():
            if isinstance(event, CardPlaced):
                action = session.tap(event.seat, event.uid)
                if isinstance(action, Refused):
                    say(f"  refused: {action.reason}")
                elif link.write_tag(event.seat, action.code):
                    asked[event.seat] = action
                    say(f"  writing {action.code} into tag {action.uid} ...")
            elif isinstance(event, TagWritten) and event.seat in asked:
                action = asked.pop(event.seat)
                session.written(action.uid, event.ok)
                if event.ok:
                    say(f"  {action.code} written. Lift the card.")
                else:
                    say(f"  could not write {action.code} ({event.error}): lift the card and lay it down again")
                say(session.prompt())
            else:
                _report_link(event, say)
    return 0


def _report_link(event: TableEvent, say: Say) -> None:
    if isinstance(event, HubConnected):
        say(f"  seat hub connected (firmware {event.firmware}, {event.readers} readers)")
    elif isinstance(event, HubLinkLost):
        say(f"  seat hub: {event.reason} (waiting for it; Ctrl-C stops)")
    elif isinstance(event, ReaderFailed):
        say(f"  the reader of seat {event.seat + 1} has failed ({event.reason}): use another seat")
