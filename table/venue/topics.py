"""The venue's MQTT topics and message envelope, version 1 (docs/venue.md is the reference for both sides).

    pirate-table/v1/tables/<table>/status   retained, QoS 1: {"v": 1, "table": ..., "online": true|false, "at": ...}
                                            (the broker publishes online false as the table's last will)
    pirate-table/v1/tables/<table>/events   QoS 1: one envelope per result, in the table's order
    pirate-table/v1/venue/acks/<table>      retained, QoS 1, written by the venue: {"v": 1, "table": ..., "seq": n,
                                            "at": ...}, the highest seq the venue holds of that table without a gap

An event envelope: {"v": 1, "table": "<table>", "seq": <n>, "game_id": "<id>", "kind": "<kind>", "at": <unix s>,
"data": {...}, "first": <n>}. `seq` counts every event the table ever sent, from 1 without gaps, so the venue takes
each once (by table and seq) and in order. Kinds: "game_started", "trick", "round", "game_over" (what `data` holds
for each is in docs/venue.md). `first` (optional) is the oldest seq the table still keeps: the venue will never get
one before it, so a gap below it is no longer waited for (the table's results lost with its database).
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from typing import Any

VERSION = 1
TOPIC_ROOT = "pirate-table/v1"
ACKS_ROOT = f"{TOPIC_ROOT}/venue/acks"  # the venue's acknowledgements, one topic per table
KINDS = ("game_started", "trick", "round", "game_over")
TABLE_ID = re.compile(r"^[A-Za-z0-9_-]{1,32}$")  # a topic level, a broker account and a file name alike
GAME_ID = re.compile(r"^[A-Za-z0-9_.:-]{1,80}$")  # "<table>-<YYYYmmddHHMMSS>-<seq>": a URL's path, a file name
MAX_PAYLOAD = 256 * 1024  # bytes of one message (a whole final score pad is a few kB)
MAX_SEQ = 2**53 - 1  # exact in every JSON reader, and far below SQLite's 2**63 - 1: seq + n never overflows there
READ_FOR_SEQ = 16 * 1024 * 1024  # bytes of a message too large that are still read, for its seq only
MAX_INT = 2**63 - 1  # any whole number in a message: what SQLite keeps


def valid_table_id(table: str) -> bool:
    return bool(TABLE_ID.match(table))


def table_topic(table: str) -> str:
    if not valid_table_id(table):
        raise ValueError(f"a table's id is 1-32 letters, digits, - or _, not {table!r}")
    return f"{TOPIC_ROOT}/tables/{table}"


def status_topic(table: str) -> str:
    return f"{table_topic(table)}/status"


def events_topic(table: str) -> str:
    return f"{table_topic(table)}/events"


def ack_topic(table: str) -> str:
    """The venue's acknowledgement to one table (only that table may read it; only the venue writes it)."""
    if not valid_table_id(table):
        raise ValueError(f"a table's id is 1-32 letters, digits, - or _, not {table!r}")
    return f"{ACKS_ROOT}/{table}"


def ack_payload(table: str, seq: int, at: float) -> bytes:
    """The venue holds every seq of `table` up to `seq` (0: none yet)."""
    return json.dumps({"v": VERSION, "table": table, "seq": seq, "at": at}, separators=(",", ":")).encode()


def parse_ack(payload: bytes) -> int:
    """The seq of an ack payload; BadMessage when it is not one (a seq beyond MAX_SEQ too: no venue sends one, and
    a table numbering on after it would overflow its own database)."""
    body = read_json(payload)
    seq = body.get("seq") if isinstance(body, dict) else None
    if not isinstance(body, dict) or body.get("v") != VERSION:
        raise BadMessage("not a version 1 acknowledgement")
    if not isinstance(seq, int) or isinstance(seq, bool) or not 0 <= seq <= MAX_SEQ:
        raise BadMessage(f"bad seq {short(seq)} (0 to {MAX_SEQ})")
    return seq


@dataclass(frozen=True)
class Envelope:
    table: str
    seq: int
    game_id: str
    kind: str
    at: float
    data: dict[str, Any]
    first: int | None = None  # the oldest seq the table still keeps (None: not said)

    def to_json(self) -> bytes:
        body = {"v": VERSION, "table": self.table, "seq": self.seq, "game_id": self.game_id, "kind": self.kind,
                "at": self.at, "data": self.data}  # fmt: skip
        if self.first is not None:
            body["first"] = self.first
        return json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode()


class BadMessage(ValueError):
    """A payload the venue cannot take: said in its log, never stored. `seq`: the message's own seq when it could
    be read (so the venue can acknowledge it: the table then never sends it again)."""

    def __init__(self, why: str, seq: int | None = None) -> None:
        super().__init__(why)
        self.seq = seq


def short(value: Any, longest: int = 60) -> str:
    """A value as a log line or the admin page may quote it: its repr, cut."""
    text = repr(value)
    return text if len(text) <= longest else f"{text[: longest - 1]}… ({len(text)} characters)"


def _finite(literal: str) -> float:
    number = float(literal)
    if not math.isfinite(number):  # 1e999 reads as infinity
        raise BadMessage(f"a number out of range: {short(literal)}")
    return number


def _refuse_constant(name: str) -> None:
    raise BadMessage(f"{name} is not a number the venue takes")


def _bounded_int(literal: str) -> int:
    number = int(literal)
    if not -MAX_INT <= number <= MAX_INT:  # what SQLite keeps and a JavaScript page reads exactly
        raise BadMessage(f"a whole number out of range: {short(literal)}")
    return number


def read_json(payload: bytes | bytearray, largest: int = MAX_PAYLOAD) -> Any:
    """A message's JSON, strictly: at most `largest` bytes, finite numbers only (Python's json.loads takes NaN
    and Infinity, and 1e999 as infinity), whole numbers within MAX_INT; BadMessage otherwise."""
    if len(payload) > largest:
        raise BadMessage(f"{len(payload)} bytes, more than {largest}")
    try:
        return json.loads(payload, parse_float=_finite, parse_int=_bounded_int, parse_constant=_refuse_constant)
    except BadMessage:
        raise
    except (UnicodeDecodeError, ValueError) as error:  # json.JSONDecodeError is a ValueError
        raise BadMessage(f"not JSON: {short(str(error), 120)}") from None
    except RecursionError:
        raise BadMessage("nested too deep") from None


def _seq_of(payload: bytes | bytearray) -> int | None:
    """The seq of a message that cannot be taken as it is (too large, numbers out of range), when it can be read at
    all: so it is acknowledged, and the table never sends it again."""
    if len(payload) > READ_FOR_SEQ:
        return None
    try:
        body = json.loads(payload)  # leniently: NaN and 1e999 are read here, and never kept
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    seq = body.get("seq") if isinstance(body, dict) else None
    return seq if isinstance(seq, int) and not isinstance(seq, bool) and 1 <= seq <= MAX_SEQ else None


def parse_envelope(payload: bytes | bytearray) -> Envelope:
    """An events-topic payload, checked as far as the envelope goes (its data is table.venue.schema's); BadMessage
    says what is wrong with it, with the seq when that could be read."""
    try:
        body = read_json(payload)
    except BadMessage as error:
        raise BadMessage(str(error), _seq_of(payload)) from None
    if not isinstance(body, dict):
        raise BadMessage("not a JSON object")
    table, seq, game_id, kind, at, data = (body.get(k) for k in ("table", "seq", "game_id", "kind", "at", "data"))
    if not isinstance(seq, int) or isinstance(seq, bool) or not 1 <= seq <= MAX_SEQ:
        raise BadMessage(f"bad seq {short(seq)} (1 to {MAX_SEQ})")
    if body.get("v") != VERSION:
        raise BadMessage(f"version {short(body.get('v'))}, this venue reads version {VERSION}", seq)
    if not isinstance(table, str) or not valid_table_id(table):
        raise BadMessage(f"bad table id {short(table)}", seq)
    if not isinstance(game_id, str) or not GAME_ID.match(game_id) or not game_id.startswith(f"{table}-"):
        raise BadMessage(f"bad game_id {short(game_id)} (a table's game ids are <table>-<time>-<seq>)", seq)
    if kind not in KINDS:
        raise BadMessage(f"unknown kind {short(kind)}", seq)
    if not isinstance(at, (int, float)) or isinstance(at, bool):
        raise BadMessage(f"bad time {short(at)}", seq)
    if not isinstance(data, dict):
        raise BadMessage("data is not an object", seq)
    first = body.get("first")
    if first is not None and (not isinstance(first, int) or isinstance(first, bool) or not 1 <= first <= seq):
        raise BadMessage(f"bad first {short(first)}", seq)
    return Envelope(table, seq, game_id, kind, float(at), data, first)
