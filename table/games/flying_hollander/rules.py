"""The Flying Hollander, a shedding game for 2-6 players: the rules, pure (docs/rules/flying-hollander.md).

Each player tries to get rid of every card: three in hand, three face-up clash cards, three face-down final cards.
On their turn a player plays one card, or several identical cards, of a rank equal to or higher than the card to
beat on the play pile; who cannot play takes the whole pile into hand. Six special cards bend this, and four of a
kind on top of the pile clears it as a Kraken does.

Cards are codes: `crew:1` (the cabin boy) .. `crew:12` (the captain), and the specials `hollander`, `kraken`,
`mutiny`, `wormhole`, `island`, `pirate`. How many copies of each a deck holds is not printed: `deck(counts)`
builds a deck from counts (default `DEFAULT_COUNTS`, 4 of each rank and 2 of each special); the enrolled deck is
the truth.

The decisions the rulebook leaves open (each also in the docs):

- What must be beaten (`need`): a crew card sets its rank; the Flying Hollander is a ghost (the card beneath it
  stays the one to beat); the Island lets the next player play anything; the Wormhole and the Pirate change who
  plays and what players hold, not what must be beaten (the card beneath them stays the one to beat). A Mutiny
  turns the card to beat into a ceiling ("that rank or lower, or a special"); with no crew card beneath it in
  force (first card of a pile, or on an Island) only ranks 1-3 or a special may follow; a Mutiny on a Mutiny keeps
  the first one's reference. The Mutiny holds until a crew card or an Island is played on it.
- "Not on a captain": a Mutiny or an Island may not be played while the card to beat is a captain, even one lying
  under a Flying Hollander.
- A Flying Hollander is "the first card of a pile" when only Flying Hollanders lie beneath it (ghosts are as if
  not there): the next player is skipped.
- Four of a kind: the same crew rank four times (or more) in a row at the top of the pile, Flying Hollanders
  between them left out, completed by the cards just played. Specials never make four of a kind.
- Several identical cards played together act once: two Flying Hollanders skip one player, two Wormholes give
  one choice. A player may add identical cards to their play one at a time until the next player acts
  (`Game.extend`); the added cards never repeat the effect, but may complete four of a kind.
- A Wormhole: the player chooses who plays next (not themselves; forced with two players left); play goes on
  clockwise from the player chosen.
- Drawing: after each play and each pile taken, the player draws up to three cards while the draw pile lasts, so
  a player plays from the clash cards only once the draw pile is empty.
- The last cards in hand may be played together with identical clash cards; final cards are played blind, one
  per turn and never with another card. A final card that cannot be played goes onto the pile, and the player
  takes the whole pile into hand.
- The end (`ending`): printed, "Le premier à le faire gagne la partie": the first player out wins and the game
  ends (FIRST_OUT, the default); the setting LAST_STANDING plays on until one player holds cards. A player scores
  the number of players who went out after them or are still in (the first out of four scores 3; with
  LAST_STANDING the order of going out is the ranking, the last scores 0).
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

MIN_PLAYERS, MAX_PLAYERS = 2, 6
RANKS = range(1, 13)
CAPTAIN = 12
LOW_RANKS = 3  # after a first-card Mutiny: ranks 1-3 only
HAND = CLASH = FINAL = 3  # cards each player gets of each
FOUR_OF_A_KIND = 4

HOLLANDER, KRAKEN, MUTINY, WORMHOLE, ISLAND, PIRATE = "hollander", "kraken", "mutiny", "wormhole", "island", "pirate"
SPECIALS = (HOLLANDER, KRAKEN, MUTINY, WORMHOLE, ISLAND, PIRATE)
NOT_ON_CAPTAIN = (MUTINY, ISLAND)
FIRST_OUT, LAST_STANDING = "first-out", "last-standing"  # the game ends: printed, or played on to the last player
ENDINGS = (FIRST_OUT, LAST_STANDING)
CREW = tuple(f"crew:{rank}" for rank in RANKS)
CODES = (*CREW, *SPECIALS)

DEFAULT_COUNTS: dict[str, int] = {**dict.fromkeys(CREW, 4), **dict.fromkeys(SPECIALS, 2)}


class CardError(ValueError):
    """A code that is no Flying Hollander card, or a deck that cannot be played."""


def check_card(code: object) -> str:
    if not isinstance(code, str) or code not in CODES:
        raise CardError(f"'{code}' is no Flying Hollander card; they are crew:1 to crew:12 and {', '.join(SPECIALS)}")
    return code


def rank(code: str) -> int | None:
    """A crew card's rank, 1-12; None for a special card."""
    check_card(code)
    return int(code.removeprefix("crew:")) if code.startswith("crew:") else None


def is_special(code: str) -> bool:
    return check_card(code) in SPECIALS


def deck(counts: Mapping[str, int] | None = None) -> tuple[str, ...]:
    """The codes of a deck with `counts` copies of each card (default DEFAULT_COUNTS), in the order enrollment
    asks: the ranks low to high, then the specials."""
    counts = {**DEFAULT_COUNTS, **(counts or {})}
    for code, count in counts.items():
        check_card(code)
        if not isinstance(count, int) or count < 0:
            raise CardError(f"a deck holds 0 or more copies of {code}, not {count!r}")
    return tuple(code for code in CODES for _ in range(counts[code]))


DECK = deck()


def check_from_one_deck(cards: Iterable[str], counts: Mapping[str, int] | None = None) -> None:
    """Raise CardError unless a deck of `counts` copies (default DEFAULT_COUNTS) holds all these cards at once."""
    held = Counter(deck(counts))
    for code, count in Counter(check_card(card) for card in cards).items():
        if count > held[code]:
            raise CardError(f"the deck has {_only(held[code])} {code}, not {count}")


def _only(count: int) -> str:
    return "no" if count == 0 else "only one" if count == 1 else f"only {count}"


def check_players(players: int, deck_size: int = len(DECK)) -> None:
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise CardError(f"The Flying Hollander is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    if players * (HAND + CLASH + FINAL) > deck_size:
        raise CardError(f"a deck of {deck_size} cards cannot deal 9 cards to each of {players} players")


# --- What must be beaten ---------------------------------------------------------------------------------------


class Kind(Enum):
    ANY = "any"  # an empty pile, or after an Island: any card
    AT_LEAST = "at_least"  # the usual: `rank` or higher, or a special
    AT_MOST = "at_most"  # under a Mutiny: `rank` or lower, or a special
    LOW = "low"  # a Mutiny with no rank beneath: ranks 1-3, or a special


@dataclass(frozen=True)
class Need:
    """What the next card must be. `ghost`: the card it refers to lies under a Flying Hollander."""

    kind: Kind = Kind.ANY
    rank: int = 0
    ghost: bool = False

    def allows(self, code: str) -> bool:
        value = rank(code)
        if value is None:
            return not (code in NOT_ON_CAPTAIN and self.captain)
        match self.kind:
            case Kind.ANY:
                return True
            case Kind.AT_LEAST:
                return value >= self.rank
            case Kind.AT_MOST:
                return value <= self.rank
            case Kind.LOW:
                return value <= LOW_RANKS

    @property
    def captain(self) -> bool:
        """A captain is the card to beat: no Mutiny, no Island."""
        return self.kind is Kind.AT_LEAST and self.rank == CAPTAIN

    def describe(self) -> str:
        under = " (under the Flying Hollander)" if self.ghost else ""
        match self.kind:
            case Kind.ANY:
                return "any card"
            case Kind.AT_LEAST:
                return f"{self.rank} or higher{under}, or a special card"
            case Kind.AT_MOST:
                return f"{self.rank} or lower (Mutiny){under}, or a special card"
            case Kind.LOW:
                return f"1, 2 or 3 (Mutiny){under}, or a special card"

    def as_json(self) -> dict[str, Any]:
        return {"kind": self.kind.value, "rank": self.rank, "ghost": self.ghost, "says": self.describe()}


def need(pile: Sequence[str]) -> Need:
    """What the next card on `pile` (bottom first) must be."""
    now = Need()
    for code in pile:
        value = rank(code)
        if value is not None:
            now = Need(Kind.AT_LEAST, value)
        elif code == HOLLANDER:
            now = dataclasses.replace(now, ghost=True)  # a ghost: as if it were not there
        elif code == ISLAND:
            now = Need()
        elif code == MUTINY:
            if now.kind is Kind.AT_LEAST:
                now = Need(Kind.AT_MOST, now.rank)
            elif now.kind is Kind.ANY:
                now = Need(Kind.LOW, LOW_RANKS)
            else:  # a Mutiny on a Mutiny keeps the first one's reference
                now = dataclasses.replace(now, ghost=False)
        else:  # Wormhole, Pirate (a Kraken never stays on a pile): the card to beat stays
            now = dataclasses.replace(now, ghost=False)
    return now


def only_ghosts(pile: Sequence[str]) -> bool:
    """The pile is empty but for Flying Hollanders: a Flying Hollander played now is its first card."""
    return all(code == HOLLANDER for code in pile)


def four_of_a_kind(pile: Sequence[str]) -> bool:
    """The same rank four times in a row on top of the pile, Flying Hollanders left out."""
    top = [code for code in pile if code != HOLLANDER]
    if not top or rank(top[-1]) is None:
        return False
    run = 0
    for code in reversed(top):
        if code != top[-1]:
            break
        run += 1
    return run >= FOUR_OF_A_KIND


# --- Judging a play --------------------------------------------------------------------------------------------


class Why(Enum):
    NOT_IDENTICAL = "not_identical"
    TOO_LOW = "too_low"  # under the usual need
    TOO_HIGH = "too_high"  # under a Mutiny
    NOT_LOW = "not_low"  # under a first-card Mutiny: 1-3 only
    ON_CAPTAIN = "on_captain"  # a Mutiny or an Island on a captain
    NO_CARDS = "no_cards"


@dataclass(frozen=True)
class Refusal:
    """Why a play is not allowed: `card` the card refused, `need` what the pile asks."""

    why: Why
    card: str
    need: Need

    def describe(self) -> str:
        under = " under the Flying Hollander" if self.need.ghost else ""
        value = rank(self.card) if self.card in CODES else None
        match self.why:
            case Why.NOT_IDENTICAL:
                return "several cards played together must be identical"
            case Why.TOO_LOW:
                return f"a {value} does not beat the {self.need.rank}{under}"
            case Why.TOO_HIGH:
                return f"a {value} is higher than the {self.need.rank} under the Mutiny{under}"
            case Why.NOT_LOW:
                return f"a {value} cannot follow a first Mutiny: only 1, 2, 3 or a special card"
            case Why.ON_CAPTAIN:
                return f"a {self.card} cannot be played on a captain{under}"
            case Why.NO_CARDS:
                return "a play has at least one card"


class IllegalPlay(ValueError):
    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal.describe())
        self.refusal = refusal


def judge(pile: Sequence[str], cards: Sequence[str]) -> Refusal | None:
    """None if `cards` (played together) may go on `pile`, else why not."""
    for code in [*pile, *cards]:
        check_card(code)
    now = need(pile)
    if not cards:
        return Refusal(Why.NO_CARDS, "", now)
    card = cards[0]
    if any(other != card for other in cards):
        return Refusal(Why.NOT_IDENTICAL, next(other for other in cards if other != card), now)
    if now.allows(card):
        return None
    if rank(card) is None:
        return Refusal(Why.ON_CAPTAIN, card, now)
    why = {Kind.AT_LEAST: Why.TOO_LOW, Kind.AT_MOST: Why.TOO_HIGH, Kind.LOW: Why.NOT_LOW}[now.kind]
    return Refusal(why, card, now)


@dataclass(frozen=True)
class Effect:
    """What a play does. `pile`: the pile after it (empty once cleared); `need`: what the next card must be."""

    pile: tuple[str, ...]
    need: Need
    clears: bool = False  # a Kraken or four of a kind: the pile leaves the game
    four_of_a_kind: bool = False
    again: bool = False  # the same player plays again, on a new pile
    skip: bool = False  # the next player is skipped (a first-card Flying Hollander)
    choose_next: bool = False  # a Wormhole: the player chooses who plays next
    swap: bool = False  # a Pirate: the player may swap two cards of the same position with another

    def as_json(self) -> dict[str, Any]:
        return {
            "legal": True,
            "clears": self.clears,
            "four_of_a_kind": self.four_of_a_kind,
            "again": self.again,
            "skip": self.skip,
            "choose_next": self.choose_next,
            "swap": self.swap,
            "pile": list(self.pile),
            "beat": self.need.as_json(),
        }


def play(pile: Sequence[str], cards: Sequence[str]) -> Effect:
    """The effect of playing `cards` (identical, together) on `pile`; raises IllegalPlay."""
    refusal = judge(pile, cards)
    if refusal is not None:
        raise IllegalPlay(refusal)
    return _effect(pile, cards, effects=True)


def _effect(pile: Sequence[str], cards: Sequence[str], effects: bool) -> Effect:
    """`effects` False: cards added to a play already made, whose effect does not repeat."""
    card, after = cards[0], (*pile, *cards)
    if (effects and card == KRAKEN) or four_of_a_kind(after):
        return Effect((), Need(), clears=True, four_of_a_kind=card != KRAKEN, again=True)
    if not effects:
        return Effect(after, need(after))
    return Effect(
        after,
        need(after),
        skip=card == HOLLANDER and only_ghosts(pile),
        choose_next=card == WORMHOLE,
        swap=card == PIRATE,
    )


# --- A game: what each player holds, whose turn it is -------------------------------------------------------


class Position(Enum):
    HAND = "hand"
    CLASH = "clash"
    FINAL = "final"


@dataclass(frozen=True)
class Holding:
    """How many cards a player holds in hand, in clash cards (face up) and final cards (face down)."""

    hand: int = HAND
    clash: int = CLASH
    final: int = FINAL

    @property
    def total(self) -> int:
        return self.hand + self.clash + self.final


@dataclass(frozen=True)
class Done:
    """What an accepted action did, for the flow to tell: the play's effect (None for a pile taken), the cards
    drawn after it, whether the player went out, and whether a blind final card failed (the pile taken)."""

    effect: Effect | None
    drew: int = 0
    went_out: bool = False
    blind_failed: bool = False
    took: int = 0  # cards taken into hand with the pile


@dataclass
class Game:
    """One game, by player index 0..n-1 clockwise. Mutable; `copy()` for the undo history."""

    players: int
    draw: int  # cards left in the draw pile
    turn: int | None  # the player to play; None while a Wormhole's choice waits
    holdings: list[Holding] = field(default_factory=list)
    pile: list[str] = field(default_factory=list)
    out: list[int] = field(default_factory=list)  # players gone out, in order; the last one left too, at the end
    open_play: tuple[int, str] | None = None  # (player, card): the play identical cards may still join
    choosing: int | None = None  # a Wormhole's player, choosing who plays next
    swapping: int | None = None  # a Pirate's player, who may swap now
    cleared: int = 0  # cards out of the game (Krakens, four of a kind)
    started: bool = False  # the first card is played: no more swapping with the clash cards
    ending: str = FIRST_OUT  # the game ends when the first player goes out (printed), or LAST_STANDING

    def copy(self) -> Game:
        return dataclasses.replace(self, holdings=list(self.holdings), pile=list(self.pile), out=list(self.out))

    # --- Questions ---

    @property
    def over(self) -> bool:
        """The first player out ends the game as printed; LAST_STANDING, everybody is ranked."""
        return bool(self.out) if self.ending == FIRST_OUT else len(self.out) == self.players

    @property
    def need(self) -> Need:
        return need(self.pile)

    def position(self, player: int) -> Position | None:
        """Where the player plays from now: the hand, then (draw pile empty) the clash cards, then the final cards."""
        held = self.holdings[player]
        if held.hand or self.draw:
            return Position.HAND
        if held.clash:
            return Position.CLASH
        if held.final:
            return Position.FINAL
        return None

    def in_game(self) -> list[int]:
        return [player for player in range(self.players) if player not in self.out]

    def after(self, player: int, steps: int = 1) -> int:
        """The player `steps` places clockwise after `player`, among those still in."""
        at = player
        for _ in range(steps):
            at = next(
                (at + n) % self.players for n in range(1, self.players + 1) if (at + n) % self.players not in self.out
            )
        return at

    def can_extend(self, player: int, code: str) -> bool:
        """`code` laid by `player` joins the play they just made (identical cards played together)."""
        return self.open_play == (player, code) and self.position(player) is not Position.FINAL

    def points(self) -> dict[int, int]:
        """Each player's score: how many went out after them or are still in (0 while still in)."""
        return {
            player: self.players - 1 - self.out.index(player) if player in self.out else 0
            for player in range(self.players)
        }

    # --- Actions ---

    def lay(self, player: int, code: str) -> Done:
        """`player` lays `code`: a card joining their open play, or a new play on their turn. Raises IllegalPlay
        (nothing changed) for a hand or clash card that may not be played; a blind final card that may not be
        played takes the pile. The flow checks the turn first."""
        if self.can_extend(player, code):
            return self._extend(player, code)
        assert player == self.turn and self.choosing is None and self.swapping is None, "not this player's turn"
        position = self.position(player)
        assert position is not None, "a player who went out plays no more"
        refusal = judge(self.pile, [code])
        if refusal is not None and position is not Position.FINAL:
            raise IllegalPlay(refusal)
        self.started = True
        self._take_from(player, position)
        if refusal is not None:  # a blind final card that cannot be played: the pile goes to the hand
            took = len(self.pile) + 1
            self.pile = []
            self._gain(player, took)
            self.open_play = None
            self.turn = self.after(player)
            return Done(None, took=took, blind_failed=True)
        effect = _effect(self.pile, [code], effects=True)
        self._apply(player, effect)
        self.open_play = (
            None if effect.clears or code in (WORMHOLE, PIRATE) or position is Position.FINAL else (player, code)
        )
        drew = self._refill(player)
        went_out = self._out(player)
        self._next(player, effect, went_out)
        return Done(effect, drew, went_out)

    def _extend(self, player: int, code: str) -> Done:
        position = self.position(player)
        assert position is not None
        self._take_from(player, position)
        effect = _effect(self.pile, [code], effects=False)
        self._apply(player, effect)
        drew = self._refill(player)
        went_out = self._out(player)
        if effect.clears:
            self.open_play = None
            self.choosing = self.swapping = None
            self._next(player, effect, went_out)
        elif went_out:
            self.open_play = None
            if self.turn == player or self.turn is None:
                self.turn = None if self.over else self.after(player)
        return Done(effect, drew, went_out)

    def take(self, player: int) -> Done:
        """`player` cannot play and takes the pile into hand; the turn passes. The flow checks it may."""
        took = len(self.pile)
        self.pile = []
        self._gain(player, took)
        self.open_play = None
        drew = self._refill(player)
        self.turn = self.after(player)
        return Done(None, drew, took=took)

    def choose(self, player: int) -> None:
        """The Wormhole's player chose `player` to play next."""
        self.choosing = None
        self.turn = player

    def swapped(self) -> None:
        """The Pirate's swap is done (or let go)."""
        self.swapping = None

    # --- Bookkeeping ---

    def _take_from(self, player: int, position: Position) -> None:
        held = self.holdings[player]
        self.holdings[player] = dataclasses.replace(held, **{position.value: getattr(held, position.value) - 1})

    def _gain(self, player: int, cards: int) -> None:
        held = self.holdings[player]
        self.holdings[player] = dataclasses.replace(held, hand=held.hand + cards)

    def _refill(self, player: int) -> int:
        held = self.holdings[player]
        drew = max(0, min(HAND - held.hand, self.draw))
        self.draw -= drew
        self.holdings[player] = dataclasses.replace(held, hand=held.hand + drew)
        return drew

    def _apply(self, player: int, effect: Effect) -> None:
        if effect.clears:
            self.cleared += len(self.pile) + 1
        self.pile = list(effect.pile)

    def _out(self, player: int) -> bool:
        if self.holdings[player].total or player in self.out:
            return False
        self.out.append(player)
        if len(self.out) == self.players - 1:  # the last one left comes last
            self.out.append(next(p for p in range(self.players) if p not in self.out))
        if self.over:
            self.turn = self.choosing = self.swapping = None
            self.open_play = None
        return True

    def _next(self, player: int, effect: Effect, went_out: bool) -> None:
        if self.over:
            return
        if effect.again and not went_out:
            self.turn = player
        elif effect.choose_next:
            others = [p for p in self.in_game() if p != player]
            if len(others) == 1:
                self.turn = others[0]  # the choice is forced
            else:
                self.turn, self.choosing = None, player
        elif effect.skip:
            self.turn = self.after(player, 2)
        else:
            self.turn = self.after(player)
        if effect.swap and not went_out:
            self.swapping = player


def start(players: int, deck_size: int = len(DECK), first: int = 1, ending: str = FIRST_OUT) -> Game:
    """A game just dealt: 3 final, 3 clash and 3 hand cards each, the rest the draw pile; `first` (the player
    left of the dealer, player 0) plays first; `ending` says when the game ends."""
    check_players(players, deck_size)
    if ending not in ENDINGS:
        raise CardError(f"the game ends {' or '.join(ENDINGS)}, not {ending!r}")
    return Game(
        players,
        draw=deck_size - players * (HAND + CLASH + FINAL),
        turn=first % players,
        holdings=[Holding() for _ in range(players)],
        ending=ending,
    )
