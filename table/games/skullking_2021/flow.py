"""Skull King 2021 at the table: the game flow, from the lobby's hand-over to the final ranking.

It plays like the 2013 game (`table.games.skullking.flow`, whose docstring describes the phases, the bids, the lifting,
undo and the hub link), with the rules of `table.games.skullking_2021.rules` and what the 2021 edition adds. The
decisions
are in docs/rules/skullking-2021.md; in short:

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
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from table.core.bidding import SecretBids
from table.core.effects import LedPattern, RoundOver, Sound
from table.core.flow import GameOn, Judging, copy_state
from table.core.inputs import (
    BADGE_PREFIX,
    HOLD,
    MINUS,
    OK,
    PLUS,
    TAP,
    CardLaid,
    CardLifted,
    ChooseBid,
    ChooseScaryMary,
    CorrectBid,
    CountdownDone,
    DealtCards,
    Press,
)
from table.core.readers import SeatReaders
from table.core.screen import JudgedPlay, Phase, PlayedCard, RevokeView, ScoreCell, ScoreRow, SeatView, TrickView
from table.core.table_state import TableState
from table.core.text import Text, and_list, comma_list, plural, text
from table.games.skullking.why import card_words
from table.games.skullking_2021 import rules as sk
from table.games.skullking_2021.inputs import AbilityDone, Cannonball, ChangeBid, ChooseLeader, Wager
from table.games.skullking_2021.screen import AbilityView, Screen2021
from table.games.skullking_2021.why import why_2021

SUIT_NAMES = {
    sk.Suit.GREEN: text("green"),
    sk.Suit.PURPLE: text("purple"),
    sk.Suit.YELLOW: text("yellow"),
    sk.Suit.BLACK: text("black"),
}
KIND_NAMES = {
    sk.Kind.ESCAPE: text("escape"),
    sk.Kind.PIRATE: text("pirate"),
    sk.Kind.TIGRESS: text("tigress"),
    sk.Kind.MERMAID: text("mermaid"),
    sk.Kind.SKULL_KING: text("skullking"),
    sk.Kind.LOOT: text("loot"),
    sk.Kind.KRAKEN: text("kraken"),
    sk.Kind.WHALE: text("whale"),
}
PIRATE_TITLES = {
    sk.ROSIE: "Rosie D'Laney",
    sk.BENDT: "Bendt the Bandit",
    sk.RASCAL: "Rascal of Roatan",
    sk.JUANITA: "Juanita Jade",
    sk.HARRY: "Harry the Giant",
}


def card_text(card: sk.Card) -> Text:
    """A card in words; the English is its code ("green:7"), as in the log."""
    if card.kind is sk.Kind.NUMBER:
        assert card.suit is not None
        return text("{suit}:{number}", suit=SUIT_NAMES[card.suit], number=card.number)
    if card.kind is sk.Kind.PIRATE and card.name:
        return text("pirate:{name}", name=card.name)
    if card.kind is sk.Kind.TIGRESS and card.played_as is sk.Kind.PIRATE:
        return text("tigress:pirate")
    if card.kind is sk.Kind.TIGRESS and card.played_as is sk.Kind.ESCAPE:
        return text("tigress:escape")
    return KIND_NAMES[card.kind]


@dataclass
class _Ability:
    seat: int
    kind: str  # the pirate's name
    choice: int
    choices: tuple[int, ...]


@dataclass
class _Game(Judging):
    """The undoable state of one game."""

    phase: Phase = Phase.BIDDING
    players: list[int] = field(default_factory=list)
    round: sk.Round | None = None
    dealt: bool = False
    tentative: dict[int, int] = field(default_factory=dict)
    bids: dict[int, int] = field(default_factory=dict)
    played_uids: set[str] = field(default_factory=set)
    trick_uids: dict[int, str] = field(default_factory=dict)
    scary_mary: int | None = None  # the seat whose Tigress waits for her announcement
    scary_mary_uid: str = ""
    pad: list[ScoreRow] = field(default_factory=list)
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


class SkullKing2021Flow(SeatReaders, SecretBids, GameOn):
    def __init__(self, table: TableState, players: Sequence[int], options: sk.Options | None = None) -> None:
        sk.check_players(len(players))
        if sorted(set(players)) != list(players) or not all(0 <= seat < table.seats for seat in players):
            raise ValueError(f"players are distinct seats 0..{table.seats - 1} in clockwise order, not {players}")
        self.options = options or sk.Options()
        self._init_shell(table)
        self.state = _Game(players=list(players))
        self._start_round(1)
        self._started()
        self._update_lights()

    # --- The entry points ---------------------------------------------------------------------------------------

    def _dispatch(self, event: object) -> None:
        match event:
            case CardLaid():
                self._card_laid(event)
            case CardLifted():
                self._card_lifted(event.seat)
            case Press():
                self._press(event.seat, event.key)
            case DealtCards():
                self._dealt_cards()
            case ChooseBid():
                self._choose_bid(event.seat, event.value)
            case CountdownDone():
                self._countdown_done()
            case ChooseScaryMary():
                self._choose_tigress(event.seat, event.as_pirate)
            case CorrectBid():
                self._correct_bid(event.seat, event.value)
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
                self._refuse(text("The table does not know the input {event}", event=repr(event)))

    # --- Bidding --------------------------------------------------------------------------------------------------

    def _start_round(self, number: int) -> None:
        game = self.state
        players = len(game.players)
        game.round = sk.Round(number, players, sk.dealer(number, players), options=self.options)
        game.phase = Phase.BIDDING
        game.dealt = False
        game.tentative = dict.fromkeys(game.players, 0)
        game.bids = {}
        game.played_uids = set()
        game.trick_uids = {}
        game.scary_mary = None
        game.ability = None
        game.cannonballs = set()
        game.wagers = {}
        game.bid_changes = {}
        game.draws = []
        game.outcome = None

    def _dealt_cards(self) -> None:
        if self.state.phase is not Phase.BIDDING:
            self._refuse(text("The cards are dealt at the start of a round, before the bids"))
            return
        self.state.dealt = True

    def _bid_button(self, seat: int, key: str) -> None:
        self.state.dealt = True
        super()._bid_button(seat, key)

    def _choose_bid(self, seat: int, value: int) -> None:
        if not self._player_may_act(seat):
            return
        phase = self.state.phase
        if phase is Phase.COUNTDOWN:
            self._refuse(text("Every bid is locked; the operator can correct a bid after the reveal"), seat)
        elif phase is not Phase.BIDDING:
            self._refuse(text("Bids are made after the deal, before the first trick"), seat)
        elif self._bid_in_range(seat, value):
            self._lock_bid(seat, value)

    def _lock_bid(self, seat: int, value: int) -> None:
        super()._lock_bid(seat, value)
        self.state.dealt = True

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

    def _correct_bid(self, seat: int, value: int) -> None:
        if not self._seat_exists(seat):
            return
        game = self.state
        if game.phase not in (Phase.PLAYING, Phase.LIFTING) or self._round_scored():
            self._refuse(text("A bid is corrected after the reveal, before the round is scored"), seat)
            return
        if seat not in game.players:
            self._refuse(text("{name} is not in this game", name=self._name(seat)), seat)
            return
        self._change_bid(seat, value)

    def _round_scored(self) -> bool:
        return bool(self.state.pad) and self.state.pad[-1].round == self._round().number

    def _bid_round(self) -> int:
        return self._round().cards  # a bid is 0 to the cards dealt (fewer than the round's number at 8 players)

    # --- Cards on the readers ----------------------------------------------------------------------------------

    def _card_laid(self, event: CardLaid) -> None:
        seat, uid, code = event.seat, event.uid, event.code
        if not self._seat_exists(seat):
            return
        if self.on_reader.get(seat) == uid:
            return
        self.on_reader[seat] = uid
        game = self.state
        if self.link_lost is not None:
            self._refuse_for_link(seat)
        elif seat not in game.players:
            self._refuse(text("{name} has not joined this game: no cards at this seat", name=self._name(seat)), seat)
        elif (game.phase is Phase.PLAYING and game.trick_uids.get(seat) == uid) or (
            card := self._known_card(seat, code, event.foreign_game)
        ) is None:
            pass
        elif game.phase in (Phase.BIDDING, Phase.COUNTDOWN):
            self._refuse(text("Not yet, {name}: the table waits for the bids", name=self._name(seat)), seat)
        elif game.phase is Phase.LIFTING:
            self._refuse(text("Not yet, {name}: first lift every card off the readers", name=self._name(seat)), seat)
        elif game.phase is Phase.GAME_OVER:
            self._refuse(text("The game is over: start a new game on the screen"), seat)
        else:
            self._play_card(seat, uid, card)

    def _known_card(self, seat: int, code: str | None, foreign_game: str | None) -> sk.Card | None:
        if foreign_game is not None:
            self._refuse(
                text("{name}: that card belongs to {game}, not Skull King", name=self._name(seat), game=foreign_game),
                seat,
            )
            return None
        if code is None:
            said = text("{name}: unknown card, this tag is not in the enrolled deck", name=self._name(seat))
            self._refuse(said, seat)
            return None
        if code.startswith(BADGE_PREFIX):
            self._refuse(
                text("{name}: that is a player badge; badges name a seat in the lobby", name=self._name(seat)), seat
            )
            return None
        try:
            card = sk.parse_card(code)
        except sk.CardError as error:
            self._refuse(text("{name}: unknown card ({error})", name=self._name(seat), error=str(error)), seat)
            return None
        return sk.TIGRESS if card.kind is sk.Kind.TIGRESS else card

    def _play_card(self, seat: int, uid: str, card: sk.Card) -> None:
        game = self.state
        acting = self._acting_seat()
        assert acting is not None
        if game.scary_mary is not None:
            self._refuse(
                text("Wait: {name} first announces the Tigress as Pirate or Escape", name=self._name(acting)), seat
            )
            return
        if seat != acting:
            self._refuse(
                text("Not your turn, {name}: {next} plays next", name=self._name(seat), next=self._name(acting)), seat
            )
            return
        if uid in game.played_uids:
            self._refuse(
                text("{name}: this {card} was already played this round", name=self._name(seat), card=card_text(card)),
                seat,
            )
            return
        if not self.options.allows(card):
            self._refuse(
                text("{name}: this table plays without the {card}", name=self._name(seat), card=card_text(card)), seat
            )
            return
        try:
            sk.check_from_one_deck([*self._round().cards_played(), card])
        except sk.CardError as error:
            self._refuse(
                text(
                    "{name}: {card} was already played this round ({error})",
                    name=self._name(seat),
                    card=card_text(card),
                    error=str(error),
                ),
                seat,
            )
            return
        if card.kind is sk.Kind.TIGRESS:
            game.scary_mary, game.scary_mary_uid = seat, uid
            self._say(
                text(
                    "{name}: the Tigress as a Pirate (tap or +) or as an Escape (hold, OK or -)?", name=self._name(seat)
                ),
                seat,
            )
            return
        self._checkpoint(text("{name}'s {card}", name=self._name(seat), card=card_text(card)))
        self._lay(seat, uid, card)

    def _lay(self, seat: int, uid: str, card: sk.Card) -> None:
        game = self.state
        if not self._round().current:
            self._next_unit_started()  # the first card of a trick: the last trick's why line goes
        trick = self._round().play(game.players.index(seat), card)
        game.played_uids.add(uid)
        game.trick_uids[seat] = uid
        if trick is not None:
            game.trick_uids = {}
            self._judge(trick)

    def _card_lifted(self, seat: int) -> None:
        if not self._seat_exists(seat):
            return
        uid = self.on_reader.pop(seat, None)
        game = self.state
        if uid is None:
            return
        if game.phase is Phase.PLAYING and game.scary_mary == seat and uid == game.scary_mary_uid:
            game.scary_mary = None
            self._say(text("{name} took the Tigress back: still {name}'s turn", name=self._name(seat)), seat)
        elif game.phase is Phase.PLAYING and game.trick_uids.get(seat) == uid:
            card = self._current_card(seat)
            self._refuse(
                text(
                    "{name}: too early! Your {card} still counts in this trick: lay it back",
                    name=self._name(seat),
                    card=card_text(card),
                ),
                seat,
            )
        elif game.phase is Phase.LIFTING:
            self._after_lift()

    # --- The Tigress ------------------------------------------------------------------------------------------

    def _choose_tigress(self, seat: int, as_pirate: bool) -> None:
        if not self._player_may_act(seat):
            return
        if self.state.phase is not Phase.PLAYING or self.state.scary_mary != seat:
            self._refuse(text("No Tigress waits for an announcement at {name}'s seat", name=self._name(seat)), seat)
            return
        self._announce(seat, as_pirate)

    def _announce(self, seat: int, as_pirate: bool) -> None:
        game = self.state
        if as_pirate:
            self._checkpoint(text("{name}'s Tigress as a Pirate", name=self._name(seat)))
        else:
            self._checkpoint(text("{name}'s Tigress as an Escape", name=self._name(seat)))
        uid, game.scary_mary = game.scary_mary_uid, None
        self._lay(seat, uid, sk.TIGRESS_AS_PIRATE if as_pirate else sk.TIGRESS_AS_ESCAPE)

    # --- Judging, abilities, lifting, scoring ---------------------------------------------------------------------

    def _judge(self, trick: sk.Trick) -> None:
        game, play = self.state, self._round()
        game.phase = Phase.LIFTING
        self._effects.append(Sound("trick_won"))
        number = len(play.tricks)
        judged = trick.judgement
        leader = game.players[trick.next_leader]
        if trick.winner is None:
            if judged.creature is sk.Kind.KRAKEN:
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
        else:
            winner = game.players[trick.winner]
            if judged.creature is sk.Kind.WHALE:
                game.outcome = text(
                    "The White Whale: special cards are escapes, the highest number wins: {name}",
                    name=self._name(winner),
                )
                self._say(game.outcome, winner)
            else:
                game.outcome = None
            if trick.bonus:
                said = text(
                    "{name} wins trick {number} (bonus {bonus} if the bid is met)",
                    name=self._name(winner),
                    number=number,
                    bonus=trick.bonus,
                )
            else:
                said = text("{name} wins trick {number}", name=self._name(winner), number=number)
            self._say(said, winner)
            for ally in trick.allies:
                loot = text(
                    "Loot: {ally} and {name} are allies (20 each if both meet their bids)",
                    ally=self._name(game.players[ally]),
                    name=self._name(winner),
                )
                game.outcome = loot if game.outcome is None else game.outcome
                self._say(loot, game.players[ally])
        seats = [game.players[index] for index in trick.seats]
        why = why_2021(sk.explain(trick.cards), lambda position: self._name(seats[position]))
        laid = zip(seats, trick.cards, strict=True)
        plays = [JudgedPlay(seat, self._name(seat), card_words(card)) for seat, card in laid]
        heading = text("Trick {number} of round {round}", number=number, round=play.number)
        taker = None if trick.winner is None else game.players[trick.winner]
        self._judged((play.number, number), taker, why, (text("Last trick"), heading), plays)
        for revoke in self._revokes():
            if revoke.shown == len(play.tricks):
                self._say(revoke.text, revoke.seat)
        kind = sk.ability(trick, play.is_over) if self.options.abilities else None
        if kind is not None and trick.winner is not None:
            self._ask_ability(game.players[trick.winner], kind)
        if play.is_over and game.ability is None:
            self._score_round()
        self._after_lift()

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

    def _after_lift(self) -> None:
        game = self.state
        if game.phase is not Phase.LIFTING or game.ability is not None:
            return
        if any(seat in self.on_reader for seat in game.players):
            return
        self.notes = []
        game.outcome = None
        play = self._round()
        if play.is_over:
            self._start_round(play.number + 1)
        else:
            game.phase = Phase.PLAYING

    def _score_round(self) -> None:
        game, play = self.state, self._round()
        totals = self._totals()
        bids = [game.bids[seat] for seat in game.players]
        cells = []
        for index, seat in enumerate(game.players):
            points = play.score(index, bids, seat in game.cannonballs, game.wagers.get(seat, 0))
            bonus = play.bonus(index) + play.loot_bonus(index, bids)
            cells.append(ScoreCell(bids[index], play.tricks_won(index), bonus, points, totals[seat] + points))
        for ally, winner in play.alliances():
            pair = and_list([self._name(game.players[ally]), self._name(game.players[winner])])
            if play.tricks_won(ally) == bids[ally] and play.tricks_won(winner) == bids[winner]:
                self._say(text("Loot: {names} both met their bids: 20 each", names=pair))
            else:
                self._say(text("Loot: {names} did not both meet their bids: no bonus", names=pair))
        game.pad.append(ScoreRow(play.number, game.players[play.dealer], tuple(cells)))
        self._effects.append(RoundOver(play.number))
        if play.number == sk.ROUNDS:
            game.phase = Phase.GAME_OVER
            self._game_over()
        else:
            self._effects.append(Sound("round_over"))

    # --- Buttons ------------------------------------------------------------------------------------------------

    def _press(self, seat: int, key: str) -> None:
        if not self._known_button(seat, key):
            return
        game = self.state
        if self.link_lost is not None:
            self._refuse_for_link(seat)
        elif seat not in game.players:
            self._refuse(text("{name} has not joined this game", name=self._name(seat)), seat)
        elif game.phase in (Phase.BIDDING, Phase.COUNTDOWN):
            self._bid_press(seat, key)
        elif game.phase is Phase.PLAYING and game.scary_mary == seat:
            self._announce(seat, as_pirate=key in (TAP, PLUS))
        elif self._asks_last_trick(key):
            self._show_last()  # a hold that means nothing else now: the last trick again
        elif game.phase is Phase.PLAYING:
            acting = self._acting_seat()
            assert acting is not None
            self._refuse(text("No button now: {name} lays a card", name=self._name(acting)), seat)
        elif game.phase is Phase.LIFTING and game.ability is not None and game.ability.seat == seat:
            self._ability_button(seat, key)
        elif game.phase is Phase.LIFTING and game.ability is not None:
            self._refuse(self._ability_question(game.ability), seat)
        elif game.phase is Phase.LIFTING:
            self._refuse(text("Lift every card off the readers first"), seat)
        else:
            self._refuse(text("The game is over: start a new game on the screen"), seat)

    def _asks_last_trick(self, key: str) -> bool:
        """A seat's hold (or ok) while a trick is played or lifted and nothing waits for an answer (the Tigress, a
        pirate's ability) shows the last trick again: the button's free gesture."""
        game = self.state
        free = game.phase in (Phase.PLAYING, Phase.LIFTING) and game.scary_mary is None and game.ability is None
        return free and key in (HOLD, OK) and game.judged is not None

    # --- Undo, lights, small answers ------------------------------------------------------------------------------

    def _after_undo(self) -> None:
        self._after_lift()

    def _readers_changed(self) -> None:
        self._after_lift()

    def _playing_seats(self) -> Sequence[int]:
        return self.state.players

    def _trick_winner(self) -> int:
        winner = self._round().tricks[-1].winner
        return -1 if winner is None else self.state.players[winner]

    def _player_may_act(self, seat: int) -> bool:
        if not self._seat_exists(seat):
            return False
        if seat not in self.state.players:
            self._refuse(text("{name} is not in a game", name=self._name(seat)), seat)
            return False
        if self.link_lost is not None:
            self._refuse_for_link(seat)
            return False
        return True

    def _round(self) -> sk.Round:
        assert self.state.round is not None, "no round outside a game"
        return self.state.round

    def _acting_seat(self) -> int | None:
        game = self.state
        if game.phase is Phase.LIFTING and game.ability is not None:
            return game.ability.seat
        if game.phase is not Phase.PLAYING:
            return None
        if game.scary_mary is not None:
            return game.scary_mary
        index = self._round().to_play
        return None if index is None else game.players[index]

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

    def _current_cards(self) -> Iterator[tuple[int, sk.Card]]:
        play = self._round()
        order = sk.play_order(play.leader, play.players)
        for index, card in zip(order, play.current, strict=False):
            yield self.state.players[index], card

    def _current_card(self, seat: int) -> sk.Card:
        return next(card for at, card in self._current_cards() if at == seat)

    def _totals(self) -> dict[int, int]:
        totals = dict.fromkeys(self.state.players, 0)
        if self.state.pad:
            last = self.state.pad[-1]
            totals.update(zip(self.state.players, (cell.total for cell in last.cells), strict=True))
        return totals

    def _revokes(self) -> list[RevokeView]:
        """The revokes the round's cards prove; a suit drawn by Bendt the Bandit after the void showed is no proof."""
        game = self.state
        if game.round is None:
            return []
        views = []
        for revoke in sk.find_revokes(game.round.tricks):
            seat = game.players[revoke.seat]
            if any(who == seat and revoke.trick < at <= revoke.shown for who, at in game.draws):
                continue
            said = text(
                "Revoke: {name} did not follow {suit} in trick {trick}, then played {card} in trick {shown}",
                name=self._name(seat),
                suit=SUIT_NAMES[revoke.suit],
                trick=revoke.trick + 1,
                card=card_text(revoke.card),
                shown=revoke.shown + 1,
            )
            views.append(
                RevokeView(seat, revoke.suit.value, revoke.trick + 1, revoke.shown + 1, str(revoke.card), said)
            )
        return views

    # --- The screen model -------------------------------------------------------------------------------------------

    def screen(self) -> Screen2021:
        game = self.state
        ability = game.ability
        return Screen2021(
            phase=game.phase,
            round=self._round().number,
            rounds=sk.ROUNDS,
            title=self._title(),
            prompt=self._prompt(),
            seats=tuple(self._seat_view(seat) for seat in range(self.seats)),
            players=tuple(game.players),
            trick=self._trick_view(),
            scary_mary=game.scary_mary if game.phase is Phase.PLAYING else None,
            score_pad=tuple(game.pad),
            ranking=tuple(self._ranking()) if game.phase is Phase.GAME_OVER else (),
            revokes=tuple(self._revokes()),
            messages=tuple(self.notes),
            link_lost=self.link_lost,
            undo=self._undo_question(),
            language=self.language,
            game=self.table.chosen_game,
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
            **self._why_fields(),
        )

    def _seat_view(self, seat: int) -> SeatView:
        game = self.state
        playing = seat in game.players
        play = game.round if playing else None
        index = game.players.index(seat) if playing else -1
        revealed = game.phase in (Phase.PLAYING, Phase.LIFTING)
        return SeatView(
            seat=seat,
            name=str(self._name(seat)),
            label=self._name(seat),
            joined=playing,
            reader_ok=seat not in self.readers_down,
            dealer=play is not None and game.players[play.dealer] == seat,
            acting=seat == self._acting_seat(),
            bid_locked=playing and seat in game.bids,
            bid=game.bids.get(seat) if playing and revealed else None,
            won=play.tricks_won(index) if play is not None else 0,
            total=self._totals().get(seat, 0) if playing else 0,
        )

    def _trick_view(self) -> TrickView | None:
        game = self.state
        if game.phase is Phase.PLAYING:
            play = self._round()
            cards = tuple(PlayedCard(seat, str(card)) for seat, card in self._current_cards())
            lead = sk.lead_suit(play.current)
            return TrickView(len(play.tricks) + 1, game.players[play.leader], cards, None, 0, lead and lead.value)
        if game.phase in (Phase.LIFTING, Phase.GAME_OVER):
            play = self._round()
            trick = play.tricks[-1]
            seats = [game.players[index] for index in trick.seats]
            cards = tuple(PlayedCard(seat, str(card)) for seat, card in zip(seats, trick.cards, strict=True))
            lead = sk.lead_suit(trick.cards)
            winner = trick.winner
            return TrickView(
                len(play.tricks),
                game.players[trick.leader],
                cards,
                None if winner is None else game.players[winner],
                trick.bonus,
                lead and lead.value,
            )
        return None

    def _title(self) -> Text:
        """The round and its dealer, then what this round adds: Rascal scoring, cannonballs, wagers, alliances."""
        title = self._round_title()
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
        game = self.state
        if game.phase is Phase.GAME_OVER:
            return text("Skull King: game over")
        play = self._round()
        dealer = self._name(game.players[play.dealer])
        return plural(
            "Round {round}: {dealer} deals {cards} card each",
            "Round {round}: {dealer} deals {cards} cards each",
            play.cards,
            round=play.number,
            dealer=dealer,
            cards=play.cards,
        )

    def _prompt(self) -> Text:
        if self.link_lost is not None:
            return text("The seat hub is disconnected: the game waits until it is back")
        game = self.state
        match game.phase:
            case Phase.BIDDING:
                if not game.dealt:
                    return text("Deal the cards, then bid: tap to count, hold to lock your bid")
                waiting = comma_list([self._name(seat) for seat in game.players if seat not in game.bids])
                return text(
                    "Bid how many tricks you will win: tap to count, hold to lock. Waiting for {names}", names=waiting
                )
            case Phase.COUNTDOWN:
                return text("Every bid is in: YO-HO-HO!")
            case Phase.PLAYING:
                acting = self._acting_seat()
                assert acting is not None
                if game.scary_mary is not None:
                    return text(
                        "{name}: the Tigress as a Pirate (tap or +) or as an Escape (hold, OK or -)?",
                        name=self._name(acting),
                    )
                return text("{name}: your turn", name=self._name(acting))
            case Phase.LIFTING:
                if game.ability is not None:
                    return self._ability_question(game.ability)
                play = self._round()
                winner = play.tricks[-1].winner
                if winner is None:
                    return text("Nobody wins the trick. Lift your cards off the readers")
                name = self._name(game.players[winner])
                if play.is_over:
                    return text(
                        "{name} wins the trick. Round {round} is scored. Lift your cards off the readers",
                        name=name,
                        round=play.number,
                    )
                return text("{name} wins the trick. Lift your cards off the readers", name=name)
            case _:
                return self._won_the_game()
