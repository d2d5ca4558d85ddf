"""The operator role: actions that change results or the table need the operator, not any player.

A player acts at their own seat (the reader, the seat's buttons) and that stays open. What the touchscreen and
keyboard offer beyond starting the game (undo, corrections, new game, switching game or language, joining,
leaving or naming seats, choices for a seat, quitting) is the operator's: unlocked for a few minutes by an
operator badge laid on any reader, or by the PIN typed on the screen. Both are set at install, in the config's
`[operator]` section (hardware/pi/install.sh writes a PIN). A table configured with neither has no lock.

Every operator action goes into the log file with how it was authorised. Wrong PINs are counted: after
MAX_TRIES the PIN is refused for LOCKOUT seconds, so a PIN cannot be found by trying.
"""

from __future__ import annotations

import hmac
import random
import re
from collections.abc import Callable
from dataclasses import dataclass

from table.core import inputs

# What anyone may touch: starting, the deal, and the last trick shown again (it changes nothing).
OPEN_FROM_SCREEN: tuple[type, ...] = (inputs.StartGame, inputs.DealtCards, inputs.ShowLastTrick)
MAX_TRIES = 3
LOCKOUT = 60.0  # seconds


@dataclass(frozen=True)
class OperatorPin:
    """The PIN typed on the scoreboard's pad: a request to the app to unlock the operator's actions (never a game
    input, never logged)."""

    pin: str


@dataclass(frozen=True)
class OperatorSettings:
    pin: str = ""  # 4 to 8 digits; "" : no PIN
    badges: tuple[str, ...] = ()  # UIDs of operator badges (upper-case hex)
    minutes: int = 5  # how long one unlock lasts

    @property
    def locked(self) -> bool:
        """False for a table with neither a PIN nor a badge: nothing to unlock with, so nothing is locked."""
        return bool(self.pin or self.badges)


class OperatorRole:
    def __init__(self, settings: OperatorSettings, clock: Callable[[], float]) -> None:
        self.settings, self.clock = settings, clock
        self.until = float("-inf")
        self.how = ""  # how the operator was let in: "PIN" or "badge 04A224..."
        self.wrong = 0
        self.locked_out_until = float("-inf")

    def unlocked(self) -> bool:
        return not self.settings.locked or self.clock() < self.until

    def may(self, event: object) -> bool:
        """May this input from the screen go to the game now?"""
        return isinstance(event, OPEN_FROM_SCREEN) or self.unlocked()

    def is_badge(self, uid: str) -> bool:
        return uid.upper() in self.settings.badges

    def badge(self, uid: str) -> None:
        self._unlock(f"badge {uid.upper()}")

    def pin(self, typed: str) -> bool:
        """The PIN typed on the screen: True if it unlocks. Refused while locked out after too many wrong ones."""
        now = self.clock()
        if not self.settings.pin or now < self.locked_out_until:
            return False
        if hmac.compare_digest(typed.encode(), self.settings.pin.encode()):
            self.wrong = 0
            self._unlock("PIN")
            return True
        self.wrong += 1
        if self.wrong >= MAX_TRIES:
            self.wrong, self.locked_out_until = 0, now + LOCKOUT
        return False

    def locked_out(self) -> bool:
        return self.clock() < self.locked_out_until

    def lock(self) -> None:
        """The operator is done (or the time ran out): lock again."""
        self.until = float("-inf")

    def authorised_by(self) -> str:
        return self.how if self.settings.locked else "no operator lock configured"

    def _unlock(self, how: str) -> None:
        self.until, self.how = self.clock() + 60 * self.settings.minutes, how


# --- `pirate-table operator --new-pin`: a PIN written into the config (install.sh calls it) -----------------------

PIN_LINE = re.compile(r'^pin\s*=\s*"(\d*)"[^\n]*$', re.MULTILINE)


def new_pin(config_text: str, rng: random.Random | None = None) -> tuple[str, str]:
    """A fresh six-digit PIN, and the config's text with it in the [operator] section (added if missing). The
    comments and every other setting stay as they were."""
    pin = f"{(rng or random.SystemRandom()).randrange(10**6):06d}"
    line = f'pin = "{pin}"          # the operator\'s PIN (pirate-table operator --new-pin makes another)'
    if "[operator]" not in config_text:
        return pin, config_text.rstrip("\n") + f"\n\n[operator]\n{line}\n"
    head, _, tail = config_text.partition("[operator]")
    section, bracket, rest = tail.partition("\n[")
    replaced = PIN_LINE.sub(lambda _: line, section, count=1)
    section = replaced if replaced != section else "\n" + line + section
    return pin, head + "[operator]" + section + bracket + rest


def has_pin(config_text: str) -> bool:
    _, _, tail = config_text.partition("[operator]")
    found = PIN_LINE.search(tail.partition("\n[")[0])
    return bool(found and found.group(1))
