"""Piratenpoker at the table: the game flow, from the first loot cards to the final score.

`PiratenpokerFlow(table, players)` is a deterministic state machine on the shell every game shares (`GameOn`,
`SeatReaders`); the rules are `table.games.piratenpoker.rules`. How players do each thing (docs/rules/piratenpoker.md):

- Loot (decision: read at a seat reader, any one). A game begins with three loot cards turned, one from each stack;
  each is laid on any playing seat's reader and read. A second card of a colour already out, or of a colour whose
  stack is empty, is "a loot card from the wrong stack".
- Laying cards face down: each card tapped on (or laid on) the seat's reader, one after another. The table knows
  every code at once (`private(seat)`), the scoreboard shows only how many cards each seat laid, and the seat's LED
  flashes the count back (SeatCount). Holding the button (hold/ok, or PlayDone on the screen) says "done". The
  Pass card is laid alone; that seat sits out the rest of this game.
- The reveal: every seat still in is done -> YO-HO-HO countdown -> every seat's cards and total, and who won why.
- Round 1: the winner chooses the loot card to go overboard (lays it on their own reader; or taps the button to
  point at the next card and holds to choose; or ChooseLoot), then gives it, back side up, to a player by laying it
  on that player's reader (or GiveLoot). Round 2: the winner chooses the card to go below deck the same way, then
  may give one of their back-side cards by laying it on another player's reader (hold their button, or KeepLoot,
  to give none). Round 3: the loot's colour counts double and the winner takes the last card at once.
- After a game every hand is refilled to six (by count; the discard pile is reshuffled when the draw pile runs
  out) and three new loot cards are turned, until a loot stack is empty: then the final score.
- All tie: the game ends at once, the loot still out goes back under its stacks, and a new game starts.

A card its reader cannot read is entered by the operator (CardEntered): a loot card turned, a card laid face down
(every poker card is offered, so the offer tells nothing of what lies face down), a back-side card given.

Named refusals (message, ERROR light, error sound, nothing changes): a card played twice (a tag already played
since the last reshuffle, or laid this round), a card that is not in the player's hand by count, a Pass card with
other cards, more than six cards, a loot card from the wrong stack, a loot card played as a poker card, a seat
that passed or is done, a seat that is not the winner choosing loot. Undo takes back each accepted action.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum

from table.core.effects import LedPattern, RoundOver, SeatCount, Sound
from table.core.flow import GameOn, Judging, copy_state
from table.core.frame import CardChoice, HandEntry, JudgedPlay, Phase, Placing, PrivateView
from table.core.inputs import (
    HOLD,
    MINUS,
    OK,
    PLUS,
    TAP,
    CardEntered,
    CardLaid,
    CardLifted,
    CountdownDone,
    Press,
)
from table.core.readers import SeatReaders
from table.core.table_state import TableState
from table.core.text import COLOUR_NAMES, Text, and_list, comma_list, plural, text, verbatim
from table.games.piratenpoker import rules as pp
from table.games.piratenpoker.inputs import ChooseLoot, GiveLoot, KeepLoot, PlayDone
from table.games.piratenpoker.screen import FinalView, HeldView, PokerScreen, PokerSeat, card_words


class Step(Enum):
    LOOT = "loot"  # three loot cards are turned and read
    LAYING = "laying"  # every seat still in lays its cards face down (Phase.BIDDING; Phase.COUNTDOWN at the end)
    CHOOSE = "choose"  # the winner chooses the loot card overboard (round 1) or below deck (round 2)
    GIVE = "give"  # round 1: the card overboard goes to a player
    GIFT = "gift"  # round 2: the winner may give one of their back-side cards
    OVER = "over"  # a loot stack is empty: the final score


# --- The undoable state ---------------------------------------------------------------------------------------------


@dataclass
class _Game(Judging):
    phase: Phase = Phase.PLAYING
    step: Step = Step.LOOT
    game_number: int = 1
    round: int = 1
    piles: pp.Piles = field(default_factory=lambda: pp.Piles((), 0, 0))
    stacks: dict[str, int] = field(default_factory=dict)  # colour -> loot cards left in its stack
    middle: list[str] = field(default_factory=list)  # loot codes lying out, in the order read
    middle_uids: dict[str, str] = field(default_factory=dict)  # loot code -> uid of the card read
    out: set[int] = field(default_factory=set)  # seats that passed this game
    laid: dict[int, tuple[tuple[str, str], ...]] = field(default_factory=dict)  # seat -> ((uid, code), ...)
    done: set[int] = field(default_factory=set)
    played_uids: set[str] = field(default_factory=set)  # poker cards in the discard pile (since the reshuffle)
    revealed: dict[int, tuple[str, ...]] = field(default_factory=dict)  # the last showdown's plays
    totals: dict[int, int] = field(default_factory=dict)
    winner: int | None = None
    result: Text | None = None
    pointed: int = 0  # the winner's button points at middle[pointed]
    chosen: str | None = None  # the loot card overboard, waiting to be given
    loot: dict[int, list[pp.Held]] = field(default_factory=dict)
    doubled: str | None = None

    def copy(self) -> _Game:
        return copy_state(self, loot={seat: list(held) for seat, held in self.loot.items()})


class PiratenpokerFlow(SeatReaders, GameOn):
    HAND_ENTRY = True  # a card its reader cannot read is entered by the operator (CardEntered)

    def __init__(
        self,
        table: TableState,
        players: Sequence[int],
        settings: pp.Settings = pp.DEFAULT_SETTINGS,
    ) -> None:
        self._init_shell(table)
        if not pp.MIN_PLAYERS <= len(players) <= pp.MAX_PLAYERS:
            raise ValueError(f"Piratenpoker is for {pp.MIN_PLAYERS} to {pp.MAX_PLAYERS} players, not {len(players)}")
        self.players = list(players)
        self.loot_deck = pp.loot_deck(settings.loot_fronts)
        self.sets = settings.sets
        self.pass_wins = settings.pass_wins
        names = dict(settings.colour_names or ())  # the printing's own colour names, said as they are
        self.colour_names = {
            colour: verbatim(names[colour]) if names else COLOUR_NAMES[colour] for colour in pp.COLOURS
        }
        stack = len(self.loot_deck) // len(pp.COLOURS)
        self.state = _Game(
            piles=pp.deal(len(self.players)),
            stacks=dict.fromkeys(pp.COLOURS, stack),
            loot={seat: [] for seat in self.players},
        )
        self._started()
        self._say(text("Deal six poker cards and a Pass card to each player, then turn three loot cards"))
        self._update_lights()

    # --- Inputs ----------------------------------------------------------------------------------------------------

    def _dispatch(self, event: object) -> None:
        match event:
            case CardLaid(seat, uid, code):
                if self._seat_exists(seat) and self.on_reader.get(seat) != uid:
                    self.on_reader[seat] = uid
                    if self.link_lost is not None:
                        self._refuse_for_link(seat)
                    else:
                        self._card(seat, uid, code)
            case CardLifted(seat):
                if self._seat_exists(seat):
                    self.on_reader.pop(seat, None)
            case CardEntered(seat, code):
                if self._seat_exists(seat):
                    if self.link_lost is not None:
                        self._refuse_for_link(seat)
                    else:
                        self._entered(seat, code)
            case Press(seat, key):
                if self._known_button(seat, key):
                    if self.link_lost is not None:
                        self._refuse_for_link(seat)
                    else:
                        self._press(seat, key)
            case PlayDone(seat):
                if self._seat_exists(seat):
                    self._done(seat)
            case ChooseLoot(code):
                self._choose(self.state.winner, code)
            case GiveLoot(to, code):
                if self._seat_exists(to):
                    self._give(to, code or None, None)
            case KeepLoot():
                self._keep()
            case CountdownDone():
                if self.state.phase is Phase.COUNTDOWN:
                    self._reveal()
            case _:
                self._unknown_input(event)

    def _card(self, seat: int, uid: str, code: str | None) -> None:
        game = self.state
        if code is None:
            self._refuse(text("The table does not know this card"), seat)
        elif seat not in self.players:
            self._refuse(text("{name} does not play in this game", name=self._name(seat)), seat)
        elif game.step is Step.LOOT:
            self._read_loot(seat, uid, code)
        elif game.step is Step.LAYING:
            self._lay(seat, uid, code)
        elif game.step is Step.CHOOSE:
            if seat != game.winner:
                self._refuse(text("{name} chooses the loot card now", name=self._name(game.winner)), seat)
            else:
                self._choose(seat, code)
        elif game.step is Step.GIVE:
            self._give(seat, code, uid)
        elif game.step is Step.GIFT:
            if seat == game.winner:
                said = text("Lay it on another player's reader, or hold your button to keep it")
                self._refuse(said, seat)
            else:
                self._give(seat, code, uid)
        else:
            self._refuse(text("The match is over"), seat)

    def _press(self, seat: int, key: str) -> None:
        game = self.state
        if seat not in self.players:
            self._refuse(text("{name} does not play in this game", name=self._name(seat)), seat)
        elif game.step is Step.LAYING and key in (HOLD, OK):
            self._done(seat)
        elif game.step is Step.LAYING and game.phase is Phase.BIDDING:
            self._effects.append(SeatCount(seat, len(game.laid.get(seat, ()))))  # a private reminder of the count
        elif game.step is Step.CHOOSE and seat == game.winner and key in (TAP, PLUS, MINUS):
            step = -1 if key == MINUS else 1
            game.pointed = (game.pointed + step) % len(game.middle)
        elif game.step is Step.CHOOSE and seat == game.winner:
            self._choose(seat, game.middle[game.pointed % len(game.middle)])
        elif game.step is Step.GIFT and seat == game.winner and key in (HOLD, OK):
            self._keep()
        else:
            self._refuse(self._not_now(), seat)

    def _not_now(self) -> Text:
        """Why a seat's button (or its "done") means nothing now: what the rules wait for instead."""
        game = self.state
        winner = self._name(game.winner) if game.winner is not None else None
        match game.step:
            case Step.LOOT:
                return text("No button now: first turn three loot cards, one from each stack, onto the readers")
            case Step.LAYING:
                return text("No button now: every seat still in is done, the cards are revealed")
            case Step.CHOOSE:
                return text("{name} chooses the loot card now", name=winner)
            case Step.GIVE:
                return text("No button now: {name} gives the loot card by laying it on a player's reader", name=winner)
            case Step.GIFT:
                return text("No button now: only {name}, who won the showdown, may give a back-side card", name=winner)
            case _:
                return text("The match is over")

    # --- Loot cards turned ----------------------------------------------------------------------------------------

    def _read_loot(self, seat: int, uid: str, code: str) -> None:
        game = self.state
        if not pp.is_loot(code):
            self._refuse(text("Turn three loot cards first: lay each on a reader"), seat)
            return
        try:
            loot = pp.parse_loot(code)
        except pp.CardError:
            self._refuse(text("This is no Piratenpoker card"), seat)
            return
        colour = self.colour_names[loot.colour]
        if loot.colour in {pp.parse_loot(out).colour for out in game.middle}:
            self._refuse(text("A loot card from the wrong stack: {colour} is turned already", colour=colour), seat)
            return
        if game.stacks[loot.colour] == 0:
            self._refuse(text("A loot card from the wrong stack: the {colour} stack is empty", colour=colour), seat)
            return
        self._checkpoint(text("the loot card {card}", card=self._card_words(code)))
        game.stacks[loot.colour] -= 1
        game.middle.append(code)
        game.middle_uids[code] = uid
        if len(game.middle) == len(pp.COLOURS):
            self._start_round(1)

    # --- Laying cards face down ----------------------------------------------------------------------------------

    def _lay(self, seat: int, uid: str, code: str) -> None:
        game = self.state
        laid = game.laid.get(seat, ())
        codes = [card for _, card in laid]
        if game.phase is not Phase.BIDDING:
            self._refuse(text("The cards are revealed; wait for the next round"), seat)
        elif seat in game.out or pp.PASS in codes:
            self._refuse(text("{name} passed: sits out the rest of this game", name=self._name(seat)), seat)
        elif seat in game.done:
            self._refuse(text("{name} said done already; undo to lay more", name=self._name(seat)), seat)
        elif pp.is_loot(code):
            self._refuse(text("A loot card is never played"), seat)
        elif code != pp.PASS and code not in pp.POKER_COUNTS:
            self._refuse(text("This is no Piratenpoker card"), seat)
        elif uid in game.played_uids or any(uid == tag for play in game.laid.values() for tag, _ in play):
            self._refuse(text("A card played twice: this {card} was played already", card=self._card_words(code)), seat)
        elif code == pp.PASS and codes:
            self._refuse(text("The Pass card is played alone, never with poker cards"), seat)
        elif len(codes) >= pp.HAND:
            self._refuse(text("More than six cards: a hand holds six"), seat)
        elif code != pp.PASS and len(codes) + 1 > game.piles.hands[self.players.index(seat)]:
            hand = game.piles.hands[self.players.index(seat)]
            said = plural(
                "Not in the hand: {name} holds {count} poker card",
                "Not in the hand: {name} holds {count} poker cards",
                hand,
                name=self._name(seat),
                count=hand,
            )
            self._refuse(said, seat)
        else:
            self._checkpoint(text("{name}'s card", name=self._name(seat)))
            if not game.laid:
                self._next_unit_started()  # the round's first card: the last showdown's why line goes
            game.laid[seat] = (*laid, (uid, code))
            self._effects.append(SeatCount(seat, len(game.laid[seat])))
            if code == pp.PASS:  # the Pass card says all: nothing is laid with it
                self._finish(seat)

    def _done(self, seat: int) -> None:
        game = self.state
        if game.step is not Step.LAYING or game.phase is not Phase.BIDDING:
            self._refuse(self._not_now(), seat)
        elif seat not in self.players or seat in game.out:
            self._refuse(text("{name} passed: sits out the rest of this game", name=self._name(seat)), seat)
        elif seat in game.done:
            self._refuse(text("{name} said done already; undo to lay more", name=self._name(seat)), seat)
        elif not game.laid.get(seat):
            self._refuse(text("Lay at least one card, or your Pass card"), seat)
        else:
            self._checkpoint(text("{name} done", name=self._name(seat)))
            self._finish(seat)

    def _finish(self, seat: int) -> None:
        game = self.state
        game.done.add(seat)
        if all(player in game.done for player in self._in_game()):
            game.phase = Phase.COUNTDOWN

    def _in_game(self) -> list[int]:
        return [seat for seat in self.players if seat not in self.state.out]

    # --- The reveal ------------------------------------------------------------------------------------------------

    def _reveal(self) -> None:
        game = self.state
        seats = self._in_game()
        plays = [[code for _, code in game.laid[seat]] for seat in seats]
        doubled = pp.loot_colour_counts(game.round, pp.parse_loot(game.middle[0]).colour if game.middle else None)
        result = pp.showdown(plays, doubled, self.pass_wins)
        game.revealed = {seat: tuple(play) for seat, play in zip(seats, plays, strict=True)}
        game.totals = {seat: total for seat, total in zip(seats, result.totals, strict=True)}
        for seat, play in zip(seats, plays, strict=True):
            if pp.passed(play):
                game.out.add(seat)
            else:
                game.piles = pp.discard(game.piles, self.players.index(seat), len(play))
                game.played_uids |= {uid for uid, _ in game.laid[seat]}
        game.laid, game.done = {}, set()
        game.winner = None if result.winner is None else seats[result.winner]
        game.result = self._why(result, seats, plays, doubled)
        game.phase = Phase.PLAYING
        self._say(game.result)
        shown = [
            JudgedPlay(seat, self._name(seat), self._play_words(play, total))
            for seat, play, total in zip(seats, plays, result.totals, strict=True)
        ]
        heading = text("Game {game}, round {round}", game=game.game_number, round=game.round)
        self._judged((game.game_number, game.round), game.winner, game.result, (text("Last showdown"), heading), shown)
        if game.winner is None:
            self._all_tie()
        elif game.round == 3:
            self._take()
        else:
            game.step, game.pointed, game.chosen = Step.CHOOSE, 0, None
            self._effects.append(Sound("trick_won"))

    def _why(self, result: pp.Showdown, seats: list[int], plays: list[list[str]], doubled: str | None) -> Text:
        totals = result.totals
        if result.winner is None:
            return text("All tie: this game ends, its loot goes back under the stacks")
        name = self._name(seats[result.winner])
        if result.decided == pp.TOTAL:
            return text("{name} wins with {total}", name=name, total=totals[result.winner])
        if result.decided == pp.CARDS:
            rank = result.card
            mine = pp.play_order(plays[result.winner], doubled)[rank]
            beaten = [
                text(
                    "{name}'s {card}",
                    name=self._name(seats[other]),
                    card=_nth(pp.play_order(plays[other], doubled), rank),
                )
                for other in result.beaten
            ]
            if rank == 0:
                return text(
                    "Tie on {total}: {name}'s {card} beats {others}",
                    total=totals[result.winner],
                    name=name,
                    card=mine,
                    others=and_list(beaten),
                )
            return text(
                "Tie on {total}: {name}'s card number {rank}, {card}, beats {others}",
                total=totals[result.winner],
                name=name,
                rank=rank + 1,
                card=mine,
                others=and_list(beaten),
            )
        tied = and_list([self._name(seats[other]) for other in result.tied])
        return text(
            "{tied} stay tied: {name} wins with the next-highest total, {total}",
            tied=tied,
            name=name,
            total=totals[result.winner],
        )

    def _play_words(self, play: list[str], total: int) -> Text:
        """A seat's play at the showdown in words: its cards and their total, or its Pass card."""
        if pp.passed(play):
            return text("Pass")
        return text("{cards} ({total})", cards=comma_list([self._card_words(code) for code in play]), total=total)

    def _all_tie(self) -> None:
        game = self.state
        for code in game.middle:
            game.stacks[pp.parse_loot(code).colour] += 1  # back under its stack
        game.middle, game.middle_uids = [], {}
        self._end_game()

    def _take(self) -> None:
        game = self.state
        assert game.winner is not None and len(game.middle) == 1
        (code,) = game.middle
        game.loot[game.winner].append(pp.Held(pp.parse_loot(code), True))
        self._say(text("{name} takes {card}", name=self._name(game.winner), card=self._card_words(code)))
        game.middle, game.middle_uids = [], {}
        self._effects.append(Sound("trick_won"))
        self._end_game()

    def _end_game(self) -> None:
        game = self.state
        self._effects.append(RoundOver(game.game_number))
        start = self.players.index(game.winner) if game.winner is not None else 0
        order = [(start + step) % len(self.players) for step in range(len(self.players))]
        game.piles, reshuffled = pp.refill(game.piles, order)
        if reshuffled:
            game.played_uids = set()
            self._say(text("Shuffle the discard pile: it is the new draw pile"))
        game.out, game.round, game.doubled = set(), 1, None
        if pp.match_over(list(game.stacks.values())):
            game.step, game.phase = Step.OVER, Phase.GAME_OVER
            self._effects.append(Sound("game_over"))
            count, names = self._winners()
            over = plural(
                "A loot stack is empty: the match is over. {winners} won",
                "A loot stack is empty: the match is over. {winners} won",
                count,
                winners=names,
            )
            self._say(over)
            return
        game.game_number += 1
        game.step, game.phase = Step.LOOT, Phase.PLAYING
        self._say(text("Everyone draws back to six cards; turn three new loot cards"))

    def _start_round(self, number: int) -> None:
        game = self.state
        game.round, game.step, game.phase = number, Step.LAYING, Phase.BIDDING
        game.laid, game.done, game.revealed, game.totals = {}, set(), {}, {}
        game.doubled = pp.parse_loot(game.middle[0]).colour if number == pp.ROUNDS and game.middle else None
        if not self._in_game():  # everybody passed: nobody can win the rest of this game
            self._all_tie()

    # --- Loot chosen and given ------------------------------------------------------------------------------------

    def _choose(self, seat: int | None, code: str) -> None:
        game = self.state
        if game.step is not Step.CHOOSE or seat is None:
            self._refuse(text("No loot card is to be chosen now"), seat)
        elif code not in game.middle:
            self._refuse(text("Choose one of the loot cards lying out: {cards}", cards=", ".join(game.middle)), seat)
        elif game.round == 1:
            self._checkpoint(text("{card} overboard", card=self._card_words(code)))
            game.middle.remove(code)
            game.chosen = code
            game.step = Step.GIVE
            self._say(
                text(
                    "{card} goes overboard: lay it on the reader of the player who gets it", card=self._card_words(code)
                )
            )
        else:
            self._checkpoint(text("{card} below deck", card=self._card_words(code)))
            game.middle.remove(code)
            game.stacks[pp.parse_loot(code).colour] += 1
            self._say(text("{card} goes below deck", card=self._card_words(code)))
            if any(not held.front_up for held in game.loot[seat]):
                game.step = Step.GIFT
            else:
                self._start_round(3)

    def _give(self, to: int, code: str | None, uid: str | None) -> None:
        game = self.state
        if to not in self.players:
            self._refuse(text("{name} does not play in this game", name=self._name(to)), to)
        elif game.step is Step.GIVE:
            assert game.chosen is not None
            if code is not None and code != game.chosen:
                self._refuse(
                    text("Lay {card}, the card overboard, on a reader", card=self._card_words(game.chosen)), to
                )
                return
            self._checkpoint(text("{card} given to {name}", card=self._card_words(game.chosen), name=self._name(to)))
            game.loot[to].append(pp.Held(pp.parse_loot(game.chosen), False))
            self._say(text("{name} gets {card}, back side up", name=self._name(to), card=self._card_words(game.chosen)))
            game.chosen = None
            self._start_round(2)
        elif game.step is Step.GIFT:
            assert game.winner is not None
            backs = [held for held in game.loot[game.winner] if not held.front_up and held.loot.code == code]
            if not backs:
                self._refuse(text("That is not one of {name}'s back-side cards", name=self._name(game.winner)), to)
                return
            if to == game.winner:
                self._refuse(text("Lay it on another player's reader, or hold your button to keep it"), to)
                return
            given = backs[0]
            self._checkpoint(
                text("{card} given to {name}", card=self._card_words(given.loot.code), name=self._name(to))
            )
            game.loot[game.winner].remove(given)
            game.loot[to].append(given)
            self._say(
                text("{name} gets {card}, back side up", name=self._name(to), card=self._card_words(given.loot.code))
            )
            self._start_round(3)
        else:
            self._refuse(text("No loot card is to be given now"), to)

    def _keep(self) -> None:
        game = self.state
        if game.step is not Step.GIFT:
            self._refuse(text("No loot card is to be given now"))
            return
        self._checkpoint(text("no card given"))
        self._start_round(3)

    def _card_words(self, code: str) -> Text:
        return card_words(code, self.colour_names)

    # --- Cards entered by hand (the operator's, for a card its reader cannot read) --------------------------------

    def _entered(self, seat: int, code: str) -> None:
        """The card `seat` played, entered by the operator: taken as if laid on its reader, with the same checks;
        a poker card is refused too when every copy of it is laid this round (a tag would prove it is another)."""
        game = self.state
        laid = [card for play in game.laid.values() for _, card in play]
        if game.step is Step.LAYING and code in pp.POKER_COUNTS and laid.count(code) >= pp.POKER_COUNTS[code]:
            self._refuse(text("Every {card} of the deck is laid already", card=self._card_words(code)), seat)
        else:
            self._card(seat, self._entered_uid(seat), code)

    def _entered_uid(self, seat: int) -> str:
        """A tag's stand-in for an entered card, unique in the match, so it is never "a card played twice"."""
        game = self.state
        laid = len(game.laid.get(seat, ()))
        return f"entered:{game.game_number}:{game.round}:{game.step.value}:{seat}:{laid}:{len(game.middle)}"

    def _hand_entry(self) -> tuple[HandEntry, ...]:
        """What the operator may enter now, seat by seat: a loot card turned (at any seat; of the stacks still to
        turn), a card laid face down (every poker card while the seat's hand has room, and the Pass card as its
        first), a back-side card given in round 2 (the winner's). The winner's choice of a loot card and the card
        overboard have their own buttons. Decision: the card entered face down shows on the bar as the operator
        picks it (the operator sees it anyway); the screen model says nothing of what lies face down."""
        game = self.state
        if self.link_lost is not None:
            return ()
        if game.step is Step.LOOT:
            out = {pp.parse_loot(code).colour for code in game.middle}
            loot = [
                code
                for code in dict.fromkeys(card.code for card in self.loot_deck)
                if (colour := pp.parse_loot(code).colour) not in out and game.stacks[colour] > 0
            ]
            return tuple(HandEntry(seat, self._choices(loot)) for seat in self.players)
        if game.step is Step.LAYING and game.phase is Phase.BIDDING:
            # Every poker card, whatever lies face down: the offer must not tell which cards are laid.
            entries = []
            for index, seat in enumerate(self.players):
                codes = [code for _, code in game.laid.get(seat, ())]
                room = min(pp.HAND, game.piles.hands[index]) - len(codes)
                if seat in game.out or seat in game.done or pp.PASS in codes or (room <= 0 and codes):
                    continue
                cards = list(pp.POKER_COUNTS) if room > 0 else []
                entries.append(HandEntry(seat, self._choices([*cards, *([] if codes else [pp.PASS])]), True))
            return tuple(entries)
        if game.step is Step.GIFT and game.winner is not None:
            backs = [held.loot.code for held in game.loot[game.winner] if not held.front_up]
            choices = self._choices(list(dict.fromkeys(backs)))
            return tuple(HandEntry(seat, choices) for seat in self.players if seat != game.winner and choices)
        return ()

    def _choices(self, codes: list[str]) -> tuple[CardChoice, ...]:
        """The cards of `codes` on the picker, grouped by colour ("red:5", "loot:red:10"); the Pass card among the
        other cards."""
        others = text("Other cards")
        colours = [code.split(":")[-2] if ":" in code else "" for code in codes]
        return tuple(
            CardChoice(code, self._card_words(code), self.colour_names.get(colour, others))
            for code, colour in zip(codes, colours, strict=True)
        )

    # --- What the shell asks ---------------------------------------------------------------------------------------

    def _playing_seats(self) -> Sequence[int]:
        return self.players

    def _acting_seat(self) -> int | None:
        if self.state.step in (Step.CHOOSE, Step.GIVE, Step.GIFT):
            return self.state.winner
        return None

    def _scores(self) -> dict[int, pp.FinalScore]:
        return {seat: pp.final_score(self.state.loot[seat], self.sets) for seat in self.players}

    def _totals(self) -> dict[int, int]:
        return {seat: score.total for seat, score in self._scores().items()}

    def _ranking(self) -> list[Placing]:
        totals = self._totals()
        places = pp.final_places([totals[seat] for seat in self.players], [self.state.loot[s] for s in self.players])
        place = dict(zip(self.players, places, strict=True))
        order = sorted(self.players, key=lambda seat: (place[seat], seat))
        return [Placing(place[s], s, str(self._name(s)), totals[s], self._name(s)) for s in order]

    def _standing_light(self, seat: int) -> LedPattern:
        game = self.state
        if self.link_lost is None and seat not in self.readers_down and seat in self.players:
            if game.phase is Phase.BIDDING and seat not in game.out:
                return LedPattern.BLUE_STEADY if seat in game.done else LedPattern.BLUE_DOUBLE_BLINK
            if game.phase is Phase.COUNTDOWN and seat not in game.out:
                return LedPattern.BLUE_STEADY
        return super()._standing_light(seat)

    def private(self, seat: int) -> PrivateView:
        """The codes the table knows lie face down at `seat`, until the reveal."""
        return PrivateView(seat, hidden=tuple(code for _, code in self.state.laid.get(seat, ())))

    def screen(self) -> PokerScreen:
        game = self.state
        scores = self._scores()
        acting = self._acting_seat()
        seats = tuple(
            PokerSeat(
                seat=seat,
                label=self._name(seat),
                playing=True,
                reader_ok=seat not in self.readers_down,
                in_game=seat not in game.out,
                laid=len(game.laid.get(seat, ())),
                done=seat in game.done,
                hand=game.piles.hands[index],
                revealed=game.revealed.get(seat),
                total=game.totals.get(seat),
                winner=seat == game.winner and bool(game.revealed),
                acting=seat == acting,
                loot=tuple(_held(held) for held in game.loot[seat]),
                score=scores[seat].total,
            )
            for index, seat in enumerate(self.players)
        )
        finals: tuple[FinalView, ...] = ()
        if game.step is Step.OVER:
            finals = tuple(
                FinalView(
                    p.seat,
                    self._name(p.seat),
                    p.place,
                    scores[p.seat].fronts,
                    scores[p.seat].sharks,
                    scores[p.seat].backs,
                    scores[p.seat].bonus,
                    scores[p.seat].total,
                    tuple(_held(held) for held in game.loot[p.seat]),
                )
                for p in self._ranking()
            )
        pointed = game.chosen or (
            game.middle[game.pointed % len(game.middle)] if game.step is Step.CHOOSE and game.middle else None
        )
        return PokerScreen(
            phase=game.phase,
            step=game.step.value,
            game_number=game.game_number,
            round=game.round,
            title=self._title(),
            prompt=self._prompt(),
            seats=seats,
            middle=tuple(game.middle) + ((game.chosen,) if game.chosen else ()),
            pointed=pointed,
            stacks=tuple(game.stacks[colour] for colour in pp.COLOURS),
            colours=pp.COLOURS,
            colour_names=tuple(self.colour_names[colour] for colour in pp.COLOURS),
            doubled=game.doubled,
            result=game.result if game.revealed else None,
            draw=game.piles.draw,
            discard=game.piles.discard,
            finals=finals,
            messages=tuple(self.notes),
            undo=self._undo_question(),
            link_lost=self.link_lost,
            language=self.language,
            hand_entry=self._hand_entry(),
            **self._why_fields(),
        )

    def _title(self) -> Text:
        game = self.state
        if game.step is Step.OVER:
            return text("Piratenpoker: the final score")
        stake = {1: text("overboard"), 2: text("below deck"), 3: text("the loot")}[game.round]
        return text("Game {game}, round {round}: {stake}", game=game.game_number, round=game.round, stake=stake)

    def _prompt(self) -> Text:
        game = self.state
        winner = self._name(game.winner) if game.winner is not None else None
        match game.step:
            case Step.LOOT:
                return text("Turn three loot cards, one from each stack, and lay each on a reader")
            case Step.LAYING if game.phase is Phase.COUNTDOWN:
                return text("YO-HO-HO!")
            case Step.LAYING:
                if game.doubled is not None:
                    return text(
                        "Lay your cards face down on your reader, then hold your button; {colour} counts double",
                        colour=self.colour_names[game.doubled],
                    )
                return text("Lay your cards face down on your reader, then hold your button")
            case Step.CHOOSE if game.round == 1:
                return text("{name}: which loot card goes overboard? Lay it on your reader", name=winner)
            case Step.CHOOSE:
                return text("{name}: which loot card goes below deck? Lay it on your reader", name=winner)
            case Step.GIVE:
                return text(
                    "{name}: lay {card} on the reader of the player who gets it",
                    name=winner,
                    card=self._card_words(game.chosen or ""),
                )
            case Step.GIFT:
                return text(
                    "{name}: give one of your back-side cards on another player's reader, or hold to keep them",
                    name=winner,
                )
            case _:
                count, names = self._winners()
                return plural("{winners} won", "{winners} won", count, winners=names)


def _held(held: pp.Held) -> HeldView:
    return HeldView(held.loot.code, held.front_up, held.worth)


def _nth(order: tuple[int, ...], rank: int) -> int:
    return order[rank] if rank < len(order) else 0
