"""The virtual table for Skull King 2021 (`pirate-table demo --game skullking-2021`): the 2013 game's virtual table
(table.games.skullking.sim) with the 2021 deck, bots that play it legally, announce the Tigress with their button and
answer the pirates' abilities with it.

Up to six players sit at the default table (the hardware's six readers); seven or eight sit at a virtual table of
its own: a config of that many seats on mock pins and an emulated hub with that many readers (a real table that big
is on paper in hardware/eight-seats.md).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import Any

from table.config import CONFIG_NAME, Config, SeatConfig, default_text, load_config, parse_config
from table.core import inputs
from table.core.frame import Phase
from table.games.skullking.screen import Screen
from table.games.skullking.sim import VirtualTable, WindowPlay
from table.games.skullking_2021 import rules as sk
from table.games.skullking_2021.flow import SkullKing2021Flow
from table.games.skullking_2021.inputs import Cannonball
from table.games.skullking_2021.screen import Screen2021
from table.games.tricks.card_bot import CardBot
from table.sim.sim_table import NAMES
from table.sim.virtual_deck import VirtualCard

GAME = "skullking-2021"
BIG_TABLE_NAMES = (*NAMES, "Ching Shih", "Jean Lafitte")
HARDWARE_SEATS = 6
BIG_BOARD = "a020a0"  # a Compute Module 3's revision: gpiozero's mock of it has GPIO 0-53


class Bot2021(CardBot):
    """A CardBot that, with Rascal scoring, fires the cannonball when sure of its bid."""

    def sure(self, bid: int) -> bool:
        """Sure enough of this bid to fire the cannonball: nothing strong for a zero bid, or only strong cards."""
        strengths = [self.strength(card, 4) for card in self.hand]
        return (bid == 0 and max(strengths, default=0) < 0.3) or (bid == len(self.hand) and min(strengths) >= 0.9)


def big_table_config(players: int) -> Config:
    """A virtual table of `players` seats (7 or 8): the default config's seats, and more on GPIO 28-45, which a
    Compute Module has (the mock board of BIG_BOARD); a real build is on paper in hardware/eight-seats.md."""
    config = parse_config(default_text())
    seats = list(config.seats)
    spare = iter(range(28, 46))
    while len(seats) < players:
        led = (next(spare), next(spare), next(spare))
        seats.append(SeatConfig(len(seats), led, {"button": next(spare)}))
    return dataclasses.replace(config, seats=tuple(seats))


def table_options(home: Path) -> sk.Options:
    """The advanced rules and scoring of the table's own config.toml (the data folder, beside the demo's folder),
    so `[skullking-2021] scoring = "rascal"` there makes the demo play Rascal scoring; the defaults without it."""
    path = home.parent / CONFIG_NAME
    return load_config(path).game_settings(GAME) if path.exists() else sk.Options()


class VirtualTable2021(VirtualTable):
    """The 2013 game's virtual table with the 2021 deck and bots, the pirates' abilities and the cannonball answered,
    and up to 8 seats."""

    KEY = GAME
    RULES = sk
    FLOW = SkullKing2021Flow
    BOT = Bot2021

    @property
    def flow(self) -> SkullKing2021Flow:  # type: ignore[override]
        return self.app.session.flow

    def _table_config(self, home: Path, players: int, config: Config | None) -> Config:
        """Up to six players at the default table, seven or eight at one of their own; the table's advanced rules."""
        if config is None:
            config = parse_config(default_text()) if players <= HARDWARE_SEATS else big_table_config(players)
            config = config.with_game_settings(GAME, table_options(home))
        config = dataclasses.replace(config, game=GAME)
        self.hub_readers = max(HARDWARE_SEATS, players)
        self.board = BIG_BOARD if players > HARDWARE_SEATS else None
        return config

    def window_play(self) -> Callable[[], bool]:
        from table.games.skullking_2021.art import card_face

        return WindowPlay(self, card_face)

    # --- The players ------------------------------------------------------------------------------------------

    def _join(self, screen: Screen) -> None:
        if self._join_all(screen.seats):
            for seat in range(self.players):  # the operator names the players on the screen
                if screen.seats[seat].name != BIG_TABLE_NAMES[seat]:
                    self.app.submit(inputs.SetName(seat, BIG_TABLE_NAMES[seat]))
            self.app.submit(inputs.StartGame())

    def _act(self, screen: Screen) -> None:
        ability = getattr(screen, "ability", None)
        if screen.phase is Phase.LIFTING and ability is not None and ability.seat not in self.humans:
            bot = self.bots[ability.seat]
            if self.clock.now < bot.next_press:
                pass  # the last press is still on its way to the screen
            elif ability.choice != self._ability_target(screen, ability):
                self._press(bot, "tap")  # the next choice
                bot.next_press = self.clock.now + 1.0
            else:
                self._press(bot, "hold")
                bot.next_press = self.clock.now + 2.0  # one hold, not a hold cut short by the next press
        super()._act(screen)

    def _ability_target(self, screen: Screen, ability: Any) -> int:
        """What a bot answers: after its last card, Harry moves the bid toward the tricks won and Rascal (asked then
        only with `rascal_after_last_trick`) wagers 20 on a bid met; otherwise the first choice (Rosie leads
        herself, no change, no wager)."""
        view = screen.seats[ability.seat]
        last = not self.bots[ability.seat].hand
        if ability.kind == sk.HARRY and last and view.bid is not None:
            change = max(-1, min(1, view.won - view.bid))
            return change if change in ability.choices else 0
        if ability.kind == sk.RASCAL and last and view.bid == view.won:
            return 20
        return ability.seat if ability.kind == sk.ROSIE else 0

    def _bid(self, screen: Screen) -> None:
        """As the 2013 bots; with Rascal scoring a bot sure of its bid fires the cannonball on the screen first."""
        if self.dealt_round != screen.round:
            self._deal(screen.round)
        if isinstance(screen, Screen2021) and screen.scoring == sk.RASCAL_SCORING:
            for bot in self.bots:
                view = screen.seats[bot.seat]
                sure = bot.bid is not None and bot.brain.sure(bot.bid)
                if sure and not view.bid_locked and bot.seat not in screen.cannonballs and bot.seat not in self.humans:
                    self.app.submit(Cannonball(bot.seat))
        self._count_bids(screen.seats, skip=self.humans)

    def _cards_each(self, round_number: int) -> int:
        return sk.cards_dealt(round_number, self.players, self.flow.options.deck_size)

    def _in_play(self, card: VirtualCard) -> bool:
        return self.flow.options.allows(sk.parse_card(card.code))
