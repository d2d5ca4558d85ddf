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
from typing import Any

from table.config import Config
from table.core import inputs
from table.core.frame import Phase
from table.games.skullking import rules as sk
from table.games.skullking.flow import SkullKingFlow
from table.games.skullking.screen import Screen
from table.games.tricks.card_bot import CardBot
from table.games.tricks.flow import TrickFlow
from table.games.tricks.rules import Rulebook
from table.sim.line_faults import Faults
from table.sim.score_pad_text import score_pad_lines
from table.sim.sim_table import NAMES, PRESS_GAP, TICK, SimClock, SimTable
from table.sim.virtual_deck import VirtualCard, virtual_deck

__all__ = ["NAMES", "PRESS_GAP", "TICK", "SimClock", "VirtualTable"]

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
    as_pirate: bool = True  # how it will announce Scary Mary (the Tigress)


class VirtualTable(SimTable):
    """Skull King's virtual table; another edition's (table.games.skullking_2021.sim) sets its game, bots and deal."""

    KEY = "skullking"  # the game's, in the catalog
    RULES: Rulebook = sk
    FLOW: type[TrickFlow[Any]] = SkullKingFlow
    BOT: type[CardBot] = CardBot

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
        self.RULES.GAME.check_players(players)
        config = self._table_config(home, players, config)
        super().__init__(home, players, seed, config)  # the real app on mock hardware (table.sim.sim_table)
        self.bots = [Bot(seat, self.BOT(self.RULES, random.Random())) for seat in range(players)]
        self.humans = humans
        self.deck = virtual_deck(self.KEY)
        self.dealt_round = 0
        self.on_reader: dict[int, VirtualCard | None] = dict.fromkeys(range(players))
        self.faults = Faults(self.hub, random.Random(f"{seed}/faults")) if faults else None

    def _table_config(self, home: Path, players: int, config: Config | None) -> Config | None:
        """The table the game is played at (None: the default config's)."""
        return config

    # --- For `pirate-table demo` (table.sim.demo.VirtualGame) ----------------------------------------------------

    def window_play(self) -> Callable[[], bool]:
        from table.games.skullking.art import card_face

        return WindowPlay(self, card_face)

    def report(self) -> list[str]:
        return [self.faults.report()] if self.faults is not None else []

    def final_lines(self, screen: Screen) -> list[str]:
        return score_pad_lines(screen)

    # --- Running ------------------------------------------------------------------------------------------------

    def run(self, max_ticks: int = 500_000, on_tick: Callable[[], bool] = lambda: True) -> Screen:
        """Play a whole game (or the rest of one, after a resume); returns the final screen.

        `on_tick` runs after every tick (a window's events, pacing); returning False stops the game there.
        """
        return self._play_game(max_ticks, on_tick)

    def resume(self) -> None:
        """Replay the log; then the world as it was: cards lying on readers, hands less what was played, and a card
        laid but not yet taken (Scary Mary, the Tigress, waiting for her announcement) still the bot's to announce."""
        self.app.resume()
        screen = self.flow.screen()
        by_uid = {card.uid.hex().upper(): card for card in self.deck}
        for seat, uid in self.flow.on_reader.items():  # the cards did not move while the table was down
            if seat < self.players and uid in by_uid:
                self.hands.lay(seat, by_uid[uid])
                self.on_reader[seat] = by_uid[uid]
        if screen.phase is not Phase.LOBBY and screen.round:  # (the lobby's screen has no round)
            self._deal(screen.round)
            self._laid_before(screen)

    def _laid_before(self, screen: Screen) -> None:
        """After a resume: a card on a seat's reader that the table has not taken is the one it laid (it leaves the
        hand once taken, `_taken`); a bot's card waiting for its announcement is announced as the bot meant it."""
        for seat, card in self.on_reader.items():
            bot = self.bots[seat]
            if card is None or card not in bot.hand:
                continue
            bot.laid, bot.laid_tick = card, self.ticks  # a person's too: their hand is shown less it once taken
            if screen.scary_mary == seat and seat not in self.humans:  # as CardBot.play meant her: same trick, bid
                trick = [self.RULES.parse_card(laid.code) for laid in screen.trick.cards] if screen.trick else []
                view = screen.seats[seat]
                needed = (view.bid or 0) - view.won
                bot.as_pirate = needed > 0 and bot.brain.would_win(trick, self.RULES.announced(True))

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

    def _cards_each(self, round_number: int) -> int:
        return round_number

    def _in_play(self, card: VirtualCard) -> bool:
        """Whether the dealer deals this card (every card, unless the table plays without some)."""
        return True

    def _deal(self, round_number: int) -> None:
        """The dealer shuffles and deals: the same seed deals the same hands, round by round."""
        cards = list(self.deck)
        random.Random(f"{self.seed}/{round_number}").shuffle(cards)
        count = self._cards_each(round_number)
        dealt_from = [card for card in cards if self._in_play(card)]
        played = self.flow.state.played_uids | set(self.flow.state.trick_uids.values())
        for bot in self.bots:
            dealt = dealt_from[bot.seat * count : (bot.seat + 1) * count]
            bot.brain.rng = random.Random(f"{self.seed}/{bot.seat}/{round_number}")  # decisions replay too
            bot.brain.hand = [self.RULES.parse_card(card.code) for card in dealt]
            bot.bid = bot.brain.bid(count, self.players)
            for card in dealt:
                if card.uid.hex().upper() in played:
                    bot.brain.hand.remove(self.RULES.parse_card(card.code))
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
        trick = [self.RULES.parse_card(card.code) for card in screen.trick.cards] if screen.trick else []
        needed = (acting.bid or 0) - acting.won
        hand_before = list(bot.brain.hand)
        chosen = bot.brain.play(trick, needed)  # takes it out of the brain's hand
        bot.brain.hand = hand_before  # ... until the table has taken it
        code = self.RULES.printed_card(chosen).code
        bot.as_pirate = chosen == self.RULES.announced(True)
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
        if not isinstance(self.flow, self.FLOW):
            return  # the lobby takes no cards
        taken = self.flow.state.played_uids | set(self.flow.state.trick_uids.values())
        for bot in self.bots:
            if bot.laid is not None and bot.laid.uid.hex().upper() in taken:
                bot.hand.remove(bot.laid)
                bot.brain.hand.remove(self.RULES.parse_card(bot.laid.code))
                bot.laid = None


class WindowPlay:
    """The scoreboard in a window, where a person plays seat 1: bids and choices in the bar, cards by touch."""

    def __init__(self, table: VirtualTable, faces: Callable[[str], Any]) -> None:
        """`faces`: how the edition's card codes look (its art module's `card_face`), for the hand."""
        from table.commands.run import load_game_views
        from table.display.scoreboard import Scoreboard

        load_game_views()
        self.table = table
        self.faces = faces
        self.board = Scoreboard.open(fullscreen=False)

    def __call__(self) -> bool:
        from table.display.scoreboard import Click

        for item in self.board.events():
            if isinstance(item, Click):
                self.table.human_lays(0, item.index)
            else:
                self.table.app.submit(item)
        self.board.show(self.table.flow.screen(), [self.faces(card.code) for card in self.table.hand(0)])
        return not self.board.quit
