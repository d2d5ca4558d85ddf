"""What the virtual tables share, whatever the game: the real app on mock hardware, a simulated clock, bots' thumbs.

`SimTable` builds the real table's app as `pirate-table run` builds it (only the hub's port and the sound differ):
the seat hub is the emulator on a pseudo-terminal, the GPIO pins are gpiozero's mock pins. Time is simulated: each
tick moves the table's clock on by TICK, so a headless game runs as fast as the machine allows, and the same seed
plays the same game. A game's virtual table (VirtualTable, VirtualDiceTable) adds its bots and what they hold.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection
from pathlib import Path
from typing import Any, Protocol

from gpiozero import Device
from gpiozero.pins.mock import MockFactory, MockPWMPin

from table.commands.run import build_table, load_game_views
from table.config import Config, default_text, parse_config
from table.core.frame import Phase
from table.devices.hub_emulator import HubEmulator
from table.sim.virtual_deck import VirtualSeats

TICK = 1 / 30
PRESS_GAP = 0.35  # seconds between a bot's button presses, like a person's
NAMES = ("Anne Bonny", "Blackbeard", "Mary Read", "Calico Jack", "Grace O'Malley", "Henry Morgan")


class SimClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class Thumb(Protocol):
    """A bot at a seat, as far as its button goes."""

    seat: int
    next_press: float
    bid: int | None


class SimTable:
    bots: list[Any]  # the game's bots, one per playing seat (each a Thumb)
    hub_readers = 6  # the emulated seat hub's readers (a virtual table of 8 seats sets 8 before building)
    board: str | None = None  # the mock Pi's revision (None: gpiozero's default); more GPIO pins for 8 seats

    def __init__(self, home: Path, players: int, seed: int, config: Config | None, **build: Any) -> None:
        """`build`: more of the table's parts for `build_table` (the dice tray, say). A `config` with a `venue`
        publishes the table's results there (table.venue.publisher); `close()` stops it cleanly."""
        home.mkdir(parents=True, exist_ok=True)
        self.players, self.seed, self.clock = players, seed, SimClock()
        Device.pin_factory = MockFactory(revision=self.board, pin_class=MockPWMPin)
        self.hub = HubEmulator(home, readers=self.hub_readers)
        table_config = config or parse_config(default_text())
        # The real table's app, built as `pirate-table run` builds it: only the hub's port and the sound differ.
        table_config = dataclasses.replace(
            table_config, seats=table_config.seats[:players], hub_port=str(self.hub.path), sound=False
        )
        self.seats_config = table_config.seats
        self.app = build_table(
            table_config,
            self.clock,
            folder=home,
            on_round_over=self._round_over,
            operator=False,  # the person at the demo's window is the operator
            **build,
        )
        self.lights = self.app.lights
        self.hands = VirtualSeats(
            self.hub,
            {n: seat.reader for n, seat in enumerate(self.seats_config)},
            lambda seat, key: Device.pin_factory.pin(self.seats_config[seat].buttons[key]),
        )
        self.round_over_hooks: list[Callable[[int, Any], None]] = []
        self.ticks = 0

    def _round_over(self, number: int, screen: Any) -> None:
        for hook in self.round_over_hooks:
            hook(number, screen)

    # --- For `pirate-table demo` (table.sim.demo.VirtualGame) ----------------------------------------------------

    def window_play(self) -> Callable[[], bool]:
        """The scoreboard in a window: the bots play every seat, the person watching is the operator."""
        return WatchWindow(self)

    # --- Running ------------------------------------------------------------------------------------------------

    def tick(self) -> None:
        raise NotImplementedError

    def resume(self) -> None:
        raise NotImplementedError

    def _play_until(
        self, finished: Callable[[], bool], max_ticks: int, on_tick: Callable[[], bool], what: str, stuck: Callable
    ) -> None:
        """Resume, then tick until `finished()`; `on_tick` runs after every tick (a window's events, pacing),
        returning False stops the game there."""
        self.resume()
        while not finished():
            self.tick()
            if not on_tick():
                break
            if self.ticks > max_ticks:
                raise RuntimeError(f"{what} did not finish in {max_ticks} ticks; stuck at {stuck()}")

    def _play_game(self, max_ticks: int, on_tick: Callable[[], bool]) -> Any:
        """Play a whole game (or the rest of one, after a resume) until its screen says it is over, or `on_tick`
        says stop; returns the last screen."""
        screen = self.app.session.screen
        self._play_until(
            lambda: screen().phase is Phase.GAME_OVER, max_ticks, on_tick, "the game", lambda: screen().prompt
        )
        return screen()

    def _next_tick(self) -> None:
        """The clock moves on by TICK; the keys pressed long enough are let go."""
        self.ticks += 1
        self.clock.now += TICK
        self.hands.release_due(self.clock.now)

    def close(self) -> None:
        self.app.close_venue()
        self.app.hub.close()
        self.app.buttons.close()
        for light in self.lights.values():
            light.led.close()
        self.hub.unplug()
        Device.pin_factory.reset()

    # --- The bots' thumbs ---------------------------------------------------------------------------------------

    def _press(self, bot: Thumb, key: str) -> None:
        """One press of a seat key, no sooner than PRESS_GAP after the last (as a person's thumb)."""
        if self.clock.now < bot.next_press:
            return
        if "button" not in self.seats_config[bot.seat].buttons:
            key = {"tap": "plus", "hold": "ok"}[key]
        self.hands.press(bot.seat, key, self.clock.now)
        bot.next_press = self.clock.now + PRESS_GAP

    def _join_all(self, seats: Any) -> bool:
        """In the lobby, every bot not joined yet presses its button; True once all have joined."""
        waiting = [view.seat for view in seats if not view.joined and view.seat < self.players]
        for seat in waiting:
            self._press(self.bots[seat], "tap")
        return not waiting

    def _count_bids(self, seats: Any, skip: Collection[int] = ()) -> None:
        """Each bot taps its bid up and holds to lock it; `skip`: seats a person plays."""
        for bot in self.bots:
            if seats[bot.seat].bid_locked or bot.bid is None or bot.seat in skip:
                continue
            # The count so far, as the seat's own LED flashed it to the bot: its private view, not the screen.
            counted = self.app.session.private(bot.seat).bid or 0
            self._press(bot, "hold" if counted == bot.bid else "tap")


class WatchWindow:
    """The scoreboard in a window, watching the bots play every seat. The person at the window is the operator: the
    bar's buttons and keys (undo, corrections, a new game) reach the table's log and flow like a real operator's."""

    def __init__(self, table: SimTable) -> None:
        from table.display.scoreboard import Scoreboard

        load_game_views()
        self.table = table
        self.board = Scoreboard.open(fullscreen=False)

    def __call__(self) -> bool:
        from table.display.scoreboard import Click

        for item in self.board.events():
            if not isinstance(item, Click):  # no hand is shown: the bots hold every card and die
                self.table.app.submit(item)
        self.board.show(self.table.app.session.screen())
        return not self.board.quit
