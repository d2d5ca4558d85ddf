"""The table as the app sees it: its state (table.core.table_state), and the flow that has the table now, the
lobby or a game, handed on by the SwitchGame effect. It sits above the core, the lobby and the games' catalog, which
it puts together; nothing below it imports it.

`TableSession` is the one object the app feeds inputs to and replays the event log into. A switch builds the next
flow from the game catalog, also while replaying, so a table that switched games resumes in the right one; the
effects of the switch are the new flow's lights (and a cancelled countdown). The lobby stays while a game is on:
a new game, or undoing the start, goes back to it with the same players seated and its undo history.

A game is built with the settings it started with: `recorded` writes the config's settings of the chosen game into
the lobby's StartGame before the app logs it, and a StartGame carrying settings builds the game with those, so a
replay judges the past by the rules it was played by, whatever config.toml says now. A StartGame without them (a
log from before, a game without settings) builds with the config's, as before.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from typing import Any

from table.core import catalog
from table.core.effects import CancelCountdown, Effect, SwitchGame
from table.core.inputs import (
    TRAY_FACTS,
    CameraDown,
    CameraUp,
    DieLanded,
    DieMoved,
    DieTakenOut,
    StartGame,
    TrayCovered,
    TrayUncovered,
)
from table.core.table_state import TableState
from table.lobby.flow import LobbyFlow

log = logging.getLogger(__name__)


class TableSession:
    def __init__(
        self,
        seats: int,
        language: str = "en",
        first_game: str | None = None,
        config: Any = None,
        games: Sequence[catalog.GameEntry] | None = None,
    ) -> None:
        """`config`: the table's configuration (its games' settings), None for the defaults; `games`: the games the
        lobby offers (default: the whole catalog), `first_game` the one chosen at first (default: the first)."""
        self.games = tuple(games) if games is not None else catalog.games()
        self.config = config
        self.table = TableState(seats, language, first_game or self.games[0].key)
        self.lobby = LobbyFlow(self.table, self.games)  # kept while a game is on: undoing the start comes back to it
        self.flow: Any = self.lobby
        self.switched: list[SwitchGame] = []  # the switches of flow the last input made (the venue's game starts)
        self._starting: str | None = None  # the settings (JSON) of the StartGame being handled, None: the config's

    @property
    def game_key(self) -> str | None:
        """The game being played, None in the lobby."""
        return None if isinstance(self.flow, LobbyFlow) else self.table.chosen_game

    @property
    def chosen_game(self) -> str:
        return self.table.chosen_game

    @property
    def on_reader(self) -> dict[int, str]:
        return self.table.on_reader

    @property
    def tray(self) -> dict[int, Any]:
        return self.table.tray

    def recorded(self, event: Any) -> Any:
        """The input as the log is to keep it: the lobby's StartGame with the chosen game's settings written in (from
        the config now), any other input as it is."""
        if not isinstance(event, StartGame) or event.settings is not None or not isinstance(self.flow, LobbyFlow):
            return event
        entry = catalog.game(self.table.chosen_game)
        if entry.settings is None:
            return event  # nothing to record: the game has no settings
        settings = entry.settings.dump(self._configured(entry))
        return StartGame(settings=json.dumps({"game": entry.key, "settings": settings}, sort_keys=True))

    def handle(self, event: Any) -> list[Effect]:
        self.switched = []
        self._starting = event.settings if isinstance(event, StartGame) else None
        if isinstance(event, TRAY_FACTS) and not self._plays_dice():
            self._tray_fact(event)  # a camera over the tray reports in the lobby and in card games too: noted quietly
            return []
        effects: list[Effect] = []
        for effect in self.flow.handle(event):
            if isinstance(effect, SwitchGame):
                self.switched.append(effect)
                self._switch(effect)
                effects += [CancelCountdown(), *self.flow.resume_effects()]
            else:
                effects.append(effect)
        return effects

    def resume_effects(self) -> list[Effect]:
        return self.flow.resume_effects()

    def screen(self) -> Any:
        return self.flow.screen()

    def private(self, seat: int) -> Any:
        """What only `seat`'s player may see now (the game's private view; nothing in the lobby)."""
        return self.flow.private(seat)

    def _plays_dice(self) -> bool:
        return self.game_key is not None and catalog.game(self.game_key).dice

    def _tray_fact(self, event: Any) -> None:
        """What lies in the tray and whether the camera sees it are the table's facts (TableState), whoever plays."""
        table = self.table
        match event:
            case DieLanded():
                table.tray[event.order] = event
            case DieMoved() if event.order in table.tray:
                table.tray[event.order] = event
            case DieTakenOut():
                table.tray.pop(event.order, None)
            case TrayCovered() | TrayUncovered():
                table.tray_blocked = isinstance(event, TrayCovered)
            case CameraDown():
                table.camera_lost = event.reason
            case CameraUp():
                table.camera_lost = None

    def _switch(self, switch: SwitchGame) -> None:
        if switch.game == catalog.LOBBY:
            # The players who started are still seated in the lobby; after a new game, undo brings the game back.
            ended = None if switch.back else SwitchGame(self.table.chosen_game, switch.players, True, self.flow)
            self.lobby.reopen(undo_to=ended)
            self.flow = self.lobby
        elif switch.back:
            self.table.chosen_game = switch.game  # the game a new game ended comes back, as it was
            self.flow = switch.flow
            self.flow.reopen()
        else:
            entry = catalog.game(switch.game)
            self.flow = entry.build(self.table, switch.players, self._settings(entry))

    def _configured(self, entry: catalog.GameEntry) -> Any:
        """The game's settings as the config gives them now (its default without a config)."""
        return self.config.game_settings(entry.key) if self.config is not None else entry.default_settings

    def _settings(self, entry: catalog.GameEntry) -> Any:
        """The settings the game starts with: those its StartGame carries, else the config's."""
        if self._starting is None or entry.settings is None:
            return self._configured(entry)
        where = f"the settings {entry.key} was started with, in the game log"
        try:
            written = json.loads(self._starting)
            if not isinstance(written, dict) or written.get("game") != entry.key:
                raise ValueError(f"they are not {entry.key}'s: {self._starting[:80]}")
            return entry.settings.load(written.get("settings"), where)
        except (ValueError, TypeError) as error:  # a log edited by hand, or from a release that read settings otherwise
            log.error("%s cannot be read (%s): the game is built with the config's settings", where, error)
            return self._configured(entry)
