"""The virtual table for Piratenpoker: the real app on mock hardware (table.sim.sim_table), bots at every seat.

The bots act through the real paths: they lay tagged cards on their seat's reader (the hub emulator senses them)
and hold their seat button to say "done". They read only what a player may: the public screen, what lies on the
table, and their own hidden cards.

Every decision is a function of the seed and of the game as the table logged it, so a resumed demo (after kill -9)
and a demo with faults on the line reach the same end:
- the loot card turned from a stack is drawn from the cards of that colour not lying out and not held by anyone,
  shuffled by (seed, game);
- a bot's play for a round is planned when the round opens, from the tags not in the discard pile, shuffled by
  (seed, game, round): the table counts hands but never sees them, so the cards a bot holds are whichever the
  draw gave it. The plan is the same whenever it is made during the round (the discard pile does not change
  until the reveal), so the cards laid before a kill are the first cards of the same plan after the resume;
- the winner's choices (which loot overboard or below deck, who gets it) follow the scores shown on the screen.
A card laid is lifted again once the table has taken it (or after a while, when the line lost it: then it is
laid again).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from table.config import Config
from table.core import inputs
from table.core.frame import Phase
from table.games.piratenpoker import rules as pp
from table.games.piratenpoker.flow import PiratenpokerFlow, Step
from table.games.piratenpoker.screen import PokerScreen
from table.sim.line_faults import Faults
from table.sim.sim_table import NAMES, SimTable
from table.sim.virtual_deck import VirtualCard, virtual_deck

LIFT_AFTER = 4  # ticks a card lies on a reader before the bot looks whether the table took it
RETRY_TICKS = 90  # a card the table has not taken after this long is lifted (and laid again if still wanted)
HOLD_GAP = 1.4  # seconds after a hold before the same bot presses again (the hold lasts HOLD_SECONDS + 0.2)
POINTS_LEGEND = "points: fronts + sharks (+4 each) + backs + sets = total"


@dataclass
class PokerBot:
    seat: int
    next_press: float = 0.0
    bid: int | None = None  # unused: the shell's Thumb protocol


@dataclass
class OnReader:
    card: VirtualCard
    tick: int
    taken: Callable[[], bool]


class PiratenpokerTable(SimTable):
    """`pirate-table demo --game piratenpoker`: 3-5 bots play a whole match through the real app."""

    def __init__(
        self,
        home: Path,
        players: int,
        seed: int,
        faults: bool = False,
        window: bool = False,
        config: Config | None = None,
    ) -> None:
        if not pp.MIN_PLAYERS <= players <= pp.MAX_PLAYERS:
            raise ValueError(f"Piratenpoker is for {pp.MIN_PLAYERS} to {pp.MAX_PLAYERS} players, not {players}")
        super().__init__(home, players, seed, config)
        self.bots = [PokerBot(seat) for seat in range(players)]
        self.deck = virtual_deck("piratenpoker")
        self.by_uid = {card.uid.hex().upper(): card for card in self.deck}
        self.poker_tags = sorted((card for card in self.deck if card.code in pp.POKER_COUNTS), key=_uid)
        self.pass_tags = [card for card in self.deck if card.code == pp.PASS]
        self.on_reader: dict[int, OnReader | None] = dict.fromkeys(range(players))
        self.faults = Faults(self.hub, random.Random(f"{seed}/faults")) if faults else None
        self.window = window

    @property
    def flow(self) -> object:
        return self.app.session.flow

    # --- For `pirate-table demo` (table.sim.demo.VirtualGame) -----------------------------------------------------

    def report(self) -> list[str]:
        return [self.faults.report()] if self.faults is not None else []

    def final_lines(self, screen: PokerScreen) -> list[str]:
        lines = [POINTS_LEGEND, "player".ljust(18) + "fronts sharks  backs   sets  total"]
        for final in screen.finals:
            name = str(final.label)
            sharks = final.sharks * pp.LOOT_BACKS[pp.SHARK_FRONT]  # points, as the final screen says them
            lines.append(f"{name:<18}{final.fronts:>6}{sharks:>7}{final.backs:>7}{final.bonus:>7}{final.total:>7}")
        lines.append("")
        lines += [f"FINAL {final.place} {str(final.label).replace(' ', '_')} {final.total}" for final in screen.finals]
        return lines

    # --- Running --------------------------------------------------------------------------------------------------

    def run(self, on_tick: Callable[[], bool] = lambda: True, max_ticks: int = 400_000) -> PokerScreen:
        self._play_until(self._over, max_ticks, on_tick, "the match", lambda: self.app.session.screen())
        return self.app.session.screen()

    def _over(self) -> bool:
        return isinstance(self.flow, PiratenpokerFlow) and self.flow.state.phase is Phase.GAME_OVER

    def resume(self) -> None:
        """Replay the log; then the world as it was: the cards lying on the readers stay there."""
        self.app.resume()
        for seat, uid in self.app.session.on_reader.items():
            if seat < self.players and uid in self.by_uid:
                self.hands.lay(seat, self.by_uid[uid])
                self.on_reader[seat] = OnReader(self.by_uid[uid], self.ticks, lambda: True)

    def tick(self) -> None:
        self._next_tick()
        if self.faults:
            self.faults.tick(self.ticks)
        self.hub.service(self.clock.now)
        self.app.step(wait=0.0005)
        self._act()

    # --- The players ----------------------------------------------------------------------------------------------

    def _act(self) -> None:
        flow = self.flow
        if not isinstance(flow, PiratenpokerFlow):
            self._lobby()
            return
        if self._lift_taken():
            return  # one thing at a time: the next card once the readers are clear
        if flow.link_lost is not None:
            return
        game = flow.state
        match game.step:
            case Step.LOOT:
                self._turn_loot(flow)
            case Step.LAYING if game.phase is Phase.BIDDING:
                self._lay(flow)
            case Step.CHOOSE:
                self._choose(flow)
            case Step.GIVE:
                self._give_overboard(flow)
            case Step.GIFT:
                self._gift(flow)

    def _lobby(self) -> None:
        screen = self.app.session.screen()
        if screen.phase is not Phase.LOBBY:
            return
        if self._join_all(screen.seats):
            for seat in range(self.players):
                if screen.seats[seat].name != NAMES[seat]:
                    self.app.submit(inputs.SetName(seat, NAMES[seat]))
            if screen.game != "piratenpoker":
                self.app.submit(inputs.ChooseGame("piratenpoker"))
            self.app.submit(inputs.StartGame())

    def _lift_taken(self) -> bool:
        """Lift every card the table has taken (or lost); True while a card still lies waiting."""
        waiting = False
        for seat, lying in self.on_reader.items():
            if lying is None:
                continue
            age = self.ticks - lying.tick
            if age >= RETRY_TICKS or (age >= LIFT_AFTER and lying.taken()):
                self.hands.lift(seat)
                self.on_reader[seat] = None
            else:
                waiting = True
        return waiting

    def _put(self, seat: int, card: VirtualCard, taken: Callable[[], bool]) -> None:
        self.hands.lay(seat, card)
        self.on_reader[seat] = OnReader(card, self.ticks, taken)

    def _turn_loot(self, flow: PiratenpokerFlow) -> None:
        """Seat 1 turns the top card of the next stack and lays it on its reader."""
        game = flow.state
        lying = Counter(game.middle)
        held = Counter(h.loot.code for loot in game.loot.values() for h in loot)
        out = {pp.parse_loot(code).colour for code in game.middle}
        colour = next(colour for colour in pp.COLOURS if colour not in out)
        stack = Counter(loot.code for loot in flow.loot_deck if loot.colour == colour) - lying - held
        codes = sorted(stack.elements())
        random.Random(f"{self.seed}/loot/{game.game_number}/{colour}").shuffle(codes)
        code = codes[0]
        card = next(c for c in self.deck if c.code == code and c.uid.hex().upper() not in game.middle_uids.values())
        before = len(game.middle) + (game.game_number * 10)
        self._put(0, card, lambda: len(flow.state.middle) + flow.state.game_number * 10 != before)

    def _plans(self, flow: PiratenpokerFlow) -> dict[int, list[VirtualCard]]:
        """Every bot's play this round, planned from the tags not in the discard pile (see the module's note)."""
        game = flow.state
        pool = [card for card in self.poker_tags if _uid(card) not in game.played_uids]
        rng = random.Random(f"{self.seed}/play/{game.game_number}/{game.round}")
        rng.shuffle(pool)
        plans = {}
        for index, seat in enumerate(flow.players):
            if seat in game.out:
                continue
            hand = game.piles.hands[index]
            choice = rng.random()
            if hand == 0 or (game.round > 1 and choice < 0.12):
                plans[seat] = [self.pass_tags[index]]
                continue
            count = min(hand, 1 + int(choice * 3) if game.round < 3 else 1 + int(choice * 4))
            plans[seat], pool = pool[:count], pool[count:]
        return plans

    def _lay(self, flow: PiratenpokerFlow) -> None:
        game = flow.state
        plans = self._plans(flow)
        for seat, plan in plans.items():
            if seat in game.done:
                continue
            laid = {uid for uid, _ in game.laid.get(seat, ())}
            missing = [card for card in plan if _uid(card) not in laid]
            bot = self.bots[seat]
            if missing:
                self._put(seat, missing[0], _laid_more(flow, seat, len(laid)))
            elif self.clock.now >= bot.next_press:
                self._press(bot, "hold")
                bot.next_press = self.clock.now + HOLD_GAP

    def _leader(self, flow: PiratenpokerFlow, besides: int) -> int:
        """The player the screen shows with the best loot score, other than `besides` (the lowest seat on ties)."""
        totals = flow._totals()
        return max((seat for seat in flow.players if seat != besides), key=lambda seat: (totals[seat], -seat))

    def _choose(self, flow: PiratenpokerFlow) -> None:
        game = flow.state
        winner = game.winner
        assert winner is not None
        sharks = sorted(code for code in game.middle if pp.parse_loot(code).shark)
        if game.round == 1 and sharks and random.Random(f"{self.seed}/shark/{game.game_number}").random() < 0.4:
            code = sharks[0]  # overboard to keep the shark (+4) for itself
        elif game.round == 1:  # overboard: the card with the worst back, to give to the leader
            code = min(game.middle, key=lambda code: (pp.parse_loot(code).back, code))
        else:  # below deck: keep the best card for round 3 in play
            code = min(game.middle, key=lambda code: (pp.parse_loot(code).front, code))
        card = self.by_uid.get(game.middle_uids.get(code, ""))
        if card is None:
            card = next(c for c in self.deck if c.code == code)
        step = game.step
        self._put(winner, card, lambda: flow.state.step is not step or flow.state.winner != winner)

    def _give_overboard(self, flow: PiratenpokerFlow) -> None:
        game = flow.state
        winner = game.winner
        assert winner is not None and game.chosen is not None
        loot = pp.parse_loot(game.chosen)
        to = winner if loot.shark else self._leader(flow, winner)
        card = next(c for c in self.deck if c.code == game.chosen)
        self._put(to, card, lambda: flow.state.step is not Step.GIVE)

    def _gift(self, flow: PiratenpokerFlow) -> None:
        game = flow.state
        winner = game.winner
        assert winner is not None
        backs = sorted(
            (held for held in game.loot[winner] if not held.front_up and not held.shark), key=lambda h: h.worth
        )
        if backs:
            card = next(c for c in self.deck if c.code == backs[0].loot.code)
            self._put(self._leader(flow, winner), card, lambda: flow.state.step is not Step.GIFT)
        elif self.clock.now >= self.bots[winner].next_press:
            self._press(self.bots[winner], "hold")
            self.bots[winner].next_press = self.clock.now + HOLD_GAP


def _uid(card: VirtualCard) -> str:
    return card.uid.hex().upper()


def _laid_more(flow: PiratenpokerFlow, seat: int, count: int) -> Callable[[], bool]:
    """Whether `seat` has now laid more than `count` cards: the card put on its reader was taken."""
    return lambda: len(flow.state.laid.get(seat, ())) > count
