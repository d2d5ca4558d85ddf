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

from table.games.tricks import rules as tricks
from table.games.tricks.rules import CardError as CardError  # what every game of tricks plays alike, Skull King too
from table.games.tricks.rules import IllegalPlay as IllegalPlay
from table.games.tricks.rules import NotYourTurn as NotYourTurn
from table.games.tricks.rules import Revoke as Revoke
from table.games.tricks.rules import find_revokes as find_revokes
from table.games.tricks.rules import first_leader as first_leader
from table.games.tricks.rules import is_whole_number
from table.games.tricks.rules import lead_suit as lead_suit
from table.games.tricks.rules import legal_plays as legal_plays
from table.games.tricks.rules import play_order as play_order

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
GAME = tricks.TrickGame("Skull King", MIN_PLAYERS, MAX_PLAYERS, ROUNDS, CardError)
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
    def announced_when_played(self) -> bool:
        """Scary Mary is announced as a Pirate or as an Escape when played."""
        return self.kind is Kind.SCARY_MARY

    @property
    def leaves_no_suit(self) -> bool:
        """Never: special cards led set nothing, the first suit card played after them sets the suit."""
        return False

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


def announced(as_pirate: bool) -> Card:
    """Scary Mary as her player announces her when she is played: as a Pirate or as an Escape."""
    return SCARY_MARY_AS_PIRATE if as_pirate else SCARY_MARY_AS_ESCAPE


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
    counts = Counter(printed_card(card) for card in cards)
    for card, count in counts.items():
        if card is PIRATE:
            continue  # an unnamed pirate may be any of the five, checked just below
        if count > _DECK_COUNTS[card]:
            raise CardError(f"the deck has {_how_many(_DECK_COUNTS[card])} {card.code}, not {count}")
    pirates = sum(count for card, count in counts.items() if card.kind is Kind.PIRATE)
    if pirates > PIRATES_IN_DECK:
        raise CardError(f"the deck has {PIRATES_IN_DECK} pirates besides Scary Mary, not {pirates}")


def printed_card(card: Card) -> Card:
    """The printed card, whatever Scary Mary was announced as."""
    return SCARY_MARY if card.kind is Kind.SCARY_MARY else card


def _how_many(count: int) -> str:
    return "only one" if count == 1 else f"only {count}"


_DECK_COUNTS = Counter(printed_card(card) for card in DECK)  # how many of each printed card the deck holds


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


def check_bid(bid: int, round_number: int) -> None:
    check_round_number(round_number)
    if not is_whole_number(bid) or not 0 <= bid <= round_number:
        raise CardError(f"in round {round_number} a bid is 0 to {round_number} tricks, not {bid!r}")


def round_score(bid: int, won: int, round_number: int, bonus: int = 0) -> int:
    """One player's score for a round.

    Bid met (bid > 0): 20 per trick bid, plus bonuses. Bid missed (bid > 0): -10 per trick off, no bonuses.
    Bid zero: +10 x the round number if no trick was won, -10 x the round number otherwise.
    """
    check_bid(bid, round_number)
    if not is_whole_number(won) or not 0 <= won <= round_number:
        raise CardError(f"in round {round_number} a player wins 0 to {round_number} tricks, not {won!r}")
    if not is_whole_number(bonus) or bonus not in POSSIBLE_BONUSES:
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


# --- Rounds, dealer and leader --------------------------------------------------------------------------------

check_players = GAME.check_players  # 2 to 6 players
check_round_number = GAME.check_round_number  # 1 to 10
dealer = GAME.dealer  # the dealer moves one seat clockwise each round; the player left of him leads (first_leader)


def cards_dealt(round_number: int) -> int:
    """Round r deals r cards to each player."""
    check_round_number(round_number)
    return round_number


class Trick(tricks.Trick[Card]):
    """A finished trick: who led it and the cards in play order."""

    @cached_property
    def winner(self) -> int:
        """The seat that takes the trick."""
        return self.seats[trick_winner(self.cards)]

    @cached_property
    def bonus(self) -> int:
        return trick_bonus(self.cards)

    @property
    def next_leader(self) -> int:
        """The winner of a trick leads the next."""
        return self.winner


class Round(tricks.Round[Card, Trick]):
    """One round's play, trick by trick (table.games.tricks.rules.Round): round r deals r cards, Scary Mary is
    played once announced, and the round scores by `round_score`."""

    game = GAME

    def cards_each(self) -> int:
        return cards_dealt(self.number)

    def check_card(self, card: Card) -> None:
        if card.kind is Kind.SCARY_MARY and card.played_as is None:
            raise IllegalPlay("Scary Mary must be announced as a Pirate or as an Escape")
        check_from_one_deck([*self.cards_played(), card])

    def judged_trick(self, leader: int, cards: tuple[Card, ...]) -> Trick:
        return Trick(leader, cards)

    def score(self, seat: int, bid: int) -> int:
        return round_score(bid, self.tricks_won(seat), self.number, self.bonus(seat))
