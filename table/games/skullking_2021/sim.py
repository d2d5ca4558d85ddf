"""The virtual table for Skull King 2021 (`pirate-table demo --game skullking-2021`): the 2013 game's virtual table
(table.games.skullking.sim) with the 2021 deck, bots that play it legally, announce the Tigress with their button and
answer the pirates' abilities with it.

Up to six players sit at the default table (the hardware's six readers); seven or eight sit at a virtual table of
its own: a config of that many seats on mock pins and an emulated hub with that many readers (a real table that big
is on paper in hardware/eight-seats.md).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from table.config import CONFIG_NAME, Config, SeatConfig, default_text, load_config, parse_config
from table.core import inputs
from table.core.screen import Phase, Screen
from table.games.skullking.sim import RETRY_TICKS, Bot, Faults, VirtualTable, score_pad_lines
from table.games.skullking_2021 import rules as sk
from table.games.skullking_2021.flow import SkullKing2021Flow
from table.games.skullking_2021.inputs import Cannonball
from table.sim.sim_table import NAMES
from table.sim.virtual_deck import virtual_deck

GAME = "skullking-2021"
BIG_TABLE_NAMES = (*NAMES, "Ching Shih", "Jean Lafitte")
HARDWARE_SEATS = 6
BIG_BOARD = "a020a0"  # a Compute Module 3's revision: gpiozero's mock of it has GPIO 0-53


@dataclass
class Bot2021:
    """Plays plausibly, not brilliantly: it bids its strong cards and then tries to meet that bid."""

    rng: random.Random
    hand: list[sk.Card] = field(default_factory=list)

    def bid(self, cards: int, players: int) -> int:
        strong = sum(_strength(card, players) for card in self.hand)
        return max(0, min(cards, round(strong + self.rng.uniform(-0.5, 0.5))))

    def sure(self, bid: int) -> bool:
        """Sure enough of this bid to fire the cannonball: nothing strong for a zero bid, or only strong cards."""
        strengths = [_strength(card, 4) for card in self.hand]
        return (bid == 0 and max(strengths, default=0) < 0.3) or (bid == len(self.hand) and min(strengths) >= 0.9)

    def play(self, trick: Sequence[sk.Card], tricks_needed: int) -> sk.Card:
        """Choose a legal card (the Tigress announced), take it out of the hand."""
        options = sk.legal_plays(self.hand, trick)
        winners = [card for card in options if _would_win(trick, card)]
        if tricks_needed > 0 and winners:
            choice = min(winners, key=_worth)
        else:
            losers = [card for card in options if card not in winners]
            choice = max(losers, key=_worth) if losers else min(options, key=_worth)
        self.hand.remove(choice)
        if choice.kind is sk.Kind.TIGRESS:
            wants = tricks_needed > 0 and _would_win(trick, sk.TIGRESS_AS_PIRATE)
            return sk.TIGRESS_AS_PIRATE if wants else sk.TIGRESS_AS_ESCAPE
        return choice


def _would_win(trick: Sequence[sk.Card], card: sk.Card) -> bool:
    if card.kind is sk.Kind.TIGRESS and card.played_as is None:
        card = sk.TIGRESS_AS_PIRATE
    return sk.judge([*trick, card]).winner == len(trick)


def _worth(card: sk.Card) -> int:
    if card.kind is sk.Kind.NUMBER:
        return card.number + (20 if card.suit is sk.Suit.BLACK else 0)
    return {
        sk.Kind.MERMAID: 40,
        sk.Kind.PIRATE: 50,
        sk.Kind.TIGRESS: 50,
        sk.Kind.SKULL_KING: 60,
        sk.Kind.KRAKEN: 35,
        sk.Kind.WHALE: 35,
    }.get(card.kind, 0)


def _strength(card: sk.Card, players: int) -> float:
    if card.kind in (sk.Kind.SKULL_KING, sk.Kind.PIRATE, sk.Kind.TIGRESS):
        return 0.9
    if card.kind is sk.Kind.MERMAID:
        return 0.6
    if card.suit is sk.Suit.BLACK:
        return 0.3 + card.number / 28
    if card.kind is sk.Kind.NUMBER and card.number >= 13:
        return 0.5 - players / 20
    return 0.0


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
    return load_config(path).skullking_2021 if path.exists() else sk.Options()


class VirtualTable2021(VirtualTable):
    @property
    def flow(self) -> SkullKing2021Flow:  # type: ignore[override]
        return self.app.session.flow

    def __init__(
        self,
        home: Path,
        players: int,
        seed: int,
        faults: bool = False,
        config: Config | None = None,
        humans: frozenset[int] = frozenset(),
        window: bool = False,
    ) -> None:
        sk.check_players(players)
        humans = humans | ({0} if window else set())
        if config is None:
            config = parse_config(default_text()) if players <= HARDWARE_SEATS else big_table_config(players)
            config = dataclasses.replace(config, skullking_2021=table_options(home))
        config = dataclasses.replace(config, game=GAME)
        self.hub_readers = max(HARDWARE_SEATS, players)
        self.board = BIG_BOARD if players > HARDWARE_SEATS else None
        super(VirtualTable, self).__init__(home, players, seed, config)  # SimTable: the real app on mock hardware
        self.bots = [Bot(seat, Bot2021(random.Random())) for seat in range(players)]  # type: ignore[arg-type]
        self.humans = humans
        self.deck = virtual_deck(GAME)
        self.dealt_round = 0
        self.on_reader = dict.fromkeys(range(players))
        self.faults = Faults(self.hub, random.Random(f"{seed}/faults")) if faults else None

    # --- For `pirate-table demo` ---------------------------------------------------------------------------------

    def final_lines(self, screen: Screen) -> list[str]:
        return score_pad_lines(screen)

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
        """What a bot answers: after its last card, Harry moves the bid toward the tricks won and Rascal wagers 20
        on a bid met; otherwise the first choice (Rosie leads herself, no change, no wager)."""
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
        if getattr(screen, "scoring", "") == sk.RASCAL_SCORING:
            for bot in self.bots:
                view = screen.seats[bot.seat]
                sure = bot.bid is not None and bot.brain.sure(bot.bid)
                if sure and not view.bid_locked and bot.seat not in screen.cannonballs and bot.seat not in self.humans:
                    self.app.submit(Cannonball(bot.seat))
        self._count_bids(screen.seats, skip=self.humans)

    def _deal(self, round_number: int) -> None:
        cards = list(self.deck)
        random.Random(f"{self.seed}/{round_number}").shuffle(cards)
        count = sk.cards_dealt(round_number, self.players, self.flow.options.deck_size)
        allowed = [card for card in cards if self.flow.options.allows(sk.parse_card(card.code))]
        played = self.flow.state.played_uids | set(self.flow.state.trick_uids.values())
        for bot in self.bots:
            dealt = allowed[bot.seat * count : (bot.seat + 1) * count]
            bot.brain.rng = random.Random(f"{self.seed}/{bot.seat}/{round_number}")
            bot.brain.hand = [sk.parse_card(card.code) for card in dealt]
            bot.bid = bot.brain.bid(count, self.players)
            for card in dealt:
                if card.uid.hex().upper() in played:
                    bot.brain.hand.remove(sk.parse_card(card.code))
            bot.hand = [card for card in dealt if card.uid.hex().upper() not in played]
        self.dealt_round = round_number

    def _play(self, screen: Screen) -> None:
        if screen.scary_mary is not None:
            if screen.scary_mary in self.humans:
                return
            bot = self.bots[screen.scary_mary]
            self._press(bot, "tap" if bot.as_pirate else "hold")
            return
        acting = next((view for view in screen.seats if view.acting), None)
        if acting is None or acting.seat in self.humans:
            return
        bot = self.bots[acting.seat]
        if bot.laid is not None:
            if self.ticks - bot.laid_tick > RETRY_TICKS:
                self.hands.lift(bot.seat)
                self.on_reader[bot.seat] = None
                bot.laid = None
            return
        if self.on_reader[bot.seat] is not None:
            return
        trick = [sk.parse_card(card.code) for card in screen.trick.cards] if screen.trick else []
        needed = (acting.bid or 0) - acting.won
        hand_before = list(bot.brain.hand)
        chosen = bot.brain.play(trick, needed)
        bot.brain.hand = hand_before
        code = sk.TIGRESS.code if chosen.kind is sk.Kind.TIGRESS else chosen.code
        bot.as_pirate = chosen == sk.TIGRESS_AS_PIRATE
        bot.laid = next(card for card in bot.hand if card.code == code)
        bot.laid_tick = self.ticks
        self.hands.lay(acting.seat, bot.laid)
        self.on_reader[acting.seat] = bot.laid

    def _taken(self) -> None:
        if not isinstance(self.flow, SkullKing2021Flow):
            return
        taken = self.flow.state.played_uids | set(self.flow.state.trick_uids.values())
        for bot in self.bots:
            if bot.laid is not None and bot.laid.uid.hex().upper() in taken:
                bot.hand.remove(bot.laid)
                bot.brain.hand.remove(sk.parse_card(bot.laid.code))
                bot.laid = None
