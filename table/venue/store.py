"""The venue's database (SQLite, WAL): every table's events, each kept once by (table, seq), and what is built
from them: games, players, the tables' status. Events may arrive in any order (a table's outbox after a night
offline, the broker's queue after the venue's restart); each kind fills in its own part of a game, so the order
does not matter.

Players are one person across tables when their names match after casefold() and whitespace collapsing (their
`key`); the name shown is the last one seen, unless the admin renamed the player. Corrections (the admin's):
void or unvoid a game, merge a player into another, rename one. A payload that cannot be read is logged and
counted (`bad_messages`), never stored.

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

from table.venue.topics import BadMessage, Envelope, parse_envelope

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
        payload that cannot be read is logged, counted, and False."""
        try:
            envelope = parse_envelope(payload)
            if envelope.table != topic_table:  # the broker's ACL vouches for the topic, not for the payload
                raise BadMessage(f"says table {envelope.table!r} on table {topic_table!r}'s topic")
            return self.add(envelope)
        except BadMessage as error:
            log.warning("venue: a message from table %s cannot be read: %s", topic_table, error)
            self._count("bad_messages")
            return False

    def add(self, envelope: Envelope) -> bool:
        """Store an envelope once by (table, seq) and build the game from it; False for a duplicate. BadMessage
        for event data of the wrong shape (nothing stored)."""
        _check_data(envelope)
        now = self.clock()
        with self._write() as db:
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
                self._advance(db, envelope)
                return False
            self._advance(db, envelope)
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

    def _advance(self, db: sqlite3.Connection, envelope: Envelope) -> None:
        """The table's ack: up over the seqs now held without a gap (and over a gap below the envelope's `first`)."""
        row = db.execute("SELECT seq FROM acks WHERE table_id = ?", (envelope.table,)).fetchone()
        acked = int(row["seq"]) if row else 0
        base = max(acked, (envelope.first or 0) - 1)
        if db.execute("SELECT 1 FROM envelopes WHERE table_id = ? AND seq = ?", (envelope.table, base + 1)).fetchone():
            # the first held seq after `base` whose next one is missing: the end of the run that starts at base + 1
            (base,) = db.execute(
                "SELECT min(seq) FROM envelopes AS e WHERE table_id = ? AND seq > ? AND NOT EXISTS "
                "(SELECT 1 FROM envelopes WHERE table_id = e.table_id AND seq = e.seq + 1)",
                (envelope.table, base),
            ).fetchone()
        if base != acked:
            db.execute("INSERT OR REPLACE INTO acks VALUES (?, ?)", (envelope.table, base))

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
            body = json.loads(payload)
            if not isinstance(body, dict) or not isinstance(body.get("online"), bool):
                raise ValueError("no online flag")
        except (ValueError, UnicodeDecodeError) as error:
            log.warning("venue: table %s's status cannot be read: %s", topic_table, error)
            self._count("bad_messages")
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

    def _count(self, name: str) -> None:
        with self._write() as db:
            db.execute("INSERT INTO counters VALUES (?, 1) ON CONFLICT (name) DO UPDATE SET value = value + 1", (name,))

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


def _check_data(envelope: Envelope) -> None:
    """The event data's shape, as far as the venue relies on it (docs/venue.md): BadMessage otherwise."""
    data = envelope.data
    try:
        if envelope.kind == "game_started":
            good = isinstance(data["game"], str) and isinstance(data["players"], list)
            good = good and all(isinstance(p["seat"], int) and isinstance(p["name"], str) for p in data["players"])
        elif envelope.kind == "game_over":
            good = isinstance(data["ranking"], list) and all(
                isinstance(r["seat"], int) and isinstance(r["name"], str) and isinstance(r["place"], int)
                and isinstance(r["total"], int)
                for r in data["ranking"]
            )  # fmt: skip
        elif envelope.kind == "round":
            good = isinstance(data["round"], int) and isinstance(data["scores"], list)
        else:
            good = isinstance(data.get("why", {}), dict)
    except (KeyError, TypeError):
        good = False
    if not good:
        raise BadMessage(f"{envelope.kind} data of the wrong shape")
