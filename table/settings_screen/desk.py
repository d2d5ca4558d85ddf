"""The app's side of the settings screen: it opens and closes it, carries out its requests (writing config.toml
through table.operator_settings) and makes what can take effect at once do so.

At once: the language (the table's ChooseLanguage, logged as the lobby's chip is), the sound (a new player), the
game offered first (chosen in the lobby now, so the next game is it) and the PIN (the operator's role checks the
new one from now on). At the next start: the venue's address and the table's name (the publisher connects when the
table starts), and the screen says so.

Every request is the operator's: the app hands it here only while the operator is unlocked (table.operator). The
screen is shown instead of the lobby while it is open, and closes by itself when the operator's unlock ends, so a
player never finds it open.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from table.config import Config
from table.core import inputs
from table.core.frame import Phase
from table.core.text import Text, text
from table.display.sounds import SoundPlayer
from table.lobby.model import GameChoice
from table.operator import OperatorRole
from table.operator_settings import (
    WRONG_OLD_PIN,
    ChangePin,
    ChangeSetting,
    CloseSettings,
    ConfigFile,
    OpenSettings,
    Refused,
)
from table.settings_screen.model import SettingsScreen

if TYPE_CHECKING:
    from table.core.catalog import GameEntry

log = logging.getLogger(__name__)

ONLY_IN_THE_LOBBY = text("The settings are changed in the lobby, between games")
TOO_MANY_PINS = text("Too many wrong PINs: try again in a minute")


class Shell(Protocol):
    """What the desk uses of the app (table.app.TableApp)."""

    sound: SoundPlayer
    operator: OperatorRole | None

    def submit(self, event: Any) -> None: ...
    def _say(self, said: Text, error: bool = False, lasting: bool = False) -> None: ...


class SettingsDesk:
    def __init__(self, file: ConfigFile, config: Config, games: Sequence[GameEntry]) -> None:
        self.file, self.config = file, config
        self.games = tuple(GameChoice(entry.key, entry.name, entry.short_name) for entry in games)
        self.showing = False

    def handle(self, request: Any, shell: Shell, base: Any) -> None:
        """A request of the settings screen, allowed by the operator's lock; `base`: the session's screen now."""
        match request:
            case OpenSettings():
                if getattr(base, "phase", None) is Phase.LOBBY:
                    self.showing = True
                    log.info("settings: opened")
                else:
                    shell._say(ONLY_IN_THE_LOBBY, error=True)
            case CloseSettings():
                self.showing = False
            case ChangeSetting(name, value) if self.showing:
                self._change(name, value, shell)
            case ChangePin(old, new, again) if self.showing:
                self._change_pin(old, new, again, shell)
            case _:
                shell._say(text("Open the settings from the lobby first"), error=True)

    def screen(self, base: Any, operator_may: bool) -> Any:
        """The settings screen while it is open (in the table's language), else `base` (the lobby's with its
        Settings button while the operator may use it); it closes when the operator's unlock has ended
        (`operator_may` False) or the table has left the lobby."""
        if self.showing and (not operator_may or getattr(base, "phase", None) is not Phase.LOBBY):
            self.showing = False
            log.info("settings: closed (the operator's unlock ended)")
        if not self.showing:
            offered = hasattr(base, "settings") and base.settings != operator_may
            return dataclasses.replace(base, settings=operator_may) if offered else base
        venue = self.config.venue
        return SettingsScreen(
            game=self.config.game,
            games=self.games,
            language=getattr(base, "language", self.config.language),
            sound=self.config.sound,
            venue_broker=venue.broker if venue else None,
            venue_table=venue.table if venue else None,
            has_pin=bool(self.config.operator.pin_hash),
            link_lost=getattr(base, "link_lost", None),
        )

    def _change(self, name: str, value: str | bool, shell: Shell) -> None:
        done = self.file.change(name, value)
        if isinstance(done, Refused):
            shell._say(done.said, error=True)
            return
        self.config = done.config
        if name == "language":  # (the lobby's chip may have chosen another meanwhile: said again either way)
            shell.submit(inputs.ChooseLanguage(done.config.language))
        elif name == "game":
            shell.submit(inputs.ChooseGame(done.config.game))  # the lobby's choice: the next game
        elif name == "sound" and done.config.sound != shell.sound.enabled:
            shell.sound = SoundPlayer(done.config.sound)
        shell._say(done.said)  # after the input: the app clears its word at each input

    def _change_pin(self, old: str, new: str, again: str, shell: Shell) -> None:
        role = shell.operator
        if role is not None and role.settings.pin_hash and not role.pin(old):  # counted as any wrong PIN
            shell._say(TOO_MANY_PINS if role.locked_out() else WRONG_OLD_PIN, error=True)
            return
        done = self.file.change_pin(new, again)
        if isinstance(done, Refused):
            shell._say(done.said, error=True)
            return
        self.config = dataclasses.replace(self.config, operator=done.config.operator)
        if role is not None:
            had_pin = bool(role.settings.pin_hash)
            role.settings = dataclasses.replace(role.settings, pin_hash=done.config.operator.pin_hash, plain_pin=False)
            if not had_pin:  # a table's first PIN: the operator who set it stays in (else the screen would lock now)
                role.pin(new)
        log.info("operator: the PIN was changed on the settings screen")
        shell._say(done.said)
