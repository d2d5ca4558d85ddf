"""The operator role: actions that change results or the table need the operator, not any player.

A player acts at their own seat (the reader, the seat's buttons) and that stays open. What the touchscreen and
keyboard offer beyond starting the game (undo, corrections, new game, switching game or language, joining,
leaving or naming seats, choices for a seat, quitting) is the operator's: unlocked by an operator badge laid on
any reader, or by the PIN typed on the screen. Both are set at install, in the config's `[operator]` section
(hardware/pi/install.sh makes a PIN; the config keeps only its hash: table.operator_pin). A table configured with
neither has no lock.

An unlock ends at the first of: `minutes` after it, `idle_minutes` without an operator action, or the Lock button
on the bar (`OperatorLock`). The app logs each lock with its reason.

Every operator action goes into the log file with how it was authorised. Wrong PINs are counted: after
MAX_TRIES the PIN is refused for LOCKOUT seconds, and the count and the lockout outlive a restart
(table.operator_tries), so a PIN cannot be found by trying.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from table.core import inputs
from table.operator_pin import check_pin
from table.operator_tries import TriesFile

# What anyone may touch: starting, the deal, and the last trick shown again (it changes nothing).
OPEN_FROM_SCREEN: tuple[type, ...] = (inputs.StartGame, inputs.DealtCards, inputs.ShowLastTrick)
MAX_TRIES = 3
LOCKOUT = 60.0  # seconds
IDLE_MINUTES = 2  # the default of [operator] idle_minutes


@dataclass(frozen=True)
class OperatorPin:
    """The PIN typed on the scoreboard's pad: a request to the app to unlock the operator's actions (never a game
    input, never logged)."""

    pin: str


@dataclass(frozen=True)
class NewSticker:
    """The bar's: the blank or unknown sticker now on `seat`'s reader is card `code`. The app enrolls it in the
    deck and lays it again, so the game takes the card (never a game input itself; the card laid is logged). An
    operator's action, as every screen input but OPEN_FROM_SCREEN."""

    seat: int
    code: str


@dataclass(frozen=True)
class OperatorLock:
    """The bar's Lock button: the operator is done, lock now (never a game input)."""


@dataclass(frozen=True)
class OperatorSettings:
    pin_hash: str = ""  # the PIN's scrypt hash (table.operator_pin); "" : no PIN
    badges: tuple[str, ...] = ()  # UIDs of operator badges (upper-case hex)
    minutes: int = 5  # how long one unlock lasts at most
    idle_minutes: int = IDLE_MINUTES  # an unlock ends sooner after this long without an operator action
    plain_pin: bool = False  # the config held the PIN itself (`pin = "..."`): to be replaced by its hash

    @property
    def locked(self) -> bool:
        """False for a table with neither a PIN nor a badge: nothing to unlock with, so nothing is locked."""
        return bool(self.pin_hash or self.badges)


class OperatorRole:
    def __init__(self, settings: OperatorSettings, clock: Callable[[], float], tries: TriesFile | None = None) -> None:
        """`tries`: where the wrong-PIN count and the lockout are kept across restarts (None: in memory only)."""
        self.settings, self.clock, self.tries = settings, clock, tries
        self.until = float("-inf")  # the unlock's end, at the latest
        self.idle_until = float("-inf")  # its end unless the operator acts before
        self.how = ""  # how the operator was let in: "PIN" or "badge 04A224..."; "" while locked
        self.wrong = 0
        self.locked_out_until = float("-inf")
        self.problem: str | None = None  # why the kept count was not taken as it was (for the log)
        if tries is not None:
            kept = tries.read()
            self.wrong, self.problem = kept.wrong, kept.problem
            if kept.locked_for > 0:
                self.locked_out_until = clock() + kept.locked_for

    def unlocked(self) -> bool:
        return not self.settings.locked or self.clock() < min(self.until, self.idle_until)

    def may(self, event: object) -> bool:
        """May this input from the screen go to the game now?"""
        return isinstance(event, OPEN_FROM_SCREEN) or self.unlocked()

    def acted(self) -> None:
        """The operator did something: the idle lock starts counting again."""
        if self.unlocked():
            self.idle_until = self.clock() + 60 * self.settings.idle_minutes

    def is_badge(self, uid: str) -> bool:
        return uid.upper() in self.settings.badges

    def badge(self, uid: str) -> None:
        self._unlock(f"badge {uid.upper()}")

    def pin(self, typed: str) -> bool:
        """The PIN typed on the screen: True if it unlocks. Refused while locked out after too many wrong ones."""
        now = self.clock()
        if not self.settings.pin_hash or now < self.locked_out_until:
            return False
        if check_pin(typed, self.settings.pin_hash):
            self.wrong = 0
            self._keep()
            self._unlock("PIN")
            return True
        self.wrong += 1
        if self.wrong >= MAX_TRIES:
            self.wrong, self.locked_out_until = 0, now + LOCKOUT
        self._keep()
        return False

    def locked_out(self) -> bool:
        return self.clock() < self.locked_out_until

    def lock(self) -> bool:
        """The operator is done (the Lock button): lock again. True if it was unlocked."""
        was = self.settings.locked and self.unlocked()
        self.until = self.idle_until = float("-inf")
        self.how = ""
        return was

    def lapsed(self) -> str | None:
        """Why the unlock has just ended by itself (once; None otherwise): its minutes are over, or the operator was
        idle. Called by the app's loop, so each lock is logged."""
        if not self.how or self.unlocked():
            return None
        idle = self.idle_until < self.until  # (equal: the unlock's own minutes ended it)
        self.lock()
        if idle:
            return f"no operator action for {self.settings.idle_minutes} min"
        return f"the unlock's {self.settings.minutes} min are over"

    def authorised_by(self) -> str:
        return self.how if self.settings.locked else "no operator lock configured"

    def _unlock(self, how: str) -> None:
        now = self.clock()
        self.until, self.how = now + 60 * self.settings.minutes, how
        self.idle_until = now + 60 * self.settings.idle_minutes

    def _keep(self) -> None:
        if self.tries is not None:
            self.tries.write(self.wrong, max(0.0, self.locked_out_until - self.clock()))
