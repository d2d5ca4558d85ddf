"""Getting a deck onto the table: enrolling each card's tag, or writing each card's code into its tag.

Both walk a person through the deck card by card. Progress lives in the registry, so an interrupted session
resumes where it stopped.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from table.core.text import Text, text
from table.decks import FromAnotherGame, Known, deck_codes, identify
from table.store.decks import AlreadyEnrolled, DeckRegistry, normalise_uid


@dataclass(frozen=True)
class Enrolled:
    code: str


@dataclass(frozen=True)
class Refused:
    reason: str


@dataclass(frozen=True)
class WriteCode:
    """Ask the hub to write `code` into the tag now on the reader of `seat`."""

    seat: int
    uid: str
    code: str


DECK_NAME_LENGTH = 40


def deck_name(deck: str) -> str:
    """A deck's name as people type it, tidied; a name that is empty or too long is a ValueError that says so."""
    name = " ".join(deck.split())
    if not name or not name.isprintable():
        raise ValueError('a deck needs a name, as in --deck "red box"')
    if len(name) > DECK_NAME_LENGTH:
        raise ValueError(f"a deck's name is at most {DECK_NAME_LENGTH} characters")
    return name


class Enrollment:
    """Tap every card of a deck once, in the order asked, and each tag is recorded as that card."""

    def __init__(self, registry: DeckRegistry, game: str, deck: str, config: Any = None) -> None:
        """`config`: the table's configuration, for a game whose deck it describes (how many of each card)."""
        self.registry, self.game, self.deck = registry, game, deck_name(deck)
        self.codes = deck_codes(game, config)

    def next_code(self) -> str | None:
        """The next card to tap, or None when the whole deck is in."""
        remaining = Counter(self.codes) - self.registry.counts(self.game, self.deck)
        return next((code for code in self.codes if remaining[code] > 0), None)

    def progress(self) -> tuple[int, int]:
        return len(self.registry.tags(self.game, self.deck)), len(self.codes)

    def prompt(self) -> str:
        code = self.next_code()
        done, total = self.progress()
        if code is None:
            return f"All {total} cards of the deck '{self.deck}' are enrolled."
        copies = self.codes.count(code)
        copy = self.registry.counts(self.game, self.deck)[code] + 1
        which = f" ({copy} of {copies})" if copies > 1 else ""
        return f"[{done}/{total}] Tap {code}{which}"

    def tap(self, uid: str) -> Enrolled | Refused:
        code = self.next_code()
        if code is None:
            return Refused("the deck is complete")
        try:
            self.registry.enroll(self.game, self.deck, uid, code)
        except AlreadyEnrolled as refusal:
            return Refused(str(refusal))
        except ValueError as error:
            return Refused(str(error))
        return Enrolled(code)


class TagWriting:
    """Write each card's code into its own tag, so the deck works on any table without enrolling.

    A tag already enrolled gets its enrolled code; a new tag gets the next card the deck still lacks (and is
    enrolled as it). A tag is finished once the hub confirms the write.
    """

    def __init__(self, registry: DeckRegistry, game: str, deck: str, config: Any = None) -> None:
        self.registry, self.game, self.deck = registry, game, deck_name(deck)
        self.enrollment = Enrollment(registry, game, deck, config)

    def progress(self) -> tuple[int, int]:
        written = sum(tag.written for tag in self.registry.tags(self.game, self.deck))
        return written, len(self.enrollment.codes)

    def prompt(self) -> str:
        written, total = self.progress()
        if written == total:
            return f"All {total} tags of the deck '{self.deck}' carry their card code."
        code = self.enrollment.next_code()
        hint = f" (next new card: {code})" if code else ""
        return f"[{written}/{total}] Lay a card of the deck '{self.deck}' on any seat's reader{hint}"

    def tap(self, seat: int, uid: str) -> WriteCode | Refused:
        try:
            uid = normalise_uid(uid)
        except ValueError as error:
            return Refused(str(error))
        tag = self.registry.lookup(uid)
        if tag is not None and (tag.game, tag.deck) != (self.game, self.deck):
            return Refused(f"this tag is {tag.code} of the {tag.game} deck '{tag.deck}'")
        if tag is None:
            outcome = self.enrollment.tap(uid)
            if isinstance(outcome, Refused):
                return outcome
            return WriteCode(seat, uid, outcome.code)
        return WriteCode(seat, uid, tag.code)

    def written(self, uid: str, ok: bool) -> None:
        """The hub's answer to a WriteCode."""
        if ok:
            self.registry.mark_written(uid)


REPLACEMENTS = "replacements"  # the registry's deck of stickers learned mid-game (the table knows no box's name)


def learn_sticker(registry: DeckRegistry, game: str, seat: int, uid: str | None, code: str, config: Any = None) -> Text:
    """A replacement sticker, mid-game: the tag `uid` on `seat`'s reader, unknown to the table, is card `code` of
    `game`. Enrolled in the deck REPLACEMENTS; returns what to say. Raises RefusedSticker, changing nothing, for no
    tag there, a card not of this game, or a tag the table knows already (as a card of this game or another)."""
    number = seat + 1
    if uid is None:
        raise RefusedSticker(text("Lay the new sticker on the reader of seat {number} first", number=number))
    if code not in deck_codes(game, config):
        raise RefusedSticker(text("{code} is no card of this game", code=code))
    match identify(registry, game, uid, None):
        case Known():
            raise RefusedSticker(text("The sticker on seat {number}'s reader is known already", number=number))
        case FromAnotherGame():
            raise RefusedSticker(text("The sticker on seat {number}'s reader is a card of another game", number=number))
    try:
        registry.enroll(game, REPLACEMENTS, uid, code)
    except (AlreadyEnrolled, ValueError) as error:
        raise RefusedSticker(text("This sticker cannot be learned ({error})", error=str(error))) from error
    return text("The new sticker on seat {number}'s reader is learned", number=number)


class RefusedSticker(ValueError):
    """A replacement sticker the table does not learn: `said` says why."""

    def __init__(self, said: Text) -> None:
        super().__init__(str(said))
        self.said = said
