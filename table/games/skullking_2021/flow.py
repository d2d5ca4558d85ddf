"""Skull King 2021 at the table: the game flow, from the lobby's hand-over to the final ranking.

It is the card game every edition plays (`table.games.tricks.flow`, whose docstring describes the phases, the bids,
the lifting, undo and the hub link), with the rules of `table.games.skullking_2021.rules` and what the 2021 edition
adds. The decisions are in docs/rules/skullking-2021.md; in short:

- The Tigress waits for her announcement at her seat, as Scary Mary does in 2013: tap or plus = Pirate; hold, ok
  or minus = Escape, or the screen's choice (ChooseScaryMary). Lifting her before announcing takes the play back.
- A trick the Kraken takes, or a White Whale trick without a number, is won by nobody: the screen says so and who
  leads next. A Loot card allies its player with the trick's winner; the alliance is paid at the round's end.
- The pirates' abilities (`abilities` in the options): when a named pirate takes a trick the table asks its seat
  before the next trick (or, for Harry and Rascal after the round's last trick, before the score):
  Rosie D'Laney chooses who leads next, Harry the Giant changes the bid by -1, 0 or +1, Rascal of Roatan wagers
  0, 10 or 20, Bendt the Bandit draws two and discards two, Juanita Jade looks at the undealt cards. At the seat:
  tap (or plus / minus) steps through the choices, hold (or ok) confirms; on the screen ChooseLeader, ChangeBid,
  Wager, AbilityDone. The cards may be lifted meanwhile.
- Rascal scoring: a seat fires the cannonball on the screen (Cannonball) while the bids are made, openly (the
  printed rules have it declared aloud); a second Cannonball(on=False) takes it back until the bid is locked.
- Up to 8 players: in the last rounds at 7 or 8 players each is dealt as many cards as the deck holds for everybody,
  and a bid is 0 to the cards dealt.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from table.core.effects import LedPattern
from table.core.flow import copy_state
from table.core.frame import Phase, ScoreCell
from table.core.inputs import HOLD, MINUS, OK
from table.core.table_state import TableState
from table.core.text import Text, and_list, plural, text
from table.games.skullking_2021 import rules as sk
from table.games.skullking_2021.inputs import AbilityDone, Cannonball, ChangeBid, ChooseLeader, Wager
from table.games.skullking_2021.screen import AbilityView, Screen2021
from table.games.skullking_2021.why import why_2021
from table.games.tricks import flow as tricks
from table.games.tricks.why import Name

SUIT_NAMES = {
    sk.Suit.GREEN: text("green"),
    sk.Suit.PURPLE: text("purple"),
    sk.Suit.YELLOW: text("yellow"),
    sk.Suit.BLACK: text("black"),
}
SPECIAL_NAMES = {
    "escape": text("escape"),
    "pirate": text("pirate"),
    "tigress": text("tigress"),
    "tigress:pirate": text("tigress:pirate"),
    "tigress:escape": text("tigress:escape"),
    "mermaid": text("mermaid"),
    "skullking": text("skullking"),
    "loot": text("loot"),
    "kraken": text("kraken"),
    "whale": text("whale"),
}


@dataclass
class _Ability:
    seat: int
    kind: str  # the pirate's name
    choice: int
    choices: tuple[int, ...]


@dataclass
class _Game(tricks.TrickState[sk.Round]):
    """The undoable state of one game: the card game's, and what the 2021 edition adds."""

    ability: _Ability | None = None  # a pirate's ability the table waits for
    cannonballs: set[int] = field(default_factory=set)
    wagers: dict[int, int] = field(default_factory=dict)
    bid_changes: dict[int, int] = field(default_factory=dict)  # Harry the Giant's changes this round
    draws: list[tuple[int, int]] = field(default_factory=list)  # (seat, trick index) of Bendt the Bandit's draws
    outcome: Text | None = None

    def copy(self) -> _Game:
        return copy_state(
            self,
            round=None if self.round is None else copy_state(self.round),
            ability=None if self.ability is None else copy_state(self.ability),
        )


class SkullKing2021Flow(tricks.TrickFlow[sk.Round]):
    """A game of Skull King 2021 at the table: the trick flow played by its rules and `options`, the Tigress in its
    words, and what the edition adds (the hooks and entry points below)."""

    RULES = sk
    STATE = _Game
    SUIT_NAMES = SUIT_NAMES
    SPECIAL_NAMES = SPECIAL_NAMES

    state: _Game

    def __init__(self, table: TableState, players: Sequence[int], options: sk.Options | None = None) -> None:
        self.options = options or sk.Options()
        super().__init__(table, players)

    # --- The entry points -------------------------------------------------------------------------------------------

    def _dispatch(self, event: object) -> None:
        match event:
            case Cannonball():
                self._cannonball(event.seat, event.on)
            case ChooseLeader():
                self._answer(event.seat, sk.ROSIE, event.leader)
            case ChangeBid():
                self._answer(event.seat, sk.HARRY, event.change)
            case Wager():
                self._answer(event.seat, sk.RASCAL, event.amount)
            case AbilityDone():
                self._answer(event.seat, None, 0)
            case _:
                super()._dispatch(event)  # the card game's inputs

    # --- The 2021 edition's rules -----------------------------------------------------------------------------------

    def _new_round(self, number: int, players: int, dealer: int) -> sk.Round:
        return sk.Round(number, players, dealer, options=self.options)

    def _in_play(self, card: Any) -> bool:
        return self.options.allows(card)

    def _table_plays(self, seat: int, card: Any) -> bool:
        if self.options.allows(card):
            return True
        said = text("{name}: this table plays without the {card}", name=self._name(seat), card=self._card_text(card))
        self._refuse(said, seat)
        return False

    def _why(self, cards: Sequence[Any], name: Name) -> Text:
        return why_2021(sk.explain(cards, self.options.kraken_leader), name)

    # --- The Tigress, in words --------------------------------------------------------------------------------------

    def _wait_for_announcement(self, acting: int) -> Text:
        return text("Wait: {name} first announces the Tigress as Pirate or Escape", name=self._name(acting))

    def _announcement_question(self, seat: int) -> Text:
        return text(
            "{name}: the Tigress as a Pirate (tap or +) or as an Escape (hold, OK or -)?", name=self._name(seat)
        )

    def _announcement_prompt(self, seat: int) -> Text:
        return self._announcement_question(seat)

    def _announcement(self, seat: int, as_pirate: bool) -> Text:
        if as_pirate:
            return text("{name}'s Tigress as a Pirate", name=self._name(seat))
        return text("{name}'s Tigress as an Escape", name=self._name(seat))

    def _taken_back(self, seat: int) -> Text:
        return text("{name} took the Tigress back: still {name}'s turn", name=self._name(seat))

    def _nothing_to_announce(self, seat: int) -> Text:
        return text("No Tigress waits for an announcement at {name}'s seat", name=self._name(seat))

    # --- Bidding: Rascal scoring's cannonball -----------------------------------------------------------------------

    def _start_round(self, number: int) -> None:
        super()._start_round(number)
        game = self.state
        game.ability = None
        game.cannonballs = set()
        game.wagers = {}
        game.bid_changes = {}
        game.draws = []
        game.outcome = None

    def _cannonball(self, seat: int, on: bool) -> None:
        if not self._player_may_act(seat):
            return
        game = self.state
        if self.options.scoring != sk.RASCAL_SCORING:
            self._refuse(text("The cannonball is fired only with Rascal scoring"), seat)
        elif game.phase is not Phase.BIDDING or seat in game.bids:
            self._refuse(text("The cannonball is fired with the bid, before it is locked"), seat)
        elif on != (seat in game.cannonballs):
            if on:
                self._checkpoint(text("{name}'s cannonball", name=self._name(seat)))
                game.cannonballs.add(seat)
            else:
                self._checkpoint(text("{name}'s cannonball taken back", name=self._name(seat)))
                game.cannonballs.discard(seat)

    # --- Judging: the Kraken, the White Whale, Loot ---------------------------------------------------------------

    def _tell_trick(self, trick: Any, number: int) -> None:
        game = self.state
        judged = trick.judgement
        leader = game.players[trick.next_leader]
        if trick.winner is None:
            if judged.creature is sk.Kind.KRAKEN and self.options.kraken_leader == sk.AFTER_KRAKEN:
                said = text(
                    "The Kraken takes trick {number}: nobody wins it. {name}, after the Kraken's player, leads next",
                    number=number,
                    name=self._name(leader),
                )
            elif judged.creature is sk.Kind.KRAKEN:
                said = text(
                    "The Kraken takes trick {number}: nobody wins it. {name} would have won and leads next",
                    number=number,
                    name=self._name(leader),
                )
            else:
                said = text(
                    "The White Whale and no number in trick {number}: nobody wins it. {name} leads next",
                    number=number,
                    name=self._name(leader),
                )
            game.outcome = said
            self._say(said, leader)
            return
        winner = game.players[trick.winner]
        if judged.creature is sk.Kind.WHALE:
            game.outcome = text(
                "The White Whale: special cards are escapes, the highest number wins: {name}",
                name=self._name(winner),
            )
            self._say(game.outcome, winner)
        else:
            game.outcome = None
        super()._tell_trick(trick, number)
        for ally in trick.allies:
            loot = text(
                "Loot: {ally} and {name} are allies (20 each if both meet their bids)",
                ally=self._name(game.players[ally]),
                name=self._name(winner),
            )
            game.outcome = loot if game.outcome is None else game.outcome
            self._say(loot, game.players[ally])

    def _next_trick(self) -> None:
        self.state.outcome = None
        super()._next_trick()

    # --- The pirates' abilities -------------------------------------------------------------------------------------

    def _after_trick(self, trick: Any) -> None:
        last = self._round().is_over
        kind = sk.ability(trick, last, self.options.rascal_after_last_trick) if self.options.abilities else None
        if kind is not None and trick.winner is not None:
            self._ask_ability(self.state.players[trick.winner], kind)

    def _awaits_answer(self) -> bool:
        return super()._awaits_answer() or self.state.ability is not None

    def _ask_ability(self, seat: int, kind: str) -> None:
        game = self.state
        if kind == sk.ROSIE:
            game.ability = _Ability(seat, kind, seat, tuple(game.players))
        elif kind == sk.HARRY:
            bid = game.bids[seat]
            choices = tuple(change for change in (-1, 0, 1) if 0 <= bid + change <= self._round().cards)
            game.ability = _Ability(seat, kind, 0, choices)
        elif kind == sk.RASCAL:
            game.ability = _Ability(seat, kind, 0, sk.RASCAL_WAGERS)
        else:
            game.ability = _Ability(seat, kind, 0, (0,))
        self._say(self._ability_question(game.ability), seat)

    def _ability_question(self, ability: _Ability) -> Text:
        name = self._name(ability.seat)
        if ability.kind == sk.ROSIE:
            return text(
                "Rosie D'Laney: {name}, who leads the next trick? Tap to choose ({choice}), hold to confirm",
                name=name,
                choice=self._name(ability.choice),
            )
        if ability.kind == sk.HARRY:
            return text(
                "Harry the Giant: {name}, change your bid by -1, 0 or +1? Tap to choose ({choice:+d}), hold to confirm",
                name=name,
                choice=ability.choice,
            )
        if ability.kind == sk.RASCAL:
            return text(
                "Rascal of Roatan: {name}, wager 0, 10 or 20 on your bid? Tap to choose ({choice}), hold to confirm",
                name=name,
                choice=ability.choice,
            )
        if ability.kind == sk.BENDT:
            return text("Bendt the Bandit: {name}, draw 2 cards from the deck, discard 2, then press", name=name)
        return text("Juanita Jade: {name}, look at the undealt cards in secret, then press", name=name)

    def _ability_button(self, seat: int, key: str) -> None:
        ability = self.state.ability
        assert ability is not None
        if key in (HOLD, OK) or ability.kind in (sk.BENDT, sk.JUANITA):  # "then press": any press
            self._settle(ability, ability.choice)
            return
        index = ability.choices.index(ability.choice)
        step = -1 if key == MINUS else 1
        ability.choice = ability.choices[(index + step) % len(ability.choices)]

    def _answer(self, seat: int, kind: str | None, value: int) -> None:
        if not self._player_may_act(seat):
            return
        ability = self.state.ability
        if ability is None or ability.seat != seat:
            self._refuse(text("No pirate's ability waits for {name}", name=self._name(seat)), seat)
            return
        if kind is None and ability.kind not in (sk.BENDT, sk.JUANITA):
            self._refuse(self._ability_question(ability), seat)
            return
        if kind is not None and kind != ability.kind:
            self._refuse(self._ability_question(ability), seat)
            return
        if kind is not None and value not in ability.choices:
            self._refuse(
                text("{name}: {value} is not one of the choices now", name=self._name(seat), value=repr(value)), seat
            )
            return
        self._settle(ability, value)

    def _settle(self, ability: _Ability, value: int) -> None:
        game, play = self.state, self._round()
        seat = ability.seat
        name = self._name(seat)
        if ability.kind == sk.ROSIE:
            self._checkpoint(text("{name}'s choice of leader", name=name))
            play.choose_leader(game.players.index(value))
            self._say(text("{name} leads the next trick, Rosie D'Laney's choice", name=self._name(value)), value)
        elif ability.kind == sk.HARRY:
            self._checkpoint(text("{name}'s change of bid", name=name))
            game.bids[seat] += value
            game.bid_changes[seat] = game.bid_changes.get(seat, 0) + value
            self._say(text("Harry the Giant: {name} now bids {bid}", name=name, bid=game.bids[seat]), seat)
        elif ability.kind == sk.RASCAL:
            self._checkpoint(text("{name}'s wager", name=name))
            game.wagers[seat] = game.wagers.get(seat, 0) + value
            self._say(text("Rascal of Roatan: {name} wagers {points}", name=name, points=value), seat)
        else:
            self._checkpoint(text("{name}'s pirate ability", name=name))
            if ability.kind == sk.BENDT:
                game.draws.append((seat, len(play.tricks)))
        game.ability = None
        if play.is_over and not self._round_scored():
            self._score_round()
        self._after_lift()

    def _lifting_press(self, seat: int, key: str) -> None:
        ability = self.state.ability
        if ability is not None and ability.seat == seat:
            self._ability_button(seat, key)
        elif ability is not None:
            self._refuse(self._ability_question(ability), seat)
        else:
            super()._lifting_press(seat, key)

    def _acting_seat(self) -> int | None:
        game = self.state
        if game.phase is Phase.LIFTING and game.ability is not None:
            return game.ability.seat
        return super()._acting_seat()

    def _standing_light(self, seat: int) -> LedPattern:
        game = self.state
        if (
            self.link_lost is None
            and seat not in self.readers_down
            and game.phase is Phase.LIFTING
            and game.ability is not None
        ):
            return LedPattern.GREEN_BLINK if seat == game.ability.seat else LedPattern.DARK
        return super()._standing_light(seat)

    # --- Scoring: Loot alliances, the cannonball, Rascal's wagers ---------------------------------------------------

    def _score_round(self) -> None:
        game, play = self.state, self._round()
        bids = [game.bids[seat] for seat in game.players]
        for ally, winner in play.alliances():
            pair = and_list([self._name(game.players[ally]), self._name(game.players[winner])])
            if play.tricks_won(ally) == bids[ally] and play.tricks_won(winner) == bids[winner]:
                self._say(text("Loot: {names} both met their bids: 20 each", names=pair))
            else:
                self._say(text("Loot: {names} did not both meet their bids: no bonus", names=pair))
        super()._score_round()

    def _score_cell(self, index: int, seat: int, total: int) -> ScoreCell:
        game, play = self.state, self._round()
        bids = [game.bids[at] for at in game.players]
        points = play.score(index, bids, seat in game.cannonballs, game.wagers.get(seat, 0))
        bonus = play.bonus(index) + play.loot_bonus(index, bids)
        return ScoreCell(bids[index], play.tricks_won(index), bonus, points, total + points)

    def _no_proof(self, seat: int, revoke: Any) -> bool:
        """A suit drawn by Bendt the Bandit after the void showed is no proof of a revoke."""
        return any(who == seat and revoke.trick < at <= revoke.shown for who, at in self.state.draws)

    # --- The screen model -------------------------------------------------------------------------------------------

    def screen(self) -> Screen2021:
        game = self.state
        ability = game.ability
        return Screen2021(
            **self._screen_fields(),
            ability=None
            if ability is None
            else AbilityView(
                ability.seat, ability.kind, ability.choice, ability.choices, self._ability_question(ability)
            ),
            outcome=game.outcome,
            scoring=self.options.scoring,
            cannonballs=tuple(sorted(game.cannonballs)),
            wagers=tuple(sorted(game.wagers.items())),
            alliances=tuple((game.players[a], game.players[w]) for a, w in self._round().alliances()),
            cards=self._round().cards,
        )

    def _title(self) -> Text:
        """The round and its dealer, then what this round adds: Rascal scoring, cannonballs, wagers, alliances."""
        title = super()._title()
        game = self.state
        if game.phase is Phase.GAME_OVER:
            return title
        notes: list[Text] = []
        if self.options.scoring == sk.RASCAL_SCORING:
            notes.append(text("Rascal scoring"))
        if game.cannonballs:
            names = and_list([self._name(seat) for seat in sorted(game.cannonballs)])
            notes.append(text("Cannonball: {names}", names=names))
        for seat, points in sorted(game.wagers.items()):
            notes.append(text("{name} wagers {points}", name=self._name(seat), points=points))
        for ally, winner in self._round().alliances():
            names = and_list([self._name(game.players[ally]), self._name(game.players[winner])])
            notes.append(text("Loot: {names}", names=names))
        for note in notes:
            title = text("{title}; {note}", title=title, note=note)
        return title

    def _round_title(self) -> Text:
        play = self._round()
        return plural(
            "Round {round}: {dealer} deals {cards} card each",
            "Round {round}: {dealer} deals {cards} cards each",
            play.cards,
            round=play.number,
            dealer=self._name(self.state.players[play.dealer]),
            cards=play.cards,
        )

    def _lifting_prompt(self) -> Text:
        game = self.state
        if game.ability is not None:
            return self._ability_question(game.ability)
        if self._round().tricks[-1].winner is None:
            return text("Nobody wins the trick. Lift your cards off the readers")
        return super()._lifting_prompt()
