"""Skull King at the table, as both editions play it: the card game's flow, from the lobby's hand-over to the final
ranking. Each edition's flow (table.games.skullking.flow, table.games.skullking_2021.flow) is a `TrickFlow` that
fills its hooks: its rules, its cards' words, the card announced when played, its scoring.

A flow is a state machine. The app feeds it input events (`table.core.inputs`) one at a time; `handle(event)` answers
with effects (`table.core.effects`) for the LEDs, the sound and the countdown timer, and `screen()` gives the screen
model (`table.games.skullking.screen`) the scoreboard draws. There is no clock, no randomness and no I/O here: the
same events always give the same state, so the table resumes by replaying its event log. What every game at the table
does alike lives in `table.core.flow` (messages and refusals, the seat lights, the countdown's effects, undo with
confirm, names, the ranking) and `table.core.bidding` (the secret bids).

How the table behaves, phase by phase (the decisions the brief left open are marked "Decision"):

- The table's lobby (table.lobby.flow) seats the players and hands the table over with SwitchGame; the flow
  begins round 1 at once, the seats that joined playing clockwise. Decision: the first dealer of a game is the
  playing seat with the lowest number; the player left of the dealer leads (the trick rules' `dealer`,
  `first_leader`).
- Bidding. The screen says "Round r: <dealer> deals r cards each". Decision: DealtCards is optional; the first
  bid input counts as it too (it only changes the prompt from "deal" to "bid"). A seat's tentative bid starts at
  0; tap/plus adds one and minus takes one away, wrapping between 0 and r; each change is flashed back to the seat
  only (SeatCount). Hold/ok locks the bid; hold/ok again reopens it until every bid is locked. Decision: a tap or
  plus/minus at a locked seat flashes the locked bid again (a private reminder) and changes nothing. ChooseBid
  locks a value from the screen.
- Countdown. Every bid locked: StartCountdown, and CountdownDone reveals all bids at once. Decision: a
  CountdownDone outside the countdown is a stale timer and changes nothing, quietly.
- Playing. The acting seat is lit GREEN_BLINK; a card laid there is played through the rules' Round.play.
  The card announced when played (Scary Mary; the Tigress in 2021) waits for her announcement at her seat: tap or
  plus = Pirate; hold, ok or minus = Escape (or ChooseScaryMary). Decision: lifting her before announcing her
  takes the play back (she was not played yet). The trick is judged the moment its last card lands; revokes newly
  proved by the trick rules' find_revokes are flagged (message and screen), scores are not touched.
- Lifting. The winner is lit GOLD_FLICKER and the table waits until every playing seat's reader is clear, then the
  next trick starts. After the round's last trick the round is scored at once (RoundOver) and the next round
  starts once the readers are clear; after round 10 the game is over at once, with the final ranking.
- Game over. NewGame (also allowed at any time) hands the table back to the lobby, the same players seated.

Bad inputs change nothing and are each answered by a Message (also in the screen's message list), an ERROR light
at the seat concerned and the "error" sound. Decision: a card lifted before its trick is judged is such an error
and still counts as played; laying the same tag back is quietly accepted, and the operator can Undo instead.
Decision: a card refused at a seat stays on that reader physically; the table tracks every reader's tag (not
part of the undoable game state), so the waits for "lift your cards" always match what lies on the readers.

Undo takes back the last accepted action (a bid locked or reopened, a card played, an announcement, a bid
correction), after ConfirmUndo. Button counting, the reveal and the lifting of cards are not actions of their own:
an undo right after the reveal reopens the last bid locked. Names, readers and the hub link are facts about the
table (table.core.table_state), not the game, so undo leaves them alone.

Quiet on purpose (no message, no change): a tag reported again on the reader it lies on, a lift from an empty
reader, a CountdownDone after the countdown was cancelled, DealtCards once dealt, LinkRestored or ReaderUp with
nothing lost. These are echoes of the devices, not anybody's action.

A card its reader cannot read (a sticker fallen off or dead, a reader down, even mid-trick) is entered by the
operator: CardEntered(seat, code) plays it as if laid, with the same checks (the turn, one deck, this table's
cards). The screen's `hand_entry` offers the printed cards the deck still holds this round. Decision: the table
does not know the hands, so it offers every such card, and a card that breaks suit is flagged as a revoke once
proved, as when laid. A seat whose reader goes down is told the operator enters its cards; it stays playable.

While the hub link is lost every LED shows AMBER_LONG_BLINK and the game waits: cards, button presses, bids and
announcements are refused; the operator's inputs (names, undo, bid correction, new game) still work. A reader that
is down shows AMBER_LONG_BLINK at its seat only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from table.core.bidding import SecretBids
from table.core.effects import RoundOver, Sound
from table.core.flow import GameOn, Judging, copy_state
from table.core.frame import CardChoice, HandEntry, JudgedPlay, Phase, ScoreCell, ScoreRow, SeatView
from table.core.inputs import (
    HOLD,
    OK,
    PLUS,
    TAP,
    CardEntered,
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
from table.core.table_state import TableState
from table.core.text import Text, comma_list, text
from table.games.skullking.screen import PlayedCard, RevokeView, TrickView
from table.games.tricks import rules as tricks
from table.games.tricks.why import Name, card_words

R = TypeVar("R", bound=tricks.Round[Any, Any])  # an edition's round


def card_text(card: Any, suits: Mapping[Any, Text], specials: Mapping[str, Text]) -> Text:
    """A card in words. The English is the card's code ("yellow:7", "pirate:tortuga-jack"), as in the log; a catalog
    says it its own way ("Gelb 7"). `suits`: the edition's suits in words; `specials`: its other cards, by code."""
    if card.suit is not None:
        return text("{suit}:{number}", suit=suits[card.suit], number=card.number)
    if card.name:
        return text("pirate:{name}", name=card.name)
    return specials[card.code]


@dataclass
class TrickState(Judging, Generic[R]):
    """The undoable state of one game. Everything in it comes from accepted actions."""

    phase: Phase = Phase.BIDDING
    players: list[int] = field(default_factory=list)  # the seats that play, clockwise
    round: R | None = None  # its player i sits at seat players[i]
    dealt: bool = False
    tentative: dict[int, int] = field(default_factory=dict)  # seat -> the secret value being counted
    bids: dict[int, int] = field(default_factory=dict)  # seat -> locked bid
    played_uids: set[str] = field(default_factory=set)  # tags played this round
    trick_uids: dict[int, str] = field(default_factory=dict)  # seat -> its tag in the unfinished trick
    scary_mary: int | None = None  # the seat whose card announced when played (Scary Mary, the Tigress) waits
    scary_mary_uid: str = ""
    pad: list[ScoreRow] = field(default_factory=list)

    def copy(self) -> TrickState[R]:
        # Cards, tricks and score rows are immutable; only the containers need copying (the round's too).
        return copy_state(self, round=None if self.round is None else copy_state(self.round))


class TrickFlow(SeatReaders, SecretBids, GameOn, Generic[R]):
    """A game of Skull King at the table, played by an edition's `RULES`; the edition fills the hooks below."""

    RULES: tricks.Rulebook  # the edition's rules module
    HAND_ENTRY = True  # a card its reader cannot read is entered by the operator
    STATE: ClassVar[type[TrickState[Any]]] = TrickState
    SUIT_NAMES: ClassVar[Mapping[Any, Text]]  # the edition's suits in words
    SPECIAL_NAMES: ClassVar[Mapping[str, Text]]  # its other cards in words, by code

    state: TrickState[R]

    def __init__(self, table: TableState, players: Sequence[int]) -> None:
        self.RULES.GAME.check_players(len(players))
        if sorted(set(players)) != list(players) or not all(0 <= seat < table.seats for seat in players):
            raise ValueError(f"players are distinct seats 0..{table.seats - 1} in clockwise order, not {players}")
        self._init_shell(table)  # messages, lights, the operator's undo (table.core.flow)
        self.state = self.STATE(players=list(players))
        self._start_round(1)
        self._started()  # undo can take the start back
        self._update_lights()  # the standing patterns, for resume_effects after the switch

    # --- The edition's hooks ----------------------------------------------------------------------------------------

    def _new_round(self, number: int, players: int, dealer: int) -> R:
        """Round `number` of the edition's rules, `players` playing, `dealer` (a player, not a seat) dealing."""
        raise NotImplementedError

    def _why(self, cards: Sequence[Any], name: Name) -> Text:
        """Why the trick of `cards` went where it went, in words."""
        raise NotImplementedError

    def _score_cell(self, index: int, seat: int, total: int) -> ScoreCell:
        """The round's score of the player `index` (at `seat`), whose total so far is `total`."""
        raise NotImplementedError

    def _round_title(self) -> Text:
        """'Round r: <dealer> deals n cards each'."""
        raise NotImplementedError

    # The card announced when played, in words (each edition names its own card).

    def _wait_for_announcement(self, acting: int) -> Text:
        """A card refused while the one `acting` laid waits for its announcement."""
        raise NotImplementedError

    def _announcement_question(self, seat: int) -> Text:
        """Said to the seat that laid it: as a Pirate or as an Escape?"""
        raise NotImplementedError

    def _announcement_prompt(self, seat: int) -> Text:
        """The prompt on the screen while it waits."""
        raise NotImplementedError

    def _announcement(self, seat: int, as_pirate: bool) -> Text:
        """The action, as undo names it."""
        raise NotImplementedError

    def _taken_back(self, seat: int) -> Text:
        """It was lifted before it was announced."""
        raise NotImplementedError

    def _nothing_to_announce(self, seat: int) -> Text:
        """An announcement chosen on the screen where none waits."""
        raise NotImplementedError

    # --- The entry points (handle, resume_effects: table.core.flow) ----------------------------------------

    def _dispatch(self, event: object) -> None:
        match event:
            case CardLaid():
                self._card_laid(event)
            case CardLifted():
                self._card_lifted(event.seat)
            case CardEntered():
                self._card_entered(event.seat, event.code)
            case Press():
                self._press(event.seat, event.key)
            case DealtCards():
                self._dealt_cards()
            case ChooseBid():
                self._choose_bid(event.seat, event.value)
            case CountdownDone():
                self._countdown_done()
            case ChooseScaryMary():
                self._choose_announcement(event.seat, event.as_pirate)
            case CorrectBid():
                self._correct_bid(event.seat, event.value)
            case _:
                self._unknown_input(event)

    # --- Bidding and the countdown ----------------------------------------------------------------------------

    def _start_round(self, number: int) -> None:
        game = self.state
        players = len(game.players)
        game.round = self._new_round(number, players, self.RULES.GAME.dealer(number, players))
        game.phase = Phase.BIDDING
        game.dealt = False
        game.tentative = dict.fromkeys(game.players, 0)
        game.bids = {}
        game.played_uids = set()
        game.trick_uids = {}
        game.scary_mary = None

    def _dealt_cards(self) -> None:
        if self.state.phase is not Phase.BIDDING:
            self._refuse(text("The cards are dealt at the start of a round, before the bids"))
            return
        self.state.dealt = True

    def _bid_button(self, seat: int, key: str) -> None:
        self.state.dealt = True  # a bid means the cards are out
        super()._bid_button(seat, key)  # count, lock or reopen (table.core.bidding)

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
        return self._round().cards  # a bid is 0 to the cards dealt

    # --- Cards on the readers ----------------------------------------------------------------------------------

    def _card_laid(self, event: CardLaid) -> None:
        seat, uid, code = event.seat, event.uid, event.code
        if not self._seat_exists(seat):
            return
        if self.on_reader.get(seat) == uid:
            return  # the same tag reported again: nothing happened
        self.on_reader[seat] = uid
        game = self.state
        if self.link_lost is not None:
            self._refuse_for_link(seat)
        elif seat not in game.players:
            self._refuse(text("{name} has not joined this game: no cards at this seat", name=self._name(seat)), seat)
        elif game.phase is Phase.PLAYING and game.trick_uids.get(seat) == uid:
            pass  # a card lifted too early is back in place
        elif (card := self._known_card(seat, code, event.foreign_game)) is None:
            pass  # refused already
        elif game.phase in (Phase.BIDDING, Phase.COUNTDOWN):
            self._refuse(text("Not yet, {name}: the table waits for the bids", name=self._name(seat)), seat)
        elif game.phase is Phase.LIFTING:
            self._refuse(text("Not yet, {name}: first lift every card off the readers", name=self._name(seat)), seat)
        elif game.phase is Phase.GAME_OVER:
            self._refuse(text("The game is over: start a new game on the screen"), seat)
        else:
            self._play_card(seat, uid, card)

    def _known_card(self, seat: int, code: str | None, foreign_game: str | None) -> Any:
        """The printed card a tag carries, or None after refusing it."""
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
        try:
            # The printed card: the card announced when played is announced at the table, whatever a tag may say.
            return self.RULES.printed_card(self.RULES.parse_card(code))
        except tricks.CardError as error:
            self._refuse(text("{name}: unknown card ({error})", name=self._name(seat), error=str(error)), seat)
            return None

    # --- A card entered by hand (the operator's, for a card its reader cannot read) ------------------------------

    def _card_entered(self, seat: int, code: str) -> None:
        """The card `seat` played, entered by the operator: played as if laid on the reader, with the same checks
        (its turn, one deck, this table's cards). Nothing lies on the reader for it, so the lift does not wait."""
        if not self._seat_exists(seat):
            return
        game = self.state
        if self.link_lost is not None:
            self._refuse_for_link(seat)
        elif seat not in game.players:
            self._refuse(text("{name} has not joined this game: no cards at this seat", name=self._name(seat)), seat)
        elif game.phase is not Phase.PLAYING:
            self._refuse(text("A card is entered by hand while a trick waits for it"), seat)
        elif (card := self._known_card(seat, code, None)) is not None:
            # Unique in the round, so two entered Escapes are two cards (the deck's counts still hold).
            self._play_card(seat, f"entered:{seat}:{len(self._round().cards_played())}", card)

    def _in_play(self, card: Any) -> bool:
        """Whether this table plays with `card`, quietly (every card, unless an edition says otherwise)."""
        return True

    def _hand_entry(self) -> tuple[HandEntry, ...]:
        """The card the table waits for, to enter by hand: the printed cards of which the deck still holds a copy
        this round, in the deck's order. The table does not know the hands, so it offers every such card; one that
        breaks suit is flagged as a revoke once proved, as when laid."""
        game = self.state
        seat = self._acting_seat()
        if game.phase is not Phase.PLAYING or seat is None or game.scary_mary is not None or self.link_lost:
            return ()
        printed = self.RULES.printed_card
        left = Counter(printed(card) for card in self.RULES.DECK)
        left.subtract(printed(card) for card in self._round().cards_played())
        others = text("Other cards")
        choices = [
            CardChoice(card.code, card_words(card), others if card.suit is None else self.SUIT_NAMES[card.suit])
            for card in dict.fromkeys(printed(card) for card in self.RULES.DECK)
            if left[card] > 0 and self._in_play(card)
        ]
        return (HandEntry(seat, tuple(choices)),)

    def _play_card(self, seat: int, uid: str, card: Any) -> None:
        game = self.state
        acting = self._acting_seat()
        assert acting is not None
        if game.scary_mary is not None:
            self._refuse(self._wait_for_announcement(acting), seat)
            return
        if seat != acting:
            self._refuse(
                text("Not your turn, {name}: {next} plays next", name=self._name(seat), next=self._name(acting)), seat
            )
            return
        if uid in game.played_uids:
            self._refuse(
                text(
                    "{name}: this {card} was already played this round",
                    name=self._name(seat),
                    card=self._card_text(card),
                ),
                seat,
            )
            return
        if not self._table_plays(seat, card):
            return  # refused already
        try:
            self.RULES.check_from_one_deck([*self._round().cards_played(), card])
        except tricks.CardError as error:
            self._refuse(
                text(
                    "{name}: {card} was already played this round ({error})",
                    name=self._name(seat),
                    card=self._card_text(card),
                    error=str(error),
                ),
                seat,
            )
            return
        if card.announced_when_played:
            game.scary_mary, game.scary_mary_uid = seat, uid  # played once announced
            self._say(self._announcement_question(seat), seat)
            return
        self._checkpoint(text("{name}'s {card}", name=self._name(seat), card=self._card_text(card)))
        self._lay(seat, uid, card)

    def _table_plays(self, seat: int, card: Any) -> bool:
        """Whether this table plays with `card`; refuses it if not (every card, unless an edition says otherwise)."""
        return True

    def _lay(self, seat: int, uid: str, card: Any) -> None:
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
            return  # nothing known lay there
        if game.phase is Phase.PLAYING and game.scary_mary == seat and uid == game.scary_mary_uid:
            game.scary_mary = None
            self._say(self._taken_back(seat), seat)
        elif game.phase is Phase.PLAYING and game.trick_uids.get(seat) == uid:
            card = self._current_card(seat)
            self._refuse(
                text(
                    "{name}: too early! Your {card} still counts in this trick: lay it back",
                    name=self._name(seat),
                    card=self._card_text(card),
                ),
                seat,
            )
        elif game.phase is Phase.LIFTING:
            self._after_lift()

    # --- The card announced when played (Scary Mary, the Tigress) -----------------------------------------------

    def _choose_announcement(self, seat: int, as_pirate: bool) -> None:
        if not self._player_may_act(seat):
            return
        if self.state.phase is not Phase.PLAYING or self.state.scary_mary != seat:
            self._refuse(self._nothing_to_announce(seat), seat)
            return
        self._announce(seat, as_pirate)

    def _announce(self, seat: int, as_pirate: bool) -> None:
        game = self.state
        self._checkpoint(self._announcement(seat, as_pirate))
        uid, game.scary_mary = game.scary_mary_uid, None
        self._lay(seat, uid, self.RULES.announced(as_pirate))

    # --- Judging, lifting, scoring --------------------------------------------------------------------------------

    def _judge(self, trick: tricks.Judged) -> None:
        """The trick's last card has landed: say who took it, flag revokes, score the round if it is over."""
        game, play = self.state, self._round()
        game.phase = Phase.LIFTING
        self._effects.append(Sound("trick_won"))
        number = len(play.tricks)
        self._tell_trick(trick, number)
        seats = [game.players[index] for index in trick.seats]
        why = self._why(trick.cards, lambda position: self._name(seats[position]))
        laid = zip(seats, trick.cards, strict=True)
        plays = [JudgedPlay(seat, self._name(seat), card_words(card)) for seat, card in laid]
        heading = text("Trick {number} of round {round}", number=number, round=play.number)
        taker = None if trick.winner is None else game.players[trick.winner]
        self._judged((play.number, number), taker, why, (text("Last trick"), heading), plays)
        for revoke in self._revokes():
            if revoke.shown == len(play.tricks):
                self._say(revoke.text, revoke.seat)
        self._after_trick(trick)
        if play.is_over and not self._awaits_answer():
            self._score_round()
        self._after_lift()  # the readers might be clear already (a reader went down)

    def _tell_trick(self, trick: tricks.Judged, number: int) -> None:
        """Say who took trick `number`, and the bonus it carries."""
        assert trick.winner is not None
        winner = self.state.players[trick.winner]
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

    def _after_trick(self, trick: tricks.Judged) -> None:
        """What follows a judged trick before the round may be scored (an edition's own questions)."""

    def _awaits_answer(self) -> bool:
        """A seat's answer the table waits for before it goes on: the card announced when played."""
        return self.state.scary_mary is not None

    def _after_lift(self) -> None:
        """While lifting: once no playing seat's reader holds a tag, go on to the next trick or round."""
        game = self.state
        if game.phase is not Phase.LIFTING or self._awaits_answer():
            return
        if any(seat in self.on_reader for seat in game.players):
            return
        self.notes = []
        play = self._round()
        if play.is_over:
            self._start_round(play.number + 1)
        else:
            self._next_trick()

    def _next_trick(self) -> None:
        self.state.phase = Phase.PLAYING

    def _score_round(self) -> None:
        game, play = self.state, self._round()
        totals = self._totals()
        cells = tuple(self._score_cell(index, seat, totals[seat]) for index, seat in enumerate(game.players))
        game.pad.append(ScoreRow(play.number, game.players[play.dealer], cells))
        self._effects.append(RoundOver(play.number))
        if play.number == self.RULES.GAME.rounds:
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
        elif game.phase is Phase.LIFTING:
            self._lifting_press(seat, key)
        else:
            self._refuse(text("The game is over: start a new game on the screen"), seat)

    def _lifting_press(self, seat: int, key: str) -> None:
        self._refuse(text("Lift every card off the readers first"), seat)

    def _asks_last_trick(self, key: str) -> bool:
        """A seat's hold (or ok) while a trick is played or lifted and nothing waits for an answer shows the last
        trick again: the button's free gesture."""
        game = self.state
        free = game.phase in (Phase.PLAYING, Phase.LIFTING) and not self._awaits_answer()
        return free and key in (HOLD, OK) and game.judged is not None

    # --- Undo, messages and lights (table.core.flow) ---------------------------------------------------------------

    def _after_undo(self) -> None:
        self._after_lift()  # the cards of a restored trick may be off the readers already

    def _readers_changed(self) -> None:
        self._after_lift()  # a reader went down: what lay on it is gone

    # --- Small answers ----------------------------------------------------------------------------------------------

    def _playing_seats(self) -> Sequence[int]:
        return self.state.players

    def _trick_winner(self) -> int:
        winner = self._round().tricks[-1].winner
        return -1 if winner is None else self.state.players[winner]

    def _player_may_act(self, seat: int) -> bool:
        """A seat action from the screen: the seat must play, and the hub link must be up."""
        if not self._seat_exists(seat):
            return False
        if seat not in self.state.players:
            self._refuse(text("{name} is not in a game", name=self._name(seat)), seat)
            return False
        if self.link_lost is not None:
            self._refuse_for_link(seat)
            return False
        return True

    def _round(self) -> R:
        assert self.state.round is not None, "no round outside a game"
        return self.state.round

    def _acting_seat(self) -> int | None:
        """The seat the table waits for while playing: the announcement, or the next card."""
        game = self.state
        if game.phase is not Phase.PLAYING:
            return None
        if game.scary_mary is not None:
            return game.scary_mary
        index = self._round().to_play
        return None if index is None else game.players[index]

    def _current_cards(self) -> Iterator[tuple[int, Any]]:
        """(seat, card) for the unfinished trick, in play order."""
        play = self._round()
        order = tricks.play_order(play.leader, play.players)
        for index, card in zip(order, play.current, strict=False):
            yield self.state.players[index], card

    def _current_card(self, seat: int) -> Any:
        return next(card for at, card in self._current_cards() if at == seat)

    def _totals(self) -> dict[int, int]:
        totals = dict.fromkeys(self.state.players, 0)
        if self.state.pad:
            last = self.state.pad[-1]
            totals.update(zip(self.state.players, (cell.total for cell in last.cells), strict=True))
        return totals

    def _card_text(self, card: Any) -> Text:
        return card_text(card, self.SUIT_NAMES, self.SPECIAL_NAMES)

    def _revokes(self) -> list[RevokeView]:
        game = self.state
        if game.round is None:
            return []
        views = []
        for revoke in tricks.find_revokes(game.round.tricks):
            seat = game.players[revoke.seat]
            if self._no_proof(seat, revoke):
                continue
            said = text(
                "Revoke: {name} did not follow {suit} in trick {trick}, then played {card} in trick {shown}",
                name=self._name(seat),
                suit=self.SUIT_NAMES[revoke.suit],
                trick=revoke.trick + 1,
                card=self._card_text(revoke.card),
                shown=revoke.shown + 1,
            )
            views.append(
                RevokeView(seat, revoke.suit.value, revoke.trick + 1, revoke.shown + 1, str(revoke.card), said)
            )
        return views

    def _no_proof(self, seat: int, revoke: tricks.Revoke[Any]) -> bool:
        """Whether a revoke the cards show proves nothing after all (never, unless an edition says otherwise)."""
        return False

    # --- The screen model -------------------------------------------------------------------------------------------

    def _screen_fields(self) -> dict[str, Any]:
        """What the scoreboard shows now, as the fields of the screen model. Bids appear only from the reveal on;
        tentative bids never."""
        game = self.state
        return {
            "phase": game.phase,
            "round": self._round().number,
            "rounds": self.RULES.GAME.rounds,
            "title": self._title(),
            "prompt": self._prompt(),
            "seats": tuple(self._seat_view(seat) for seat in range(self.seats)),
            "players": tuple(game.players),
            "trick": self._trick_view(),
            "scary_mary": game.scary_mary if game.phase is Phase.PLAYING else None,
            "score_pad": tuple(game.pad),
            "ranking": tuple(self._ranking()) if game.phase is Phase.GAME_OVER else (),
            "revokes": tuple(self._revokes()),
            "hand_entry": self._hand_entry(),
            "messages": tuple(self.notes),
            "link_lost": self.link_lost,
            "undo": self._undo_question(),
            "language": self.language,
            "game": self.table.chosen_game,
            **self._why_fields(),
        }

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
            lead = tricks.lead_suit(play.current)
            return TrickView(len(play.tricks) + 1, game.players[play.leader], cards, None, 0, lead and lead.value)
        if game.phase in (Phase.LIFTING, Phase.GAME_OVER):
            play = self._round()  # the judged trick (the last one of the game stays in view)
            trick = play.tricks[-1]
            seats = [game.players[index] for index in trick.seats]
            cards = tuple(PlayedCard(seat, str(card)) for seat, card in zip(seats, trick.cards, strict=True))
            lead = tricks.lead_suit(trick.cards)
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
        if self.state.phase is Phase.GAME_OVER:
            return text("Skull King: game over")
        return self._round_title()

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
                    return self._announcement_prompt(acting)
                return text("{name}: your turn", name=self._name(acting))
            case Phase.LIFTING:
                return self._lifting_prompt()
            case _:
                return self._won_the_game()

    def _lifting_prompt(self) -> Text:
        play = self._round()
        winner = play.tricks[-1].winner
        assert winner is not None
        name = self._name(self.state.players[winner])
        if play.is_over:
            return text(
                "{name} wins the trick. Round {round} is scored. Lift your cards off the readers",
                name=name,
                round=play.number,
            )
        return text("{name} wins the trick. Lift your cards off the readers", name=name)
