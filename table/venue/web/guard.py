"""What guards the admin page, kept in its own SQLite file beside the venue's database (`admin-guard.sqlite3`),
so that it holds across restarts and between the web server's threads:

- the wrong-password count per address: an attempt is *reserved* (counted as wrong) before the slow password
  hash is checked, under one lock and one IMMEDIATE transaction, and forgiven only when the password was right;
  so parallel requests cannot all read "4 so far" before any of them writes (28-30 checked a minute, before);
- the admin sessions: a random id in the signed cookie, its row here. A session is the admin's only while its
  row exists (logout deletes it), it is younger than SESSION_HOURS, and the session version it was made under is
  still the current one: the fingerprint of the admin password's hash, so a new password (`pirate-table venue
  --set-admin-password`) ends every session. A cookie copied before any of these is worth nothing after.
"""

from __future__ import annotations

import hashlib
import secrets
import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

GUARD_NAME = "admin-guard.sqlite3"
LOGIN_TRIES, LOGIN_PAUSE = 5, 60.0  # wrong admin passwords from one address, then a pause of this many seconds
SESSION_HOURS = 8  # an evening's shift: the admin logs in again the next day
SCHEMA = """
CREATE TABLE IF NOT EXISTS failures (address TEXT NOT NULL, at REAL NOT NULL);
CREATE INDEX IF NOT EXISTS failures_by_address ON failures (address, at);
CREATE TABLE IF NOT EXISTS sessions (id TEXT PRIMARY KEY, created REAL NOT NULL, version TEXT NOT NULL);
"""


def fingerprint(password_hash: str) -> str:
    """A short, one-way name of the password's hash: what a session is bound to (never the hash itself)."""
    return hashlib.sha256(password_hash.encode()).hexdigest()[:32]


class AdminGuard:
    def __init__(self, path: Path, clock: Callable[[], float]) -> None:
        self.path = path
        self.clock = clock
        self._lock = threading.Lock()  # one thread at a time here; the transactions keep other processes out
        path.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(path, timeout=10)
        try:
            db.executescript(SCHEMA)  # its own transaction (executescript commits first)
        finally:
            db.close()
        path.chmod(0o600)

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            db = sqlite3.connect(self.path, timeout=10, isolation_level=None)
            try:
                db.execute("BEGIN IMMEDIATE")  # the write lock first: no reader acts on a count about to change
                try:
                    yield db
                except BaseException:
                    db.execute("ROLLBACK")
                    raise
                db.execute("COMMIT")
            finally:
                db.close()

    # The wrong passwords.

    def reserve_attempt(self, address: str) -> bool:
        """False when `address` has had LOGIN_TRIES wrong passwords in the last LOGIN_PAUSE seconds; else the
        attempt is counted as a wrong one now (forgive() takes it back when the password was right)."""
        now = self.clock()
        with self._transaction() as db:
            db.execute("DELETE FROM failures WHERE at <= ?", (now - LOGIN_PAUSE,))
            (recent,) = db.execute("SELECT COUNT(*) FROM failures WHERE address = ?", (address,)).fetchone()
            if recent >= LOGIN_TRIES:
                return False
            db.execute("INSERT INTO failures (address, at) VALUES (?, ?)", (address, now))
            return True

    def forgive(self, address: str) -> None:
        with self._transaction() as db:
            db.execute("DELETE FROM failures WHERE address = ?", (address,))

    # The sessions.

    def open_session(self, password_hash: str) -> str:
        """A new admin session's id (for the cookie)."""
        session_id = secrets.token_urlsafe(32)
        with self._transaction() as db:
            db.execute("DELETE FROM sessions WHERE created <= ?", (self.clock() - SESSION_HOURS * 3600,))
            version = fingerprint(password_hash)
            db.execute("INSERT INTO sessions VALUES (?, ?, ?)", (session_id, self.clock(), version))
        return session_id

    def is_open(self, session_id: str, password_hash: str) -> bool:
        if not session_id or not password_hash:
            return False
        with self._transaction() as db:
            row = db.execute("SELECT created, version FROM sessions WHERE id = ?", (session_id,)).fetchone()
            if row is None:
                return False
            created, version = row
            age = self.clock() - created
            if 0 <= age < SESSION_HOURS * 3600 and secrets.compare_digest(version, fingerprint(password_hash)):
                return True
            db.execute("DELETE FROM sessions WHERE id = ?", (session_id,))
            return False

    def close_session(self, session_id: str) -> None:
        with self._transaction() as db:
            db.execute("DELETE FROM sessions WHERE id = ?", (session_id,))
