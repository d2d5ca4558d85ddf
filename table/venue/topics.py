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
import re
from dataclasses import dataclass
from typing import Any

VERSION = 1
TOPIC_ROOT = "pirate-table/v1"
ACKS_ROOT = f"{TOPIC_ROOT}/venue/acks"  # the venue's acknowledgements, one topic per table
KINDS = ("game_started", "trick", "round", "game_over")
TABLE_ID = re.compile(r"^[A-Za-z0-9_-]{1,32}$")  # a topic level, a broker account and a file name alike


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
    """The seq of an ack payload; BadMessage when it is not one."""
    try:
        body = json.loads(payload)
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise BadMessage(f"not JSON: {error}") from None
    seq = body.get("seq") if isinstance(body, dict) else None
    if not isinstance(body, dict) or body.get("v") != VERSION:
        raise BadMessage("not a version 1 acknowledgement")
    if not isinstance(seq, int) or isinstance(seq, bool) or seq < 0:
        raise BadMessage(f"bad seq {seq!r}")
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
    """A payload the venue cannot take: said in its log, never stored."""


def parse_envelope(payload: bytes | bytearray) -> Envelope:
    """An events-topic payload, checked; BadMessage says what is wrong with it."""
    try:
        body = json.loads(payload)
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise BadMessage(f"not JSON: {error}") from None
    if not isinstance(body, dict):
        raise BadMessage("not a JSON object")
    if body.get("v") != VERSION:
        raise BadMessage(f"version {body.get('v')!r}, this venue reads version {VERSION}")
    table, seq, game_id, kind, at, data = (body.get(k) for k in ("table", "seq", "game_id", "kind", "at", "data"))
    if not isinstance(table, str) or not valid_table_id(table):
        raise BadMessage(f"bad table id {table!r}")
    if not isinstance(seq, int) or isinstance(seq, bool) or seq < 1:
        raise BadMessage(f"bad seq {seq!r}")
    if not isinstance(game_id, str) or not 0 < len(game_id) <= 80:
        raise BadMessage(f"bad game_id {game_id!r}")
    if kind not in KINDS:
        raise BadMessage(f"unknown kind {kind!r}")
    if not isinstance(at, (int, float)) or isinstance(at, bool):
        raise BadMessage(f"bad time {at!r}")
    if not isinstance(data, dict):
        raise BadMessage("data is not an object")
    first = body.get("first")
    if first is not None and (not isinstance(first, int) or isinstance(first, bool) or not 1 <= first <= seq):
        raise BadMessage(f"bad first {first!r}")
    return Envelope(table, seq, game_id, kind, float(at), data, first)
