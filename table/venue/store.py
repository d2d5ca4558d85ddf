"""The venue's database (SQLite, WAL): every table's events, each kept once by (table, seq), and what is built
from them: games, players, the tables' status. Events may arrive in any order (a table's outbox after a night
offline, the broker's queue after the venue's restart); each kind fills in its own part of a game, so the order
does not matter, but for one thing: a game is its table's from its game_started, and an event of a game not yet
started waits (is not taken, nor acknowledged, and comes again) while the table's seqs before it are missing.

Nothing a table sends is trusted: each envelope is checked against table.venue.schema, then here against the
database (whose game it is, its seats, how far its seq is). A refused message is logged, counted per table
(`refusals()`, for the admin page) and acknowledged (its seq held in `refused_seqs`, so the table never sends it
again), and changes nothing else.

Players are one person across tables when their names match after casefold() and whitespace collapsing (their
`key`); the name shown is the last one seen, unless the admin renamed the player. Corrections (the admin's):
void or unvoid a game, merge a player into another, rename one. A payload refused is logged and counted
(`bad_messages`), never stored.

`acked(table)` is the highest seq held of a table without a gap (what the venue acknowledges to it); a gap below an
envelope's `first` (results the table no longer has) is not waited for.

One Store is shared by the MQTT thread (the one writer of events) and the web server's threads; a lock keeps them
to one statement at a time on one connection, which is plenty for a venue's few messages a second.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from table.venue.schema import MAX_SEQ_AHEAD, Refused, SeqOutOfReach, check_envelope, check_status, seats_of
from table.venue.topics import BadMessage, Envelope, parse_envelope, read_json, short, valid_table_id

log = logging.getLogger(__name__)
DATABASE_NAME = "venue.sqlite3"

SCHEMA = """
CREATE TABLE IF NOT EXISTS envelopes (
    table_id TEXT NOT NULL, seq INTEGER NOT NULL, game_id TEXT NOT NULL, kind TEXT NOT NULL, at REAL NOT NULL,
    data TEXT NOT NULL, received REAL NOT NULL, PRIMARY KEY (table_id, seq));
CREATE INDEX IF NOT EXISTS envelopes_by_game ON envelopes (game_id, kind, seq);
CREATE TABLE IF NOT EXISTS games (
    game_id TEXT PRIMARY KEY, table_id TEXT NOT NULL, game TEXT NOT NULL DEFAULT '', game_name TEXT NOT NULL
    DEFAULT '{}', started_at REAL, finished_at REAL, last_at REAL NOT NULL, score_pad TEXT,
    voided INTEGER NOT NULL DEFAULT 0);
CREATE INDEX IF NOT EXISTS games_by_finish ON games (finished_at);
CREATE TABLE IF NOT EXISTS game_players (
    game_id TEXT NOT NULL, seat INTEGER NOT NULL, name TEXT NOT NULL, player_key TEXT NOT NULL, badge INTEGER
    NOT NULL DEFAULT 0, place INTEGER, total INTEGER, PRIMARY KEY (game_id, seat));
CREATE INDEX IF NOT EXISTS game_players_by_key ON game_players (player_key);
CREATE TABLE IF NOT EXISTS players (
    key TEXT PRIMARY KEY, name TEXT NOT NULL, seen_at REAL NOT NULL, renamed INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS merges (key TEXT PRIMARY KEY, into_key TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tables (
    table_id TEXT PRIMARY KEY, online INTEGER NOT NULL DEFAULT 0, status_at REAL, last_seen REAL,
    last_seq INTEGER NOT NULL DEFAULT 0, game_id TEXT);
CREATE TABLE IF NOT EXISTS acks (table_id TEXT PRIMARY KEY, seq INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS settings (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS refusals (
    table_id TEXT PRIMARY KEY, count INTEGER NOT NULL, last_at REAL NOT NULL, last_reason TEXT NOT NULL,
    last_seq INTEGER);
CREATE TABLE IF NOT EXISTS refused_seqs (table_id TEXT NOT NULL, seq INTEGER NOT NULL, PRIMARY KEY (table_id, seq));
"""


def player_key(name: str) -> str:
    """One person's key across tables: the name casefolded, whitespace collapsed ("?" for a blank name)."""
    return (" ".join(name.split()) or "?").casefold()


@dataclass
class PlayerResult:
    key: str  # after merges
    name: str  # the player's display name
    seat: int
    place: int | None
    total: int | None
    badge: bool = False


@dataclass
class Game:
    game_id: str
    table: str
    game: str
    game_name: dict[str, str]
    started_at: float | None
    finished_at: float | None
    last_at: float
    voided: bool
    players: list[PlayerResult] = field(default_factory=list)

    @property
    def finished(self) -> bool:
        return self.finished_at is not None

    def winners(self) -> list[PlayerResult]:
        return [p for p in self.players if p.place == 1]


class Store:
    def __init__(self, path: Path, clock: Callable[[], float] = time.time) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self.clock = clock
        self._lock = threading.RLock()
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._db.row_factory = sqlite3.Row
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA busy_timeout=5000")
        self._db.executescript(SCHEMA)
        self.version = 0  # goes up with every change: the live page asks for news by it

    def close(self) -> None:
        with self._lock:
            self._db.close()

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
            self.version += 1

    def _rows(self, sql: str, *params: Any) -> list[sqlite3.Row]:
        with self._lock:
            return self._db.execute(sql, params).fetchall()

    # --- what arrives -------------------------------------------------------------------------------------------

    def add_payload(self, topic_table: str, payload: bytes | bytearray) -> bool:
        """An events-topic payload from `topic_table`'s topic: stored when new (True); a duplicate is False; a
        payload refused (unreadable, or not what a table may send) is recorded (`refused`) and False."""
        try:
            envelope = parse_envelope(payload)
            if envelope.table != topic_table:  # the broker's ACL vouches for the topic, not for the payload
                raise BadMessage(f"says table {envelope.table!r} on table {topic_table!r}'s topic", envelope.seq)
        except BadMessage as error:
            self._refused(topic_table, str(error), error.seq)
            return False
        try:
            return self.add(envelope)
        except BadMessage:
            return False

    def add(self, envelope: Envelope) -> bool:
        """Store an envelope once by (table, seq) and build the game from it; False for a duplicate, or for an event
        of a game not started yet while the table's earlier seqs are still missing (it is sent again). Refused
        (table.venue.schema) for anything a table may not send: recorded, acknowledged when its seq can be, and
        nothing else changed."""
        try:
            return self._take(envelope)
        except Refused as refusal:
            reach = not isinstance(refusal, SeqOutOfReach)
            self._refused(envelope.table, str(refusal), envelope.seq, envelope.first, acknowledge=reach)
            raise

    def _take(self, envelope: Envelope) -> bool:
        now = self.clock()
        check_envelope(envelope, now)
        with self._write() as db:
            if not self._owned(db, envelope):
                return False
            inserted = db.execute(
                "INSERT OR IGNORE INTO envelopes VALUES (?, ?, ?, ?, ?, ?, ?)",
                (envelope.table, envelope.seq, envelope.game_id, envelope.kind, envelope.at,
                 json.dumps(envelope.data, ensure_ascii=False), now),
            ).rowcount  # fmt: skip
            db.execute(
                "INSERT INTO tables (table_id, last_seen) VALUES (?, ?) "
                "ON CONFLICT (table_id) DO UPDATE SET last_seen = excluded.last_seen",
                (envelope.table, now),
            )
            if not inserted:
                kept = db.execute(
                    "SELECT game_id, kind FROM envelopes WHERE table_id = ? AND seq = ?", (envelope.table, envelope.seq)
                ).fetchone()
                if (kept["game_id"], kept["kind"]) != (envelope.game_id, envelope.kind):
                    # not a resend: the table counts from 1 again (a new data folder?); its new events are lost
                    log.warning("venue: table %s sent seq %d again for another event (%s of %s, kept: %s of %s); "
                                "was the table's data folder reset?", envelope.table, envelope.seq, envelope.kind,
                                envelope.game_id, kept["kind"], kept["game_id"])  # fmt: skip
                    db.execute(
                        "INSERT INTO counters VALUES ('seq_conflicts', 1) "
                        "ON CONFLICT (name) DO UPDATE SET value = value + 1"
                    )
                self._advance(db, envelope.table, envelope.first)
                return False
            self._advance(db, envelope.table, envelope.first)
            db.execute(
                "UPDATE tables SET last_seq = ?, game_id = ? WHERE table_id = ? AND last_seq < ?",
                (envelope.seq, envelope.game_id, envelope.table, envelope.seq),
            )
            db.execute(
                "INSERT INTO games (game_id, table_id, last_at) VALUES (?, ?, ?) "
                "ON CONFLICT (game_id) DO UPDATE SET last_at = max(last_at, excluded.last_at)",
                (envelope.game_id, envelope.table, envelope.at),
            )
            if envelope.kind == "game_started":
                self._started(db, envelope)
            elif envelope.kind == "game_over":
                self._over(db, envelope)
        return True

    def _owned(self, db: sqlite3.Connection, envelope: Envelope) -> bool:
        """Refused unless the event's game is its table's and (but for its start) was started, with the seats the
        event names; False (not decided) for a game not started yet while seqs before this one are still missing:
        its start may be among them."""
        acked = self._acked(db, envelope.table)
        if envelope.seq > acked + MAX_SEQ_AHEAD:
            raise SeqOutOfReach(f"seq {envelope.seq} is more than {MAX_SEQ_AHEAD} beyond the {acked} the venue holds")
        game = db.execute("SELECT table_id, started_at FROM games WHERE game_id = ?", (envelope.game_id,)).fetchone()
        if game is not None and game["table_id"] != envelope.table:
            raise Refused(f"game {envelope.game_id} is table {game['table_id']}'s")
        if envelope.kind == "game_started":
            return True
        if game is None or game["started_at"] is None:
            if max(acked, (envelope.first or 0) - 1) < envelope.seq - 1:
                log.info("venue: %s %d of table %s waits for its game's start (game %s)", envelope.kind,
                         envelope.seq, envelope.table, envelope.game_id)  # fmt: skip
                return False
            raise Refused(f"{envelope.kind} of game {envelope.game_id}, which this table never started")
        seats = {row["seat"] for row in db.execute("SELECT seat FROM game_players WHERE game_id = ?",
                                                   (envelope.game_id,))}  # fmt: skip
        named = set(seats_of(envelope))
        every = envelope.kind in ("round", "game_over")  # one entry per player; a trick names its winner, if any
        if (named != seats) if every else not named <= seats:
            raise Refused(f"{envelope.kind} for seats {sorted(named)}; game {envelope.game_id} has {sorted(seats)}")
        return True

    def _refused(
        self, table: str, why: str, seq: int | None, first: int | None = None, acknowledge: bool = True
    ) -> None:
        """A message not taken: logged, counted (for the admin, per table: how many, the last one and why), and its
        seq held as far as the ack goes (the table never sends it again); nothing else changes."""
        now = self.clock()
        with self._write() as db:
            if (
                acknowledge
                and seq is not None
                and db.execute("SELECT 1 FROM refused_seqs WHERE table_id = ? AND seq = ?", (table, seq)).fetchone()
            ):  # sent again before the ack reached the table: refused once, counted once
                log.info("venue: table %s sent refused seq %d again", table, seq)
                return
            log.warning("venue: refused a message from table %s: %s", short(table, 40), why)
            db.execute(
                "INSERT INTO counters VALUES ('bad_messages', 1) ON CONFLICT (name) DO UPDATE SET value = value + 1"
            )
            if not valid_table_id(table):  # not a topic the broker gives a table: counted, no more
                return
            db.execute(
                "INSERT INTO refusals VALUES (?, 1, ?, ?, ?) ON CONFLICT (table_id) DO UPDATE SET count = count + 1, "
                "last_at = excluded.last_at, last_reason = excluded.last_reason, last_seq = excluded.last_seq",
                (table, now, why[:500], seq),
            )
            if acknowledge and seq is not None and 1 <= seq <= self._acked(db, table) + MAX_SEQ_AHEAD:
                db.execute("INSERT OR IGNORE INTO refused_seqs VALUES (?, ?)", (table, seq))
                self._advance(db, table, first)

    def refusals(self) -> list[dict[str, Any]]:
        """Per table: table_id, count, last_at, last_reason, last_seq (None: a seq that could not be read)."""
        return [dict(row) for row in self._rows("SELECT * FROM refusals ORDER BY table_id")]

    def _acked(self, db: sqlite3.Connection, table: str) -> int:
        row = db.execute("SELECT seq FROM acks WHERE table_id = ?", (table,)).fetchone()
        return int(row["seq"]) if row else 0

    def _advance(self, db: sqlite3.Connection, table: str, first: int | None) -> None:
        """The table's ack: up over the seqs now held (stored or refused) without a gap, and over a gap below an
        envelope's `first`."""
        acked = self._acked(db, table)
        base = max(acked, (first or 0) - 1)
        while True:  # a run of stored seqs, then one of refused ones, and so on
            for held in ("envelopes", "refused_seqs"):
                if db.execute(f"SELECT 1 FROM {held} WHERE table_id = ? AND seq = ?", (table, base + 1)).fetchone():
                    # the first held seq after `base` whose next one is missing: the end of the run from base + 1
                    (base,) = db.execute(
                        f"SELECT min(seq) FROM {held} AS e WHERE table_id = ? AND seq > ? AND NOT EXISTS "
                        f"(SELECT 1 FROM {held} WHERE table_id = e.table_id AND seq = e.seq + 1)",
                        (table, base),
                    ).fetchone()
                    break
            else:
                break
        if base != acked:
            db.execute("INSERT OR REPLACE INTO acks VALUES (?, ?)", (table, base))

    def acked(self, table: str) -> int:
        """The highest seq of `table` held without a gap (0: none)."""
        rows = self._rows("SELECT seq FROM acks WHERE table_id = ?", table)
        return int(rows[0]["seq"]) if rows else 0

    def acks(self) -> dict[str, int]:
        """Every table's ack that is more than 0."""
        return {row["table_id"]: int(row["seq"]) for row in self._rows("SELECT * FROM acks")}

    def _started(self, db: sqlite3.Connection, envelope: Envelope) -> None:
        data = envelope.data
        db.execute(
            "UPDATE games SET game = ?, game_name = ?, started_at = ? WHERE game_id = ?",
            (data["game"], json.dumps(data.get("game_name") or {}, ensure_ascii=False), envelope.at,
             envelope.game_id),
        )  # fmt: skip
        for player in data["players"]:
            key = self._seen(db, player["name"], envelope.at)
            db.execute(
                "INSERT INTO game_players (game_id, seat, name, player_key, badge) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT (game_id, seat) DO UPDATE SET name = excluded.name, player_key = excluded.player_key, "
                "badge = excluded.badge",
                (envelope.game_id, player["seat"], player["name"], key, bool(player.get("badge"))),
            )

    def _over(self, db: sqlite3.Connection, envelope: Envelope) -> None:
        data = envelope.data
        db.execute(
            "UPDATE games SET finished_at = ?, score_pad = ? WHERE game_id = ?",
            (envelope.at, json.dumps(data.get("score_pad"), ensure_ascii=False), envelope.game_id),
        )
        for row in data["ranking"]:
            key = self._seen(db, row["name"], envelope.at)
            db.execute(
                "INSERT INTO game_players (game_id, seat, name, player_key, place, total) VALUES (?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (game_id, seat) DO UPDATE SET place = excluded.place, total = excluded.total",
                (envelope.game_id, row["seat"], row["name"], key, row["place"], row["total"]),
            )

    def _seen(self, db: sqlite3.Connection, name: str, at: float) -> str:
        """The player's key; the display name becomes this one if it is the latest seen (and not renamed)."""
        key = player_key(name)
        db.execute(
            "INSERT INTO players (key, name, seen_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET "
            "name = CASE WHEN renamed = 0 AND excluded.seen_at >= seen_at THEN excluded.name ELSE name END, "
            "seen_at = max(seen_at, excluded.seen_at)",
            (key, " ".join(name.split()) or "?", at),
        )
        return key

    def set_status(self, topic_table: str, payload: bytes | bytearray) -> bool:
        """A table's status message (online or not); False (and counted) when it cannot be read."""
        try:
            body = read_json(payload)
            if not valid_table_id(topic_table):
                raise BadMessage("a status on a topic that is no table's")
            check_status(body, topic_table)
        except BadMessage as error:
            self._refused(topic_table, f"status: {error}", None)
            return False
        now = self.clock()
        with self._write() as db:
            db.execute(
                "INSERT INTO tables (table_id, online, status_at, last_seen) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (table_id) DO UPDATE SET online = excluded.online, status_at = excluded.status_at, "
                "last_seen = max(coalesce(last_seen, 0), excluded.last_seen)",
                (topic_table, body["online"], now, now),
            )
        return True

    def counter(self, name: str) -> int:
        rows = self._rows("SELECT value FROM counters WHERE name = ?", name)
        return int(rows[0]["value"]) if rows else 0

    @property
    def bad_messages(self) -> int:
        return self.counter("bad_messages")

    def envelope_count(self) -> int:
        return int(self._rows("SELECT count(*) AS n FROM envelopes")[0]["n"])

    # --- corrections (the admin's) ------------------------------------------------------------------------------

    def void_game(self, game_id: str, voided: bool = True) -> bool:
        with self._write() as db:
            return db.execute("UPDATE games SET voided = ? WHERE game_id = ?", (voided, game_id)).rowcount == 1

    def merge_players(self, key: str, into: str) -> bool:
        """Player `key` is the same person as `into`: their games count as `into`'s. False for an unknown player
        or a player into itself."""
        key, into = self.resolve(key), self.resolve(into)
        if key == into or self.player_name(key) is None or self.player_name(into) is None:
            return False
        with self._write() as db:
            db.execute("UPDATE merges SET into_key = ? WHERE into_key = ?", (into, key))
            db.execute("INSERT OR REPLACE INTO merges VALUES (?, ?)", (key, into))
        return True

    def rename_player(self, key: str, name: str) -> bool:
        name = " ".join(name.split())
        if not name:
            return False
        with self._write() as db:
            changed = db.execute(
                "UPDATE players SET name = ?, renamed = 1 WHERE key = ?", (name, self.resolve(key))
            ).rowcount
        return changed == 1

    def setting(self, name: str) -> Any:
        rows = self._rows("SELECT value FROM settings WHERE name = ?", name)
        return json.loads(rows[0]["value"]) if rows else None

    def set_setting(self, name: str, value: Any) -> None:
        with self._write() as db:
            if value is None:
                db.execute("DELETE FROM settings WHERE name = ?", (name,))
            else:
                db.execute("INSERT OR REPLACE INTO settings VALUES (?, ?)", (name, json.dumps(value)))

    # --- what the pages show ------------------------------------------------------------------------------------

    def _merges(self) -> dict[str, str]:
        return {row["key"]: row["into_key"] for row in self._rows("SELECT * FROM merges")}

    def resolve(self, key: str) -> str:
        return self._merges().get(key, key)

    def player_name(self, key: str) -> str | None:
        rows = self._rows("SELECT name FROM players WHERE key = ?", self.resolve(key))
        return str(rows[0]["name"]) if rows else None

    def players(self) -> list[tuple[str, str]]:
        """(key, name) of every player not merged into another, by name."""
        merged = self._merges()
        rows = self._rows("SELECT key, name FROM players ORDER BY name COLLATE NOCASE")
        return [(row["key"], row["name"]) for row in rows if row["key"] not in merged]

    def games(
        self, since: float | None = None, until: float | None = None, finished: bool = True, player: str | None = None
    ) -> list[Game]:
        """Games (finished ones by default) between `since` and `until` (unix s, by when they ended), newest first;
        with `player`, only that player's."""
        where, params = ["1"], []
        if finished:
            where.append("finished_at IS NOT NULL")
        if since is not None:
            where.append("coalesce(finished_at, last_at) >= ?")
            params.append(since)
        if until is not None:
            where.append("coalesce(finished_at, last_at) < ?")
            params.append(until)
        rows = self._rows(
            f"SELECT * FROM games WHERE {' AND '.join(where)} ORDER BY coalesce(finished_at, last_at) DESC", *params
        )
        games = self._with_players(rows)
        if player is not None:
            key = self.resolve(player)
            games = [game for game in games if any(p.key == key for p in game.players)]
        return games

    def game(self, game_id: str) -> Game | None:
        games = self._with_players(self._rows("SELECT * FROM games WHERE game_id = ?", game_id))
        return games[0] if games else None

    def _with_players(self, rows: list[sqlite3.Row]) -> list[Game]:
        if not rows:
            return []
        merged = self._merges()
        names = {row["key"]: row["name"] for row in self._rows("SELECT key, name FROM players")}
        games = {
            row["game_id"]: Game(row["game_id"], row["table_id"], row["game"], json.loads(row["game_name"]),
                                 row["started_at"], row["finished_at"], row["last_at"], bool(row["voided"]))
            for row in rows
        }  # fmt: skip
        marks = ",".join("?" * len(games))
        for row in self._rows(f"SELECT * FROM game_players WHERE game_id IN ({marks}) ORDER BY seat", *games):
            key = merged.get(row["player_key"], row["player_key"])
            games[row["game_id"]].players.append(
                PlayerResult(key, names.get(key, row["name"]), row["seat"], row["place"], row["total"],
                             bool(row["badge"]))
            )  # fmt: skip
        return list(games.values())

    def events(self, game_id: str, kind: str) -> list[dict[str, Any]]:
        """A game's events of one kind, in the table's order, as their data."""
        rows = self._rows("SELECT data FROM envelopes WHERE game_id = ? AND kind = ? ORDER BY seq", game_id, kind)
        return [json.loads(row["data"]) for row in rows]

    def last_event(self, game_id: str, kind: str) -> dict[str, Any] | None:
        rows = self._rows(
            "SELECT data FROM envelopes WHERE game_id = ? AND kind = ? ORDER BY seq DESC LIMIT 1", game_id, kind
        )
        return json.loads(rows[0]["data"]) if rows else None

    def score_pad(self, game_id: str) -> Any:
        rows = self._rows("SELECT score_pad FROM games WHERE game_id = ?", game_id)
        return json.loads(rows[0]["score_pad"]) if rows and rows[0]["score_pad"] else None

    def tables(self) -> list[dict[str, Any]]:
        """Every table seen: id, online, last_seen, status_at, game_id (its latest game), by id."""
        return [dict(row) for row in self._rows("SELECT * FROM tables ORDER BY table_id")]
