"""What every game flow at the table does the same way, whatever the game: the shell around its rules.

`TableFlow` is the shell of every flow at the table; `GameOn` (below) is the one base of every game's flow, so the
table's inputs are taken, and the lobby's refused, in the same words in every game; the lobby (table.lobby.flow) is
the other `TableFlow`. The shell owns:

- `handle(event)`: dispatch the event (the game's `_dispatch`), then the YO-HO-HO countdown's effects (entering the
  countdown starts it; leaving it other than by its end, say by an undo, cancels it), then the seat lights;
  `resume_effects()` after a replay or a switch of game.
- Messages: `_say` adds a Message effect and a note on the screen (the last MESSAGES_SHOWN); `_refuse` answers a bad
  input: the message, a RED_BURST light at the seat concerned and the "error" sound, and the state left as it was.
- The seat lights: each LED's standing pattern (`_standing_light`), sent only when it changes.
- The operator's undo with confirm: `_checkpoint(action)` before an accepted action keeps the game as it was
  (UNDO_DEPTH actions back); Undo asks "Undo <action>?", ConfirmUndo restores it, CancelUndo drops the question.
- The inputs every flow takes alike (`_common_input`, before the game's `_dispatch`): names, the language and a
  player badge that names no one (refused, table.core.badges) here; the hub and the readers in `SeatReaders`; the
  lobby's inputs refused, NewGame and the start undone in `GameOn`.
- Names: a seat's player is the name given, else "Seat 3" in the table's language; the final ranking by totals.
- Why: `_judged` says a trick (or the game's own unit) is judged: the Judged effect, the why line the screen keeps
  until the next trick's first card (`_next_unit_started`), and the trick kept to be shown again on demand
  (ShowLastTrick, until the next input or the app's HideLastTrick). A game's state keeps these (`Judging`).

A game supplies its undoable state as `self.state` (with `phase` and `copy()`), the seats that play now
(`_playing_seats`), the seat the table waits for (`_acting_seat`) and the score totals (`_totals`). The table's own
facts (names, language, readers, the hub link, the tray: `table.core.table_state`) are shared by every flow, read
here through properties so a flow says `self.names` as before.

What a seat's LED shows while it waits (`_standing_light`) is the game's: this shell lights the lobby, the seat the
table waits for and the winners; a game with bids or tricks adds its phases (`SecretBids`, a trick's winner).
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable, Sequence
from typing import Any

from table.core.badges import BADGE_NAME_LENGTH, badge_name, is_badge
from table.core.effects import (
    LOBBY,
    CancelCountdown,
    Effect,
    Judged,
    LastTrickShown,
    LedPattern,
    Light,
    Message,
    Sound,
    StartCountdown,
    SwitchGame,
)
from table.core.frame import JudgedPlay, JudgedView, Note, Phase, Placing, PrivateView
from table.core.inputs import (
    KEYS,
    CancelUndo,
    CardEntered,
    CardLaid,
    ChooseGame,
    ChooseLanguage,
    ConfirmUndo,
    CountdownDone,
    HideLastTrick,
    JoinSeat,
    LeaveSeat,
    NewGame,
    SetName,
    ShowLastTrick,
    StartGame,
    Undo,
)
from table.core.table_state import TableState
from table.core.text import LANGUAGES, Text, and_list, plural, text, verbatim
from table.fonts import missing_glyphs

log = logging.getLogger(__name__)
COUNTDOWN_SECONDS = 3
MESSAGES_SHOWN = 5
UNDO_DEPTH = 100  # how many actions back the operator can go
NAME_LENGTH = BADGE_NAME_LENGTH  # one rule for typed names and badges; the screen fits (or shortens) them
LAST_TRICK_SECONDS = 8  # how long ShowLastTrick shows the last trick, unless an input comes first


@dataclasses.dataclass
class Judging:
    """What a game's undoable state keeps of its judging (a game's `_Game` derives from it): the last trick judged,
    and the why line on the screen (None once the next trick's first card is down). Undoing the trick's last card
    takes both back with it."""

    judged: JudgedView | None = None
    why: Text | None = None


def copy_state(state: Any, **changes: Any) -> Any:
    """A copy of a game's state (a dataclass) for the undo history: its lists, dicts and sets are copied, what they
    hold is not (cards, dice, score rows are immutable)."""
    copied = {
        item.name: type(value)(value)
        for item in dataclasses.fields(state)
        if isinstance(value := getattr(state, item.name), (list, dict, set))
    }
    return dataclasses.replace(state, **{**copied, **changes})


def ranking(totals: dict[int, int], name: Callable[[int], Text]) -> list[Placing]:
    """Seats by total, best first; equal totals share a place. `name(seat)` says a seat's player."""
    order = sorted(totals, key=lambda seat: (-totals[seat], seat))
    return [
        Placing(
            1 + sum(other > totals[seat] for other in totals.values()),
            seat,
            str(name(seat)),
            totals[seat],
            name(seat),
        )
        for seat in order
    ]


class TableFlow:
    """The shell of a game flow; a subclass sets `seats`, `game` and the state below in its constructor."""

    table: TableState  # the table's own facts, shared by every flow
    state: Any  # the undoable state of the game: has `phase` and `copy()`

    def _init_shell(self, table: TableState) -> None:
        self.table = table
        seats = table.seats
        # The operator's undo: (what the action was, the game before it), newest last.
        self.history: list[tuple[Text, Any]] = []
        self.undo_asked: Text | None = None
        self.notes: list[Note] = []
        self.shown = dict.fromkeys(range(seats), LedPattern.DARK)  # each LED's standing pattern, as last sent
        self.showing_last = False  # ShowLastTrick: the last trick is on the screen again, until the next input
        self._effects: list[Effect] = []

    # --- The table's facts, shared by every flow (table.core.table_state) ------------------------------------

    @property
    def seats(self) -> int:
        return self.table.seats

    @property
    def names(self) -> list[str | None]:
        return self.table.names

    @property
    def language(self) -> str:
        return self.table.language

    @language.setter
    def language(self, language: str) -> None:
        self.table.language = language

    @property
    def on_reader(self) -> dict[int, str]:
        return self.table.on_reader

    @property
    def readers_down(self) -> dict[int, str]:
        return self.table.readers_down

    @property
    def link_lost(self) -> str | None:
        return self.table.link_lost

    @link_lost.setter
    def link_lost(self, reason: str | None) -> None:
        self.table.link_lost = reason

    # --- What a game supplies -------------------------------------------------------------------------------------

    def _dispatch(self, event: object) -> None:
        raise NotImplementedError

    def _common_input(self, event: object) -> bool:
        """The inputs every flow takes the same way, before its own `_dispatch`: a seat's name and the table's
        language, at any time. Mixins add theirs (SeatReaders: the hub and the readers; GameOn: the lobby's inputs
        while a game is on). True: taken here."""
        match event:
            case SetName():
                if self._seat_exists(event.seat):
                    self._set_name(event.seat, event.name)
            case CardLaid() if is_badge(event.code) and badge_name(event.code or "") is None:
                self._badge_naming_no_one(event.seat, event.uid)
            case ChooseLanguage():
                self._choose_language(event.language)
            case _:
                return False
        return True

    def _playing_seats(self) -> Sequence[int]:
        """The seats in the game (in a lobby: the seats that joined), clockwise."""
        raise NotImplementedError

    def _acting_seat(self) -> int | None:
        raise NotImplementedError

    def _totals(self) -> dict[int, int]:
        raise NotImplementedError

    def _after_undo(self) -> None:
        """The game restored by an undo meets the table as it is now (cards lifted, dice taken out meanwhile)."""

    # --- The entry points -----------------------------------------------------------------------------------------

    def handle(self, event: Any) -> list[Effect]:
        """Apply one input event; returns what the world should do about it, in order."""
        self._effects = []
        before = self.state.phase
        self.showing_last = False  # any input hides the last trick shown again (ShowLastTrick shows it anew)
        match event:  # the operator's undo and the last trick shown again are the same in every game
            case ShowLastTrick():
                self._show_last()
            case HideLastTrick():
                pass  # hidden above; after another input it was hidden already
            case Undo():
                self._undo()
            case ConfirmUndo():
                self._confirm_undo()
            case CancelUndo():
                self._cancel_undo()
            case _:
                if not self._common_input(event):
                    self._dispatch(event)
        self._countdown_effects(before, event)
        self._update_lights()
        return self._effects

    def resume_effects(self) -> list[Effect]:
        """After a replay (whose effects the app dropped) or a switch of game: every seat's light, and the
        countdown if it was running."""
        effects: list[Effect] = [Light(seat, pattern) for seat, pattern in self.shown.items()]
        if self.state.phase is Phase.COUNTDOWN:
            effects.append(StartCountdown(COUNTDOWN_SECONDS))
        if self.showing_last:
            effects.append(LastTrickShown(LAST_TRICK_SECONDS))
        return effects

    def private(self, seat: int) -> PrivateView:
        """What only `seat`'s player may see now; a game with secrets adds them (SecretBids: the bid counted)."""
        return PrivateView(seat)

    def _countdown_effects(self, before: Phase, event: object) -> None:
        """Entering the countdown starts it; leaving it other than by its end (an undo, a new game) cancels it."""
        after = self.state.phase
        if after is Phase.COUNTDOWN and before is not Phase.COUNTDOWN:
            self._effects += [StartCountdown(COUNTDOWN_SECONDS), Sound("countdown")]
        elif before is Phase.COUNTDOWN and after is not Phase.COUNTDOWN and not isinstance(event, CountdownDone):
            self._effects.append(CancelCountdown())

    # --- Undo -----------------------------------------------------------------------------------------------------

    def reopen(self, undo_to: SwitchGame | None = None) -> None:
        """The table comes back to this flow (table.session): old messages and questions are gone, the lights
        are recomputed. `undo_to`: what an undo right now hands the table back to (the game a new game ended)."""
        self.notes, self.undo_asked, self.showing_last = [], None, False
        if undo_to is not None:
            self.history.append((text("the game before the new one"), undo_to))
        self._update_lights()
        self._effects = []

    def _checkpoint(self, action: Text) -> None:
        """An action is accepted: remember the game before it, so the operator can take it back."""
        self.history.append((action, self.state.copy()))
        del self.history[:-UNDO_DEPTH]
        self.undo_asked = None
        self.notes = []

    def _undo(self) -> None:
        if not self.history:
            self._refuse(text("Nothing to undo"))
            return
        self.undo_asked = self.history[-1][0]
        self._say(text("Undo {action}? Confirm or cancel on the screen", action=self.undo_asked))

    def _confirm_undo(self) -> None:
        if self.undo_asked is None:
            self._refuse(text("No undo was asked for"))
            return
        action, game = self.history.pop()
        self.undo_asked = None
        if isinstance(game, SwitchGame):  # the action was a switch of flow: the flow before takes the table back
            self._effects.append(game)
            return
        self.state = game
        self._after_undo()
        self.notes = []
        self._say(text("Undone: {action}", action=action))

    def _cancel_undo(self) -> None:
        if self.undo_asked is None:
            self._refuse(text("No undo was asked for"))
            return
        self.undo_asked = None
        self._say(text("Undo cancelled"))

    def _undo_question(self) -> Text | None:
        """What the screen asks while an undo waits for its confirmation."""
        return None if self.undo_asked is None else text("Undo {action}?", action=self.undo_asked)

    # --- Why: the trick judged, its why line, the last trick shown again ------------------------------------------

    def _judged(
        self,
        where: tuple[int, int],
        winner: int | None,
        why: Text,
        shown: tuple[Text, Text],
        plays: Sequence[JudgedPlay],
    ) -> None:
        """A trick (or the game's own unit) is judged: `where` is (round, number), `winner` the seat that took it
        (None: nobody), `why` the rulebook's reason in words, `shown` (the bar's name for it, which one it was) and
        `plays` what the last trick shows again. Emits the Judged effect once; the state keeps the rest."""
        self.state.judged = JudgedView(shown[0], shown[1], tuple(plays), winner, why)
        self.state.why = why
        self._effects.append(Judged(where[0], where[1], winner, why))

    def _next_unit_started(self) -> None:
        """The next trick's first card (die, play) is down: the why line of the last one leaves the screen."""
        self.state.why = None

    def _show_last(self) -> None:
        if getattr(self.state, "judged", None) is None:
            self._say(text("Nothing is judged yet: there is no last trick to show"))
            return
        self.showing_last = True
        self._effects.append(LastTrickShown(LAST_TRICK_SECONDS))

    def _why_fields(self) -> dict[str, Any]:
        """The screen model's why line, last trick and whether it is shown again (each game's screen has them)."""
        return {
            "why": getattr(self.state, "why", None),
            "judged": getattr(self.state, "judged", None),
            "showing_last": self.showing_last and getattr(self.state, "judged", None) is not None,
        }

    # --- Messages and lights --------------------------------------------------------------------------------------

    def _say(self, said: Text, seat: int | None = None, error: bool = False) -> None:
        self._effects.append(Message(said, seat))
        self.notes = [*self.notes, Note(said, seat, error)][-MESSAGES_SHOWN:]

    def _refuse(self, said: Text, seat: int | None = None) -> None:
        """A bad input (or a read its thrower must confirm): say why, flash RED_BURST at the seat, play the error
        sound, and change nothing."""
        self._say(said, seat, error=True)
        if seat is not None:
            self._effects.append(Light(seat, LedPattern.RED_BURST))
        self._effects.append(Sound("error"))

    def _standing_light(self, seat: int) -> LedPattern:
        """What `seat`'s LED shows while nothing happens there: steady once joined in the lobby, GREEN_BLINK for the
        seat the table waits for, GOLD_FLICKER for the winners at the end, else off. A game overrides it for its own
        phases (bids, a judged trick) and falls back on this."""
        if seat not in self._playing_seats():
            return LedPattern.DARK
        match self.state.phase:
            case Phase.LOBBY:
                return LedPattern.BLUE_STEADY  # steady: joined
            case Phase.GAME_OVER:
                first = any(placing.seat == seat and placing.place == 1 for placing in self._ranking())
                return LedPattern.GOLD_FLICKER if first else LedPattern.DARK
            case _:
                return LedPattern.GREEN_BLINK if seat == self._acting_seat() else LedPattern.DARK

    def _update_lights(self) -> None:
        for seat in range(self.seats):
            pattern = self._standing_light(seat)
            if pattern is not self.shown[seat]:
                self.shown[seat] = pattern
                self._effects.append(Light(seat, pattern))

    # --- Seats, names and the ranking -------------------------------------------------------------------------------

    def _known_button(self, seat: int, key: str) -> bool:
        """A seat button pressed: the seat is there and the key is one of KEYS (else refused)."""
        if not self._seat_exists(seat):
            return False
        if key not in KEYS:
            self._refuse(text("The table does not know the button '{key}'", key=key), seat)
            return False
        return True

    def _seat_exists(self, seat: int) -> bool:
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < self.seats:
            return True
        self._refuse(self._no_such_seat(seat))
        return False

    def _no_such_seat(self, seat: object) -> Text:
        return text("This table has seats 1 to {count}; there is no seat {seat}", count=self.seats, seat=repr(seat))

    def _choose_language(self, language: str) -> None:
        if language not in LANGUAGES:
            self._refuse(text("The table does not speak '{language}'", language=language))
        else:
            self.language = language

    def _set_name(self, seat: int, name: str, badge: bool = False) -> None:
        """`badge`: the name comes from a player badge (the same person at every table), not typed. A name with a
        letter the screen cannot draw (Chinese, say: empty boxes) is refused, and the seat keeps its name."""
        name = " ".join(name.split())[:NAME_LENGTH]
        missing = missing_glyphs(name)
        if missing:
            log.warning("seat %d: the name %r is refused, the screen cannot draw %s", seat + 1, name, missing)
            said = text(
                "{name}: the screen cannot draw every letter of that name; type it in Latin, Greek or Cyrillic letters",
                name=self._name(seat),
            )
            self._refuse(said, seat)
            return
        self.names[seat] = name or None
        self.table.name_from_badge[seat] = badge and bool(name)

    def _newly_laid(self, seat: int, uid: str) -> bool:
        """A tag laid on `seat`'s reader is noted there; False for a seat that does not exist (refused) and for the
        same tag reported again (answered once already)."""
        if not self._seat_exists(seat) or self.on_reader.get(seat) == uid:
            return False
        self.on_reader[seat] = uid
        return True

    def _badge_naming_no_one(self, seat: int, uid: str) -> None:
        """A player badge whose name is empty, too long or holds control characters: refused in every flow, the
        lobby's and every game's, and nothing changes but what the table knows lies on the reader."""
        if self._newly_laid(seat, uid):
            said = text(
                "{name}: this player badge names no one; write a name on it with pirate-table write-badge",
                name=self._name(seat),
            )
            self._refuse(said, seat)

    def _name(self, seat: int) -> Text:
        """The seat's player as the screen says it: the name given, else "Seat 3" in the table's language."""
        name = self.names[seat]
        return verbatim(name) if name is not None else text("Seat {number}", number=seat + 1)

    def _ranking(self) -> list[Placing]:
        return ranking(self._totals(), self._name)

    def _winners(self) -> tuple[int, Text]:
        """How many share the first place ("{winners} won" says "hat gewonnen" for one, "haben" for several), and
        their names. The labels as Texts: a seat without a name ("Seat 2") is said in the table's language."""
        first = [placing for placing in self._ranking() if placing.place == 1]
        return len(first), and_list([placing.label if placing.label is not None else placing.name for placing in first])

    def _game_over(self) -> None:
        """The last round is scored (the game's phase is GAME_OVER): the game-over sound, and who won."""
        count, names = self._winners()
        self._effects.append(Sound("game_over"))
        self._say(plural("Game over: {winners} won", "Game over: {winners} won", count, winners=names))

    def _won_the_game(self) -> Text:
        """The prompt once the game is over."""
        count, names = self._winners()
        return plural(
            "{winners} won the game. A new game starts from the screen",
            "{winners} won the game. A new game starts from the screen",
            count,
            winners=names,
        )


class GameOn(TableFlow):
    """The base of every game's flow: while a game is on, seats and the game are not chosen here (the lobby's inputs,
    a player badge among them, are refused with the way back), NewGame hands the table back to the lobby with the
    same players seated, and the first thing undo takes back is the start. Combine as
    `class Flow(SeatReaders, SecretBids, GameOn)`."""

    def _started(self) -> None:
        """The game has just begun its first round (its constructor says so): the first thing undo can take back
        is the start itself, back to the lobby as it was (another flow: the table hands back to it)."""
        self.history.append((text("the start of the game"), SwitchGame(LOBBY, tuple(self._playing_seats()), back=True)))

    def _unknown_input(self, event: object) -> None:
        """An input the game has no use for: refused in words, and nothing changes. A card entered by hand is the
        operator's answer to a card game's reader: a game that takes none says so."""
        if isinstance(event, CardEntered):
            self._refuse(text("This game takes no cards entered by hand"), event.seat)
        else:
            self._refuse(text("The table does not know the input {event}", event=repr(event)))

    def _common_input(self, event: object) -> bool:
        match event:
            case CardLaid() if is_badge(event.code) and badge_name(event.code or "") is not None:
                if self._newly_laid(event.seat, event.uid):
                    said = text(
                        "{name}: that is a player badge; badges name a seat in the lobby", name=self._name(event.seat)
                    )
                    self._refuse(said, event.seat)
            case JoinSeat():
                if self._seat_exists(event.seat):
                    self._refuse(text("Seats are taken in the lobby, before a game starts"), event.seat)
            case LeaveSeat():
                if self._seat_exists(event.seat):
                    said = text("{name} can leave only a seat taken in the lobby", name=self._name(event.seat))
                    self._refuse(said, event.seat)
            case StartGame():
                self._refuse(text("A game is on already; NewGame goes back to the lobby"))
            case ChooseGame():
                self._refuse(text("The game is chosen in the lobby; NewGame goes back to it"))
            case NewGame():
                self._effects.append(SwitchGame(LOBBY, tuple(self._playing_seats())))
            case _:
                return super()._common_input(event)
        return True
