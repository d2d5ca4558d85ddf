"""`pirate-table write-badge NAME [--seat N]`: a player badge, "badge:NAME" written on the next tag laid on a reader.

A badge laid on a seat's reader in the lobby sits its player down under that name, the same person at every table
(table.core.badges). The name is checked here as the table checks it, and must fit a tag: the hub writes at most
MAX_CODE bytes of UTF-8 (firmware/PROTOCOL.md), "badge:" included. The hub reads every tag it writes back and
answers OK only when it reads the same bytes, so "written" means checked.

A card of an enrolled deck, a tag carrying a card's code and an operator badge are refused: writing over them
would lose a card or a key. A player badge may be written again with another name.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

from table.commands.decks import _report_link, _wait
from table.config import Config, load_config
from table.core.badges import BadName, badge_code, badge_name, is_badge
from table.core.events import CardPlaced, TagWritten
from table.devices import hub_protocol as wire
from table.devices.nfc import HubLink, find_hub_port
from table.enrollment import Refused
from table.store.database import open_database
from table.store.decks import DeckRegistry, normalise_uid

Say = Callable[[str], None]
Wait = Callable[[], None]


def register(commands: argparse._SubParsersAction) -> None:
    command = commands.add_parser("write-badge", help="write a player badge: a tag that sits NAME down at any table")
    command.add_argument("name", help='the player\'s name, 1 to 24 characters (quote a name with spaces: "Anna Bonny")')
    command.add_argument("--seat", type=int, help="only the reader of this seat (1, 2, ...); default: any reader")
    command.add_argument("--port", default="auto", help="the seat hub's serial port (default: find it)")


@dataclass(frozen=True)
class WriteBadge:
    """Ask the hub to write `code` into the tag on `reader`."""

    reader: int
    code: str


class BadgeWriting:
    """One badge: its code, checked, and which tags laid on which readers may take it."""

    def __init__(
        self, name: str, registry: DeckRegistry, reader: int | None = None, operator_badges: tuple[str, ...] = ()
    ) -> None:
        """`reader`: only this reader (a seat's), None for any; `operator_badges`: UIDs never to write over."""
        self.code = badge_code(name)  # BadName says why not
        self.name = self.code.removeprefix("badge:")
        size = len(self.code.encode("utf-8"))
        if size > wire.MAX_CODE:
            raise BadName(
                f"'{self.name}' takes {size} bytes on a tag with its 'badge:', and a tag holds {wire.MAX_CODE}: "
                "shorten it (letters such as é or ß take two bytes)"
            )
        self.registry, self.reader, self.operator_badges = registry, reader, operator_badges

    def tap(self, reader: int, uid: str, code: str | None) -> WriteBadge | Refused:
        if self.reader is not None and reader != self.reader:
            return Refused("that is another seat's reader: lay the tag on the seat asked for")
        try:
            uid = normalise_uid(uid)
        except ValueError as error:
            return Refused(str(error))
        if uid in self.operator_badges:
            return Refused("this tag is an operator badge (in the config's [operator] badges)")
        enrolled = self.registry.lookup(uid)
        if enrolled is not None:
            return Refused(f"this tag is {enrolled.code} of the {enrolled.game} deck '{enrolled.deck}'")
        if code and not is_badge(code):
            return Refused(f"this tag carries the card code {code}: use a blank tag or a player badge")
        return WriteBadge(reader, self.code)


def run(args: argparse.Namespace, config: Config | None = None) -> int:
    try:
        config = config or load_config()
        reader = _reader_of_seat(config, args.seat)
        writing = BadgeWriting(args.name, DeckRegistry(open_database()), reader, config.operator.badges)
    except ValueError as error:  # BadName, ConfigError and a seat this table does not have: said in plain words
        print(f"pirate-table write-badge: {error}", file=sys.stderr)
        return 2
    link = HubLink(lambda: find_hub_port(args.port), time.monotonic)
    try:
        where = "any seat's reader" if args.seat is None else f"the reader of seat {args.seat}"
        return write_badge(link, writing, print, lambda: _wait(link), where)
    except KeyboardInterrupt:
        print("\nStopped: no badge was written.")
        return 130
    finally:
        link.close()


def _reader_of_seat(config: Config, seat: int | None) -> int | None:
    if seat is None:
        return None
    if not 1 <= seat <= len(config.seats):
        raise ValueError(f"this table has seats 1 to {len(config.seats)}, not {seat}")
    return config.seats[seat - 1].reader


def write_badge(link: HubLink, writing: BadgeWriting, say: Say, wait: Wait, where: str = "any seat's reader") -> int:
    """Until one badge is written and checked: 0. The link's readers are the hub's (no seat mapping)."""
    say(f"Lay a tag on {where} to make it the badge of '{writing.name}' (Ctrl-C to stop).")
    asked: int | None = None  # the reader being written
    while True:
        wait()
        for event in link.poll():
            if isinstance(event, CardPlaced) and asked is None:
                action = writing.tap(event.seat, event.uid, event.code)
                if isinstance(action, Refused):
                    say(f"  refused: {action.reason}")
                elif not link.write_tag(action.reader, action.code):
                    say("  the seat hub is not connected: lay the tag down again once it is")
                else:
                    asked = action.reader
                    was = badge_name(event.code) if is_badge(event.code) else None
                    over = f" (it was the badge of '{was}')" if was else ""
                    say(f"  writing the badge of '{writing.name}' into tag {event.uid}{over} ...")
            elif isinstance(event, TagWritten) and event.seat == asked:
                if event.ok:
                    say(f"Badge written and read back: '{writing.name}'. Lift the tag.")
                    return 0
                say(f"  could not write the badge ({event.error}): lift the tag and lay it down again")
                asked = None
            elif not isinstance(event, CardPlaced | TagWritten):
                _report_link(event, say)
