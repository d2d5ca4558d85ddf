"""Skull King, the edition sold today (2021, Grandpa Beck's Games; what Board Game Arena plays).

The rules as `docs/rules/skullking-2021.md` decides them. Pure: no I/O, no clock, no randomness of its own.

Seats are numbered 0..players-1 clockwise; positions in a trick are 0-based in play order.

What differs from the 2013 game (`table.games.skullking.rules`): four suits 1-14 (green parrots, purple maps, yellow
chests, black Jolly Roger trumps), the Tigress (Scary Mary's heir), a character led sets no suit, bonuses for 14s
and for mermaids taken by pirates, the advanced cards (Loot, Kraken, White Whale), Rascal scoring with the
cannonball, the pirates' abilities, and 2 to 8 players.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

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

# --- The deck: 70 cards, 74 with the advanced cards -------------------------------------------------------------


class Suit(Enum):
    GREEN = "green"  # parrots
    PURPLE = "purple"  # pirate maps
    YELLOW = "yellow"  # treasure chests
    BLACK = "black"  # the Jolly Roger: the trump suit


class Kind(Enum):
    NUMBER = "number"  # a suit card, 1-14
    ESCAPE = "escape"
    PIRATE = "pirate"
    TIGRESS = "tigress"  # announced as a Pirate or as an Escape when played
    MERMAID = "mermaid"
    SKULL_KING = "skullking"
    LOOT = "loot"  # plays as an Escape; allies its player with the trick's winner
    KRAKEN = "kraken"  # nobody wins the trick
    WHALE = "whale"  # the White Whale: specials are Escapes, the highest number wins


SUITS = tuple(Suit)
NUMBERS = range(1, 15)
PIRATE_NAMES = ("rosie-de-laney", "bendt-the-bandit", "rascal-of-roatan", "juanita-jade", "harry-the-giant")
ROSIE, BENDT, RASCAL, JUANITA, HARRY = PIRATE_NAMES
ESCAPES_IN_DECK = 5
MERMAIDS_IN_DECK = 2
LOOT_IN_DECK = 2
PIRATES_IN_DECK = len(PIRATE_NAMES)

MIN_PLAYERS, MAX_PLAYERS = 2, 8
ROUNDS = 10
GAME = tricks.TrickGame("Skull King", MIN_PLAYERS, MAX_PLAYERS, ROUNDS, CardError)

# Bonuses, paid to the trick's winner only when their bid is met exactly.
FOURTEEN_BONUS = 10  # a green, purple or yellow 14 captured
BLACK_FOURTEEN_BONUS = 20  # the black 14 captured
MERMAID_CAPTURED_BONUS = 20  # each mermaid a pirate takes
PIRATE_CAPTURED_BONUS = 30  # each pirate the Skull King takes (the Tigress as a pirate counts)
SKULL_KING_CAPTURED_BONUS = 40  # a mermaid takes the Skull King
LOOT_BONUS = 20  # each of the two allies, when both meet their bids

STANDARD, RASCAL_SCORING = "standard", "rascal"
SCORINGS = (STANDARD, RASCAL_SCORING)
RASCAL_WAGERS = (0, 10, 20)  # Rascal of Roatan's wager

# Who leads after the Kraken: the printings differ (docs/rules/skullking-2021.md). The rulebook's (the default): the
# player who would have won the trick; the other printing's: the player left of the Kraken's player.
WOULD_HAVE_WON, AFTER_KRAKEN = "would-have-won", "after-kraken"
KRAKEN_LEADERS = (WOULD_HAVE_WON, AFTER_KRAKEN)


@dataclass(frozen=True, slots=True)
class Card:
    """One card as it lies on the table. The Tigress carries the role she was announced in, once played."""

    kind: Kind
    suit: Suit | None = None
    number: int = 0
    name: str | None = None  # a named pirate; None for a pirate named by kind only
    played_as: Kind | None = None  # the Tigress only: Kind.PIRATE or Kind.ESCAPE

    @property
    def is_special(self) -> bool:
        """Every card but a suit card may always be played, even when one could follow."""
        return self.kind is not Kind.NUMBER

    @property
    def is_pirate(self) -> bool:
        """A pirate, or the Tigress announced as one."""
        return self.kind is Kind.PIRATE or (self.kind is Kind.TIGRESS and self.played_as is Kind.PIRATE)

    @property
    def is_escape(self) -> bool:
        """Plays as an Escape: the Escapes, the Loot, the Tigress announced as an Escape."""
        return self.kind in (Kind.ESCAPE, Kind.LOOT) or (self.kind is Kind.TIGRESS and self.played_as is Kind.ESCAPE)

    @property
    def is_character(self) -> bool:
        """Pirates, mermaids and the Skull King: led, they leave no suit to follow."""
        return self.is_pirate or self.kind in (Kind.MERMAID, Kind.SKULL_KING)

    @property
    def announced_when_played(self) -> bool:
        """The Tigress is announced as a Pirate or as an Escape when played."""
        return self.kind is Kind.TIGRESS

    @property
    def leaves_no_suit(self) -> bool:
        """Led before any suit card, a character, the Kraken or the White Whale leaves the trick no suit to follow;
        an Escape-like card leaves the suit to the next card."""
        return self.suit is None and not self.is_escape

    @property
    def is_creature(self) -> bool:
        return self.kind in (Kind.KRAKEN, Kind.WHALE)

    @property
    def code(self) -> str:
        if self.kind is Kind.NUMBER:
            assert self.suit is not None
            return f"{self.suit.value}:{self.number}"
        if self.kind is Kind.PIRATE and self.name:
            return f"pirate:{self.name}"
        if self.kind is Kind.TIGRESS and self.played_as:
            return f"tigress:{self.played_as.value}"
        return self.kind.value

    def __str__(self) -> str:
        return self.code


ESCAPE = Card(Kind.ESCAPE)
MERMAID = Card(Kind.MERMAID)
SKULL_KING = Card(Kind.SKULL_KING)
PIRATE = Card(Kind.PIRATE)  # a pirate whose name is not known (a plain "pirate" code)
TIGRESS = Card(Kind.TIGRESS)  # in a hand, not yet announced
TIGRESS_AS_PIRATE = Card(Kind.TIGRESS, played_as=Kind.PIRATE)
TIGRESS_AS_ESCAPE = Card(Kind.TIGRESS, played_as=Kind.ESCAPE)
LOOT = Card(Kind.LOOT)
KRAKEN = Card(Kind.KRAKEN)
WHALE = Card(Kind.WHALE)
ADVANCED = (Kind.LOOT, Kind.KRAKEN, Kind.WHALE)


def announced(as_pirate: bool) -> Card:
    """The Tigress as her player announces her when she is played: as a Pirate or as an Escape."""
    return TIGRESS_AS_PIRATE if as_pirate else TIGRESS_AS_ESCAPE


def number_card(suit: Suit, number: int) -> Card:
    if number not in NUMBERS:
        raise CardError(f"a {suit.value} card is numbered 1 to 14, not {number}")
    return Card(Kind.NUMBER, suit, number)


def named_pirate(name: str) -> Card:
    if name not in PIRATE_NAMES:
        raise CardError(f"there is no pirate called '{name}'; the pirates are {', '.join(PIRATE_NAMES)}")
    return Card(Kind.PIRATE, name=name)


BASE_DECK: tuple[Card, ...] = (
    *(number_card(suit, number) for suit in SUITS for number in NUMBERS),
    *(ESCAPE,) * ESCAPES_IN_DECK,
    *(named_pirate(name) for name in PIRATE_NAMES),
    TIGRESS,
    *(MERMAID,) * MERMAIDS_IN_DECK,
    SKULL_KING,
)
DECK: tuple[Card, ...] = (*BASE_DECK, *(LOOT,) * LOOT_IN_DECK, KRAKEN, WHALE)  # enrollment asks for these last
assert len(BASE_DECK) == 70 and len(DECK) == 74


@dataclass(frozen=True)
class Options:
    """Which advanced rules a table plays (the config's [skullking-2021] section)."""

    loot: bool = True
    kraken: bool = True
    whale: bool = True
    abilities: bool = True  # the pirates' abilities
    scoring: str = STANDARD
    kraken_leader: str = WOULD_HAVE_WON  # who leads after the Kraken (the printings differ)
    rascal_after_last_trick: bool = False  # printed: only Harry the Giant acts after the last trick

    def __post_init__(self) -> None:
        if self.scoring not in SCORINGS:
            raise CardError(f"the scoring is {' or '.join(SCORINGS)}, not {self.scoring!r}")
        if self.kraken_leader not in KRAKEN_LEADERS:
            raise CardError(f"after the Kraken leads {' or '.join(KRAKEN_LEADERS)}, not {self.kraken_leader!r}")

    def allows(self, card: Card) -> bool:
        return {Kind.LOOT: self.loot, Kind.KRAKEN: self.kraken, Kind.WHALE: self.whale}.get(card.kind, True)

    @property
    def deck_size(self) -> int:
        return len(BASE_DECK) + LOOT_IN_DECK * self.loot + self.kraken + self.whale


EVERYTHING = Options()  # every advanced card and ability, standard scoring: the default table


# --- Card codes -------------------------------------------------------------------------------------------------

_SIMPLE_CODES = {
    "escape": ESCAPE,
    "pirate": PIRATE,
    "tigress": TIGRESS,
    "mermaid": MERMAID,
    "skullking": SKULL_KING,
    "loot": LOOT,
    "kraken": KRAKEN,
    "whale": WHALE,
}


def parse_card(code: str) -> Card:
    """The card a text code names. Case and surrounding spaces do not matter."""
    if not isinstance(code, str):
        raise CardError(f"a card is written as text such as 'green:12' or 'mermaid', not {code!r}")
    text = code.strip().lower()
    head, _, tail = text.partition(":")
    if not tail and head in _SIMPLE_CODES:
        return _SIMPLE_CODES[head]
    if head in {suit.value for suit in SUITS}:
        if not tail.isdigit():
            raise CardError(f"'{code}': a {head} card needs its number, as in '{head}:7'")
        return number_card(Suit(head), int(tail))
    if head == "pirate":
        return named_pirate(tail)
    if head == "tigress":
        if tail == "pirate":
            return TIGRESS_AS_PIRATE
        if tail == "escape":
            return TIGRESS_AS_ESCAPE
        raise CardError(f"'{code}': the Tigress is played as 'tigress:pirate' or 'tigress:escape'")
    raise CardError(
        f"unknown card '{code}'; cards are written green:1..14, purple:, yellow:, black:, escape, pirate, "
        "pirate:<name>, tigress, tigress:pirate, tigress:escape, mermaid, skullking, loot, kraken, whale"
    )


def parse_cards(codes: Iterable[str]) -> list[Card]:
    return [parse_card(code) for code in codes]


def printed_card(card: Card) -> Card:
    """The printed card, whatever the Tigress was announced as."""
    return TIGRESS if card.kind is Kind.TIGRESS else card


_DECK_COUNTS = Counter(printed_card(card) for card in DECK)


def check_from_one_deck(cards: Iterable[Card]) -> None:
    """Raise CardError unless the 74-card deck holds all these cards at once."""
    counts = Counter(printed_card(card) for card in cards)
    for card, count in counts.items():
        if card is PIRATE or card == PIRATE:
            continue  # an unnamed pirate may be any of the five, checked just below
        if count > _DECK_COUNTS[card]:
            only = "only one" if _DECK_COUNTS[card] == 1 else f"only {_DECK_COUNTS[card]}"
            raise CardError(f"the deck has {only} {card.code}, not {count}")
    pirates = sum(count for card, count in counts.items() if card.kind is Kind.PIRATE)
    if pirates > PIRATES_IN_DECK:
        raise CardError(f"the deck has {PIRATES_IN_DECK} pirates besides the Tigress, not {pirates}")


# --- Who wins the trick ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Judgement:
    """A trick judged: positions are 0-based in play order."""

    winner: int | None  # None: the Kraken took the trick, or the White Whale found no number
    next_leader: int  # who leads the next trick
    bonus: int  # the winner's bonus (paid if the bid is met)
    alliances: tuple[int, ...] = ()  # positions of the Loot cards whose players ally with the winner
    creature: Kind | None = None  # the Kraken or the White Whale, whichever counted


def _ordinary_winner(cards: Sequence[tuple[int, Card]]) -> int:
    """The position taking a trick of these (position, card) pairs by the ordinary order.

    1. A mermaid and the Skull King: the first mermaid. 2. The Skull King. 3. The first pirate. 4. The first
    mermaid. 5. The highest black card. 6. The highest card of the suit led. 7. Only Escapes: the first card.
    A Kraken or White Whale left in (the one that does not count) plays as an Escape.
    """
    first: dict[str, int] = {}  # role -> position of the first card of it
    for position, card in cards:
        role = "pirate" if card.is_pirate else card.kind.value
        first.setdefault(role, position)
    if "skullking" in first:
        return first.get("mermaid", first["skullking"])
    for role in ("pirate", "mermaid"):
        if role in first:
            return first[role]
    numbers = [(position, card) for position, card in cards if card.kind is Kind.NUMBER]
    blacks = [(position, card) for position, card in numbers if card.suit is Suit.BLACK]
    if blacks:
        return max(blacks, key=lambda item: (item[1].number, -item[0]))[0]
    if numbers:
        lead = numbers[0][1].suit
        followers = [(position, card) for position, card in numbers if card.suit is lead]
        return max(followers, key=lambda item: (item[1].number, -item[0]))[0]
    if not cards:
        raise CardError("an empty trick has no winner")
    return cards[0][0]


def judge(trick: Sequence[Card], kraken_leader: str = WOULD_HAVE_WON) -> Judgement:
    """Who takes the trick, who leads next, the winner's bonus and the Loot alliances.

    The Kraken: nobody wins; who would have won without it leads next (`kraken_leader` AFTER_KRAKEN: the player
    after the Kraken's). The White Whale: every special card is an
    Escape and the highest number wins, whatever its suit (the first played among equal numbers); with no number
    in the trick nobody wins and the Whale's player leads next. Both in one trick: the later one counts, the
    earlier plays as an Escape.
    """
    if not trick:
        raise CardError("an empty trick has no winner")
    for card in trick:
        if card.kind is Kind.TIGRESS and card.played_as is None:
            raise CardError("the Tigress must be announced as a Pirate or as an Escape")
    cards = list(enumerate(trick))
    creatures = [position for position, card in cards if card.is_creature]
    counting = creatures[-1] if creatures else None
    if counting is not None and trick[counting].kind is Kind.KRAKEN:
        others = [(position, card) for position, card in cards if position != counting and not card.is_creature]
        if kraken_leader == AFTER_KRAKEN:
            return Judgement(None, (counting + 1) % len(trick), 0, (), Kind.KRAKEN)
        would = _ordinary_winner(others) if others else counting
        return Judgement(None, would, 0, (), Kind.KRAKEN)
    if counting is not None:  # the White Whale
        numbers = [(position, card) for position, card in cards if card.kind is Kind.NUMBER]
        if not numbers:
            return Judgement(None, counting, 0, (), Kind.WHALE)
        winner = max(numbers, key=lambda item: (item[1].number, -item[0]))[0]
        return Judgement(winner, winner, _fourteens(trick), _alliances(trick, winner), Kind.WHALE)
    winner = _ordinary_winner(cards)
    return Judgement(winner, winner, _bonus(trick, winner), _alliances(trick, winner))


def _fourteens(trick: Sequence[Card]) -> int:
    return sum(
        (BLACK_FOURTEEN_BONUS if card.suit is Suit.BLACK else FOURTEEN_BONUS)
        for card in trick
        if card.kind is Kind.NUMBER and card.number == 14
    )


def _bonus(trick: Sequence[Card], winner: int) -> int:
    bonus = _fourteens(trick)
    taker = trick[winner]
    if taker.is_pirate:
        bonus += MERMAID_CAPTURED_BONUS * sum(card.kind is Kind.MERMAID for card in trick)
    elif taker.kind is Kind.SKULL_KING:
        bonus += PIRATE_CAPTURED_BONUS * sum(card.is_pirate for card in trick)
    elif taker.kind is Kind.MERMAID and any(card.kind is Kind.SKULL_KING for card in trick):
        bonus += SKULL_KING_CAPTURED_BONUS
    return bonus


def _alliances(trick: Sequence[Card], winner: int) -> tuple[int, ...]:
    """The Loot cards' positions whose players ally with the winner (not the winner's own Loot)."""
    return tuple(position for position, card in enumerate(trick) if card.kind is Kind.LOOT and position != winner)


def trick_winner(trick: Sequence[Card]) -> int | None:
    return judge(trick).winner


class Rule(Enum):
    """Which rule decided a trick: the rulebook's reason, for the why on the screen."""

    KRAKEN = "kraken"  # nobody wins; who would have won leads next
    KRAKEN_AFTER = "kraken_after"  # nobody wins; the player after the Kraken's leads next (the other printing)
    WHALE = "whale"  # specials are Escapes, the highest number wins
    WHALE_NO_NUMBER = "whale_no_number"  # the White Whale and no number: nobody wins, its player leads
    MERMAID_CATCHES_KING = "mermaid_catches_king"
    SKULL_KING = "skull_king"
    PIRATE = "pirate"
    MERMAID = "mermaid"
    TRUMP = "trump"
    LEAD_SUIT = "lead_suit"
    ESCAPES = "escapes"  # every card escaped: the first played takes it


@dataclass(frozen=True)
class Reason:
    """Why a trick went where it went, as data: the rule, the winning card (None: nobody won), the suit led, the
    cards the winner's bonus counts, and who leads next."""

    rule: Rule
    winner: int | None
    card: Card | None
    lead: Suit | None
    next_leader: int
    rivals: int = 0  # other cards of the winner's kind (two Pirates: the first played wins)
    pirates: int = 0  # Pirates the Skull King caught
    mermaids: int = 0  # Mermaids a Pirate caught
    fourteens: int = 0  # 14s of green, purple or yellow taken
    black_fourteen: bool = False  # the black 14 taken
    bonus: int = 0
    allies: tuple[int, ...] = ()  # positions of the Loot cards allied with the winner


def explain(trick: Sequence[Card], kraken_leader: str = WOULD_HAVE_WON) -> Reason:
    """Why `trick` goes where `judge` sends it, in the rulebook's terms."""
    judged = judge(trick, kraken_leader)
    lead = lead_suit(trick)
    if judged.winner is None:
        rule = Rule.WHALE_NO_NUMBER
        if judged.creature is Kind.KRAKEN:
            rule = Rule.KRAKEN_AFTER if kraken_leader == AFTER_KRAKEN else Rule.KRAKEN
        return Reason(rule, None, None, lead, judged.next_leader)
    card = trick[judged.winner]
    taken = [other for other in trick if other.kind is Kind.NUMBER and other.number == 14]
    fourteens = sum(other.suit is not Suit.BLACK for other in taken)
    black = any(other.suit is Suit.BLACK for other in taken)
    common: dict[str, Any] = {
        "fourteens": fourteens,
        "black_fourteen": black,
        "bonus": judged.bonus,
        "allies": judged.alliances,
    }
    if judged.creature is Kind.WHALE:
        return Reason(Rule.WHALE, judged.winner, card, lead, judged.next_leader, **common)
    kings = any(other.kind is Kind.SKULL_KING for other in trick)
    rivals = 0
    if card.kind is Kind.MERMAID:
        rule = Rule.MERMAID_CATCHES_KING if kings else Rule.MERMAID
        rivals = sum(other.kind is Kind.MERMAID for other in trick) - 1
    elif card.kind is Kind.SKULL_KING:
        rule = Rule.SKULL_KING
    elif card.is_pirate:
        rule = Rule.PIRATE
        rivals = sum(other.is_pirate for other in trick) - 1
    elif card.suit is Suit.BLACK:
        rule = Rule.TRUMP
    elif card.suit is not None:
        rule = Rule.LEAD_SUIT
    else:
        rule = Rule.ESCAPES
    pirates = sum(other.is_pirate for other in trick) if rule is Rule.SKULL_KING else 0
    mermaids = sum(other.kind is Kind.MERMAID for other in trick) if rule is Rule.PIRATE else 0
    return Reason(rule, judged.winner, card, lead, judged.next_leader, rivals, pirates, mermaids, **common)


# --- Rounds, dealer and leader --------------------------------------------------------------------------------

check_players = GAME.check_players  # 2 to 8 players
check_round_number = GAME.check_round_number  # 1 to 10
dealer = GAME.dealer  # the dealer moves one seat clockwise each round; the player left of him leads (first_leader)


def cards_dealt(round_number: int, players: int, deck_size: int = len(DECK)) -> int:
    """Round r deals r cards each, or as many as the deck holds for everybody (8 players: 9 from 74 cards, 8 from
    70, in rounds 9 and 10)."""
    check_round_number(round_number)
    check_players(players)
    return min(round_number, deck_size // players)


@dataclass(frozen=True)
class Trick(tricks.Trick[Card]):
    """A finished trick: who led it and the cards in play order, judged (after the Kraken as `kraken_leader` says)."""

    kraken_leader: str = WOULD_HAVE_WON

    @property
    def judgement(self) -> Judgement:
        return judge(self.cards, self.kraken_leader)

    @property
    def winner(self) -> int | None:
        """The seat that takes the trick, None when nobody does."""
        position = self.judgement.winner
        return None if position is None else self.seats[position]

    @property
    def winning_card(self) -> Card | None:
        position = self.judgement.winner
        return None if position is None else self.cards[position]

    @property
    def next_leader(self) -> int:
        return self.seats[self.judgement.next_leader]

    @property
    def bonus(self) -> int:
        return self.judgement.bonus

    @property
    def allies(self) -> list[int]:
        """The seats that played a Loot allying them with the winner."""
        return [self.seats[position] for position in self.judgement.alliances]


@dataclass
class Round(tricks.Round[Card, Trick]):
    """One round's play, trick by trick (table.games.tricks.rules.Round): as many cards as the deck holds for
    everybody, the Tigress played once announced, only the advanced cards the table plays, Rosie D'Laney's choice
    of leader, Loot alliances, and the scoring the table plays."""

    game = GAME

    options: Options = field(default_factory=Options)
    chosen_leaders: dict[int, int] = field(default_factory=dict)  # trick index -> seat (Rosie D'Laney's choice)

    def cards_each(self) -> int:
        return cards_dealt(self.number, self.players, self.options.deck_size)

    def check_card(self, card: Card) -> None:
        if card.kind is Kind.TIGRESS and card.played_as is None:
            raise IllegalPlay("the Tigress must be announced as a Pirate or as an Escape")
        if not self.options.allows(card):
            raise IllegalPlay(f"this table plays without the {card.kind.value}")
        check_from_one_deck([*self.cards_played(), card])

    def judged_trick(self, leader: int, cards: tuple[Card, ...]) -> Trick:
        return Trick(leader, cards, self.options.kraken_leader)

    @property
    def leader(self) -> int:
        """Rosie D'Laney's choice, if she made one for this trick; else as in every game of tricks."""
        chosen = self.chosen_leaders.get(len(self.tricks))
        return super().leader if chosen is None else chosen

    def choose_leader(self, seat: int) -> None:
        """Rosie D'Laney's ability: `seat` leads the next trick."""
        if not 0 <= seat < self.players:
            raise CardError(f"seat {seat} is not at a table of {self.players}")
        self.chosen_leaders[len(self.tricks)] = seat

    def alliances(self) -> list[tuple[int, int]]:
        """(Loot player, winner) for every Loot alliance of the round."""
        return [(ally, trick.winner) for trick in self.tricks if trick.winner is not None for ally in trick.allies]

    def loot_bonus(self, seat: int, bids: Sequence[int]) -> int:
        """The Loot's bonus (`bonus` counts the tricks taken): LOOT_BONUS for every alliance of `seat` in which both
        allies met their bids."""
        return sum(
            LOOT_BONUS
            for pair in self.alliances()
            if seat in pair and all(self.tricks_won(ally) == bids[ally] for ally in pair)
        )

    def score(
        self, seat: int, bids: Sequence[int], cannonball: bool = False, wager: int = 0, scoring: str | None = None
    ) -> int:
        """`seat`'s score; `bids`: every seat's bid (as changed by Harry the Giant), for the alliances."""
        bonus = self.bonus(seat) + self.loot_bonus(seat, bids)
        return round_score(
            bids[seat],
            self.tricks_won(seat),
            self.number,
            bonus,
            scoring or self.options.scoring,
            cannonball,
            wager,
            self.cards,
        )


# --- Scoring --------------------------------------------------------------------------------------------------


def check_bid(bid: int, round_number: int, cards: int = 0) -> None:
    check_round_number(round_number)
    cards = cards or round_number
    if not is_whole_number(bid) or not 0 <= bid <= cards:
        raise CardError(f"with {cards} cards dealt a bid is 0 to {cards} tricks, not {bid!r}")


def round_score(
    bid: int,
    won: int,
    round_number: int,
    bonus: int = 0,
    scoring: str = STANDARD,
    cannonball: bool = False,
    wager: int = 0,
    cards: int = 0,
) -> int:
    """One player's score for a round (`cards`: dealt to each, the round's number unless fewer were dealt).

    Standard: a bid met (bid > 0) earns 20 per trick bid plus bonuses; missed, -10 per trick off. A zero bid met
    earns 10 x cards dealt plus bonuses; missed, -10 x cards dealt.
    Rascal: 10 x cards dealt are at stake. A direct hit earns them all plus the bonuses; a glancing blow (one off)
    half of both ("The Rascal's Scoring"); further off nothing. `bonus` holds the Loot's only when both bids were
    exact (the FAQ), so half of it is never paid. The cannonball (declared with the bid): a direct hit earns 15 x cards
    dealt plus bonuses, anything else nothing.
    Rascal of Roatan's wager: won with a bid met exactly, lost otherwise, in either scoring.
    """
    check_bid(bid, round_number, cards)
    cards = cards or round_number
    if not is_whole_number(won) or not 0 <= won <= cards:
        raise CardError(f"with {cards} cards dealt a player wins 0 to {cards} tricks, not {won!r}")
    if not is_whole_number(bonus) or bonus < 0 or bonus % 10:
        raise CardError(f"a round's bonus is 0 or more, in tens, not {bonus!r}")
    if scoring not in SCORINGS:
        raise CardError(f"the scoring is {' or '.join(SCORINGS)}, not {scoring!r}")
    if wager not in RASCAL_WAGERS:
        raise CardError(f"Rascal of Roatan wagers 0, 10 or 20, not {wager!r}")
    if cannonball and scoring != RASCAL_SCORING:
        raise CardError("the cannonball is a wager of Rascal scoring")
    hit = won == bid
    stake = wager if hit else -wager
    if scoring == RASCAL_SCORING:
        if cannonball:
            return (15 * cards + bonus if hit else 0) + stake
        off = abs(won - bid)
        points = 10 * cards + bonus if off == 0 else (10 * cards + bonus) // 2 if off == 1 else 0
        return points + stake
    if bid == 0:
        return (10 * cards + bonus if hit else -10 * cards) + stake
    return (20 * bid + bonus if hit else -10 * abs(won - bid)) + stake


# --- The pirates' abilities ---------------------------------------------------------------------------------


def ability(trick: Trick, is_last: bool, rascal_after_last_trick: bool = False) -> str | None:
    """The ability the trick's winner uses: the name of the winning pirate, when it has one to use now.

    After a round's last trick only Harry the Giant acts (printed in the 2021 rulebook); `rascal_after_last_trick`
    lets Rascal of Roatan wager then too (the older expansion's reading, a setting). The Tigress and a plain
    "pirate" have none.
    Bendt the Bandit draws two cards: a suit drawn then could look like a revoke (`find_revokes`), so the flow does
    not call it one after his draw (docs/rules/skullking-2021.md).
    """
    card = trick.winning_card
    if card is None or card.kind is not Kind.PIRATE or card.name is None or trick.judgement.creature is Kind.WHALE:
        return None
    if is_last and card.name != HARRY and not (card.name == RASCAL and rascal_after_last_trick):
        return None
    return card.name
