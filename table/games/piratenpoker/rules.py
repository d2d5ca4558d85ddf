"""Piratenpoker (Michael Schacht, Piatnik): the rules, pure. The players' rules the table follows, with every decision
it takes, are in docs/rules/piratenpoker.md.

The cards are values with codes: poker cards `red:1`..`red:8` (also `yellow:`, `blue:`), the Pass card `pass`, loot
cards `loot:<colour>:<front value>`. A play is one player's cards laid face down in one round: one or more poker
cards, or the Pass card alone. The showdown compares the plays' totals (round 3: cards of the loot's colour count
double) and breaks ties down to "the next-highest total wins". A game is three rounds over three loot cards; the
match ends when a loot stack is empty; the final score adds fronts and sharks, subtracts backs, and pays sets.

The table never sees a hand: it knows how many poker cards each player holds (six after a refill, fewer by each
card played), how many lie in the draw pile and in the discard pile, and so when the discard pile is reshuffled.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

# --- The cards -------------------------------------------------------------------------------------------------

COLOURS = ("red", "yellow", "blue")  # the codes' colours; the printing's own names are words of the display
VALUE_COUNTS = {1: 1, 2: 2, 3: 4, 4: 7, 5: 7, 6: 4, 7: 2, 8: 1}  # copies of each value, per colour
PASS = "pass"
PASS_CARDS = 5
MIN_PLAYERS, MAX_PLAYERS = 3, 5
HAND = 6  # poker cards in a full hand
ROUNDS = 3  # in one game
LOOT_FRONTS = (5, 5, 6, 6, 8, 8, 10)  # per colour (config): the split of the 7 loot cards is not printed
LOOT_BACKS = {5: 4, 6: -3, 8: -4, 10: -5}  # the back of a +5 card is a shark, worth +4
SHARK_FRONT = 5
SET_BONUS = 5  # for three sharks, and for three front-side loot cards of one value
EVERY_SET, ONE_SET = "every", "once"  # (config) pay every complete set of three, or a set only once


@dataclass(frozen=True, order=True)
class PokerCard:
    colour: str
    value: int

    @property
    def code(self) -> str:
        return f"{self.colour}:{self.value}"

    def __str__(self) -> str:
        return self.code


@dataclass(frozen=True, order=True)
class Loot:
    colour: str
    front: int  # +5, +6, +8 or +10

    @property
    def code(self) -> str:
        return f"loot:{self.colour}:{self.front}"

    @property
    def back(self) -> int:
        """What the card is worth turned over: -3, -4, -5, or +4 for the shark on a +5 card."""
        return LOOT_BACKS[self.front]

    @property
    def shark(self) -> bool:
        return self.front == SHARK_FRONT

    def worth(self, front_up: bool) -> int:
        return self.front if front_up else self.back

    def __str__(self) -> str:
        return self.code


POKER_DECK: tuple[PokerCard, ...] = tuple(
    PokerCard(colour, value) for colour in COLOURS for value, copies in VALUE_COUNTS.items() for _ in range(copies)
)


def loot_deck(fronts: Sequence[int] = LOOT_FRONTS) -> tuple[Loot, ...]:
    """The loot cards of all three stacks, `fronts` per colour."""
    if len(fronts) != 7 or any(front not in LOOT_BACKS for front in fronts):
        raise ValueError(f"a loot stack is 7 cards of +5, +6, +8 or +10, not {list(fronts)}")
    return tuple(Loot(colour, front) for colour in COLOURS for front in fronts)


LOOT_DECK = loot_deck()
DECK_CODES: tuple[str, ...] = (
    *(card.code for card in POKER_DECK),
    *(PASS,) * PASS_CARDS,
    *(loot.code for loot in LOOT_DECK),
)
assert len(POKER_DECK) == 84 and len(LOOT_DECK) == 21 and len(DECK_CODES) == 110
POKER_COUNTS = Counter(card.code for card in POKER_DECK)
DECK_COUNTS = Counter(DECK_CODES)  # copies of each card: poker cards, Pass cards and loot cards


class CardError(ValueError):
    """A code that is no Piratenpoker card (or not the kind asked for)."""


def parse_poker(code: str) -> PokerCard:
    """`red:5` -> the red 5; the Pass card and loot cards are no poker cards."""
    colour, _, value = code.strip().lower().partition(":")
    if colour in COLOURS and value.isdigit() and int(value) in VALUE_COUNTS:
        return PokerCard(colour, int(value))
    raise CardError(f"'{code}' is no poker card; they are red:1 to red:8, yellow:1 to yellow:8, blue:1 to blue:8")


def parse_loot(code: str) -> Loot:
    """`loot:red:10` -> the red +10 loot card."""
    parts = code.strip().lower().split(":")
    if (
        len(parts) == 3
        and parts[0] == "loot"
        and parts[1] in COLOURS
        and parts[2].isdigit()
        and int(parts[2]) in LOOT_BACKS
    ):
        return Loot(parts[1], int(parts[2]))
    raise CardError(f"'{code}' is no loot card; they are loot:<red|yellow|blue>:<5|6|8|10>")


def is_loot(code: str) -> bool:
    return code.strip().lower().startswith("loot:")


def check_from_one_deck(codes: Iterable[str], deck: Sequence[str] = DECK_CODES) -> None:
    """Raise CardError unless `deck` (default: the printed poker and Pass cards and the default loot) holds all these
    cards at once: two red 8s it cannot."""
    held = DECK_COUNTS if deck is DECK_CODES else Counter(deck)
    for code, count in sorted(Counter(codes).items()):
        if count > held[code]:
            raise CardError(f"the deck has {_only(held[code])} {code}, not {count}")


def check_loot_fronts(fronts: Iterable[int], stack: Sequence[int] = LOOT_FRONTS) -> None:
    """Raise CardError unless the three loot stacks (`stack` the fronts of each colour's) hold this many loot cards
    of each front value, whatever their colours: twelve +5 cards they cannot."""
    held = Counter(loot.front for loot in loot_deck(stack))
    for front, count in sorted(Counter(fronts).items()):
        if count > held[front]:
            raise CardError(f"the loot stacks hold {_only(held[front])} loot cards of +{front}, not {count}")


def _only(count: int) -> str:
    return "no" if count == 0 else "only one" if count == 1 else f"only {count}"


# --- One round: the plays and the showdown -----------------------------------------------------------------------


class PlayError(ValueError):
    """A play the rules do not allow; `kind` names which rule ("pass_with_cards", "too_many", ...)."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


def check_play(play: Sequence[str], hand: int = HAND) -> None:
    """A play is one or more poker cards, at most the `hand` the player holds (six at most), or the Pass card alone.
    Raises PlayError naming the broken rule."""
    if not play:
        raise PlayError("empty", "a play is one or more poker cards, or the Pass card")
    if any(is_loot(code) for code in play):
        raise PlayError("loot", "a loot card is never played")
    if PASS in play:
        if len(play) > 1:
            raise PlayError("pass_with_cards", "the Pass card is played alone, never with poker cards")
        return
    if len(play) > HAND:
        raise PlayError("too_many", f"a hand holds {HAND} poker cards; a play of {len(play)} is too many")
    for code in play:
        parse_poker(code)
    if len(play) > hand:
        raise PlayError("not_in_hand", f"the player holds {hand} poker cards, not {len(play)}")


def passed(play: Sequence[str]) -> bool:
    return list(play) == [PASS]


def card_points(code: str, loot: str | None = None) -> int:
    """A card's worth in a play: its number, twice that if it has the loot's colour (round 3); the Pass card 0."""
    if code == PASS:
        return 0
    card = parse_poker(code)
    return card.value * (2 if card.colour == loot else 1)


def play_total(play: Sequence[str], loot: str | None = None) -> int:
    return sum(card_points(code, loot) for code in play)


def play_order(play: Sequence[str], loot: str | None = None) -> tuple[int, ...]:
    """The play's cards' worths, highest first: the tie-break compares these one by one."""
    return tuple(sorted((card_points(code, loot) for code in play), reverse=True))


TOTAL, CARDS, NEXT_TOTAL, ALL_TIE = "total", "cards", "next total", "all tie"


@dataclass(frozen=True)
class Showdown:
    """The showdown of one round. Players are positions in the list of plays.

    `decided` says how: TOTAL (one highest total), CARDS (the highest totals tied and a card broke it: `card` is
    the 0-based rank of the deciding card, `beaten` the players it beat), NEXT_TOTAL (the highest totals stayed tied
    (`tied`) and the best total below them won), ALL_TIE (no winner: the game ends, its loot goes back).
    """

    totals: tuple[int, ...]
    winner: int | None
    decided: str
    tied: tuple[int, ...] = ()  # the players tied on the highest total (CARDS), or who stayed tied (NEXT_TOTAL)
    card: int = 0  # CARDS: which card decided, 0 the highest
    beaten: tuple[int, ...] = ()  # CARDS: the tied players that card beat


def showdown(plays: Sequence[Sequence[str]], loot: str | None = None, pass_wins: bool = True) -> Showdown:
    """Reveal the plays: the highest total wins. Ties for the highest total: the higher single card wins, then the
    second-highest card, and so on; still tied: the tied players drop out and the highest total below them wins
    (with the same tie-break). Nobody left: all tie. A Pass play is worth 0 (printed), so a lone Pass may win as the
    second-highest total; `pass_wins` False: a Pass play never wins (the setting). `loot`: round 3's loot colour,
    its cards count double."""
    totals = tuple(play_total(play, loot) for play in plays)
    orders = [play_order(play, loot) for play in plays]
    left = [player for player, play in enumerate(plays) if pass_wins or not passed(play)]
    stayed_tied: tuple[int, ...] = ()
    while left:
        best = max(totals[player] for player in left)
        group = [player for player in left if totals[player] == best]
        top = max(orders[player] for player in group)
        leaders = [player for player in group if orders[player] == top]
        if len(leaders) == 1:
            (winner,) = leaders
            if stayed_tied:
                return Showdown(totals, winner, NEXT_TOTAL, tied=stayed_tied)
            if len(group) == 1:
                return Showdown(totals, winner, TOTAL)
            beaten = tuple(player for player in group if player != winner)
            card = min(_first_difference(orders[winner], orders[other]) for other in beaten)
            return Showdown(totals, winner, CARDS, tied=tuple(group), card=card, beaten=beaten)
        stayed_tied = (*stayed_tied, *group)
        left = [player for player in left if player not in group]
    return Showdown(totals, None, ALL_TIE, tied=stayed_tied)


def _first_difference(one: tuple[int, ...], other: tuple[int, ...]) -> int:
    return next(index for index, (a, b) in enumerate(zip(one, other, strict=False)) if a != b)


# --- The game of three rounds, and the piles ---------------------------------------------------------------------

OVERBOARD, BELOW_DECK, TAKE = "overboard", "below deck", "take"
ROUND_STAKES = {1: OVERBOARD, 2: BELOW_DECK, 3: TAKE}  # what the highest total decides in each round


def loot_colour_counts(round_number: int, loot: str | None) -> str | None:
    """Which colour counts double this round: the last loot card's, in round 3 only."""
    return loot if round_number == ROUNDS else None


@dataclass(frozen=True)
class Piles:
    """The poker cards by count: each player's hand, the draw pile, the discard pile (played cards, face up)."""

    hands: tuple[int, ...]
    draw: int
    discard: int


def deal(players: int) -> Piles:
    """Six poker cards to each player; the rest is the draw pile."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Piratenpoker is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    return Piles((HAND,) * players, len(POKER_DECK) - HAND * players, 0)


def discard(piles: Piles, player: int, cards: int) -> Piles:
    """`player` played `cards` poker cards: they go from the hand to the discard pile."""
    if not 0 <= cards <= piles.hands[player]:
        raise PlayError("not_in_hand", f"the player holds {piles.hands[player]} poker cards, not {cards}")
    hands = list(piles.hands)
    hands[player] -= cards
    return Piles(tuple(hands), piles.draw, piles.discard + cards)


def refill(piles: Piles, order: Iterable[int]) -> tuple[Piles, bool]:
    """After a game every player draws back to six, in `order`; when the draw pile runs out the discard pile is
    shuffled into a new one. Returns the piles and whether the discard pile was reshuffled."""
    hands, draw, discarded, reshuffled = list(piles.hands), piles.draw, piles.discard, False
    for player in order:
        while hands[player] < HAND:
            if draw == 0:
                if discarded == 0:
                    break  # every card is in a hand: nothing to draw (cannot happen with 3-5 players)
                draw, discarded, reshuffled = discarded, 0, True
            hands[player] += 1
            draw -= 1
    return Piles(tuple(hands), draw, discarded), reshuffled


def match_over(stacks: Sequence[int]) -> bool:
    """The match ends when a loot stack is empty (checked before three new loot cards are turned)."""
    return any(count == 0 for count in stacks)


# --- The final score ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Held:
    """A loot card a player holds, front side up (taken in round 3) or back side up (given overboard)."""

    loot: Loot
    front_up: bool

    @property
    def worth(self) -> int:
        return self.loot.worth(self.front_up)

    @property
    def shark(self) -> bool:
        return not self.front_up and self.loot.shark


@dataclass(frozen=True)
class FinalScore:
    fronts: int
    sharks: int  # how many sharks
    backs: int  # the minuses, as a negative number
    shark_sets: int  # sets of three sharks paid
    value_sets: int  # sets of three fronts of one value paid
    total: int

    @property
    def bonus(self) -> int:
        return SET_BONUS * (self.shark_sets + self.value_sets)


def final_score(loot: Iterable[Held], sets: str = EVERY_SET) -> FinalScore:
    """Fronts plus sharks (+4 each) minus backs; +5 for three sharks and +5 for three front-side loot cards of the
    same value (colour does not matter). `sets`: EVERY_SET pays every complete set of three (the default), ONE_SET
    pays each kind of set once."""
    held = list(loot)
    fronts = sum(card.worth for card in held if card.front_up)
    sharks = sum(card.shark for card in held)
    backs = sum(card.worth for card in held if not card.front_up and not card.shark)
    by_value = Counter(card.loot.front for card in held if card.front_up)
    if sets == EVERY_SET:
        shark_sets, value_sets = sharks // 3, sum(count // 3 for count in by_value.values())
    elif sets == ONE_SET:
        shark_sets, value_sets = int(sharks >= 3), sum(count >= 3 for count in by_value.values())
    else:
        raise ValueError(f"sets are counted '{EVERY_SET}' or '{ONE_SET}', not {sets!r}")
    total = fronts + 4 * sharks + backs + SET_BONUS * (shark_sets + value_sets)
    return FinalScore(fronts, sharks, backs, shark_sets, value_sets, total)


def tie_order(loot: Iterable[Held]) -> tuple[int, ...]:
    """The final ties are broken by the highest single loot card (as it lies), then the next one."""
    return tuple(sorted((card.worth for card in loot), reverse=True))


def final_places(scores: Sequence[int], loot: Sequence[Sequence[Held]]) -> list[int]:
    """Each player's place (1 best): the higher total; equal totals, the higher loot cards one by one; still equal,
    the same place."""
    keys = [(score, tie_order(held)) for score, held in zip(scores, loot, strict=True)]
    return [1 + sum(other > key for other in keys) for key in keys]


# --- The settings a printing may need (config.toml's [piratenpoker]) ------------------------------------------------


@dataclass(frozen=True)
class Settings:
    """What differs between copies of the game: the loot split per colour, how sets are paid, the colours' names
    as the printing calls them (None: the table's own words in its language)."""

    loot_fronts: tuple[int, ...] = LOOT_FRONTS
    sets: str = EVERY_SET
    colour_names: tuple[tuple[str, str], ...] | None = None  # (("red", "Rot"), ...)
    pass_wins: bool = True  # printed: a Pass (worth 0) may win the tie-break as the second-highest total


DEFAULT_SETTINGS = Settings()


def settings(loot: Any = None, sets: Any = None, names: Any = None, pass_wins: Any = None) -> Settings:
    """Settings from the config's values (None: the default); raises ValueError saying what is wrong."""
    fronts = LOOT_FRONTS if loot is None else loot
    if not isinstance(fronts, list | tuple) or not all(isinstance(f, int) and not isinstance(f, bool) for f in fronts):
        raise ValueError(f"loot is a list of the 7 front values of one colour's stack, such as {list(LOOT_FRONTS)}")
    loot_deck(tuple(fronts))  # checks the values
    paid = EVERY_SET if sets is None else sets
    if paid not in (EVERY_SET, ONE_SET):
        raise ValueError(f'sets is "{EVERY_SET}" (every set of three pays) or "{ONE_SET}", not {paid!r}')
    colour_names = None
    if names is not None:
        if (
            not isinstance(names, dict)
            or set(names) != set(COLOURS)
            or not all(isinstance(n, str) for n in names.values())
        ):
            raise ValueError(f"names gives each colour's printed name: {', '.join(f'{c} = ...' for c in COLOURS)}")
        colour_names = tuple((colour, names[colour]) for colour in COLOURS)
    wins = True if pass_wins is None else pass_wins
    if not isinstance(wins, bool):
        raise ValueError(f"pass_wins is true (printed: a Pass may win a tie as the next total) or false, not {wins!r}")
    return Settings(tuple(fronts), paid, colour_names, wins)
