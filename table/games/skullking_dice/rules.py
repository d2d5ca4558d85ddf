"""Skull King, the dice game: the rules as `docs/rules/skullking-dice.md` decides them.

Pure: no I/O, no clock, no randomness of its own. Seats are numbered clockwise; positions in a trick are 0-based
in the order the dice were thrown. A thrown die is written `kind:face`: `black:7`, `yellow:flag`,
`skullking:skull`, `pirate:flag`, `mermaid:skull`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum

from table.games.tricks import rules as tricks
from table.games.tricks.rules import Revoke as Revoke  # what every game of tricks plays alike, with dice too
from table.games.tricks.rules import Trick as Trick
from table.games.tricks.rules import find_revokes as find_revokes
from table.games.tricks.rules import is_whole_number
from table.games.tricks.rules import lead_suit as lead_colour  # the suit of a die is its colour

SKULL, FLAG = "skull", "flag"
NUMBERS = ("1", "2", "3", "4", "5", "6", "7")
SPECIAL_KINDS = ("skullking", "pirate", "mermaid")
NUMBER_KINDS = ("black", "blue", "red", "yellow")  # yellow is a number die, its flags notwithstanding
MIN_PLAYERS, MAX_PLAYERS = 3, 6
PIRATE_BONUS = 30  # per Pirate SKULL caught by the Skull King skull; a Pirate flag pays nothing
MERMAID_BONUS = 50  # a Mermaid skull catches the Skull King skull


@dataclass(frozen=True)
class DiceBag:
    """The 36 dice: the six faces of each kind, and how many dice of it are in the bag. (config)"""

    faces: Mapping[str, tuple[str, ...]]
    counts: Mapping[str, int]

    def can_show(self, kind: str, face: str) -> bool:
        return face in self.faces.get(kind, ())


SKULL_DIE = (SKULL,) * 4 + (FLAG,) * 2
STANDARD_BAG = DiceBag(
    faces={
        "skullking": SKULL_DIE,
        "pirate": SKULL_DIE,
        "mermaid": SKULL_DIE,
        "black": ("7", "7", "6", "6", "5", "5"),
        "blue": ("5", "5", "4", "4", "3", "3"),
        "red": ("3", "3", "2", "2", "1", "1"),
        "yellow": (FLAG, FLAG, FLAG, "1", "1", "7"),
    },
    counts={"skullking": 1, "pirate": 3, "mermaid": 2, "black": 7, "blue": 7, "red": 8, "yellow": 8},
)


class DiceError(ValueError):
    """A die code or a set of dice the rules cannot accept; the message says why, for a person."""


# A die's rank says who takes the trick: the highest rank wins, and among equal ranks the LAST die thrown (the
# opposite of the card game). A flag is 0, the lowest result. Rule 1 (a Mermaid skull with the Skull King skull)
# and rule 6 (only flags: the FIRST wins) are the two exceptions `trick_winner` applies.
SKULL_KING_RANK, PIRATE_RANK, MERMAID_RANK, FLAG_RANK = 60, 50, 40, 0


@dataclass(frozen=True)
class Die:
    """A die as it lies in the tray: its kind and the face it shows."""

    kind: str
    face: str
    rank: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.face == FLAG:
            rank = FLAG_RANK
        elif self.face == SKULL:
            rank = {"skullking": SKULL_KING_RANK, "pirate": PIRATE_RANK, "mermaid": MERMAID_RANK}[self.kind]
        else:
            rank = int(self.face)
        object.__setattr__(self, "rank", rank)

    @property
    def is_special(self) -> bool:
        """Skull King, Pirate and Mermaid dice may always be thrown, even by who could follow the colour."""
        return self.kind in SPECIAL_KINDS

    @property
    def suit(self) -> str | None:
        """The colour it follows with: a number die's kind; None for a special die."""
        return None if self.is_special else self.kind

    @property
    def leaves_no_suit(self) -> bool:
        """Never: special dice thrown first set nothing, the first number die thrown after them sets the colour."""
        return False

    @property
    def code(self) -> str:
        return f"{self.kind}:{self.face}"

    def __str__(self) -> str:
        return self.code


def parse_die(code: str, bag: DiceBag = STANDARD_BAG) -> Die:
    """The die a code names; its face must be one that kind of die carries."""
    if not isinstance(code, str):
        raise DiceError(f"a die is written as text such as 'black:7' or 'pirate:skull', not {code!r}")
    kind, _, face = code.strip().lower().partition(":")
    if kind not in bag.faces:
        raise DiceError(f"unknown die '{code}'; the dice are {', '.join(bag.faces)}, written kind:face")
    if not face:
        raise DiceError(f"'{code}': say which face it shows, as in '{kind}:{bag.faces[kind][0]}'")
    if not bag.can_show(kind, face):
        shown = ", ".join(sorted(set(bag.faces[kind])))
        raise DiceError(f"a {kind} die cannot show '{face}'; its faces are {shown}")
    return Die(kind, face)


def parse_dice(codes: Iterable[str], bag: DiceBag = STANDARD_BAG) -> list[Die]:
    return [parse_die(code, bag) for code in codes]


def check_from_one_bag(dice: Iterable[Die], bag: DiceBag = STANDARD_BAG) -> None:
    """Raise DiceError unless the bag holds this many dice of each kind."""
    for kind, count in Counter(die.kind for die in dice).items():
        if count > bag.counts[kind]:
            raise DiceError(
                f"the bag has only {bag.counts[kind]} {kind} di{'e' if bag.counts[kind] == 1 else 'ce'}, not {count}"
            )


# --- Following the colour -------------------------------------------------------------------------------------

# The colour to follow is the first number die's (`lead_colour`); a colour not followed and thrown later in the round
# is a revoke (`find_revokes`, over `Trick(leader, dice)`): both as in every game of tricks.


def legal_kinds(held: Iterable[str], trick: Sequence[Die]) -> list[str]:
    """Which of the kinds of dice a player holds they may throw: the lead colour if they have it, or a special."""
    held = list(held)
    lead = lead_colour(trick)
    if lead is not None and lead in held:
        return [kind for kind in held if kind == lead or kind in SPECIAL_KINDS]
    return held


# --- Who wins the trick -----------------------------------------------------------------------------------------


def trick_winner(trick: Sequence[Die]) -> int:
    """The position (0-based, in throwing order) of the die that takes the trick.

    1. A Mermaid skull and the Skull King skull are both showing: the LAST Mermaid skull thrown wins.
    2. The Skull King skull: it wins.
    3. Pirate skulls: the LAST Pirate skull thrown wins.
    4. Mermaid skulls: the LAST Mermaid skull thrown wins.
    5. Numbers: the highest number wins; equal highest numbers: the one thrown LAST wins.
    6. Only flags: the FIRST flag thrown wins (the one case where the first wins).
    """
    if not trick:
        raise DiceError("an empty trick has no winner")
    top = max(die.rank for die in trick)
    if top == FLAG_RANK:
        return 0  # rule 6
    if top == SKULL_KING_RANK and any(die.rank == MERMAID_RANK for die in trick):
        top = MERMAID_RANK  # rule 1: the Mermaid beguiles the Skull King
    return max(position for position, die in enumerate(trick) if die.rank == top)  # the last among equals


def trick_bonus(trick: Sequence[Die]) -> int:
    """The bonus the trick's winner earns (paid only if their bid is met exactly, and never for Landlubbers)."""
    winner = trick[trick_winner(trick)]
    if winner.rank == SKULL_KING_RANK:
        return PIRATE_BONUS * sum(die.rank == PIRATE_RANK for die in trick)
    if winner.rank == MERMAID_RANK and any(die.rank == SKULL_KING_RANK for die in trick):
        return MERMAID_BONUS
    return 0


class Rule(Enum):
    """Which of `trick_winner`'s rules decided a trick: the rulebook's reason, for the why on the screen."""

    MERMAID_CATCHES_KING = "mermaid_catches_king"  # rule 1
    SKULL_KING = "skull_king"  # rule 2
    PIRATE = "pirate"  # rule 3
    MERMAID = "mermaid"  # rule 4
    NUMBER = "number"  # rule 5
    FLAGS = "flags"  # rule 6: only flags, the first thrown wins


@dataclass(frozen=True)
class Reason:
    """Why a trick went where it went, as data: the rule, the winning die's position and die, how many other dice
    showed the same (the last thrown among equals wins), the Pirate skulls the Skull King caught, the bonus."""

    rule: Rule
    winner: int
    die: Die
    equals: int  # other dice of the same rank: the last thrown of them wins (the first, among flags)
    pirates: int
    bonus: int


def explain(trick: Sequence[Die]) -> Reason:
    """Why `trick` goes to the die `trick_winner` names, in the rulebook's terms."""
    winner = trick_winner(trick)
    die = trick[winner]
    kings = any(other.rank == SKULL_KING_RANK for other in trick)
    rule = {
        SKULL_KING_RANK: Rule.SKULL_KING,
        PIRATE_RANK: Rule.PIRATE,
        MERMAID_RANK: Rule.MERMAID_CATCHES_KING if kings else Rule.MERMAID,
        FLAG_RANK: Rule.FLAGS,
    }.get(die.rank, Rule.NUMBER)
    equals = sum(other.rank == die.rank for other in trick) - 1
    pirates = sum(other.rank == PIRATE_RANK for other in trick)
    return Reason(rule, winner, die, equals, pirates, trick_bonus(trick))


# --- Rounds and scoring -----------------------------------------------------------------------------------------


GAME = tricks.TrickGame("the Skull King dice game", MIN_PLAYERS, MAX_PLAYERS, rounds=8, error=DiceError)
check_players = GAME.check_players  # 3 to 6 players


def rounds_for(players: int) -> int:
    """8 rounds with 3 or 4 players, 7 with 5, 6 with 6."""
    check_players(players)
    return {3: 8, 4: 8, 5: 7, 6: 6}[players]


def start_player(round_number: int, players: int, first: int = 0) -> int:
    """The start player moves one seat clockwise each round; the trick's winner throws first in the next."""
    return (first + round_number - 1) % players


STANDARD, LANDLUBBER = "standard", "landlubber"


def round_score(bid: int, won: int, round_number: int, bonus: int = 0, scoring: str = STANDARD) -> int:
    """One player's score for a round.

    Standard, as the card game: bid met (bid > 0): 20 per trick plus bonuses; missed: -10 per trick off. Bid zero:
    +/-10 x the round number. Landlubber: a met bid 20 per trick; a missed non-zero bid 0; a zero bid as usual;
    no bonuses.
    """
    for name, value, low, high in (
        ("round", round_number, 1, 8),
        ("bid", bid, 0, round_number),
        ("tricks won", won, 0, round_number),
    ):
        if not is_whole_number(value) or not low <= value <= high:
            raise DiceError(f"{name} must be {low} to {high} here, not {value!r}")
    if scoring not in (STANDARD, LANDLUBBER):
        raise DiceError(f"scoring is '{STANDARD}' or '{LANDLUBBER}', not {scoring!r}")
    if not is_whole_number(bonus) or bonus not in POSSIBLE_BONUSES:
        raise DiceError(f"a round's bonus is one of {', '.join(map(str, sorted(POSSIBLE_BONUSES)))}, not {bonus!r}")
    if bid == 0:
        return 10 * round_number if won == 0 else -10 * round_number
    if won == bid:
        return 20 * bid + (bonus if scoring == STANDARD else 0)
    return -10 * abs(won - bid) if scoring == STANDARD else 0


# The Skull King skull is in one trick a round: either its pirates (3 dice at most) or the Mermaid's 50.
POSSIBLE_BONUSES = frozenset({0, MERMAID_BONUS, *(PIRATE_BONUS * n for n in range(1, 4))})
