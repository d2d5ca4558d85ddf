"""`pirate-table run`: the real table, built from its configuration, running until it is stopped.

The scoreboard (table/display/scoreboard.py) shows the table and a bar of actions for the selected seat and the
operator: every seat action can be done there too, by touch, mouse or keyboard (keys in table/display/controls.py).
"""

from __future__ import annotations

import logging
import sqlite3
import time
from collections.abc import Callable
from typing import Any

from table.app import TableApp
from table.config import Config
from table.devices.buttons import SeatButtons, gpio_buttons
from table.devices.dice_tray import DiceTray, open_tray
from table.devices.lights import SeatLight
from table.devices.nfc import HubLink, find_hub_port
from table.display.sounds import SoundPlayer
from table.games import dice_inputs, inputs
from table.games.effects import SwitchGame
from table.games.skullking import SkullKingFlow
from table.games.skullking_dice import SkullKingDiceFlow
from table.paths import data_home
from table.store.database import open_database
from table.store.decks import DeckRegistry
from table.store.event_log import EventLog

log = logging.getLogger(__name__)


def build_table(
    config: Config,
    clock: Callable[[], float],
    on_screen: Callable[[Any], None] = lambda screen: None,
    database: sqlite3.Connection | None = None,
    on_round_over: Callable[[int, Any], None] | None = None,
    tray: DiceTray | None = None,
) -> TableApp:
    """The table's app with its devices: the seat hub, the seats' LEDs and buttons, the sound.

    The virtual table builds the same app, with its own database and a config that points at the emulated hub.
    By default the database is the data folder's, and a score pad screenshot is saved at each round's end.
    """
    database = database or open_database()
    hub, buttons, lights = seat_devices(config, clock)
    return TableApp(
        game=SkullKingFlow(seats=len(config.seats), language=config.language, game=config.game),
        game_name=config.game,
        event_log=EventLog(database, (*inputs.INPUT_KINDS, *dice_inputs.DICE_INPUT_KINDS)),
        registry=DeckRegistry(database),
        hub=hub,
        buttons=buttons,
        lights=lights,
        sound=SoundPlayer(config.sound),
        clock=clock,
        on_screen=on_screen,
        on_round_over=on_round_over or save_screenshot,
        tray=tray,
        flows=game_flows(config),
    )


def game_flows(config: Config) -> Callable[[SwitchGame], Any]:
    """The flow a SwitchGame hands the table to, by game name: the same effect always builds the same flow."""

    def build(switch: SwitchGame) -> Any:
        if switch.game == "skullking-dice":
            from table.display.dice_views import register_dice_screens

            register_dice_screens()  # the scoreboard's views of the dice game
            scoring = config.dice_scoring
            return SkullKingDiceFlow(
                switch.players, switch.names, switch.language, scoring=scoring, bag=config.dice_bag
            )
        # The card game's lobby, with the same players seated; its game choice is the table's first game again.
        flow = SkullKingFlow(seats=len(switch.names), language=switch.language, game=config.game)
        for seat in switch.players:
            name = switch.names[seat]
            flow.handle(inputs.JoinSeat(seat, "" if name == f"Seat {seat + 1}" else name))
        if switch.start:
            flow.handle(inputs.StartGame())
        return flow

    return build


def seat_devices(config: Config, clock: Callable[[], float]) -> tuple[HubLink, SeatButtons, dict[int, SeatLight]]:
    """The seat hub's link (its readers mapped to seats), and each seat's buttons and LED, from the config."""
    from gpiozero import RGBLED

    readers = {seat.reader: number for number, seat in enumerate(config.seats)}
    hub = HubLink(lambda: find_hub_port(config.hub_port), clock, seat_of_reader=lambda r: readers.get(r, -1))
    buttons = gpio_buttons({number: dict(seat.buttons) for number, seat in enumerate(config.seats)})
    lights = {number: SeatLight(RGBLED(*seat.led)) for number, seat in enumerate(config.seats)}
    return hub, buttons, lights


def save_screenshot(number: int, screen: Any) -> None:
    """The score pad at the end of round `number`, in the data folder's screenshots/."""
    from table.display.score_pad import save_score_pad

    shots = data_home() / "screenshots"
    shots.mkdir(exist_ok=True)
    save_score_pad(screen, str(shots / f"round-{number:02}.png"))


def run_table(config: Config, fullscreen: bool = True) -> int:
    from table.display.scoreboard import Scoreboard

    board = Scoreboard.open(fullscreen)
    app = build_table(
        config, time.monotonic, board.show, tray=open_tray(config.camera_source, config.dice_bag, config.camera_die_px)
    )
    app.resume()
    log.info("the table is running with %d seats", len(config.seats))
    try:
        while not board.quit:
            for event in board.events():
                app.submit(event)
            app.step()
    except KeyboardInterrupt:
        pass
    finally:
        app.hub.close()
        if app.tray is not None:
            app.tray.close()
    return 0
