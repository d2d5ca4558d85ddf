"""Skull King at the table: the game flow, from the lobby to the final ranking.

`SkullKingFlow(seats)` is a state machine. The app feeds it input events (`table.games.inputs`) one at a time;
`handle(event)` answers with effects (`table.games.effects`) for the LEDs, the sound and the countdown timer, and
`screen()` gives the screen model (`table.games.screen`) the scoreboard draws. There is no clock, no randomness
and no I/O here: the same events always give the same state, so the table resumes by replaying its event log.

How the table behaves, phase by phase (the decisions the brief left open are marked "Decision"):

- Lobby. A free seat joins by laying any tag on its reader (even an unknown one) or pressing any of its buttons.
  A player badge (`code` "badge:<name>") joins and names the seat, or renames a seat that joined. StartGame needs
  at least 2 seats; the seats that joined play, clockwise. Decision: the first dealer of a game is the playing
  seat with the lowest number; the player left of the dealer leads (the rules core's `dealer`, `first_leader`).
- Bidding. The screen says "Round r: <dealer> deals r cards each". Decision: DealtCards is optional; the first
  bid input counts as it too (it only changes the prompt from "deal" to "bid"). A seat's tentative bid starts at
  0; tap/plus adds one and minus takes one away, wrapping between 0 and r; each change is flashed back to the seat
  only (SeatCount). Hold/ok locks the bid; hold/ok again reopens it until every bid is locked. Decision: a tap or
  plus/minus at a locked seat flashes the locked bid again (a private reminder) and changes nothing. ChooseBid
  locks a value from the screen.
- Countdown. Every bid locked: StartCountdown, and CountdownDone reveals all bids at once. Decision: a
  CountdownDone outside the countdown is a stale timer and changes nothing, quietly.
- Playing. The acting seat is lit YOUR_TURN; a card laid there is played through the rules core's Round.play.
  Scary Mary waits for her announcement at her seat: tap or plus = Pirate; hold, ok or minus = Escape (or
  ChooseScaryMary). Decision: lifting her before announcing her takes the play back (she was not played yet).
  The trick is judged the moment its last card lands; revokes newly proved by the rules core's find_revokes are
  flagged (message and screen), scores are not touched.
- Lifting. The winner is lit WON_TRICK and the table waits until every playing seat's reader is clear, then the
  next trick starts. After the round's last trick the round is scored at once (RoundOver) and the next round
  starts once the readers are clear; after round 10 the game is over at once, with the final ranking.
- Game over. NewGame (also allowed at any time) goes back to the lobby with the same players and names.

Bad inputs change nothing and are each answered by a Message (also in the screen's message list), an ERROR light
at the seat concerned and the "error" sound. Decision: a card lifted before its trick is judged is such an error
and still counts as played; laying the same tag back is quietly accepted, and the operator can Undo instead.
Decision: a card refused at a seat stays on that reader physically; the table tracks every reader's tag (not
part of the undoable game state), so the waits for "lift your cards" always match what lies on the readers.

Undo takes back the last accepted action (a join, a start, a bid locked or reopened, a card played, a Scary Mary
announcement, a bid correction, a new game), after ConfirmUndo. Button counting, the reveal and the lifting of
cards are not actions of their own: an undo right after the reveal reopens the last bid locked. Names, readers and
the hub link are facts about the table, not the game, so undo leaves them alone.

Quiet on purpose (no message, no change): a tag reported again on the reader it lies on, a lift from an empty
reader, a CountdownDone after the countdown was cancelled, DealtCards once dealt, LinkRestored or ReaderUp with
nothing lost. These are echoes of the devices, not anybody's action.

While the hub link is lost every LED shows LINK_LOST and the game waits: cards, button presses, bids and Scary
Mary choices are refused; the operator's inputs (names, undo, bid correction, new game) still work. A reader that
is down shows LINK_LOST at its seat only.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass, field

from table.games.effects import (
    CancelCountdown,
    Effect,
    LedPattern,
    Light,
    Message,
    RoundOver,
    SeatCount,
    Sound,
    StartCountdown,
)
from table.games.inputs import (
    HOLD,
    KEYS,
    MINUS,
    OK,
    PLUS,
    TAP,
    CancelUndo,
    CardLaid,
    CardLifted,
    ChooseBid,
    ChooseScaryMary,
    ConfirmUndo,
    CorrectBid,
    CountdownDone,
    DealtCards,
    Input,
    JoinSeat,
    LeaveSeat,
    LinkLost,
    LinkRestored,
    NewGame,
    Press,
    ReaderDown,
    ReaderUp,
    SetName,
    StartGame,
    Undo,
)
from table.games.screen import (
    Note,
    Phase,
    Placing,
    PlayedCard,
    RevokeView,
    ScoreCell,
    ScoreRow,
    Screen,
    SeatView,
    TrickView,
)
from table.rules import skullking as sk

COUNTDOWN_SECONDS = 3
BADGE_PREFIX = "badge:"
NAME_LENGTH = 16  # what fits a score pad column
MESSAGES_SHOWN = 5
UNDO_DEPTH = 100  # how many actions back the operator can go


def default_name(seat: int) -> str:
    return f"Seat {seat + 1}"


@dataclass
class _Game:
    """The undoable state of one game. Everything in it comes from accepted actions."""

    phase: Phase = Phase.LOBBY
    players: list[int] = field(default_factory=list)  # seats: joined (lobby) or playing, clockwise
    round: sk.Round | None = None  # its player i sits at seat players[i]
    dealt: bool = False
    tentative: dict[int, int] = field(default_factory=dict)  # seat -> the secret value being counted
    bids: dict[int, int] = field(default_factory=dict)  # seat -> locked bid
    played_uids: set[str] = field(default_factory=set)  # tags played this round
    trick_uids: dict[int, str] = field(default_factory=dict)  # seat -> its tag in the unfinished trick
    scary_mary: int | None = None  # the seat whose Scary Mary waits for her announcement
    scary_mary_uid: str = ""
    pad: list[ScoreRow] = field(default_factory=list)

    def copy(self) -> _Game:
        # Cards, tricks and score rows are immutable; only the containers need copying.
        play = self.round
        if play is not None:
            play = dataclasses.replace(play, tricks=list(play.tricks), current=list(play.current))
        return dataclasses.replace(
            self,
            players=list(self.players),
            round=play,
            tentative=dict(self.tentative),
            bids=dict(self.bids),
            played_uids=set(self.played_uids),
            trick_uids=dict(self.trick_uids),
            pad=list(self.pad),
        )


class SkullKingFlow:
    def __init__(self, seats: int) -> None:
        sk.check_players(seats)
        self.seats = seats
        self.game = _Game()
        # Facts about the table rather than the game: undo leaves them alone.
        self.names = [default_name(seat) for seat in range(seats)]
        self.on_reader: dict[int, str] = {}  # seat -> uid of the tag lying on its reader now
        self.readers_down: dict[int, str] = {}  # seat -> why its reader is down
        self.link_lost: str | None = None
        # The operator's undo: (what the action was, the game before it), newest last.
        self.history: list[tuple[str, _Game]] = []
        self.undo_asked: str | None = None
        self.notes: list[Note] = []
        self.shown = dict.fromkeys(range(seats), LedPattern.IDLE)  # each LED's standing pattern, as last sent
        self._effects: list[Effect] = []

    # --- The entry points -----------------------------------------------------------------------------------

    def handle(self, event: Input) -> list[Effect]:
        """Apply one input event; returns what the world should do about it, in order."""
        self._effects = []
        before = self.game.phase
        self._dispatch(event)
        self._countdown_effects(before, event)
        self._update_lights()
        return self._effects

    def resume_effects(self) -> list[Effect]:
        """After a replay (whose effects the app dropped): every seat's light, and the countdown if it was running."""
        effects: list[Effect] = [Light(seat, pattern) for seat, pattern in self.shown.items()]
        if self.game.phase is Phase.COUNTDOWN:
            effects.append(StartCountdown(COUNTDOWN_SECONDS))
        return effects

    def _dispatch(self, event: Input) -> None:
        match event:
            case CardLaid():
                self._card_laid(event)
            case CardLifted():
                self._card_lifted(event.seat)
            case Press():
                self._press(event.seat, event.key)
            case LinkLost():
                self._link_lost(event.reason)
            case LinkRestored():
                self._link_restored()
            case ReaderDown():
                self._reader_down(event.seat, event.reason)
            case ReaderUp():
                self._reader_up(event.seat)
            case JoinSeat():
                self._join_seat(event.seat, event.name)
            case LeaveSeat():
                self._leave_seat(event.seat)
            case SetName():
                if self._seat_exists(event.seat):
                    self._set_name(event.seat, event.name)
            case StartGame():
                self._start_game()
            case DealtCards():
                self._dealt_cards()
            case ChooseBid():
                self._choose_bid(event.seat, event.value)
            case CountdownDone():
                self._countdown_done()
            case ChooseScaryMary():
                self._choose_scary_mary(event.seat, event.as_pirate)
            case CorrectBid():
                self._correct_bid(event.seat, event.value)
            case Undo():
                self._undo()
            case ConfirmUndo():
                self._confirm_undo()
            case CancelUndo():
                self._cancel_undo()
            case NewGame():
                self._new_game()
            case _:
                self._refuse(f"The table does not know the input {event!r}")

    # --- Lobby ----------------------------------------------------------------------------------------------

    def _join(self, seat: int) -> None:
        self._checkpoint(f"{self._name(seat)} joining")
        self.game.players = sorted({*self.game.players, seat})

    def _join_seat(self, seat: int, name: str) -> None:
        if not self._seat_exists(seat):
            return
        if self.game.phase is not Phase.LOBBY:
            self._refuse("Seats are taken in the lobby, before a game starts", seat)
            return
        if seat not in self.game.players:
            self._join(seat)
        if name.strip():
            self._set_name(seat, name)

    def _leave_seat(self, seat: int) -> None:
        if not self._seat_exists(seat):
            return
        if self.game.phase is not Phase.LOBBY or seat not in self.game.players:
            self._refuse(f"{self._name(seat)} can leave only a seat taken in the lobby", seat)
            return
        self._checkpoint(f"{self._name(seat)} leaving")
        self.game.players.remove(seat)

    def _set_name(self, seat: int, name: str) -> None:
        name = " ".join(name.split())[:NAME_LENGTH]
        self.names[seat] = name or default_name(seat)

    def _lobby_card(self, seat: int, code: str | None) -> None:
        """In the lobby any tag joins its seat; a badge also names it."""
        badge = code is not None and code.startswith(BADGE_PREFIX)
        if seat not in self.game.players:
            self._join(seat)
        elif not badge:
            self._say(f"{self._name(seat)} is in; the game starts from the screen", seat)
        if code is not None and badge:
            self._set_name(seat, code.removeprefix(BADGE_PREFIX))

    def _start_game(self) -> None:
        if self.game.phase is not Phase.LOBBY:
            self._refuse("A game is on already; NewGame goes back to the lobby")
            return
        if len(self.game.players) < sk.MIN_PLAYERS:
            self._refuse(f"Skull King needs at least {sk.MIN_PLAYERS} players: lay a card or press a button to join")
            return
        self._checkpoint("the start of the game")
        self._start_round(1)

    def _new_game(self) -> None:
        self._checkpoint("the game before the new one")
        self.game = _Game(players=list(self.game.players))

    # --- Bidding and the countdown ----------------------------------------------------------------------------

    def _start_round(self, number: int) -> None:
        game = self.game
        players = len(game.players)
        game.round = sk.Round(number, players, sk.dealer(number, players))
        game.phase = Phase.BIDDING
        game.dealt = False
        game.tentative = dict.fromkeys(game.players, 0)
        game.bids = {}
        game.played_uids = set()
        game.trick_uids = {}
        game.scary_mary = None

    def _dealt_cards(self) -> None:
        if self.game.phase is not Phase.BIDDING:
            self._refuse("The cards are dealt at the start of a round, before the bids")
            return
        self.game.dealt = True

    def _bid_button(self, seat: int, key: str) -> None:
        game = self.game
        game.dealt = True  # a bid means the cards are out
        if key in (OK, HOLD):
            if seat in game.bids:
                self._checkpoint(f"{self._name(seat)} reopening the bid")
                game.tentative[seat] = game.bids.pop(seat)
                self._effects.append(SeatCount(seat, game.tentative[seat]))
            else:
                self._lock_bid(seat, game.tentative[seat])
            return
        if seat in game.bids:
            self._effects.append(SeatCount(seat, game.bids[seat]))  # a private reminder of the locked bid
            return
        step = -1 if key == MINUS else 1
        game.tentative[seat] = (game.tentative[seat] + step) % (self._round().number + 1)
        self._effects.append(SeatCount(seat, game.tentative[seat]))

    def _choose_bid(self, seat: int, value: int) -> None:
        if not self._player_may_act(seat):
            return
        phase = self.game.phase
        if phase is Phase.COUNTDOWN:
            self._refuse("Every bid is locked; the operator can correct a bid after the reveal", seat)
        elif phase is not Phase.BIDDING:
            self._refuse("Bids are made after the deal, before the first trick", seat)
        elif self._bid_in_range(seat, value):
            self._lock_bid(seat, value)

    def _lock_bid(self, seat: int, value: int) -> None:
        game = self.game
        self._checkpoint(f"{self._name(seat)}'s bid")
        game.dealt = True
        game.bids[seat] = value
        game.tentative[seat] = value
        if len(game.bids) == len(game.players):
            game.phase = Phase.COUNTDOWN  # `handle` starts the countdown

    def _countdown_done(self) -> None:
        if self.game.phase is not Phase.COUNTDOWN:
            return  # a stale timer: the countdown was cancelled
        self.game.phase = Phase.PLAYING
        self.notes = []

    def _countdown_effects(self, before: Phase, event: Input) -> None:
        """Entering the countdown starts it; leaving it other than by its end (an undo, a new game) cancels it."""
        after = self.game.phase
        if after is Phase.COUNTDOWN and before is not Phase.COUNTDOWN:
            self._effects += [StartCountdown(COUNTDOWN_SECONDS), Sound("countdown")]
        elif before is Phase.COUNTDOWN and after is not Phase.COUNTDOWN and not isinstance(event, CountdownDone):
            self._effects.append(CancelCountdown())

    def _correct_bid(self, seat: int, value: int) -> None:
        if not self._seat_exists(seat):
            return
        game = self.game
        if game.phase not in (Phase.PLAYING, Phase.LIFTING) or self._round().is_over:
            self._refuse("A bid is corrected after the reveal, before the round is scored", seat)
            return
        if seat not in game.players:
            self._refuse(f"{self._name(seat)} is not in this game", seat)
            return
        if not self._bid_in_range(seat, value):
            return
        old = game.bids[seat]
        self._checkpoint(f"the correction of {self._name(seat)}'s bid")
        game.bids[seat] = value
        self._say(f"{self._name(seat)}'s bid corrected from {old} to {value}", seat)

    def _bid_in_range(self, seat: int, value: int) -> bool:
        number = self._round().number
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= number:
            self._refuse(f"In round {number} a bid is 0 to {number} tricks, not {value!r}", seat)
            return False
        return True

    # --- Cards on the readers ----------------------------------------------------------------------------------

    def _card_laid(self, event: CardLaid) -> None:
        seat, uid, code = event.seat, event.uid, event.code
        if not self._seat_exists(seat):
            return
        if self.on_reader.get(seat) == uid:
            return  # the same tag reported again: nothing happened
        self.on_reader[seat] = uid
        game = self.game
        if self.link_lost is not None:
            self._refuse_for_link(seat)
        elif game.phase is Phase.LOBBY:
            self._lobby_card(seat, code)
        elif seat not in game.players:
            self._refuse(f"{self._name(seat)} has not joined this game: no cards at this seat", seat)
        elif game.phase is Phase.PLAYING and game.trick_uids.get(seat) == uid:
            pass  # a card lifted too early is back in place
        elif (card := self._known_card(seat, code, event.foreign_game)) is None:
            pass  # refused already
        elif game.phase in (Phase.BIDDING, Phase.COUNTDOWN):
            self._refuse(f"Not yet, {self._name(seat)}: the table waits for the bids", seat)
        elif game.phase is Phase.LIFTING:
            self._refuse(f"Not yet, {self._name(seat)}: first lift every card off the readers", seat)
        elif game.phase is Phase.GAME_OVER:
            self._refuse("The game is over: start a new game on the screen", seat)
        else:
            self._play_card(seat, uid, card)

    def _known_card(self, seat: int, code: str | None, foreign_game: str | None) -> sk.Card | None:
        """The Skull King card a tag carries, or None after refusing it."""
        if foreign_game is not None:
            self._refuse(f"{self._name(seat)}: that card belongs to {foreign_game}, not Skull King", seat)
            return None
        if code is None:
            self._refuse(f"{self._name(seat)}: unknown card, this tag is not in the enrolled deck", seat)
            return None
        if code.startswith(BADGE_PREFIX):
            self._refuse(f"{self._name(seat)}: that is a player badge; badges name a seat in the lobby", seat)
            return None
        try:
            card = sk.parse_card(code)
        except sk.CardError as error:
            self._refuse(f"{self._name(seat)}: unknown card ({error})", seat)
            return None
        # The printed card: Scary Mary is announced at the table, whatever a tag may say.
        return sk.SCARY_MARY if card.kind is sk.Kind.SCARY_MARY else card

    def _play_card(self, seat: int, uid: str, card: sk.Card) -> None:
        game = self.game
        acting = self._acting_seat()
        assert acting is not None
        if game.scary_mary is not None:
            self._refuse(f"Wait: {self._name(acting)} first announces Scary Mary as Pirate or Escape", seat)
            return
        if seat != acting:
            self._refuse(f"Not your turn, {self._name(seat)}: {self._name(acting)} plays next", seat)
            return
        if uid in game.played_uids:
            self._refuse(f"{self._name(seat)}: this {card} was already played this round", seat)
            return
        try:
            sk.check_from_one_deck([*self._round().cards_played(), card])
        except sk.CardError as error:
            self._refuse(f"{self._name(seat)}: {card} was already played this round ({error})", seat)
            return
        if card.kind is sk.Kind.SCARY_MARY:
            game.scary_mary, game.scary_mary_uid = seat, uid  # played once announced
            self._say(f"{self._name(seat)}: Scary Mary as a Pirate (tap or +) or as an Escape (hold, OK or -)?", seat)
            return
        self._checkpoint(f"{self._name(seat)}'s {card}")
        self._lay(seat, uid, card)

    def _lay(self, seat: int, uid: str, card: sk.Card) -> None:
        game = self.game
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
        game = self.game
        if uid is None:
            return  # nothing known lay there
        if game.phase is Phase.PLAYING and game.scary_mary == seat and uid == game.scary_mary_uid:
            game.scary_mary = None
            self._say(f"{self._name(seat)} took Scary Mary back: still {self._name(seat)}'s turn", seat)
        elif game.phase is Phase.PLAYING and game.trick_uids.get(seat) == uid:
            code = self._current_card(seat)
            self._refuse(f"{self._name(seat)}: too early! Your {code} still counts in this trick: lay it back", seat)
        elif game.phase is Phase.LIFTING:
            self._after_lift()

    # --- Scary Mary ---------------------------------------------------------------------------------------------

    def _scary_mary_button(self, seat: int, key: str) -> None:
        self._announce(seat, as_pirate=key in (TAP, PLUS))

    def _choose_scary_mary(self, seat: int, as_pirate: bool) -> None:
        if not self._player_may_act(seat):
            return
        if self.game.phase is not Phase.PLAYING or self.game.scary_mary != seat:
            self._refuse(f"No Scary Mary waits for an announcement at {self._name(seat)}'s seat", seat)
            return
        self._announce(seat, as_pirate)

    def _announce(self, seat: int, as_pirate: bool) -> None:
        game = self.game
        card = sk.SCARY_MARY_AS_PIRATE if as_pirate else sk.SCARY_MARY_AS_ESCAPE
        self._checkpoint(f"{self._name(seat)}'s Scary Mary as {'a Pirate' if as_pirate else 'an Escape'}")
        uid, game.scary_mary = game.scary_mary_uid, None
        self._lay(seat, uid, card)

    # --- Judging, lifting, scoring --------------------------------------------------------------------------------

    def _judge(self, trick: sk.Trick) -> None:
        """The trick's last card has landed: light the winner, flag revokes, score the round if it is over."""
        game, play = self.game, self._round()
        winner = game.players[trick.winner]
        game.phase = Phase.LIFTING
        self._effects.append(Sound("trick_won"))
        bonus = f" (bonus {trick.bonus} if the bid is met)" if trick.bonus else ""
        self._say(f"{self._name(winner)} wins trick {len(play.tricks)}{bonus}", winner)
        for revoke in self._revokes():
            if revoke.shown == len(play.tricks):
                self._say(revoke.text, revoke.seat)
        if play.is_over:
            self._score_round()
        self._after_lift()  # the readers might be clear already (a reader went down)

    def _after_lift(self) -> None:
        """While lifting: once no playing seat's reader holds a tag, go on to the next trick or round."""
        game = self.game
        if game.phase is not Phase.LIFTING or any(seat in self.on_reader for seat in game.players):
            return
        self.notes = []
        play = self._round()
        if play.is_over:
            self._start_round(play.number + 1)
        else:
            game.phase = Phase.PLAYING

    def _score_round(self) -> None:
        game, play = self.game, self._round()
        totals = self._totals()
        cells = []
        for index, seat in enumerate(game.players):
            bid = game.bids[seat]
            points = play.score(index, bid)
            cell = ScoreCell(bid, play.tricks_won(index), play.bonus(index), points, totals[seat] + points)
            cells.append(cell)
        game.pad.append(ScoreRow(play.number, game.players[play.dealer], tuple(cells)))
        self._effects.append(RoundOver(play.number))
        if play.number == sk.ROUNDS:
            game.phase = Phase.GAME_OVER
            self._effects.append(Sound("game_over"))
            winners = " and ".join(placing.name for placing in self._ranking() if placing.place == 1)
            self._say(f"Game over: {winners} won")
        else:
            self._effects.append(Sound("round_over"))

    # --- Buttons ------------------------------------------------------------------------------------------------

    def _press(self, seat: int, key: str) -> None:
        if not self._seat_exists(seat):
            return
        game = self.game
        if key not in KEYS:
            self._refuse(f"The table does not know the button '{key}'", seat)
        elif self.link_lost is not None:
            self._refuse_for_link(seat)
        elif game.phase is Phase.LOBBY:
            if seat in game.players:
                self._say(f"{self._name(seat)} is in; the game starts from the screen", seat)
            else:
                self._join(seat)
        elif seat not in game.players:
            self._refuse(f"{self._name(seat)} has not joined this game", seat)
        elif game.phase is Phase.BIDDING:
            self._bid_button(seat, key)
        elif game.phase is Phase.COUNTDOWN:
            self._refuse("Every bid is locked: YO-HO-HO!", seat)
        elif game.phase is Phase.PLAYING and game.scary_mary == seat:
            self._scary_mary_button(seat, key)
        elif game.phase is Phase.PLAYING:
            acting = self._acting_seat()
            assert acting is not None
            self._refuse(f"No button now: {self._name(acting)} lays a card", seat)
        elif game.phase is Phase.LIFTING:
            self._refuse("Lift every card off the readers first", seat)
        else:
            self._refuse("The game is over: start a new game on the screen", seat)

    # --- The link to the seat hub ---------------------------------------------------------------------------------

    def _link_lost(self, reason: str) -> None:
        self.link_lost = reason
        self._say(f"The seat hub is unreachable ({reason}): the game waits until it is back")

    def _link_restored(self) -> None:
        if self.link_lost is not None:
            self.link_lost = None
            self._say("The seat hub is back: carry on")

    def _reader_down(self, seat: int, reason: str) -> None:
        if not self._seat_exists(seat):
            return
        self.readers_down[seat] = reason
        self.on_reader.pop(seat, None)  # what lies there can no longer be seen
        self._after_lift()
        self._say(f"{self._name(seat)}'s card reader is down ({reason})", seat)

    def _reader_up(self, seat: int) -> None:
        if self._seat_exists(seat) and self.readers_down.pop(seat, None) is not None:
            self._say(f"{self._name(seat)}'s card reader works again", seat)

    def _refuse_for_link(self, seat: int) -> None:
        self._refuse("The game waits for the seat hub to come back", seat)

    # --- Undo -----------------------------------------------------------------------------------------------------

    def _checkpoint(self, action: str) -> None:
        """An action is accepted: remember the game before it, so the operator can take it back."""
        self.history.append((action, self.game.copy()))
        del self.history[:-UNDO_DEPTH]
        self.undo_asked = None
        self.notes = []

    def _undo(self) -> None:
        if not self.history:
            self._refuse("Nothing to undo")
            return
        self.undo_asked = self.history[-1][0]
        self._say(f"Undo {self.undo_asked}? Confirm or cancel on the screen")

    def _confirm_undo(self) -> None:
        if self.undo_asked is None:
            self._refuse("No undo was asked for")
            return
        action, self.game = self.history.pop()
        self.undo_asked = None
        self._after_lift()  # the cards of a restored trick may be off the readers already
        self.notes = []
        self._say(f"Undone: {action}")

    def _cancel_undo(self) -> None:
        if self.undo_asked is None:
            self._refuse("No undo was asked for")
            return
        self.undo_asked = None
        self._say("Undo cancelled")

    # --- Messages and lights --------------------------------------------------------------------------------------

    def _say(self, text: str, seat: int | None = None) -> None:
        self._effects.append(Message(text, seat))
        self.notes = [*self.notes, Note(text, seat)][-MESSAGES_SHOWN:]

    def _refuse(self, text: str, seat: int | None = None) -> None:
        """A bad input: say why, flash ERROR at the seat, and change nothing."""
        self._say(text, seat)
        if seat is not None:
            self._effects.append(Light(seat, LedPattern.ERROR))
        self._effects.append(Sound("error"))

    def _standing_light(self, seat: int) -> LedPattern:
        if self.link_lost is not None or seat in self.readers_down:
            return LedPattern.LINK_LOST
        game = self.game
        if seat not in game.players:
            return LedPattern.IDLE
        match game.phase:
            case Phase.LOBBY | Phase.COUNTDOWN:
                return LedPattern.BID_LOCKED  # steady: joined, or bid locked
            case Phase.BIDDING:
                return LedPattern.BID_LOCKED if seat in game.bids else LedPattern.WAITING_FOR_BID
            case Phase.PLAYING:
                return LedPattern.YOUR_TURN if seat == self._acting_seat() else LedPattern.IDLE
            case Phase.LIFTING:
                won = game.players[self._round().tricks[-1].winner] == seat
                return LedPattern.WON_TRICK if won else LedPattern.IDLE
            case _:
                first = any(placing.seat == seat and placing.place == 1 for placing in self._ranking())
                return LedPattern.WON_TRICK if first else LedPattern.IDLE

    def _update_lights(self) -> None:
        for seat in range(self.seats):
            pattern = self._standing_light(seat)
            if pattern is not self.shown[seat]:
                self.shown[seat] = pattern
                self._effects.append(Light(seat, pattern))

    # --- Small answers ----------------------------------------------------------------------------------------------

    def _seat_exists(self, seat: int) -> bool:
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < self.seats:
            return True
        self._refuse(f"This table has seats 1 to {self.seats}; there is no seat {seat!r}")
        return False

    def _player_may_act(self, seat: int) -> bool:
        """A seat action from the screen: the seat must play, and the hub link must be up."""
        if not self._seat_exists(seat):
            return False
        if self.game.phase is Phase.LOBBY or seat not in self.game.players:
            self._refuse(f"{self._name(seat)} is not in a game", seat)
            return False
        if self.link_lost is not None:
            self._refuse_for_link(seat)
            return False
        return True

    def _name(self, seat: int) -> str:
        return self.names[seat]

    def _round(self) -> sk.Round:
        assert self.game.round is not None, "no round outside a game"
        return self.game.round

    def _acting_seat(self) -> int | None:
        """The seat the table waits for while playing: Scary Mary's announcement, or the next card."""
        game = self.game
        if game.phase is not Phase.PLAYING:
            return None
        if game.scary_mary is not None:
            return game.scary_mary
        index = self._round().to_play
        return None if index is None else game.players[index]

    def _current_cards(self) -> Iterator[tuple[int, sk.Card]]:
        """(seat, card) for the unfinished trick, in play order."""
        play = self._round()
        order = sk.play_order(play.leader, play.players)
        for index, card in zip(order, play.current, strict=False):
            yield self.game.players[index], card

    def _current_card(self, seat: int) -> str:
        return next(str(card) for at, card in self._current_cards() if at == seat)

    def _totals(self) -> dict[int, int]:
        totals = dict.fromkeys(self.game.players, 0)
        if self.game.pad:
            last = self.game.pad[-1]
            totals.update(zip(self.game.players, (cell.total for cell in last.cells), strict=True))
        return totals

    def _ranking(self) -> list[Placing]:
        totals = self._totals()
        order = sorted(totals, key=lambda seat: (-totals[seat], seat))
        return [
            Placing(1 + sum(other > totals[seat] for other in totals.values()), seat, self._name(seat), totals[seat])
            for seat in order
        ]

    def _revokes(self) -> list[RevokeView]:
        game = self.game
        if game.round is None:
            return []
        views = []
        for revoke in sk.find_revokes(game.round.tricks):
            seat = game.players[revoke.seat]
            text = (
                f"Revoke: {self._name(seat)} did not follow {revoke.suit.value} in trick {revoke.trick + 1}, "
                f"then played {revoke.card} in trick {revoke.shown + 1}"
            )
            views.append(
                RevokeView(seat, revoke.suit.value, revoke.trick + 1, revoke.shown + 1, str(revoke.card), text)
            )
        return views

    # --- The screen model -------------------------------------------------------------------------------------------

    def screen(self) -> Screen:
        """What the scoreboard shows now. Bids appear only from the reveal on; tentative bids never."""
        game = self.game
        in_game = game.phase is not Phase.LOBBY and game.round is not None
        return Screen(
            phase=game.phase,
            round=self._round().number if in_game else 0,
            rounds=sk.ROUNDS,
            title=self._title(),
            prompt=self._prompt(),
            seats=tuple(self._seat_view(seat) for seat in range(self.seats)),
            players=tuple(game.players),
            trick=self._trick_view(),
            scary_mary=game.scary_mary if game.phase is Phase.PLAYING else None,
            score_pad=tuple(game.pad) if in_game else (),
            ranking=tuple(self._ranking()) if game.phase is Phase.GAME_OVER else (),
            revokes=tuple(self._revokes()) if in_game else (),
            messages=tuple(self.notes),
            link_lost=self.link_lost,
            undo=None if self.undo_asked is None else f"Undo {self.undo_asked}?",
        )

    def _seat_view(self, seat: int) -> SeatView:
        game = self.game
        playing = game.phase is not Phase.LOBBY and seat in game.players
        play = game.round if playing else None
        index = game.players.index(seat) if playing else -1
        revealed = game.phase in (Phase.PLAYING, Phase.LIFTING)
        return SeatView(
            seat=seat,
            name=self._name(seat),
            joined=seat in game.players,
            reader_ok=seat not in self.readers_down,
            dealer=play is not None and game.players[play.dealer] == seat,
            acting=seat == self._acting_seat(),
            bid_locked=playing and seat in game.bids,
            bid=game.bids.get(seat) if playing and revealed else None,
            won=play.tricks_won(index) if play is not None else 0,
            total=self._totals().get(seat, 0) if playing else 0,
        )

    def _trick_view(self) -> TrickView | None:
        game = self.game
        if game.phase is Phase.PLAYING:
            play = self._round()
            cards = tuple(PlayedCard(seat, str(card)) for seat, card in self._current_cards())
            return TrickView(len(play.tricks) + 1, game.players[play.leader], cards, None, 0)
        if game.phase in (Phase.LIFTING, Phase.GAME_OVER):
            play = self._round()  # the judged trick (the last one of the game stays in view)
            trick = play.tricks[-1]
            seats = [game.players[index] for index in trick.seats]
            cards = tuple(PlayedCard(seat, str(card)) for seat, card in zip(seats, trick.cards, strict=True))
            return TrickView(
                len(play.tricks), game.players[trick.leader], cards, game.players[trick.winner], trick.bonus
            )
        return None

    def _title(self) -> str:
        game = self.game
        if game.phase is Phase.LOBBY:
            return "Skull King: take your seats"
        if game.phase is Phase.GAME_OVER:
            return "Skull King: game over"
        play = self._round()
        cards = "1 card" if play.number == 1 else f"{play.number} cards"
        return f"Round {play.number}: {self._name(game.players[play.dealer])} deals {cards} each"

    def _prompt(self) -> str:
        if self.link_lost is not None:
            return "The seat hub is disconnected: the game waits until it is back"
        game = self.game
        match game.phase:
            case Phase.LOBBY:
                joined = len(game.players)
                return (
                    f"Lay a card or press your button to join ({joined} joined); "
                    f"start the game on the screen once {sk.MIN_PLAYERS} or more have joined"
                )
            case Phase.BIDDING:
                if not game.dealt:
                    return "Deal the cards, then bid: tap to count, hold to lock your bid"
                waiting = ", ".join(self._name(seat) for seat in game.players if seat not in game.bids)
                return f"Bid how many tricks you will win: tap to count, hold to lock. Waiting for {waiting}"
            case Phase.COUNTDOWN:
                return "Every bid is in: YO-HO-HO!"
            case Phase.PLAYING:
                acting = self._acting_seat()
                assert acting is not None
                if game.scary_mary is not None:
                    return f"{self._name(acting)}: Scary Mary as a Pirate (tap or +) or an Escape (hold, OK or -)?"
                return f"{self._name(acting)}: your turn"
            case Phase.LIFTING:
                play = self._round()
                winner = self._name(game.players[play.tricks[-1].winner])
                scored = f" Round {play.number} is scored." if play.is_over else ""
                return f"{winner} wins the trick.{scored} Lift your cards off the readers"
            case _:
                winners = " and ".join(placing.name for placing in self._ranking() if placing.place == 1)
                return f"{winners} won the game. A new game starts from the screen"
