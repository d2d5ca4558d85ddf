"""The virtual table: the whole application, with only the physics imitated.

The real app loop, event log, seat hub driver and game flow run; the seat hub is the emulator on a pseudo-
terminal, the GPIO pins are gpiozero's mock pins, and bots sit at the seats. The bots hold real dealt hands and
act only on what a player sees: the screen model (whose turn, the trick, the revealed bids) and their LED. They
bid with their seat button and play by laying tagged cards on their reader.

Time is simulated: each tick moves the table's clock on by TICK, so a headless game runs as fast as the machine
allows, and the same seed plays the same game.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from table.config import Config
from table.core import inputs
from table.core.screen import Phase, Screen
from table.devices.hub_emulator import HubEmulator
from table.games.skullking import rules as sk
from table.games.skullking.flow import SkullKingFlow
from table.games.tricks.card_bot import CardBot
from table.sim.sim_table import NAMES, PRESS_GAP, TICK, SimClock, SimTable
from table.sim.virtual_deck import VirtualCard, virtual_deck

__all__ = ["NAMES", "PRESS_GAP", "TICK", "Faults", "SimClock", "VirtualTable", "score_pad_lines"]

RETRY_TICKS = 90  # a card the table has not taken after this long (the link was down) is lifted and laid again


@dataclass
class Bot:
    """A player: a CardBot's judgement, the cards in hand, and when it may press its button next."""

    seat: int
    brain: CardBot
    hand: list[VirtualCard] = field(default_factory=list)
    next_press: float = 0.0
    bid: int | None = None  # what it means to bid this round, once dealt
    laid: VirtualCard | None = None  # the card it laid and the table has not taken yet
    laid_tick: int = 0
    as_pirate: bool = True  # how it will announce Scary Mary


class VirtualTable(SimTable):
    @property
    def flow(self) -> SkullKingFlow:
        """The flow that has the table now (the lobby's before the game starts)."""
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
        """`humans`: seats a person plays from the scoreboard (the bots leave them alone); `window`: seat 1 is."""
        humans = humans | ({0} if window else set())
        sk.check_players(players)
        super().__init__(home, players, seed, config)  # the real app on mock hardware (table.sim.sim_table)
        self.bots = [Bot(seat, CardBot(random.Random())) for seat in range(players)]
        self.humans = humans
        self.deck = virtual_deck("skullking")
        self.dealt_round = 0
        self.on_reader: dict[int, VirtualCard | None] = dict.fromkeys(range(players))
        self.faults = Faults(self.hub, random.Random(f"{seed}/faults")) if faults else None

    # --- For `pirate-table demo` (table.sim.demo.VirtualGame) ----------------------------------------------------

    def window_play(self) -> Callable[[], bool]:
        return WindowPlay(self)

    def report(self) -> list[str]:
        return []

    def final_lines(self, screen: Screen) -> list[str]:
        return score_pad_lines(screen)

    # --- Running ------------------------------------------------------------------------------------------------

    def run(self, max_ticks: int = 500_000, on_tick: Callable[[], bool] = lambda: True) -> Screen:
        """Play a whole game (or the rest of one, after a resume); returns the final screen.

        `on_tick` runs after every tick (a window's events, pacing); returning False stops the game there.
        """
        self._play_until(
            lambda: self.flow.screen().phase is Phase.GAME_OVER,
            max_ticks,
            on_tick,
            "the game",
            lambda: self.flow.screen().prompt,
        )
        return self.flow.screen()

    def resume(self) -> None:
        """Replay the log; then the world as it was: cards lying on readers, hands less what was played."""
        self.app.resume()
        screen = self.flow.screen()
        by_uid = {card.uid.hex().upper(): card for card in self.deck}
        for seat, uid in self.flow.on_reader.items():  # the cards did not move while the table was down
            if seat < self.players and uid in by_uid:
                self.hands.lay(seat, by_uid[uid])
                self.on_reader[seat] = by_uid[uid]
        if screen.round:
            self._deal(screen.round)

    def tick(self) -> None:
        self._next_tick()
        if self.faults:
            self.faults.tick(self.ticks)
        self.hub.service(self.clock.now)
        self.app.step(wait=0.0005)
        self._taken()
        self._act(self.flow.screen())

    # --- The players ------------------------------------------------------------------------------------------

    def _act(self, screen: Screen) -> None:
        for seat in self.humans:  # a person's refused card (out of turn, say) goes back to their hand
            bot = self.bots[seat]
            if bot.laid is not None and self.ticks - bot.laid_tick > RETRY_TICKS and screen.phase is Phase.PLAYING:
                self.hands.lift(seat)
                self.on_reader[seat] = None
                bot.laid = None
        if screen.phase is Phase.LOBBY:
            self._join(screen)
        elif screen.phase is Phase.BIDDING:
            self._bid(screen)
        elif screen.phase is Phase.PLAYING:
            self._play(screen)
        elif screen.phase is Phase.LIFTING:
            for seat, card in self.on_reader.items():
                if card is not None:
                    self.hands.lift(seat)
                    self.on_reader[seat] = None

    def _join(self, screen: Screen) -> None:
        if self._join_all(screen.seats):
            for seat in range(self.players):  # the operator names the players on the screen
                if screen.seats[seat].name != NAMES[seat]:
                    self.app.submit(inputs.SetName(seat, NAMES[seat]))
            self.app.submit(inputs.StartGame())

    def _bid(self, screen: Screen) -> None:
        if self.dealt_round != screen.round:
            self._deal(screen.round)
        self._count_bids(screen.seats, skip=self.humans)

    def _deal(self, round_number: int) -> None:
        """The dealer shuffles and deals: the same seed deals the same hands, round by round."""
        cards = list(self.deck)
        random.Random(f"{self.seed}/{round_number}").shuffle(cards)
        played = self.flow.state.played_uids | set(self.flow.state.trick_uids.values())
        for bot in self.bots:
            dealt = cards[bot.seat * round_number : (bot.seat + 1) * round_number]
            bot.brain.rng = random.Random(f"{self.seed}/{bot.seat}/{round_number}")  # decisions replay too
            bot.brain.hand = [sk.parse_card(card.code) for card in dealt]
            bot.bid = bot.brain.bid(round_number, self.players)
            for card in dealt:
                if card.uid.hex().upper() in played:
                    bot.brain.hand.remove(sk.parse_card(card.code))
            bot.hand = [card for card in dealt if card.uid.hex().upper() not in played]
        self.dealt_round = round_number

    def _play(self, screen: Screen) -> None:
        if screen.scary_mary is not None:
            if screen.scary_mary in self.humans:
                return  # the person announces her on the scoreboard
            bot = self.bots[screen.scary_mary]
            self._press(bot, "tap" if bot.as_pirate else "hold")  # tap: Pirate, hold: Escape
            return
        acting = next((view for view in screen.seats if view.acting), None)
        if acting is None or acting.seat in self.humans:
            return
        bot = self.bots[acting.seat]
        if bot.laid is not None:
            if self.ticks - bot.laid_tick > RETRY_TICKS:  # the table never took it: pick it up, try again
                self.hands.lift(bot.seat)
                self.on_reader[bot.seat] = None
                bot.laid = None
            return
        if self.on_reader[bot.seat] is not None:
            return
        trick = [sk.parse_card(card.code) for card in screen.trick.cards] if screen.trick else []
        needed = (acting.bid or 0) - acting.won
        hand_before = list(bot.brain.hand)
        chosen = bot.brain.play(trick, needed)  # takes it out of the brain's hand
        bot.brain.hand = hand_before  # ... until the table has taken it
        code = sk.SCARY_MARY.code if chosen.kind is sk.Kind.SCARY_MARY else chosen.code
        bot.as_pirate = chosen == sk.SCARY_MARY_AS_PIRATE
        bot.laid = next(card for card in bot.hand if card.code == code)
        bot.laid_tick = self.ticks
        self.hands.lay(acting.seat, bot.laid)
        self.on_reader[acting.seat] = bot.laid

    def hand(self, seat: int) -> list[VirtualCard]:
        """The cards still in a seat's hand (a human's, to show on the scoreboard)."""
        return list(self.bots[seat].hand)

    def human_lays(self, seat: int, index: int) -> bool:
        """A person at `seat` touched the `index`-th card of their hand: it goes on their reader, if free."""
        bot = self.bots[seat]
        if bot.laid is not None or self.on_reader[seat] is not None or not 0 <= index < len(bot.hand):
            return False
        bot.laid, bot.laid_tick = bot.hand[index], self.ticks
        self.hands.lay(seat, bot.laid)
        self.on_reader[seat] = bot.laid
        return True

    def _taken(self) -> None:
        """Cards the table has taken leave the bots' hands."""
        if not isinstance(self.flow, SkullKingFlow):
            return  # the lobby takes no cards
        taken = self.flow.state.played_uids | set(self.flow.state.trick_uids.values())
        for bot in self.bots:
            if bot.laid is not None and bot.laid.uid.hex().upper() in taken:
                bot.hand.remove(bot.laid)
                bot.brain.hand.remove(sk.parse_card(bot.laid.code))
                bot.laid = None


class Faults:
    """Trouble on the line, on a schedule drawn from the seed: garbage, damaged, lost and doubled frames, and
    the hub's cable pulled out for a while and plugged back in."""

    EVERY = 120  # ticks between faults, on average
    UNPLUG_AT, UNPLUGGED_FOR = 900, 45  # ticks

    def __init__(self, hub: HubEmulator, rng: random.Random) -> None:
        self.hub, self.rng = hub, rng
        self.injected: list[str] = []

    def tick(self, tick: int) -> None:
        if tick == self.UNPLUG_AT:
            self.hub.unplug()
            self.injected.append("unplug")
        elif tick == self.UNPLUG_AT + self.UNPLUGGED_FOR:
            self.hub.plug()
            self.injected.append("replug")
        elif self.hub.plugged and self.rng.random() < 1 / self.EVERY:
            fault = self.rng.choice(["send_garbage", "corrupt_next", "truncate_next", "duplicate_next", "lose_next"])
            getattr(self.hub, fault)()
            self.injected.append(fault)


def score_pad_lines(screen: Screen) -> list[str]:
    """The score pad as text: a row per round ("bid/won points"), the totals, then one FINAL line per player.

    The last lines are stable for scripts: `FINAL <place> <name> <total>`, best first.
    """
    names = [screen.seats[seat].name for seat in screen.players]
    width = max(12, *(len(name) + 2 for name in names))
    lines = ["round " + "".join(name.rjust(width) for name in names)]
    for row in screen.score_pad:
        cells = "".join(f"{cell.bid}/{cell.won} {cell.points:+d}".rjust(width) for cell in row.cells)
        lines.append(f"{row.round:>5} {cells}")
    if screen.score_pad:
        lines.append("total " + "".join(str(cell.total).rjust(width) for cell in screen.score_pad[-1].cells))
    lines.append("")
    lines += [f"FINAL {p.place} {p.name.replace(' ', '_')} {p.total}" for p in screen.ranking]
    return lines


class WindowPlay:
    """The scoreboard in a window, where a person plays seat 1: bids and choices in the bar, cards by touch."""

    def __init__(self, table: VirtualTable) -> None:
        from table.commands.run import load_game_views
        from table.display.scoreboard import Scoreboard

        load_game_views()
        self.table = table
        self.board = Scoreboard.open(fullscreen=False)

    def __call__(self) -> bool:
        from table.display.scoreboard import Click
        from table.games.tricks.trick_view import card_face

        for item in self.board.events():
            if isinstance(item, Click):
                self.table.human_lays(0, item.index)
            else:
                self.table.app.submit(item)
        self.board.show(self.table.flow.screen(), [card_face(card.code) for card in self.table.hand(0)])
        return not self.board.quit
