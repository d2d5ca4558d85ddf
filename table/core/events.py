"""What the devices tell the table. Plain values: the game flow and the event log take them as they are."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class CardPlaced:
    """A tag came to rest on a seat's reader. `code` is the card code its NDEF text record carries, if any."""

    seat: int
    uid: str  # upper-case hex, as printed on NFC tools: "04A2241A5C6480"
    code: str | None = None


@dataclass(frozen=True)
class CardRemoved:
    seat: int


@dataclass(frozen=True)
class TagWritten:
    """The answer to a request to write a card code into the tag on a seat's reader."""

    seat: int
    ok: bool
    error: str | None = None


@dataclass(frozen=True)
class ReaderFailed:
    """A seat's reader stopped answering (unplugged, broken wire); the other seats go on."""

    seat: int
    reason: str


@dataclass(frozen=True)
class ReaderRecovered:
    seat: int


@dataclass(frozen=True)
class HubConnected:
    """The seat hub shook hands: its firmware version and how many readers it drives."""

    firmware: str
    readers: int


@dataclass(frozen=True)
class HubLinkLost:
    """No word from the hub: unplugged, or heartbeats missed. Seats show the reader-link-lost pattern."""

    reason: str


TableEvent = CardPlaced | CardRemoved | TagWritten | ReaderFailed | ReaderRecovered | HubConnected | HubLinkLost
