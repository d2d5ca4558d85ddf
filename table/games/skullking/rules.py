"""Skull King, the card game (2013 edition, also sold as Piraten Bridge).

The rules as `docs/rules/skullking.md` decides them. Pure: no I/O, no clock, no randomness of its own.

Seats are numbered 0..players-1 clockwise; "the player left of the dealer" is the next seat clockwise.
Positions in a trick are 0-based in play order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from functools import cached_property
from typing import Any

from table.core.requests import RequestError, codes, fields

# --- The deck: 66 cards ---------------------------------------------------------------------------------------


class Suit(Enum):
    YELLOW = "yellow"
    RED = "red"
    BLUE = "blue"
    BLACK = "black"  # the skull-and-crossbones flag: the trump suit


class Kind(Enum):
    NUMBER = "number"  # a suit card, 1-13
    ESCAPE = "escape"
    PIRATE = "pirate"
    SCARY_MARY = "scarymary"  # announced as a Pirate or as an Escape when played
    MERMAID = "mermaid"
    SKULL_KING = "skullking"


SUITS = tuple(Suit)
NUMBERS = range(1, 14)
PIRATE_NAMES = ("badeye-joe", "harry-the-giant", "tortuga-jack", "betty-brave", "evil-emmy")
ESCAPES_IN_DECK = 5
MERMAIDS_IN_DECK = 2
PIRATES_IN_DECK = len(PIRATE_NAMES)

MIN_PLAYERS, MAX_PLAYERS = 2, 6
ROUNDS = 10
PIRATE_BONUS = 30  # per Pirate caught by the Skull King (Scary Mary counts, however she was played)
MERMAID_BONUS = 50  # a Mermaid catches the Skull King

# A card's rank says who takes the trick: the highest rank wins, and among equal ranks the first card played.
# That is the rulebook's order 2-5 and 7. Rule 1 (a Mermaid with the Skull King) and rule 6 (only the lead suit
# counts among the coloured suits) are the two exceptions `trick_winner` applies on top.
ESCAPE_RANK = 0
TRUMP_RANK = 20  # black n ranks TRUMP_RANK + n
MERMAID_RANK = 40
PIRATE_RANK = 50
SKULL_KING_RANK = 60


class CardError(ValueError):
    """A card code or a set of cards that the rules cannot accept; the message says why, for a person."""


@dataclass(frozen=True, slots=True)
class Card:
    """One card as it lies on the table. Scary Mary carries the role she was announced in, once played."""

    kind: Kind
    suit: Suit | None = None
    number: int = 0
    name: str | None = None  # a named pirate; None for a pirate named by kind only
    played_as: Kind | None = None  # Scary Mary only: Kind.PIRATE or Kind.ESCAPE
    rank: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "rank", _rank(self))

    @property
    def is_special(self) -> bool:
        """Escape, Pirate, Scary Mary, Mermaid and Skull King may always be played, even when one could follow."""
        return self.kind is not Kind.NUMBER

    @property
    def counts_as_pirate(self) -> bool:
        """For the Skull King's bonus: every Pirate, and Scary Mary whichever way she was played."""
        return self.kind in (Kind.PIRATE, Kind.SCARY_MARY)

    @property
    def code(self) -> str:
        if self.kind is Kind.NUMBER:
            assert self.suit is not None
            return f"{self.suit.value}:{self.number}"
        if self.kind is Kind.PIRATE and self.name:
            return f"pirate:{self.name}"
        if self.kind is Kind.SCARY_MARY and self.played_as:
            return f"scarymary:{self.played_as.value}"
        return self.kind.value

    def __str__(self) -> str:
        return self.code


def _rank(card: Card) -> int:
    if card.kind is Kind.NUMBER:
        return TRUMP_RANK + card.number if card.suit is Suit.BLACK else card.number
    if card.kind is Kind.SCARY_MARY:
        return PIRATE_RANK if card.played_as is Kind.PIRATE else ESCAPE_RANK
    return {
        Kind.ESCAPE: ESCAPE_RANK,
        Kind.PIRATE: PIRATE_RANK,
        Kind.MERMAID: MERMAID_RANK,
        Kind.SKULL_KING: SKULL_KING_RANK,
    }[card.kind]


ESCAPE = Card(Kind.ESCAPE)
MERMAID = Card(Kind.MERMAID)
SKULL_KING = Card(Kind.SKULL_KING)
PIRATE = Card(Kind.PIRATE)  # a pirate whose name is not known (a plain "pirate" code)
SCARY_MARY = Card(Kind.SCARY_MARY)  # in a hand, not yet announced
SCARY_MARY_AS_PIRATE = Card(Kind.SCARY_MARY, played_as=Kind.PIRATE)
SCARY_MARY_AS_ESCAPE = Card(Kind.SCARY_MARY, played_as=Kind.ESCAPE)


def number_card(suit: Suit, number: int) -> Card:
    if number not in NUMBERS:
        raise CardError(f"a {suit.value} card is numbered 1 to 13, not {number}")
    return Card(Kind.NUMBER, suit, number)


def named_pirate(name: str) -> Card:
    if name not in PIRATE_NAMES:
        raise CardError(f"there is no pirate called '{name}'; the pirates are {', '.join(PIRATE_NAMES)}")
    return Card(Kind.PIRATE, name=name)


DECK: tuple[Card, ...] = (
    *(number_card(suit, number) for suit in SUITS for number in NUMBERS),
    *(ESCAPE,) * ESCAPES_IN_DECK,
    *(named_pirate(name) for name in PIRATE_NAMES),
    SCARY_MARY,
    *(MERMAID,) * MERMAIDS_IN_DECK,
    SKULL_KING,
)
assert len(DECK) == 66


# --- Card codes: "yellow:12", "escape", "pirate:tortuga-jack", "scarymary:pirate", ... --------------------------

_SIMPLE_CODES = {
    "escape": ESCAPE,
    "pirate": PIRATE,
    "scarymary": SCARY_MARY,
    "mermaid": MERMAID,
    "skullking": SKULL_KING,
}


def parse_card(code: str) -> Card:
    """The card a text code names. Case and surrounding spaces do not matter."""
    if not isinstance(code, str):
        raise CardError(f"a card is written as text such as 'yellow:12' or 'mermaid', not {code!r}")
    text = code.strip().lower()
    head, _, tail = text.partition(":")
    if not tail and head in _SIMPLE_CODES:
        return _SIMPLE_CODES[head]
    if head in {suit.value for suit in SUITS}:
        if not (tail.isascii() and tail.isdigit()):  # int() reads Arabic-Indic or full-width digits too
            raise CardError(f"'{code}': a {head} card needs its number, as in '{head}:7'")
        return number_card(Suit(head), int(tail))
    if head == "pirate":
        return named_pirate(tail)
    if head == "scarymary":
        if tail == "pirate":
            return SCARY_MARY_AS_PIRATE
        if tail == "escape":
            return SCARY_MARY_AS_ESCAPE
        raise CardError(f"'{code}': Scary Mary is played as 'scarymary:pirate' or 'scarymary:escape'")
    raise CardError(
        f"unknown card '{code}'; cards are written yellow:1..13, red:, blue:, black:, escape, pirate, "
        "pirate:<name>, scarymary, scarymary:pirate, scarymary:escape, mermaid, skullking"
    )


def parse_cards(codes: Iterable[str]) -> list[Card]:
    return [parse_card(code) for code in codes]


def check_from_one_deck(cards: Iterable[Card]) -> None:
    """Raise CardError unless the 66-card deck holds all these cards at once (two Skull Kings, say, it cannot)."""
    counts = Counter(_physical(card) for card in cards)
    for card, count in counts.items():
        if card is PIRATE:
            continue  # an unnamed pirate may be any of the five, checked just below
        if count > _DECK_COUNTS[card]:
            raise CardError(f"the deck has {_how_many(_DECK_COUNTS[card])} {card.code}, not {count}")
    pirates = sum(count for card, count in counts.items() if card.kind is Kind.PIRATE)
    if pirates > PIRATES_IN_DECK:
        raise CardError(f"the deck has {PIRATES_IN_DECK} pirates besides Scary Mary, not {pirates}")


def _physical(card: Card) -> Card:
    """The printed card, whatever Scary Mary was announced as."""
    return SCARY_MARY if card.kind is Kind.SCARY_MARY else card


def _how_many(count: int) -> str:
    return "only one" if count == 1 else f"only {count}"


_DECK_COUNTS = Counter(_physical(card) for card in DECK)  # how many of each printed card the deck holds


# --- Following suit -------------------------------------------------------------------------------------------


def lead_suit(trick: Sequence[Card]) -> Suit | None:
    """The suit of the first suit card played (black included); special cards before it set nothing."""
    for card in trick:
        if card.suit is not None:
            return card.suit
    return None


def legal_plays(hand: Sequence[Card], trick: Sequence[Card]) -> list[Card]:
    """The cards of `hand` that may be played on `trick`, in the order of the hand.

    Who holds the lead suit must play it, or a special card. Who does not may play anything; a player without
    black on a black lead may play any suit and need not play a pirate.
    """
    lead = lead_suit(trick)
    if lead is not None and any(card.suit is lead for card in hand):
        return [card for card in hand if card.suit is lead or card.is_special]
    return list(hand)


# --- Who wins the trick ---------------------------------------------------------------------------------------


def trick_winner(trick: Sequence[Card]) -> int:
    """The position (0-based, in play order) of the card that takes the trick.

    1. A Mermaid and the Skull King are both in the trick: the first Mermaid played wins.
    2. The Skull King is in the trick: it wins.
    3. Any Pirate (Scary Mary played as a Pirate included): the first Pirate played wins.
    4. Any Mermaid: the first Mermaid played wins.
    5. Any black card: the highest black card wins.
    6. Any suit card: the highest card of the lead suit wins.
    7. Only Escapes (Scary Mary as an Escape included): the first card played wins.

    Scary Mary must have been announced (`Round.play` and the referee insist); unannounced she counts as an Escape.
    """
    # Rules 2-5 and 7: the highest rank wins, the first played among equals (hence the strict >).
    # A plain loop with its own counter: simulations judge millions of tricks, and this is CPython's fastest form.
    top = -1
    position = winner = 0
    for card in trick:
        rank = card.rank
        if rank > top:
            top = rank
            winner = position
        position += 1  # noqa: SIM113 (enumerate is slower here, see above)
    if TRUMP_RANK < top < SKULL_KING_RANK:
        return winner  # a Pirate, a Mermaid or a black card took it: rules 3-5 need nothing more
    if top == SKULL_KING_RANK:
        # Rule 1: the Mermaid beguiles the Skull King.
        for position, card in enumerate(trick):
            if card.rank == MERMAID_RANK:
                return position
    elif top > ESCAPE_RANK:
        # Rule 6: the strongest card is coloured, so only the lead suit counts.
        lead = lead_suit(trick)
        top = 0
        for position, card in enumerate(trick):
            if card.suit is lead and card.number > top:
                top, winner = card.number, position
    elif top < 0:
        raise CardError("an empty trick has no winner")
    return winner


def trick_bonus(trick: Sequence[Card]) -> int:
    """The bonus the trick's winner earns (paid only if their bid is met exactly).

    The Skull King wins: 30 for every Pirate in the trick, Scary Mary counting as one even when played as an
    Escape. A Mermaid takes the Skull King: 50, and no pirate bonus.
    """
    winner = trick[trick_winner(trick)]
    if winner.kind is Kind.SKULL_KING:
        return PIRATE_BONUS * sum(card.counts_as_pirate for card in trick)
    if winner.kind is Kind.MERMAID and any(card.kind is Kind.SKULL_KING for card in trick):
        return MERMAID_BONUS
    return 0


class Rule(Enum):
    """Which of `trick_winner`'s rules decided a trick: the rulebook's reason, for the why on the screen."""

    MERMAID_CATCHES_KING = "mermaid_catches_king"  # rule 1
    SKULL_KING = "skull_king"  # rule 2
    PIRATE = "pirate"  # rule 3
    MERMAID = "mermaid"  # rule 4
    TRUMP = "trump"  # rule 5
    LEAD_SUIT = "lead_suit"  # rule 6
    ESCAPES = "escapes"  # rule 7: every card escaped, the first played takes it


@dataclass(frozen=True)
class Reason:
    """Why a trick went where it went, as data: the rule, the winning card's position and card, the suit led, how
    many cards of the winner's kind were in it (two Pirates: the first played wins), how many Pirates the Skull
    King caught, and the winner's bonus."""

    rule: Rule
    winner: int
    card: Card
    lead: Suit | None
    rivals: int  # other cards of the same kind as the winner's (Pirates, Mermaids)
    pirates: int  # Pirates in the trick (Scary Mary counting), for the Skull King's bonus
    bonus: int


def explain(trick: Sequence[Card]) -> Reason:
    """Why `trick` goes to the card `trick_winner` names, in the rulebook's terms."""
    winner = trick_winner(trick)
    card = trick[winner]
    kings = any(other.kind is Kind.SKULL_KING for other in trick)
    if card.kind is Kind.MERMAID:
        rule = Rule.MERMAID_CATCHES_KING if kings else Rule.MERMAID
    elif card.kind is Kind.SKULL_KING:
        rule = Rule.SKULL_KING
    elif card.rank == PIRATE_RANK:
        rule = Rule.PIRATE
    elif card.suit is Suit.BLACK:
        rule = Rule.TRUMP
    elif card.suit is not None:
        rule = Rule.LEAD_SUIT
    else:
        rule = Rule.ESCAPES
    rivals = sum(other.rank == card.rank for other in trick) - 1 if rule in (Rule.PIRATE, Rule.MERMAID) else 0
    pirates = sum(other.counts_as_pirate for other in trick)
    return Reason(rule, winner, card, lead_suit(trick), rivals, pirates, trick_bonus(trick))


# --- Scoring --------------------------------------------------------------------------------------------------


def check_round_number(round_number: int) -> None:
    if not _is_int(round_number) or not 1 <= round_number <= ROUNDS:
        raise CardError(f"a game has rounds 1 to {ROUNDS}, not {round_number!r}")


def check_bid(bid: int, round_number: int) -> None:
    check_round_number(round_number)
    if not _is_int(bid) or not 0 <= bid <= round_number:
        raise CardError(f"in round {round_number} a bid is 0 to {round_number} tricks, not {bid!r}")


def round_score(bid: int, won: int, round_number: int, bonus: int = 0) -> int:
    """One player's score for a round.

    Bid met (bid > 0): 20 per trick bid, plus bonuses. Bid missed (bid > 0): -10 per trick off, no bonuses.
    Bid zero: +10 x the round number if no trick was won, -10 x the round number otherwise.
    """
    check_bid(bid, round_number)
    if not _is_int(won) or not 0 <= won <= round_number:
        raise CardError(f"in round {round_number} a player wins 0 to {round_number} tricks, not {won!r}")
    if not _is_int(bonus) or bonus not in POSSIBLE_BONUSES:
        raise CardError(
            f"a round's bonus is one of {', '.join(map(str, sorted(POSSIBLE_BONUSES)))} "
            f"(30 per pirate the Skull King takes, 50 for a Mermaid taking him), not {bonus!r}"
        )
    if bonus and not won:
        raise CardError("a bonus needs a trick won")
    if bid == 0:
        return 10 * round_number if won == 0 else -10 * round_number
    if won == bid:
        return 20 * bid + bonus
    return -10 * abs(won - bid)


# The only trick with a bonus is the one holding the Skull King, so a player earns at most one bonus a round:
# either the pirates he takes (at most 5 beside him in a 6-card trick) or the Mermaid's 50.
POSSIBLE_BONUSES = frozenset({0, MERMAID_BONUS, *(PIRATE_BONUS * n for n in range(1, MAX_PLAYERS))})


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# --- Rounds, dealer and leader --------------------------------------------------------------------------------


def check_players(players: int) -> None:
    if not _is_int(players) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise CardError(f"Skull King is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players!r}")


def cards_dealt(round_number: int) -> int:
    """Round r deals r cards to each player."""
    check_round_number(round_number)
    return round_number


def dealer(round_number: int, players: int, first_dealer: int = 0) -> int:
    """The dealer moves one seat clockwise each round."""
    check_players(players)
    check_round_number(round_number)
    return (first_dealer + round_number - 1) % players


def first_leader(dealer_seat: int, players: int) -> int:
    """The player left of the dealer leads the first trick of the round."""
    return (dealer_seat + 1) % players


def play_order(leader: int, players: int) -> list[int]:
    """Seats in the order they play a trick: the leader, then clockwise."""
    return [(leader + offset) % players for offset in range(players)]


@dataclass(frozen=True)
class Trick:
    """A finished trick: who led it and the cards in play order."""

    leader: int
    cards: tuple[Card, ...]

    @property
    def seats(self) -> list[int]:
        return play_order(self.leader, len(self.cards))

    @cached_property
    def winner(self) -> int:
        """The seat that takes the trick."""
        return self.seats[trick_winner(self.cards)]

    @cached_property
    def bonus(self) -> int:
        return trick_bonus(self.cards)


class NotYourTurn(CardError):
    pass


class IllegalPlay(CardError):
    pass


@dataclass
class Round:
    """One round's play, trick by trick: who is to play, who leads next, who won what.

    The table does not see hands, so `play` checks turn order and that each card is new to the round; following
    suit is judged afterwards by `find_revokes`.
    """

    number: int
    players: int
    dealer: int
    tricks: list[Trick] = field(default_factory=list)
    current: list[Card] = field(default_factory=list)

    def __post_init__(self) -> None:
        check_players(self.players)
        check_round_number(self.number)
        if not 0 <= self.dealer < self.players:
            raise CardError(f"seat {self.dealer} is not at a table of {self.players}")

    @property
    def leader(self) -> int:
        """Left of the dealer for the first trick, then the winner of the previous trick."""
        return self.tricks[-1].winner if self.tricks else first_leader(self.dealer, self.players)

    @property
    def is_over(self) -> bool:
        return len(self.tricks) == cards_dealt(self.number)

    @property
    def to_play(self) -> int | None:
        """The seat whose card is awaited, or None once the round is over."""
        if self.is_over:
            return None
        return play_order(self.leader, self.players)[len(self.current)]

    def cards_played(self) -> list[Card]:
        return [card for trick in self.tricks for card in trick.cards] + self.current

    def play(self, seat: int, card: Card) -> Trick | None:
        """Lay `card` for `seat`; returns the finished trick when this was its last card."""
        if self.is_over:
            raise IllegalPlay(f"round {self.number} is over")
        if seat != self.to_play:
            raise NotYourTurn(f"it is seat {self.to_play}'s turn, not seat {seat}'s")
        if card.kind is Kind.SCARY_MARY and card.played_as is None:
            raise IllegalPlay("Scary Mary must be announced as a Pirate or as an Escape")
        check_from_one_deck([*self.cards_played(), card])
        self.current.append(card)
        if len(self.current) < self.players:
            return None
        trick = Trick(self.leader, tuple(self.current))
        self.tricks.append(trick)
        self.current = []
        return trick

    def tricks_won(self, seat: int) -> int:
        return sum(trick.winner == seat for trick in self.tricks)

    def bonus(self, seat: int) -> int:
        return sum(trick.bonus for trick in self.tricks if trick.winner == seat)

    def score(self, seat: int, bid: int) -> int:
        return round_score(bid, self.tricks_won(seat), self.number, self.bonus(seat))


# --- Revokes: what the table can check beyond the rulebook -----------------------------------------------------


@dataclass(frozen=True)
class Revoke:
    """`seat` did not follow `suit` in trick `trick`, yet played that suit later in the round (trick `shown`)."""

    seat: int
    suit: Suit
    trick: int
    shown: int
    card: Card


def find_revokes(tricks: Sequence[Trick]) -> list[Revoke]:
    """Every revoke the cards of one round prove, in the order they came to light.

    Who plays a card of another suit when the lead suit was asked shows they held none of it. That suit appearing
    later from the same hand (nobody draws in Skull King) proves they held it all along. A special card shows
    nothing: it may always be played.
    """
    showed_void: dict[tuple[int, Suit], int] = {}  # (seat, suit) -> trick where they did not follow
    revokes = []
    for index, trick in enumerate(tricks):
        lead = lead_suit(trick.cards)
        for seat, card in zip(trick.seats, trick.cards, strict=True):
            if card.suit is not None and (seat, card.suit) in showed_void:
                revokes.append(Revoke(seat, card.suit, showed_void.pop((seat, card.suit)), index, card))
            if lead is not None and card.suit is not None and card.suit is not lead:
                showed_void.setdefault((seat, lead), index)
    return revokes


# --- The referee's questions (`pirate-table referee`): JSON values in, JSON values out ------------------------

MAX_HAND = ROUNDS  # round 10 deals ten cards


def _cards(value: Any, what: str) -> list[Card]:
    return parse_cards(codes(value, what, 'card codes such as ["yellow:2", "mermaid"]'))


def ask_trick(value: Any) -> dict[str, Any]:
    trick = _cards(value, "trick")
    if not MIN_PLAYERS <= len(trick) <= MAX_PLAYERS:
        raise RequestError(f"a trick has one card per player, {MIN_PLAYERS} to {MAX_PLAYERS} cards, not {len(trick)}")
    for card in trick:
        if card.kind is Kind.SCARY_MARY and card.played_as is None:
            raise RequestError("Scary Mary in a trick must be announced: scarymary:pirate or scarymary:escape")
    check_from_one_deck(trick)
    lead = lead_suit(trick)
    return {"winner": trick_winner(trick), "bonus": trick_bonus(trick), "lead_suit": lead.value if lead else None}


def ask_score(value: Any) -> dict[str, Any]:
    asked = fields(value, "score", required=("bid", "won", "round"), optional=("bonus",))
    return {"score": round_score(asked["bid"], asked["won"], asked["round"], asked.get("bonus", 0))}


def ask_legal(value: Any) -> dict[str, Any]:
    asked = fields(value, "legal", required=("hand", "trick"))
    hand = _cards(asked["hand"], "hand")
    trick = _cards(asked["trick"], "trick")
    if not 1 <= len(hand) <= MAX_HAND:
        raise RequestError(f"a hand holds 1 to {MAX_HAND} cards, not {len(hand)}")
    if len(trick) >= MAX_PLAYERS:
        raise RequestError(f"a trick already holding {len(trick)} cards takes no more")
    for card in hand:
        if card.played_as is not None:
            raise RequestError("Scary Mary is announced when she is played; in a hand she is just 'scarymary'")
    check_from_one_deck([*hand, *trick])
    return {"legal": [card.code for card in legal_plays(hand, trick)]}


def ask_revokes(value: Any) -> dict[str, Any]:
    if not isinstance(value, list):
        raise RequestError('"revokes" takes a list of tricks, each {"leader": seat, "cards": [...]}')
    tricks: list[Trick] = []
    for index, item in enumerate(value):
        asked = fields(item, f"trick {index}", required=("leader", "cards"))
        cards = tuple(_cards(asked["cards"], f"trick {index}"))
        leader = asked["leader"]
        if not isinstance(leader, int) or isinstance(leader, bool) or not 0 <= leader < len(cards):
            raise RequestError(f"trick {index}: the leader is a seat 0 to {len(cards) - 1}, not {leader!r}")
        if tricks and len(cards) != len(tricks[0].cards):
            raise RequestError(f"trick {index} has {len(cards)} cards, trick 0 has {len(tricks[0].cards)}")
        tricks.append(Trick(leader, cards))
    if len(tricks) > ROUNDS:
        raise RequestError(f"a round has at most {ROUNDS} tricks, not {len(tricks)}")
    check_from_one_deck(card for trick in tricks for card in trick.cards)
    return {
        "revokes": [
            {"seat": r.seat, "suit": r.suit.value, "trick": r.trick, "shown": r.shown, "card": r.card.code}
            for r in find_revokes(tricks)
        ]
    }


REFEREE = {"trick": ask_trick, "score": ask_score, "legal": ask_legal, "revokes": ask_revokes}
