"""What every game of tricks at the table plays alike: both editions of Skull King and the Skull King dice game.

Pure: no I/O, no clock, no randomness, the standard library only. Each game's rules module says what its cards (or
dice) are, who takes a trick and how a round scores; it takes the rest from here: how many may play, the dealer
moving round the table, who leads and who plays next, following suit, the revokes the table can prove, and a round
played trick by trick.

Seats are numbered 0..players-1 clockwise; "the player left of the dealer" is the next seat clockwise. Positions in
a trick are 0-based in play order. A card here is whatever is laid in a trick: it shows a `suit`, or None for a
special card, which may always be played.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Protocol, TypeVar

C = TypeVar("C", bound="Laid")  # a game's cards (or dice): what the trick rules ask of them is `Laid`, at the end
T = TypeVar("T", bound="Judged")  # a game's finished tricks


class CardError(ValueError):
    """A card code or a set of cards that the rules cannot accept; the message says why, for a person."""


class NotYourTurn(CardError):
    pass


class IllegalPlay(CardError):
    pass


def is_whole_number(value: object) -> bool:
    """A count as the rules take it: an int, and not a bool (which Python counts as one)."""
    return isinstance(value, int) and not isinstance(value, bool)


# --- Players, rounds and the dealer -----------------------------------------------------------------------------


@dataclass(frozen=True)
class TrickGame:
    """A game of tricks' own numbers, and the checks they make: how many play it, how many rounds it has."""

    name: str  # as its errors say it: "Skull King"
    min_players: int
    max_players: int
    rounds: int  # the most a game has
    error: type[ValueError]  # what its rules raise

    def check_players(self, players: int) -> None:
        if not is_whole_number(players) or not self.min_players <= players <= self.max_players:
            raise self.error(
                f"{self.name} is played by {self.min_players} to {self.max_players} players, not {players!r}"
            )

    def check_round_number(self, round_number: int) -> None:
        if not is_whole_number(round_number) or not 1 <= round_number <= self.rounds:
            raise self.error(f"a game has rounds 1 to {self.rounds}, not {round_number!r}")

    def dealer(self, round_number: int, players: int, first_dealer: int = 0) -> int:
        """The dealer moves one seat clockwise each round."""
        self.check_players(players)
        self.check_round_number(round_number)
        return (first_dealer + round_number - 1) % players


def first_leader(dealer_seat: int, players: int) -> int:
    """The player left of the dealer leads the first trick of the round."""
    return (dealer_seat + 1) % players


def play_order(leader: int, players: int) -> list[int]:
    """Seats in the order they play a trick: the leader, then clockwise."""
    return [(leader + offset) % players for offset in range(players)]


# --- Following suit -------------------------------------------------------------------------------------------


def lead_suit(trick: Iterable[Laid]) -> Any:
    """The suit to follow: the first suit card's (black included). A special card led before it leaves the suit to
    the next card, unless it leaves the trick no suit at all. None: no suit to follow (yet)."""
    for card in trick:
        if card.suit is not None:
            return card.suit
        if card.leaves_no_suit:
            return None
    return None


def legal_plays(hand: Sequence[C], trick: Sequence[Laid]) -> list[C]:
    """The cards of `hand` that may be played on `trick`, in the order of the hand.

    Who holds the suit to follow must play it, or a special card. Who does not may play anything; a player without
    black on a black lead may play any suit and need not play a pirate.
    """
    lead = lead_suit(trick)
    if lead is not None and any(card.suit == lead for card in hand):
        return [card for card in hand if card.suit == lead or card.is_special]
    return list(hand)


@dataclass(frozen=True)
class Trick(Generic[C]):
    """A trick: who led it and the cards in play order."""

    leader: int
    cards: tuple[C, ...]

    @property
    def seats(self) -> list[int]:
        """Who laid each card, in play order."""
        return play_order(self.leader, len(self.cards))


# --- Revokes: what the table can check beyond the rulebook -----------------------------------------------------


@dataclass(frozen=True)
class Revoke(Generic[C]):
    """`seat` did not follow `suit` in trick `trick`, yet played that suit later in the round (trick `shown`)."""

    seat: int
    suit: Any
    trick: int
    shown: int
    card: C


def find_revokes(tricks: Sequence[Trick[C]]) -> list[Revoke[C]]:
    """Every revoke the cards of one round prove, in the order they came to light.

    Who plays a card of another suit when the lead suit was asked shows they held none of it. That suit appearing
    later from the same hand proves they held it all along, unless the hand drew cards in between (a game whose
    cards let a player draw says so itself). A special card shows nothing: it may always be played.
    """
    showed_void: dict[tuple[int, Hashable], int] = {}  # (seat, suit) -> trick where they did not follow
    revokes = []
    for index, trick in enumerate(tricks):
        lead = lead_suit(trick.cards)
        for seat, card in zip(trick.seats, trick.cards, strict=True):
            if card.suit is not None and (seat, card.suit) in showed_void:
                revokes.append(Revoke(seat, card.suit, showed_void.pop((seat, card.suit)), index, card))
            if lead is not None and card.suit is not None and card.suit != lead:
                showed_void.setdefault((seat, lead), index)
    return revokes


# --- A round, trick by trick ----------------------------------------------------------------------------------


@dataclass
class Round(Generic[C, T]):
    """One round's play, trick by trick: who is to play, who leads next, who won what.

    The table does not see hands, so `play` checks turn order and that each card may come to the round
    (`check_card`); following suit is judged afterwards by `find_revokes`. A game's round says how a finished trick
    is judged (`judged_trick`) and how the round scores.
    """

    game: ClassVar[TrickGame]

    number: int
    players: int
    dealer: int
    cards: int = 0  # dealt to each player; 0: as many as the round deals (`cards_each`)
    tricks: list[T] = field(default_factory=list)
    current: list[C] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.game.check_players(self.players)
        self.game.check_round_number(self.number)
        if not 0 <= self.dealer < self.players:
            raise CardError(f"seat {self.dealer} is not at a table of {self.players}")
        if not self.cards:
            self.cards = self.cards_each()

    def cards_each(self) -> int:
        """How many cards each player is dealt this round."""
        raise NotImplementedError

    def check_card(self, card: C) -> None:
        """Raise CardError unless `card` may be laid now (announced, in this table's deck, not played already)."""
        raise NotImplementedError

    def judged_trick(self, leader: int, cards: tuple[C, ...]) -> T:
        """The trick just finished, judged as this game judges it."""
        raise NotImplementedError

    @property
    def leader(self) -> int:
        """Left of the dealer for the first trick, then who the previous trick says."""
        return self.tricks[-1].next_leader if self.tricks else first_leader(self.dealer, self.players)

    @property
    def is_over(self) -> bool:
        return len(self.tricks) == self.cards

    @property
    def to_play(self) -> int | None:
        """The seat whose card is awaited, or None once the round is over."""
        if self.is_over:
            return None
        return play_order(self.leader, self.players)[len(self.current)]

    def cards_played(self) -> list[C]:
        return [card for trick in self.tricks for card in trick.cards] + self.current

    def play(self, seat: int, card: C) -> T | None:
        """Lay `card` for `seat`; returns the finished trick when this was its last card."""
        if self.is_over:
            raise IllegalPlay(f"round {self.number} is over")
        if seat != self.to_play:
            raise NotYourTurn(f"it is seat {self.to_play}'s turn, not seat {seat}'s")
        self.check_card(card)
        self.current.append(card)
        if len(self.current) < self.players:
            return None
        trick = self.judged_trick(self.leader, tuple(self.current))
        self.tricks.append(trick)
        self.current = []
        return trick

    def tricks_won(self, seat: int) -> int:
        return sum(trick.winner == seat for trick in self.tricks)

    def bonus(self, seat: int) -> int:
        """The bonus from the tricks `seat` took."""
        return sum(trick.bonus for trick in self.tricks if trick.winner == seat)


# --- What the trick rules ask of a game: its cards, its judged tricks, its rules module (for the type checker) ---


class Laid(Protocol):
    """A card (or a die) as it lies in a trick, as far as following suit goes."""

    @property
    def code(self) -> str:
        """As its tag and the log write it: "yellow:12", "mermaid", "black:7"."""

    @property
    def suit(self) -> Any:
        """The suit it follows with; None for a special card."""

    @property
    def is_special(self) -> bool:
        """A special card may always be played, even by who could follow suit."""

    @property
    def leaves_no_suit(self) -> bool:
        """Led before any suit card, it leaves the trick without a suit to follow; otherwise a special card led
        leaves the suit to the next card."""


class Judged(Protocol):
    """A finished trick as its round counts it."""

    @property
    def leader(self) -> int: ...

    @property
    def cards(self) -> tuple[Any, ...]: ...

    @property
    def seats(self) -> list[int]: ...

    @property
    def winner(self) -> int | None:
        """The seat that takes the trick; None when nobody does."""

    @property
    def next_leader(self) -> int: ...

    @property
    def bonus(self) -> int:
        """The winner's bonus, paid if their bid is met."""


class Rulebook(Protocol):
    """What the table asks a Skull King edition's rules module alike (its flow, its bots): the game's numbers, its
    cards by code, the card announced when played, and who takes a trick."""

    GAME: TrickGame
    NUMBERS: range  # of a suit card
    DECK: tuple[Any, ...]  # every card of the deck, each copy once

    def parse_card(self, code: str) -> Any: ...

    def printed_card(self, card: Any) -> Any:
        """The card as printed, whatever it was announced as."""

    def announced(self, as_pirate: bool) -> Any:
        """The card announced when played, announced as a Pirate or as an Escape."""

    def check_from_one_deck(self, cards: Iterable[Any]) -> None: ...

    def trick_winner(self, trick: Sequence[Any]) -> int | None: ...
