"""What the venue takes from a table: the declared schema of each kind of event's `data` and of the status
(docs/venue.md), their limits, and the checks against them (the envelope's own, MAX_PAYLOAD, MAX_SEQ and strict
JSON, are table.venue.topics'). The venue trusts no table: a table's account may be used by someone else (its
password sits on its SD card), so every field is checked for its type, its range and its size before anything is
stored. What needs the venue's database (whose game it is, its seats, the table's seqs) is table.venue.store's.

`check_envelope(envelope, now)` raises Refused, saying which field is wrong and why.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Protocol

from table.venue.topics import MAX_PAYLOAD, MAX_SEQ, TABLE_ID, BadMessage, Envelope, short

__all__ = ["MAX_PAYLOAD", "MAX_SEQ", "Refused", "SeqOutOfReach", "check_envelope", "check_status", "seats_of"]
MAX_SEQ_AHEAD = 1_000_000  # a seq this far beyond what the venue holds of a table is not taken (nor acknowledged)
MAX_NAME = 64  # characters of a player's name (the table keeps them to 24)
MAX_TEXT = 500  # characters of a text in one language (a trick's why, a game's name)
MAX_ROUND = 10_000  # a round's number, a trick's number in its round
MAX_SEAT = 31  # seats are numbered from 0
MAX_POINTS = 10**9  # a score's size, either way
AT_AHEAD = 300.0  # seconds an event may be stamped ahead of the venue's clock (the tables' clocks drift a little)
EARLIEST_AT = 1_735_689_600.0  # 2025-01-01 00:00 UTC: no table of this venue played before
GAME_KEY = re.compile(r"^[A-Za-z0-9_-]{1,40}$")
LANGUAGE = re.compile(r"^[a-z]{2,3}(_[A-Z]{2})?$")
CONTROL = re.compile(r"[\x00-\x1f\x7f]")  # never in a name a person typed


class Refused(BadMessage):
    """A message the venue does not take (counted, logged, shown to the admin; acknowledged when its seq can be)."""


class SeqOutOfReach(Refused):
    """A seq the venue cannot acknowledge (beyond MAX_SEQ, or MAX_SEQ_AHEAD beyond what it holds of the table)."""


class Spec(Protocol):
    def check(self, value: Any, where: str) -> None: ...


@dataclass(frozen=True)
class Int:
    low: int
    high: int
    null: bool = False

    def check(self, value: Any, where: str) -> None:
        if value is None and self.null:
            return
        if not isinstance(value, int) or isinstance(value, bool):
            raise Refused(f"{where} is not a whole number: {short(value)}")
        if not self.low <= value <= self.high:
            raise Refused(f"{where} is {short(value)}, not within {self.low}..{self.high}")


@dataclass(frozen=True)
class Bool:
    def check(self, value: Any, where: str) -> None:
        if not isinstance(value, bool):
            raise Refused(f"{where} is not true or false: {short(value)}")


@dataclass(frozen=True)
class Str:
    longest: int
    pattern: re.Pattern[str] | None = None
    null: bool = False
    typed: bool = False  # a name a person typed: never a control character

    def check(self, value: Any, where: str) -> None:
        if value is None and self.null:
            return
        if not isinstance(value, str):
            raise Refused(f"{where} is not a text: {short(value)}")
        if len(value) > self.longest:
            raise Refused(f"{where} is {len(value)} characters long, more than {self.longest}")
        if self.pattern is not None and not self.pattern.match(value):
            raise Refused(f"{where} is not of the right form: {short(value)}")
        if self.typed and CONTROL.search(value):
            raise Refused(f"{where} holds control characters: {short(value)}")


@dataclass(frozen=True)
class Texts:
    """A text in the table's languages: {"en": ..., "de": ...}."""

    longest: int

    def check(self, value: Any, where: str) -> None:
        if not isinstance(value, dict) or not 1 <= len(value) <= 10:
            raise Refused(f"{where} is not a text in 1 to 10 languages: {short(value)}")
        for language, words in value.items():
            if not LANGUAGE.match(language):
                raise Refused(f"{where} has a language {short(language)}")
            Str(self.longest).check(words, f"{where}.{language}")


@dataclass(frozen=True)
class Plain:
    """Any JSON object or null (its size is the message's, its numbers checked when it was read)."""

    def check(self, value: Any, where: str) -> None:
        if value is not None and not isinstance(value, dict):
            raise Refused(f"{where} is not an object: {short(value)}")


@dataclass(frozen=True)
class List:
    item: Spec
    shortest: int
    longest: int

    def check(self, value: Any, where: str) -> None:
        if not isinstance(value, list):
            raise Refused(f"{where} is not a list: {short(value)}")
        if not self.shortest <= len(value) <= self.longest:
            raise Refused(f"{where} has {len(value)} entries, not {self.shortest} to {self.longest}")
        for index, item in enumerate(value):
            self.item.check(item, f"{where}[{index}]")


@dataclass(frozen=True)
class Obj:
    """An object with these fields (more are ignored: a newer table may send more, docs/venue.md's Versions)."""

    fields: dict[str, Spec]
    optional: frozenset[str] = field(default_factory=frozenset)

    def check(self, value: Any, where: str) -> None:
        if not isinstance(value, dict):
            raise Refused(f"{where} is not an object: {short(value)}")
        for name, spec in self.fields.items():
            if name not in value:
                if name in self.optional:
                    continue
                raise Refused(f"{where} has no {name}")
            spec.check(value[name], f"{where}.{name}")


@cache
def player_limits(game: str | None = None) -> tuple[int, int]:
    """The fewest and most players of a game in the catalog; of any game for one it does not know (a newer table's)."""
    from table.core import catalog  # the games' packages: only once a game is checked

    entries = catalog.games()
    try:
        entry = catalog.game(game) if game is not None else None
    except KeyError:
        entry = None
    if entry is not None:
        return entry.min_players, entry.max_players
    return min(e.min_players for e in entries), max(e.max_players for e in entries)


SEAT = Int(0, MAX_SEAT)
NAME = Str(MAX_NAME, typed=True)
POINTS = Int(-MAX_POINTS, MAX_POINTS)
MAYBE_POINTS = Int(-MAX_POINTS, MAX_POINTS, null=True)
ANY_PLAYERS = 64  # a list's own bound; the catalog's limit is checked after it (player_limits)
PLAYER = Obj({"seat": SEAT, "name": NAME, "badge": Bool()}, frozenset({"badge"}))
SCORE = Obj({"seat": SEAT, "name": NAME, "points": MAYBE_POINTS, "total": MAYBE_POINTS}, frozenset({"points"}))
PLACE = Obj({"place": Int(1, ANY_PLAYERS), "seat": SEAT, "name": NAME, "total": POINTS})
DATA: dict[str, Obj] = {
    "game_started": Obj(
        {"game": Str(40, GAME_KEY), "game_name": Texts(MAX_TEXT), "players": List(PLAYER, 1, ANY_PLAYERS)},
        frozenset({"game_name"}),
    ),
    "trick": Obj(
        {
            "round": Int(0, MAX_ROUND),
            "number": Int(0, MAX_ROUND),
            "winner_seat": Int(0, MAX_SEAT, null=True),
            "winner": Str(MAX_NAME, null=True, typed=True),
            "why": Texts(MAX_TEXT),
        },
        frozenset({"winner", "winner_seat", "why"}),
    ),
    "round": Obj({"round": Int(0, MAX_ROUND), "scores": List(SCORE, 1, ANY_PLAYERS)}),
    "game_over": Obj({"ranking": List(PLACE, 1, ANY_PLAYERS), "score_pad": Plain()}, frozenset({"score_pad"})),
}


STATUS = Obj({"v": Int(1, 1), "table": Str(32, TABLE_ID), "online": Bool()}, frozenset({"v", "table"}))


def check_status(body: Any, topic_table: str) -> None:
    """A table's status message (read by topics.read_json): Refused unless it says online or not, of its own table."""
    STATUS.check(body, "status")
    if body.get("table", topic_table) != topic_table:
        raise Refused(f"status of table {short(body['table'])} on table {topic_table}'s topic")


def check_envelope(envelope: Envelope, now: float) -> None:
    """An envelope's time against the venue's clock `now`, and its data against its kind's schema: Refused."""
    if not envelope.game_id.startswith(f"{envelope.table}-"):
        raise Refused(f"game {short(envelope.game_id)} is not named after table {envelope.table}")
    if not EARLIEST_AT <= envelope.at <= now + AT_AHEAD:
        raise Refused(f"stamped {envelope.at!r}, not between 2025 and {AT_AHEAD:.0f} s after the venue's clock")
    DATA[envelope.kind].check(envelope.data, "data")
    seats = seats_of(envelope)
    if len(set(seats)) != len(seats):
        raise Refused(f"{envelope.kind} names a seat twice: {short(seats)}")
    if envelope.kind == "game_started":
        fewest, most = player_limits(envelope.data["game"])
        if not fewest <= len(seats) <= most:
            raise Refused(f"a game of {envelope.data['game']} with {len(seats)} players, not {fewest} to {most}")
    else:
        fewest, most = player_limits()
        if len(seats) > most:
            raise Refused(f"{envelope.kind} for {len(seats)} players, more than any game has ({most})")


def seats_of(envelope: Envelope) -> list[int]:
    """The seats an event names (after check_envelope): a game's players, a round's scores, a ranking's places; a
    trick's winner."""
    data = envelope.data
    rows = {"game_started": "players", "round": "scores", "game_over": "ranking"}.get(envelope.kind)
    if rows is not None:
        return [row["seat"] for row in data[rows]]
    return [] if data.get("winner_seat") is None else [data["winner_seat"]]
