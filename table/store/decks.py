"""The registry of enrolled decks: which NFC tag is which card, per game and per physical deck."""

from __future__ import annotations

import sqlite3
from collections import Counter
from dataclasses import dataclass


@dataclass(frozen=True)
class EnrolledTag:
    uid: str
    game: str
    deck: str
    code: str
    written: bool


class AlreadyEnrolled(ValueError):
    def __init__(self, tag: EnrolledTag) -> None:
        super().__init__(f"this tag is already enrolled as {tag.code} in the {tag.game} deck '{tag.deck}'")
        self.tag = tag


class DeckRegistry:
    def __init__(self, connection: sqlite3.Connection) -> None:
        self._db = connection

    def enroll(self, game: str, deck: str, uid: str, code: str) -> EnrolledTag:
        """Record that tag `uid` is card `code`; a tag is enrolled once, in one deck only."""
        uid = normalise_uid(uid)
        if existing := self.lookup(uid):
            raise AlreadyEnrolled(existing)
        self._db.execute("INSERT INTO deck_tag (uid, game, deck, code) VALUES (?, ?, ?, ?)", (uid, game, deck, code))
        return EnrolledTag(uid, game, deck, code, written=False)

    def mark_written(self, uid: str) -> None:
        self._db.execute("UPDATE deck_tag SET written = 1 WHERE uid = ?", (normalise_uid(uid),))

    def lookup(self, uid: str) -> EnrolledTag | None:
        row = self._db.execute(
            "SELECT uid, game, deck, code, written FROM deck_tag WHERE uid = ?", (normalise_uid(uid),)
        ).fetchone()
        return EnrolledTag(row[0], row[1], row[2], row[3], bool(row[4])) if row else None

    def tags(self, game: str, deck: str) -> list[EnrolledTag]:
        rows = self._db.execute(
            "SELECT uid, game, deck, code, written FROM deck_tag WHERE game = ? AND deck = ? ORDER BY rowid",
            (game, deck),
        )
        return [EnrolledTag(uid, g, d, code, bool(written)) for uid, g, d, code, written in rows]

    def counts(self, game: str, deck: str) -> Counter[str]:
        """How many tags of each card code the deck has so far."""
        return Counter(tag.code for tag in self.tags(game, deck))

    def decks(self, game: str) -> list[str]:
        rows = self._db.execute("SELECT DISTINCT deck FROM deck_tag WHERE game = ? ORDER BY deck", (game,))
        return [deck for (deck,) in rows]

    def forget(self, game: str, deck: str) -> int:
        """Remove a whole deck (lost, or re-stickered); returns how many tags it had."""
        return self._db.execute("DELETE FROM deck_tag WHERE game = ? AND deck = ?", (game, deck)).rowcount


def normalise_uid(uid: str) -> str:
    """Upper-case hex without separators: "04:a2:24" and "04A224" are the same tag."""
    cleaned = uid.replace(":", "").replace(" ", "").replace("-", "").upper()
    if not cleaned or len(cleaned) % 2 or any(ch not in "0123456789ABCDEF" for ch in cleaned):
        raise ValueError(f"'{uid}' is not a tag UID (hex bytes such as 04A2241A5C6480)")
    return cleaned
