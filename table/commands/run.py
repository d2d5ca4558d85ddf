"""`pirate-table run`: the real table, built from its configuration, running until it is stopped.

The scoreboard (table/display/scoreboard.py) shows the table and a bar of actions for the selected seat and the
operator: every seat action can be done there too, by touch, mouse or keyboard (keys in table/display/controls.py).
"""

from __future__ import annotations

import importlib
import logging
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from table.app import TableApp
from table.archive import BACKUP_NAME, ScorePads, back_up, prune, save_finished_game
from table.config import CONFIG_NAME, Config
from table.core import catalog
from table.devices.buttons import SeatButtons, gpio_buttons
from table.devices.dice_tray import DiceTray, open_tray
from table.devices.lights import SeatLight
from table.devices.nfc import HubLink, find_hub_port
from table.display.sounds import SoundPlayer
from table.kiosk import TableLock, Watchdog
from table.operator import LOCKOUT, MAX_TRIES, OperatorRole
from table.operator_settings import ConfigFile
from table.operator_tries import TRIES_NAME, TriesFile
from table.paths import data_home
from table.session import TableSession
from table.settings_screen.desk import SettingsDesk
from table.store import disk
from table.store.database import DATABASE_NAME, DiskFull, open_checked
from table.store.decks import DeckRegistry
from table.store.event_log import EventLog
from table.venue.publisher import VenuePublisher

log = logging.getLogger(__name__)
LOG_MARK = "table.log-mark"  # the place of the last event written (table.store.event_log: a lost log is said)
VENUE_MARK = "venue.seq-mark"  # the last seq the venue's outbox wrote (table.venue.outbox: never a seq twice)


def build_table(
    config: Config,
    clock: Callable[[], float],
    on_screen: Callable[[Any], None] = lambda screen: None,
    database: sqlite3.Connection | None = None,
    on_round_over: Callable[[int, Any], object] | None = None,
    tray: DiceTray | None = None,
    operator: bool = True,
    folder: Path | None = None,
    wall: Callable[[], float] = time.time,
    config_path: Path | None = None,
) -> TableApp:
    """The table's app with its devices: the seat hub, the seats' LEDs and buttons, the sound.

    The virtual table builds the same app, with its own database and a config that points at the emulated hub.
    By default the database is the data folder's, and a score pad screenshot is saved at each round's end, in a
    folder of the game's own (table.archive.ScorePads: screenshots/2026-11-23-2104-skullking/round-03.png).
    `operator`: the config's operator lock guards what comes from the screen (the virtual table has none).
    `folder`: the data folder (default: the table's): its database is checked at start (table.store.database),
    finished games are kept there (table.archive), and the wrong-PIN count (table.operator_tries, by the `wall`
    clock, as it outlives a restart).
    `config_path`: the config file the operator's settings screen writes (table.settings_screen); None: no screen.
    With `config.venue`, the table publishes its results to the venue (table.venue.publisher).
    A data folder that cannot be written is played on from a copy of the database in memory, saving nothing, and
    the scoreboard says so; at start the free space is logged (too little is said on the scoreboard) and the score
    pads' pictures and backups of all but the last `config.keep_evenings` evenings are deleted (table.archive.prune).
    """
    folder = folder or data_home()
    notes: list[str] = []
    read_only = False
    if database is None:
        opened = open_checked(folder / DATABASE_NAME)
        database, notes, read_only = opened.connection, opened.notes, opened.read_only
    if not read_only:
        prune(folder, config.keep_evenings)
    free_mb = disk.free_mb(folder)
    log.info("%s", disk.space_line(folder))
    hub, buttons, lights = seat_devices(config, clock)

    def game_over(game: str, screen: Any) -> None:
        kept = save_finished_game(folder, game, screen)
        back_up(database, folder)
        log.info("the finished game is kept in %s (and the database in %s)", kept, BACKUP_NAME)

    session = TableSession(len(config.seats), config.language, config.game, config)
    if on_round_over is None:
        pads = ScorePads(folder, time.time, save_score_pad_picture)
        on_round_over = lambda number, screen: pads.round_over(session.chosen_game, number, screen)  # noqa: E731
    event_log = EventLog(database, catalog.log_kinds(), catalog.old_log_names(), mark=folder / LOG_MARK)
    app = TableApp(
        session=session,
        event_log=event_log,
        registry=DeckRegistry(database),
        hub=hub,
        buttons=buttons,
        lights=lights,
        sound=SoundPlayer(config.sound),
        clock=clock,
        on_screen=on_screen,
        on_round_over=on_round_over,
        tray=tray,
        operator=operator_role(config, clock, folder, wall) if operator else None,
        on_game_over=game_over,
        data_notes=notes,
        read_only=read_only,
        free_mb=free_mb,
    )
    if config_path is not None:
        app.settings = SettingsDesk(ConfigFile(config_path), config, catalog.games())
    if config.venue is not None:
        try:  # a new outbox publishes what happens from now on, not the log's past games
            publisher = VenuePublisher(config.venue, database, covered=event_log.last(), mark=folder / VENUE_MARK)
            app.attach_venue(publisher)
        except DiskFull as error:
            log.error("%s: the table publishes no results", error)
    return app


def operator_role(config: Config, clock: Callable[[], float], folder: Path, wall: Callable[[], float]) -> OperatorRole:
    """The config's operator lock, with the wrong-PIN count kept in the data folder."""
    role = OperatorRole(config.operator, clock, TriesFile(folder / TRIES_NAME, wall, LOCKOUT, MAX_TRIES))
    if role.problem is not None:
        log.warning("%s", role.problem)
    return role


def load_game_views() -> None:
    """Register the lobby's scoreboard views and every game's (the modules the game catalog names), before the
    scoreboard draws."""
    importlib.import_module("table.lobby.views")
    importlib.import_module("table.settings_screen.views")  # the operator's, reached from the lobby
    for entry in catalog.games():
        if entry.views:
            importlib.import_module(entry.views)


def seat_devices(config: Config, clock: Callable[[], float]) -> tuple[HubLink, SeatButtons, dict[int, SeatLight]]:
    """The seat hub's link (its readers mapped to seats), and each seat's buttons and LED, from the config."""
    from gpiozero import RGBLED

    readers = {seat.reader: number for number, seat in enumerate(config.seats)}
    hub = HubLink(lambda: find_hub_port(config.hub_port), clock, seat_of_reader=lambda r: readers.get(r, -1))
    buttons = gpio_buttons({number: dict(seat.buttons) for number, seat in enumerate(config.seats)})
    lights = {number: SeatLight(RGBLED(*seat.led)) for number, seat in enumerate(config.seats)}
    return hub, buttons, lights


def save_score_pad_picture(screen: Any, path: str) -> None:
    """The score pad of `screen` as a PNG (the display is imported only when a round ends)."""
    from table.display.score_pad import save_score_pad

    save_score_pad(screen, path)


def run_table(config: Config, fullscreen: bool = True) -> int:
    from table.display.scoreboard import Scoreboard

    with TableLock(data_home()):
        load_game_views()
        board = Scoreboard.open(fullscreen)
        app = build_table(
            config,
            time.monotonic,
            board.show,
            tray=open_tray(config.camera_source, config.dice_bag(), config.camera_die_px, config.camera_exposure_us),
            config_path=data_home() / CONFIG_NAME,  # the file load_config read (the operator's settings screen)
        )
        app.resume()
        watchdog = Watchdog(time.monotonic)
        watchdog.ready()
        log.info("the table is running with %d seats", len(config.seats))
        try:
            while not (board.quit and app.may_quit()):  # closing the table is the operator's
                board.controls.quit = False
                board.set_venue_link(app.venue.game_url() if app.venue is not None else None)
                board.set_operator_open(app.operator_open())  # the bar's Lock button while it is unlocked
                for event in board.events():
                    if not app.from_screen(event):  # the operator's: the bar asks for the PIN (table.operator)
                        board.controls.ask_pin()
                app.step()
                watchdog.alive()  # a loop that hangs stops saying this, and systemd restarts the table
        except KeyboardInterrupt:
            log.info("the table was stopped (Ctrl-C or SIGTERM)")
        finally:
            app.close_venue()
            app.hub.close()
            if app.tray is not None:
                app.tray.close()
    return 0
