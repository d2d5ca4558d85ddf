"""Skull King, the dice game, at the table: the game flow from round 1 to the final ranking.

`SkullKingDiceFlow(table, players, scoring, bag)` is a state machine like the card game's SkullKingFlow: the
app feeds it input events (`table.core.inputs`, the tray's facts among them, and `table.games.skullking_dice.inputs`)
one at a time; `handle(event)` answers with effects for the LEDs, the sound and the countdown, and `screen()` gives
the screen model (`table.games.skullking_dice.screen`). No clock, no randomness, no I/O: the table resumes by
replaying its event log. The parts every game shares are the card game's too: `table.core.flow` (`GameOn`: messages
and refusals, the lobby's inputs refused, the seat lights, the countdown's effects, undo with confirm, names, the
ranking) and `table.core.bidding` (the secret bids).

How the table plays the game (the decisions the issue left open are marked "Decision"):

- The table's lobby (table.lobby.flow) hands the table over with SwitchGame, and this flow begins round 1 at
  once. NewGame (at any time) hands it back to the lobby, the same players seated.
- Drawing and bidding. Round r: every player draws r dice from the bag behind their screen ("draw r dice"), then
  counts a secret bid on their seat button: tap/plus adds one, minus takes one away (wrapping 0..r), each change
  flashed back to that seat only; hold/ok locks it, and again reopens it until every bid is locked (the same
  buttons as the card game). ChooseBid locks a bid from the screen. Every bid locked: the YO-HO-HO countdown
  (StartCountdown); CountdownDone reveals every bid at once.
- Throwing. The round's start player moves one seat clockwise each round (the lowest playing seat starts round 1);
  the winner of a trick throws first in the next. The LED of the player to throw shows GREEN_BLINK; the die that
  comes to rest in the tray is credited to that seat. Decision: the dice of a trick count in turn order (which
  breaks ties), so a die thrown again keeps its thrower's place.
- Doubtful reads. The table asks the thrower to confirm (hold/ok: accept the read shown) or to throw again (lift the
  die out of the tray, throw it again) when the read's confidence is below the threshold, when the die cannot be
  read, when the camera's frames disagree about it ("not sure, please check": the operator enters it, or it is
  thrown again; there is no read to accept by holding), when the read is impossible (more dice of a kind in the
  round than the bag holds: the read must be wrong; this one cannot be accepted by holding), when the die is
  knocked and now reads differently (DieMoved), and when the die is taken out of the tray before its trick is judged
  (hold keeps the read it had). Until the doubt is settled that seat is the one to throw (its LED GREEN_BLINK) and
  nobody else's die is credited.
- Dice that are nobody's. A die landing when nobody is to throw (bidding, countdown, while the tray is emptied), or
  while the thrower's die already lies in the tray, is an extra die: it has to come out. Two dice coming to rest
  at once for one thrower: both are extra until one is taken out; the one left is then that thrower's die, to
  confirm with hold.
- The operator (screen or keyboard) can correct any die of the trick on view (CorrectDie), also after it is judged
  (the trick is judged again and the score pad follows), enter the die of the thrower the camera cannot see (a die
  missing: the table waits for it until then), and say the tray is empty (TrayEmptied).
- Judging. When every player's die is in and none is in doubt, the trick is judged by the rules core
  (trick_winner, trick_bonus); the winner's LED shows GOLD_FLICKER; newly proved revokes (find_revokes: a player
  who did not follow a colour and later threw it in the same round) are flagged with a message and on the
  screen when the trick that proves them is judged, scores untouched. Decision: following the colour is only
  checked this way; a die thrown against the colour is accepted at once (the table cannot see behind the screens).
- Emptying the tray. After a judged trick the table waits until the tray is empty (every die taken out), then the
  next trick starts. After the round's last trick the round is scored at once (RoundOver), standard or Landlubber
  scoring (from the config), and the next round starts when the tray is empty; after round 8, 7 or 6 (3-4, 5, 6
  players) the game is over at once with the final ranking.
- Camera lost, tray covered: a message, and the game waits (no die can come to rest meanwhile). Cards laid on a
  reader are refused (no cards in this game); the seat hub's link does not matter here.

Bad inputs change nothing and are each answered by a Message (also in the screen's messages), an ERROR light at the
seat concerned and the "error" sound; a doubtful read is answered the same way, so the thrower notices.

Undo takes back the last accepted action (a bid locked or reopened, a die credited or accepted, a correction),
after ConfirmUndo. What lies in the tray is a fact, not an action: undo leaves it alone, and a die whose throw is
undone is an extra die in the tray.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from table.core.bidding import SecretBids
from table.core.effects import RoundOver, Sound
from table.core.flow import GameOn, Judging, copy_state
from table.core.frame import JudgedPlay, Phase, ScoreCell, ScoreRow, SeatView
from table.core.inputs import (
    HOLD,
    OK,
    CameraDown,
    CameraUp,
    CardEntered,
    CardLaid,
    CardLifted,
    ChooseBid,
    CorrectBid,
    CountdownDone,
    DealtCards,
    DieLanded,
    DieMoved,
    DieTakenOut,
    LinkLost,
    LinkRestored,
    Press,
    ReaderDown,
    ReaderUp,
    TrayCovered,
    TrayUncovered,
)
from table.core.table_state import TableState
from table.core.text import COLOUR_NAMES, Text, and_list, plural, text, verbatim
from table.games.skullking_dice import rules as skd
from table.games.skullking_dice.inputs import CorrectDie, TrayEmptied
from table.games.skullking_dice.screen import (
    DiceRevokeView,
    DiceScreen,
    DiceTrickView,
    DieFace,
    DieKind,
    LooseDie,
    ThrownDie,
)

GAME = "skullking-dice"
MIN_CONFIDENCE = 0.6  # a read below this is shown and confirmed by its thrower

KIND_NAMES = {
    "skullking": text("Skull King"),
    "pirate": text("Pirate"),
    "mermaid": text("Mermaid"),
    **COLOUR_NAMES,
}
FACE_NAMES = {skd.SKULL: text("skull"), skd.FLAG: text("flag")}


def not_sure(name: Text) -> Text:
    """The camera's frames disagreed about a die: it says so rather than guess; the operator's correction settles it."""
    return text(
        "Not sure what {name}'s die shows, please check: the operator enters it, or lift it and throw it again",
        name=name,
    )


def die_text(kind: str, face: str | None) -> Text:
    """ "black 7", "Pirate skull", "red ?" (unreadable), in the table's language."""
    face_name = FACE_NAMES.get(face, verbatim(face)) if face is not None else verbatim("?")
    return text("{kind} {face}", kind=KIND_NAMES.get(kind, verbatim(kind)), face=face_name)


def why_dice(reason: skd.Reason, name: Text) -> Text:
    """Why a trick of dice went where it went, in the rulebook's words; `name`: the winner's player."""
    whose = text("{name}'s {card}", name=name, card=die_text(reason.die.kind, reason.die.face))
    match reason.rule:
        case skd.Rule.MERMAID_CATCHES_KING:
            return text("The Mermaid skull catches the Skull King skull: +{bonus} for {name} if the bid is met",
                        bonus=reason.bonus, name=name)  # fmt: skip
        case skd.Rule.SKULL_KING if reason.pirates:
            return text("The Skull King skull beats the Pirate skulls: +{bonus} for {name} if the bid is met",
                        bonus=reason.bonus, name=name)  # fmt: skip
        case skd.Rule.SKULL_KING:
            return text("The Skull King skull takes it: {name}", name=name)
        case skd.Rule.PIRATE if reason.equals:
            return text("Pirate skulls: {name}'s was thrown last and takes it", name=name)
        case skd.Rule.PIRATE:
            return text("A Pirate skull takes it: {name}", name=name)
        case skd.Rule.MERMAID if reason.equals:
            return text("Mermaid skulls: {name}'s was thrown last and takes it", name=name)
        case skd.Rule.MERMAID:
            return text("A Mermaid skull takes it: {name}", name=name)
        case skd.Rule.NUMBER if reason.equals:
            return text("Highest number: {whose}, thrown last of the equal ones", whose=whose)
        case skd.Rule.NUMBER:
            return text("Highest number: {whose}", whose=whose)
        case _:
            return text("Only flags: {name} threw the first one and takes it", name=name)


def _said(dice: Sequence[ThrownDie]) -> tuple[Text, ...]:
    return tuple(die_text(die.kind, die.face) for die in dice)


@dataclass(frozen=True)
class JudgedTrick:
    leader: int  # seat
    dice: tuple[ThrownDie, ...]  # in turn order
    winner: int  # seat
    bonus: int


@dataclass(frozen=True)
class PlayedRound:
    number: int
    start: int  # seat
    bids: tuple[tuple[int, int], ...]  # (seat, bid)
    tricks: tuple[JudgedTrick, ...]


@dataclass
class _Game(Judging):
    """The undoable state of the game. Everything in it comes from accepted actions."""

    phase: Phase = Phase.BIDDING
    round: int = 1
    start: int = 0  # the round's start player (seat)
    leader: int = 0  # who throws first in the trick on the table (seat)
    tentative: dict[int, int] = field(default_factory=dict)
    bids: dict[int, int] = field(default_factory=dict)
    throws: dict[int, ThrownDie] = field(default_factory=dict)  # the trick being thrown: seat -> its die
    twins_for: int | None = None  # the seat two dice came to rest for at once
    tricks: list[JudgedTrick] = field(default_factory=list)  # judged this round
    past: list[PlayedRound] = field(default_factory=list)  # the rounds before this one

    def copy(self) -> _Game:
        return copy_state(self)  # judged tricks, played rounds and dice are immutable: only the containers


class SkullKingDiceFlow(SecretBids, GameOn):
    def __init__(
        self,
        table: TableState,
        players: Sequence[int],
        scoring: str = skd.STANDARD,
        min_confidence: float = MIN_CONFIDENCE,
        bag: skd.DiceBag = skd.STANDARD_BAG,
    ) -> None:
        skd.check_players(len(players))
        if scoring not in (skd.STANDARD, skd.LANDLUBBER):
            raise ValueError("scoring is standard or landlubber")
        self._init_shell(table)  # messages, lights, the operator's undo (table.core.flow)
        self.players = list(players)
        if sorted(set(self.players)) != self.players or not all(0 <= seat < self.seats for seat in self.players):
            raise ValueError(f"players are distinct seats 0..{self.seats - 1} in clockwise order, not {players}")
        self.rounds = skd.rounds_for(len(self.players))
        self.scoring, self.min_confidence = scoring, min_confidence
        self.bag = bag  # the dice of this printing (config): the faces each kind shows, how many in the bag
        self.state = _Game()
        self._start_round(1)
        self._started()  # undo can take the start back
        self._update_lights()  # the standing patterns, for resume_effects; the app asks for them after the switch

    # --- The entry points (handle, resume_effects: table.core.flow) ----------------------------------------

    def _dispatch(self, event: object) -> None:
        match event:
            case DieLanded():
                self._die_landed(event)
            case DieMoved():
                self._die_moved(event)
            case DieTakenOut():
                self._die_taken_out(event.order)
            case Press():
                self._press(event.seat, event.key)
            case ChooseBid():
                self._choose_bid(event.seat, event.value)
            case CountdownDone():
                self._countdown_done()
            case CorrectDie():
                self._correct_die(event.seat, event.kind, event.face)
            case CorrectBid():
                self._correct_bid(event.seat, event.value)
            case TrayEmptied():
                self._tray_emptied()
            case TrayCovered():
                self.tray_blocked = True
                self._say(text("Something covers the tray: the table waits until it can see the dice"))
            case TrayUncovered():
                if self.tray_blocked:
                    self.tray_blocked = False
                    self._say(text("The tray is clear again"))
            case CameraDown():
                self.camera_lost = event.reason
                self._say(text("The camera gives no picture: the game waits until it is back"))
            case CameraUp():
                if self.camera_lost is not None:
                    self.camera_lost = None
                    self._say(text("The camera is back: carry on"))
            case CardLaid():
                if self._seat_exists(event.seat) and self.on_reader.get(event.seat) != event.uid:
                    self.on_reader[event.seat] = event.uid
                    self._refuse(text("The dice game needs no cards: take the card off the reader"), event.seat)
            case CardLifted():
                self.on_reader.pop(event.seat, None)
            case _:
                self._not_now(event)

    def _not_now(self, event: object) -> None:
        """The inputs that mean nothing in this game: the hub's and the card game's (the lobby's are refused as in
        every game: table.core.flow.GameOn)."""
        match event:
            case LinkLost(reason):
                self.link_lost = reason  # kept for the table (the lobby after this game); the dice need no readers
            case LinkRestored():
                self.link_lost = None
            case ReaderDown(seat, reason) if seat in range(self.seats):
                self.readers_down[seat] = reason
            case ReaderUp(seat):
                self.readers_down.pop(seat, None)
            case DealtCards():
                pass  # dice drawn need no confirming
            case CardEntered():  # the dice game's own words: what the operator enters here is a missed die
                self._refuse(text("The dice game needs no cards: a missed die is entered from the bar"), event.seat)
            case _:
                self._unknown_input(event)

    # --- The tray is the table's (table.core.table_state) ----------------------------------------------------------

    @property
    def tray(self) -> dict[int, DieLanded | DieMoved]:
        return self.table.tray

    @property
    def camera_lost(self) -> str | None:
        return self.table.camera_lost

    @camera_lost.setter
    def camera_lost(self, reason: str | None) -> None:
        self.table.camera_lost = reason

    @property
    def tray_blocked(self) -> bool:
        return self.table.tray_blocked

    @tray_blocked.setter
    def tray_blocked(self, blocked: bool) -> None:
        self.table.tray_blocked = blocked

    # --- Rounds, bids and the countdown ---------------------------------------------------------------------

    def _start_round(self, number: int) -> None:
        game = self.state
        if game.tricks:
            bids = tuple(sorted(game.bids.items()))
            game.past.append(PlayedRound(game.round, game.start, bids, tuple(game.tricks)))
        game.round = number
        game.start = self.players[skd.start_player(number, len(self.players))]
        game.leader = game.start
        game.phase = Phase.BIDDING
        game.tentative = dict.fromkeys(self.players, 0)
        game.bids = {}
        game.throws = {}
        game.twins_for = None
        game.tricks = []

    def _choose_bid(self, seat: int, value: int) -> None:
        if not self._player(seat):
            return
        if self.state.phase is not Phase.BIDDING:
            self._refuse(text("Bids are made after the dice are drawn, before the first throw"), seat)
        elif seat in self.state.bids:
            self._refuse(text("{name} has locked a bid already", name=self._name(seat)), seat)
        elif self._bid_in_range(seat, value):
            self._lock_bid(seat, value)

    def _correct_bid(self, seat: int, value: int) -> None:
        if not self._player(seat):
            return
        game = self.state
        if game.phase not in (Phase.PLAYING, Phase.LIFTING) or len(game.tricks) == game.round:
            self._refuse(text("A bid is corrected after the reveal, before the round is scored"), seat)
            return
        self._change_bid(seat, value)

    # --- Dice in the tray -------------------------------------------------------------------------------------

    def _die_landed(self, event: DieLanded) -> None:
        self.tray[event.order] = event
        game = self.state
        if game.phase in (Phase.BIDDING, Phase.COUNTDOWN):
            self._refuse(text("No throwing before the bids are revealed: take that die out of the tray"))
            return
        if game.phase is Phase.LIFTING:
            self._refuse(text("Empty the tray before the next trick: take that die out too"))
            return
        if game.phase is Phase.GAME_OVER:
            self._refuse(text("The game is over: start a new game on the screen"))
            return
        seat = self._acting_seat()
        assert seat is not None
        thrown = game.throws.get(seat)
        if thrown is not None and thrown.order is not None:
            self._refuse(
                text("{name}'s die already lies in the tray: take the extra die out", name=self._name(seat)), seat
            )
        elif game.twins_for is not None:
            if game.twins_for != seat or event.together < 2:
                self._refuse(text("Take the extra dice out of the tray first"), seat)
        elif event.together > 1:
            game.twins_for = seat
            self._refuse(text("Two dice landed at once for {name}: take one out", name=self._name(seat)), seat)
        else:
            self._credit(seat, ThrownDie(seat, event.kind, event.face, event.confidence, event.order))

    def _credit(self, seat: int, die: ThrownDie, said: Text | None = None) -> None:
        """`die` is `seat`'s throw now: accepted if the read is sure (or `said` by the operator), else in doubt
        until its thrower confirms."""
        self._checkpoint(text("{name}'s die", name=self._name(seat)))
        if not self.state.throws:
            self._next_unit_started()  # the first die of a trick: the last trick's why line goes
        doubt = None if said is not None else self._doubt(die)
        self.state.throws[seat] = dataclasses.replace(die, doubt=doubt)
        if said is not None:
            self._say(said, seat)
        if doubt is not None:
            self._refuse(doubt, seat)  # not a refusal, but the thrower must notice: the same message, light, sound
        else:
            self._after_throw()

    def _doubt(self, die: ThrownDie) -> Text | None:
        name, read = self._name(die.seat), die_text(die.kind, die.face)
        if die.face is None and self._unsure(die.order):
            return not_sure(name)
        if die.face is None or not self._possible_face(die.kind, die.face):
            return text("The table cannot read {name}'s die: lift it and throw it again", name=name)
        if not self._fits_the_bag(die):
            count = self.bag.counts.get(die.kind, 0)
            return plural(
                "{name}'s die reads {die}, but the bag holds only {count} such die: lift it and throw it again",
                "{name}'s die reads {die}, but the bag holds only {count} such dice: lift it and throw it again",
                count,
                name=name,
                die=read,
                count=count,
            )
        if die.confidence < self.min_confidence:
            return text(
                "Is {name}'s die {die}? Hold your button to confirm, or lift it and throw it again", name=name, die=read
            )
        return None

    def _unsure(self, order: int | None) -> bool:
        """The camera's frames disagreed about the die lying there (it says "not sure" rather than guess)."""
        landed = self.tray.get(order) if order is not None else None
        return landed is not None and landed.unsure

    def _possible_face(self, kind: str, face: str) -> bool:
        return kind in self.bag.faces and self.bag.can_show(kind, face)

    def _fits_the_bag(self, die: ThrownDie) -> bool:
        """No more dice of a kind thrown this round than the bag holds (r dice each, all from one bag)."""
        game = self.state
        thrown = [d for trick in game.tricks for d in trick.dice]
        thrown += [d for seat, d in game.throws.items() if seat != die.seat]
        kinds = Counter(d.kind for d in thrown)
        return kinds[die.kind] + 1 <= self.bag.counts.get(die.kind, 0)

    def _acceptable(self, die: ThrownDie) -> bool:
        return die.face is not None and self._possible_face(die.kind, die.face) and self._fits_the_bag(die)

    def _die_moved(self, event: DieMoved) -> None:
        if event.order not in self.tray:
            return  # a die the table never saw land (it settled while the table was down): nothing to re-read
        self.tray[event.order] = event
        game = self.state
        owner = next((d for d in game.throws.values() if d.order == event.order), None)
        if game.phase is not Phase.PLAYING or owner is None or (owner.kind, owner.face) == (event.kind, event.face):
            return  # a loose die, a judged trick's die, or a die pushed aside: its read stands
        was, now = die_text(owner.kind, owner.face), die_text(event.kind, event.face)
        doubt = text(
            "{name}'s die was knocked: it read {was}, now {now}. Hold to accept {now}, or lift it and throw it again",
            name=self._name(owner.seat),
            was=was,
            now=now,
        )
        if event.unsure:
            doubt = not_sure(self._name(owner.seat))
        moved = ThrownDie(owner.seat, event.kind, event.face, event.confidence, event.order, doubt)
        game.throws[owner.seat] = moved
        self._refuse(doubt, owner.seat)

    def _die_taken_out(self, order: int) -> None:
        if self.tray.pop(order, None) is None:
            return  # never seen, or gone already
        game = self.state
        if game.phase is Phase.PLAYING:
            owner = next((d for d in game.throws.values() if d.order == order), None)
            if owner is not None and owner.doubt is None:
                doubt = text(
                    "{name}'s die was taken out before the trick was judged: hold to keep {die}, or throw it again",
                    name=self._name(owner.seat),
                    die=die_text(owner.kind, owner.face),
                )
                game.throws[owner.seat] = dataclasses.replace(owner, order=None, doubt=doubt)
                self._refuse(doubt, owner.seat)
            elif owner is not None:
                game.throws[owner.seat] = dataclasses.replace(owner, order=None)  # lifted to be thrown again
            elif game.twins_for is not None:
                self._twin_taken_out(game.twins_for)
        self._after_tray_change()

    def _twin_taken_out(self, seat: int) -> None:
        """One of two dice that landed together is out: the one left is the thrower's, to confirm."""
        loose = self._loose()
        if len(loose) > 1:
            return
        self.state.twins_for = None
        if not loose:
            return
        order, die = loose[0]
        self._checkpoint(text("{name}'s die", name=self._name(seat)))
        doubt = text(
            "Is {die} {name}'s die? Hold your button to confirm",
            die=die_text(die.kind, die.face),
            name=self._name(seat),
        )
        if die.face is None:
            doubt = text("The table cannot read {name}'s die: lift it and throw it again", name=self._name(seat))
        if die.face is None and die.unsure:
            doubt = not_sure(self._name(seat))
        self.state.throws[seat] = ThrownDie(seat, die.kind, die.face, die.confidence, order, doubt)
        self._say(doubt, seat)

    def _tray_emptied(self) -> None:
        self.tray.clear()
        game = self.state
        game.twins_for = None
        for seat, die in list(game.throws.items()):
            game.throws[seat] = dataclasses.replace(die, order=None)
        self._say(text("The operator says the tray is empty"))
        self._after_tray_change()

    def _after_tray_change(self) -> None:
        """An empty tray after a judged trick: the next trick, or the next round."""
        game = self.state
        if game.phase is not Phase.LIFTING or self.tray:
            return
        if len(game.tricks) == game.round:
            self._start_round(game.round + 1)
        else:
            game.phase = Phase.PLAYING
            game.leader = game.tricks[-1].winner

    # --- Seat buttons -----------------------------------------------------------------------------------------

    def _press(self, seat: int, key: str) -> None:
        if not self._known_button(seat, key):
            return
        game = self.state
        if seat not in self.players:
            self._refuse(text("{name} has not joined this game", name=self._name(seat)), seat)
        elif game.phase in (Phase.BIDDING, Phase.COUNTDOWN):
            self._bid_press(seat, key)
        elif game.phase is Phase.PLAYING:
            self._throw_button(seat, key)
        elif game.phase is Phase.LIFTING:
            self._refuse(text("Take every die out of the tray first"), seat)
        else:
            self._refuse(text("The game is over: start a new game on the screen"), seat)

    def _throw_button(self, seat: int, key: str) -> None:
        die = self.state.throws.get(seat)
        acting = self._acting_seat()
        assert acting is not None
        if die is None or die.doubt is None:
            self._refuse(text("No button now: {name} throws a die", name=self._name(acting)), seat)
        elif key not in (HOLD, OK):
            self._refuse(text("Hold your button to accept the read, or lift the die and throw it again"), seat)
        elif not self._acceptable(die):
            self._refuse(text("This read cannot be right: throw the die again, or the operator corrects it"), seat)
        else:
            self._checkpoint(text("{name} accepting the read", name=self._name(seat)))
            self.state.throws[seat] = dataclasses.replace(die, doubt=None)
            self._after_throw()

    # --- The operator's corrections ---------------------------------------------------------------------------

    def _correct_die(self, seat: int, kind: str, face: str) -> None:
        if not self._player(seat):
            return
        try:
            die = skd.parse_die(f"{kind}:{face}")
        except skd.DiceError:
            self._refuse(text("A {kind} die cannot show {face}", kind=KIND_NAMES.get(kind, verbatim(kind)), face=face))
            return
        game = self.state
        if game.phase is Phase.PLAYING:
            self._correct_throw(seat, die)
        elif game.phase in (Phase.LIFTING, Phase.GAME_OVER) and self._judged_on_view() is not None:
            self._correct_judged(seat, die)
        else:
            self._refuse(text("There is no die to correct now"), seat)

    def _correct_throw(self, seat: int, die: skd.Die) -> None:
        game = self.state
        thrown = game.throws.get(seat)
        if thrown is None and seat != self._acting_seat():
            acting = self._acting_seat()
            assert acting is not None
            self._refuse(text("{name} has not thrown yet; it is {acting}'s turn", name=self._name(seat),
                              acting=self._name(acting)), seat)  # fmt: skip
            return
        order = thrown.order if thrown is not None else None
        corrected = ThrownDie(seat, die.kind, die.face, 1.0, order)
        if not self._fits_the_bag(corrected):
            self._refuse(text("The bag holds no more {kind} dice this round", kind=KIND_NAMES[die.kind]), seat)
            return
        if thrown is None:
            game.twins_for = None  # the operator entered the die: dice landed together are extra ones
        self._credit(
            seat, corrected, text("{name}'s die is {die}", name=self._name(seat), die=die_text(die.kind, die.face))
        )

    def _correct_judged(self, seat: int, die: skd.Die) -> None:
        game = self.state
        judged = self._judged_on_view()
        assert judged is not None
        old = next((d for d in judged.dice if d.seat == seat), None)
        if old is None:
            self._refuse(text("{name} threw no die in this trick", name=self._name(seat)), seat)
            return
        dice = tuple(dataclasses.replace(d, kind=die.kind, face=die.face, confidence=1.0) if d is old else d
                     for d in judged.dice)  # fmt: skip
        self._checkpoint(text("the correction of {name}'s die", name=self._name(seat)))
        rejudged = self._judge_dice(judged.leader, dice)
        if game.tricks and game.tricks[-1] is judged:
            game.tricks[-1] = rejudged
            self._judged_trick(game.round, len(game.tricks), rejudged)
        else:
            last = game.past[-1]
            game.past[-1] = dataclasses.replace(last, tricks=(*last.tricks[:-1], rejudged))
            self._judged_trick(last.number, len(last.tricks), rejudged)
        self._say(
            text(
                "{name}'s die is {die}: {winner} wins the trick",
                name=self._name(seat),
                die=die_text(die.kind, die.face),
                winner=self._name(rejudged.winner),
            ),
            seat,
        )

    # --- Judging and scoring ------------------------------------------------------------------------------------

    def _turn_order(self, leader: int) -> list[int]:
        start = self.players.index(leader)
        return self.players[start:] + self.players[:start]

    def _after_throw(self) -> None:
        game = self.state
        order = self._turn_order(game.leader)
        if any(seat not in game.throws or game.throws[seat].doubt is not None for seat in order):
            return
        revokes_before = len(self._revokes())
        judged = self._judge_dice(game.leader, tuple(game.throws[seat] for seat in order))
        game.tricks.append(judged)
        game.throws = {}
        game.phase = Phase.LIFTING
        self._judged_trick(game.round, len(game.tricks), judged)
        self._effects.append(Sound("trick_won"))
        bonus = text(" (bonus {bonus} if the bid is met)", bonus=judged.bonus) if judged.bonus else verbatim("")
        self._say(text("{name} wins the trick{bonus}", name=self._name(judged.winner), bonus=bonus), judged.winner)
        for revoke in self._revokes()[revokes_before:]:
            self._say(revoke.text, revoke.seat, error=True)
        if len(game.tricks) == game.round:
            self._effects.append(RoundOver(game.round))
            if game.round == self.rounds:
                game.phase = Phase.GAME_OVER
                self._game_over()
                return
            self._effects.append(Sound("round_over"))
        self._after_tray_change()

    def _judged_trick(self, round_number: int, number: int, judged: JudgedTrick) -> None:
        """Trick `number` of round `round_number` is judged (again, after a correction): say why."""
        rolled = [skd.Die(d.kind, d.face) for d in judged.dice if d.face is not None]
        why = why_dice(skd.explain(rolled), self._name(judged.winner))
        plays = [JudgedPlay(d.seat, self._name(d.seat), die_text(d.kind, d.face)) for d in judged.dice]
        heading = text("Trick {number} of round {round}", number=number, round=round_number)
        self._judged((round_number, number), judged.winner, why, (text("Last trick"), heading), plays)

    def _judge_dice(self, leader: int, dice: tuple[ThrownDie, ...]) -> JudgedTrick:
        rolled = [skd.Die(d.kind, d.face) for d in dice if d.face is not None]
        position = skd.trick_winner(rolled)
        return JudgedTrick(leader, dice, dice[position].seat, skd.trick_bonus(rolled))

    def _played_rounds(self) -> list[PlayedRound]:
        """The rounds whose every trick is judged, the current one included once it is."""
        game = self.state
        rounds = list(game.past)
        if game.tricks and len(game.tricks) == game.round:
            rounds.append(PlayedRound(game.round, game.start, tuple(sorted(game.bids.items())), tuple(game.tricks)))
        return rounds

    def _score_pad(self) -> list[ScoreRow]:
        totals = dict.fromkeys(self.players, 0)
        rows = []
        for played in self._played_rounds():
            bids = dict(played.bids)
            cells = []
            for seat in self.players:
                won = sum(trick.winner == seat for trick in played.tricks)
                bonus = sum(trick.bonus for trick in played.tricks if trick.winner == seat)
                points = skd.round_score(bids[seat], won, played.number, bonus, self.scoring)
                totals[seat] += points
                shown_bonus = bonus if self.scoring == skd.STANDARD else 0
                cells.append(ScoreCell(bids[seat], won, shown_bonus, points, totals[seat]))
            rows.append(ScoreRow(played.number, played.start, tuple(cells)))
        return rows

    def _totals(self) -> dict[int, int]:
        pad = self._score_pad()
        if not pad:
            return dict.fromkeys(self.players, 0)
        return {seat: cell.total for seat, cell in zip(self.players, pad[-1].cells, strict=True)}

    def _revokes(self) -> list[DiceRevokeView]:
        """The revokes the judged tricks of this round prove (the rules core's find_revokes)."""
        game = self.state
        tricks = [
            skd.Trick(
                self.players.index(trick.leader),
                tuple(skd.Die(d.kind, d.face) for d in trick.dice if d.face is not None),
            )
            for trick in game.tricks
        ]
        views = []
        for revoke in skd.find_revokes(tricks):
            seat = self.players[revoke.seat]
            said = text(
                "Revoke: {name} did not follow {colour} in trick {trick}, then threw {colour} in trick {shown}",
                name=self._name(seat),
                colour=KIND_NAMES[revoke.suit],
                trick=revoke.trick + 1,
                shown=revoke.shown + 1,
            )
            views.append(DiceRevokeView(seat, revoke.suit, revoke.trick + 1, revoke.shown + 1, said))
        return views

    # --- Undo, messages and lights (table.core.flow) ---------------------------------------------------------------

    def _after_undo(self) -> None:
        for seat, die in list(self.state.throws.items()):  # what lies in the tray now is what counts
            if die.order is not None and die.order not in self.tray:
                self.state.throws[seat] = dataclasses.replace(die, order=None)
        self._after_tray_change()

    # --- Small answers ----------------------------------------------------------------------------------------------

    def _playing_seats(self) -> Sequence[int]:
        return self.players

    def _bid_round(self) -> int:
        return self.state.round

    def _trick_winner(self) -> int:
        return self.state.tricks[-1].winner

    def _player(self, seat: int) -> bool:
        if not self._seat_exists(seat):
            return False
        if seat not in self.players:
            self._refuse(text("{name} is not in this game", name=self._name(seat)), seat)
            return False
        return True

    def _acting_seat(self) -> int | None:
        """While throwing: the first seat in turn order whose die is not in, or is in doubt."""
        game = self.state
        if game.phase is not Phase.PLAYING:
            return None
        for seat in self._turn_order(game.leader):
            die = game.throws.get(seat)
            if die is None or die.doubt is not None:
                return seat
        return None

    def _loose(self) -> list[tuple[int, DieLanded | DieMoved]]:
        """Dice in the tray that are nobody's throw in the trick on view."""
        owned = {d.order for d in self.state.throws.values()}
        if self.state.phase in (Phase.LIFTING, Phase.GAME_OVER) and (judged := self._judged_on_view()) is not None:
            owned |= {d.order for d in judged.dice}
        return [(order, die) for order, die in sorted(self.tray.items()) if order not in owned]

    def _judged_on_view(self) -> JudgedTrick | None:
        """The judged trick still on view: while the tray is emptied, and at the end of the game."""
        game = self.state
        if game.phase not in (Phase.LIFTING, Phase.GAME_OVER):
            return None
        if game.tricks:
            return game.tricks[-1]
        return game.past[-1].tricks[-1] if game.past else None

    # --- The screen model -------------------------------------------------------------------------------------------

    def screen(self) -> DiceScreen:
        game = self.state
        pad = self._score_pad()
        totals = dict(zip(self.players, (cell.total for cell in pad[-1].cells), strict=True)) if pad else {}
        return DiceScreen(
            phase=game.phase,
            round=game.round,
            rounds=self.rounds,
            title=self._title(),
            prompt=self._prompt(),
            seats=tuple(self._seat_view(seat, totals.get(seat, 0)) for seat in range(self.seats)),
            players=tuple(self.players),
            trick=self._trick_view(),
            loose=tuple(LooseDie(order, die.kind, die.face) for order, die in self._loose()),
            score_pad=tuple(pad),
            ranking=tuple(self._ranking()) if game.phase is Phase.GAME_OVER else (),
            revokes=tuple(self._revokes()),
            messages=tuple(self.notes),
            camera_lost=self.camera_lost,
            tray_blocked=self.tray_blocked,
            undo=self._undo_question(),
            scoring=self.scoring,
            kinds=self._die_kinds(),
            language=self.language,
            **self._why_fields(),
        )

    def _seat_view(self, seat: int, total: int) -> SeatView:
        game = self.state
        playing = seat in self.players
        revealed = game.phase in (Phase.PLAYING, Phase.LIFTING, Phase.GAME_OVER)
        won = sum(trick.winner == seat for trick in game.tricks)
        return SeatView(
            seat=seat,
            name=str(self._name(seat)),
            joined=playing,
            reader_ok=True,
            dealer=playing and game.start == seat,
            acting=seat == self._acting_seat(),
            bid_locked=playing and seat in game.bids,
            bid=game.bids.get(seat) if playing and revealed else None,
            won=won if playing else 0,
            total=total,
            label=self._name(seat),
        )

    def _trick_view(self) -> DiceTrickView | None:
        game = self.state
        if game.phase is Phase.PLAYING:
            order = self._turn_order(game.leader)
            dice = tuple(game.throws[seat] for seat in order if seat in game.throws)
            number = len(game.tricks) + 1
            lead = skd.lead_colour([skd.Die(d.kind, d.face) for d in dice if d.face is not None and d.doubt is None])
            return DiceTrickView(number, game.leader, dice, lead, None, 0, _said(dice))
        judged = self._judged_on_view()
        if judged is None:
            return None
        number = len(game.tricks) if game.tricks else game.past[-1].number
        lead = skd.lead_colour([skd.Die(d.kind, d.face) for d in judged.dice if d.face is not None])
        return DiceTrickView(number, judged.leader, judged.dice, lead, judged.winner, judged.bonus, _said(judged.dice))

    def _die_kinds(self) -> tuple[DieKind, ...]:
        """Each kind of die in this printing, named, with its faces in the order the operator's bar offers them."""
        kinds = []
        for kind, printed in self.bag.faces.items():
            faces = set(printed)
            numerals = sorted((face for face in faces if face.isdigit()), key=int, reverse=True)
            ordered = numerals + [face for face in (skd.SKULL, skd.FLAG) if face in faces]
            said = tuple(DieFace(face, die_text(kind, face)) for face in ordered)
            kinds.append(DieKind(kind, KIND_NAMES.get(kind, verbatim(kind)), said))
        return tuple(kinds)

    def _title(self) -> Text:
        game = self.state
        if game.phase is Phase.GAME_OVER:
            return text("Skull King dice: game over")
        return text(
            "Round {round} of {rounds}: {name} starts",
            round=game.round,
            rounds=self.rounds,
            name=self._name(game.start),
        )

    def _prompt(self) -> Text:
        if self.camera_lost is not None:
            return text("The camera gives no picture: the game waits until it is back")
        if self.tray_blocked:
            return text("Something covers the tray: the table waits until it can see the dice")
        game = self.state
        match game.phase:
            case Phase.BIDDING:
                waiting = and_list([str(self._name(seat)) for seat in self.players if seat not in game.bids])
                return plural(
                    "Draw {round} die from the bag, then bid: tap to count, hold to lock. Waiting for {names}",
                    "Draw {round} dice from the bag, then bid: tap to count, hold to lock. Waiting for {names}",
                    game.round,
                    round=game.round,
                    names=waiting,
                )
            case Phase.COUNTDOWN:
                return text("Every bid is in: YO-HO-HO!")
            case Phase.PLAYING:
                acting = self._acting_seat()
                assert acting is not None
                die = game.throws.get(acting)
                if die is not None and die.doubt is not None:
                    return die.doubt
                if game.twins_for is not None:
                    return text("Two dice landed at once for {name}: take one out", name=self._name(acting))
                if self._loose():
                    return text("Take the extra die out of the tray; then {name} throws", name=self._name(acting))
                return text("{name}: throw a die", name=self._name(acting))
            case Phase.LIFTING:
                judged = game.tricks[-1]
                if len(game.tricks) == game.round:
                    return text(
                        "{name} wins the trick. Round {round} is scored. Take the dice out of the tray",
                        name=self._name(judged.winner),
                        round=game.round,
                    )
                return text("{name} wins the trick. Take the dice out of the tray", name=self._name(judged.winner))
            case _:
                return self._won_the_game()
