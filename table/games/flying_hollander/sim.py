"""The Flying Hollander's virtual table: the whole app on mock hardware, bots at 2-6 seats (`pirate-table demo
--game flying-hollander`).

The real app loop, event log, hub driver and flow run; the seat hub is the emulator, the seat buttons are mock pins
(table.sim.sim_table). The deck is shuffled and dealt from the seed: each bot gets 3 final, 3 clash and 3 hand cards,
the rest is the draw pile. Where every card is comes from the flow's own state (what lies on the pile, what went out
of the game, who took which tags with the pile, who drew each card of the draw pile) together with the deal, so the
bots' hands are the same after a resume from the log, even after kill -9.

The bots play legally: the lowest crew card that may go on the pile, a special only when no crew card may, identical
cards one after another, the pile taken (a button hold) when nothing may be played, the final cards blind. Now and
then a bot lays a card that may not be played: the table refuses it, and the bot takes it back. A Wormhole's player
picks the next player, who taps their button; a Pirate's player lets the swap go (a hold), since bots keep their
cards. With `faults`, the line to the hub suffers garbage, damaged, lost and doubled frames, and the hub's cable is
pulled out once for a while (table.sim.line_faults).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from table.config import Config
from table.core import inputs
from table.core.frame import Phase
from table.devices.buttons import HOLD_SECONDS
from table.games.flying_hollander import rules as fh
from table.games.flying_hollander.flow import FlyingHollanderFlow
from table.sim.line_faults import Faults
from table.sim.sim_table import NAMES, SimTable
from table.sim.virtual_deck import VirtualCard, virtual_deck

GAME = "flying-hollander"
RETRY_TICKS = 90  # an action the table has not taken after this long (the link was down) is tried again
ILLEGAL_TRY = 0.06  # how often a bot tries a card that may not be played
FINAL_LEGEND = "each FINAL line: place, name, cards left (the first out wins, holding none)"


class HollanderFaults(Faults):
    UNPLUG_AT = 300  # a game is shorter than a Skull King game: the cable is pulled early enough


@dataclass
class Bot:
    seat: int
    next_press: float = 0.0
    bid: int | None = None  # (a Thumb has one; this game has no bids)
    tried_illegal: int = -1  # the move at which it last tried an illegal card


@dataclass
class Holdings:
    """The cards a seat holds, as the world has them."""

    hand: list[VirtualCard]
    clash: list[VirtualCard]
    final: list[VirtualCard]


class VirtualHollanderTable(SimTable):
    def __init__(
        self,
        home: Path,
        players: int,
        seed: int,
        faults: bool = False,
        window: bool = False,
        config: Config | None = None,
    ) -> None:
        fh.check_players(players)
        super().__init__(home, players, seed, config)
        self.bots = [Bot(seat) for seat in range(players)]
        self.deck = virtual_deck(GAME)
        self.by_uid = {self._uid(card): card for card in self.deck}
        dealt = list(self.deck)
        random.Random(f"{seed}/deal").shuffle(dealt)
        nine = fh.HAND + fh.CLASH + fh.FINAL
        self.dealt = [
            Holdings(
                dealt[s * nine + 6 : s * nine + 9], dealt[s * nine + 3 : s * nine + 6], dealt[s * nine : s * nine + 3]
            )
            for s in range(players)
        ]
        self.draw_order = dealt[players * nine :]
        self.on_reader: dict[int, VirtualCard | None] = dict.fromkeys(range(players))
        self.laid_tick = 0
        self.waiting: tuple[int, int] | None = None  # (the flow's moves when a bot acted, the tick): wait for it
        self.refused = 0  # illegal cards tried and refused
        self.faults = HollanderFaults(self.hub, random.Random(f"{seed}/faults")) if faults else None
        self.window = window

    @staticmethod
    def _uid(card: VirtualCard) -> str:
        return card.uid.hex().upper()

    @property
    def flow(self) -> Any:
        return self.app.session.flow

    # --- For `pirate-table demo` (table.sim.demo.VirtualGame) ----------------------------------------------------

    def report(self) -> list[str]:
        return [self.faults.report()] if self.faults is not None else []

    def final_lines(self, screen: Any) -> list[str]:
        """Who went out, then `FINAL <place> <name> <cards left>` per player: the first out wins holding none; the
        others share the next place, each with the cards still held (its hand, clash and final cards)."""
        names = {view.seat: view.name for view in screen.seats}
        left = {view.seat: view.hand + view.clash + view.final for view in screen.seats}
        lines = [f"gone out: {', '.join(names[seat] for seat in screen.out)}", FINAL_LEGEND, ""]
        lines += [f"FINAL {p.place} {p.name.replace(' ', '_')} {left[p.seat]}" for p in screen.ranking]
        return lines

    # --- Running ----------------------------------------------------------------------------------------------------

    def run(self, max_ticks: int = 600_000, on_tick: Callable[[], bool] = lambda: True) -> Any:
        return self._play_game(max_ticks, on_tick)

    def resume(self) -> None:
        """Replay the log; the cards lying on the readers lie there still."""
        self.app.resume()
        for seat, uid in self.flow.on_reader.items():
            if seat < self.players and uid in self.by_uid:
                self.hands.lay(seat, self.by_uid[uid])
                self.on_reader[seat] = self.by_uid[uid]

    def tick(self) -> None:
        self._next_tick()
        if self.faults:
            self.faults.tick(self.ticks)
        self.hub.service(self.clock.now)
        self.app.step(wait=0.0005)
        screen = self.flow.screen()
        if screen.phase is Phase.LOBBY:
            self._join(screen)
        elif isinstance(self.flow, FlyingHollanderFlow) and screen.phase is Phase.PLAYING:
            self._act(screen)

    def _join(self, screen: Any) -> None:
        if self._join_all(screen.seats):
            for seat in range(self.players):
                if screen.seats[seat].name != NAMES[seat]:
                    self.app.submit(inputs.SetName(seat, NAMES[seat]))
            self.app.submit(inputs.ChooseGame(GAME))
            self.app.submit(inputs.StartGame())

    # --- Where the cards are -----------------------------------------------------------------------------------

    def holdings(self) -> list[Holdings]:
        """Each seat's cards, from the deal and the flow's state: the pile's and the cleared tags are gone from the
        hands, a tag taken with the pile is in its taker's hand, each card drawn in its drawer's."""
        state = self.flow.state
        away = set(state.pile_uids) | state.gone_uids | set(state.taken)
        held = [
            Holdings(*([card for card in part if self._uid(card) not in away] for part in (d.hand, d.clash, d.final)))
            for d in self.dealt
        ]
        for card, seat in zip(self.draw_order, state.draws, strict=False):
            if self._uid(card) not in away:
                held[seat].hand.append(card)
        for uid, seat in state.taken.items():
            if uid not in state.pile_uids and uid not in state.gone_uids:
                held[seat].hand.append(self.by_uid[uid])
        return held

    def world_matches(self) -> bool:
        """The world's cards agree with the table's counts (for the tests)."""
        game = self.flow.state.game
        held = self.holdings()
        return all(
            (len(h.hand), len(h.clash), len(h.final)) == (g.hand, g.clash, g.final)
            for h, g in zip(held, game.holdings, strict=True)
        ) and game.draw == len(self.draw_order) - len(self.flow.state.draws)

    # --- The bots ----------------------------------------------------------------------------------------------

    def _act(self, screen: Any) -> None:
        moves = self.flow.state.moves
        for seat, card in self.on_reader.items():  # a card the table has read leaves the reader: onto the pile,
            if card is None:  # or back to the hand when refused
                continue
            if self.flow.on_reader.get(seat) == self._uid(card) or self.ticks - self.laid_tick > RETRY_TICKS:
                self.hands.lift(seat)
                self.on_reader[seat] = None
                if self.waiting is not None and self.waiting[0] == moves:
                    self.waiting = None  # refused (or never seen): the bot may act again
            return
        if self.waiting is not None:
            if self.waiting[0] == moves and self.ticks - self.waiting[1] <= RETRY_TICKS:
                return
            self.waiting = None
        if screen.choosing is not None:
            self._choose(screen, screen.choosing)
        elif screen.swapping is not None:
            self._hold(self.bots[screen.swapping])
        else:
            opened = next((view for view in screen.seats if view.open_play), None)
            if opened is not None and self._extend(screen, opened.seat):
                return
            acting = next((view for view in screen.seats if view.acting), None)
            if acting is not None:
                self._play(screen, acting)

    def _rng(self, seat: int) -> random.Random:
        return random.Random(f"{self.seed}/{seat}/{self.flow.state.moves}")

    def _choose(self, screen: Any, chooser: int) -> None:
        others = [v.seat for v in screen.seats if v.joined and v.seat != chooser and v.place is None]
        chosen = self._rng(chooser).choice(others)
        self._tap(self.bots[chosen])

    def _source(self, view: Any, held: Holdings) -> list[VirtualCard]:
        return {"hand": held.hand, "clash": held.clash, "final": held.final}.get(view.position, [])

    def _extend(self, screen: Any, seat: int) -> bool:
        """The seat that just played lays an identical card from where it plays, if it has one."""
        view = screen.seats[seat]
        state = self.flow.state
        if state.last is None or state.last[0] != seat or view.position == "final":
            return False
        code = state.last[1][-1]
        held = self.holdings()[seat]
        source = (
            held.hand if held.hand else held.clash if view.position == "clash" or not self.flow.state.game.draw else []
        )
        same = [card for card in source if card.code == code]
        if not same:
            return False
        self._lay(seat, same[0])
        return True

    def _play(self, screen: Any, view: Any) -> None:
        bot, held = self.bots[view.seat], self.holdings()[view.seat]
        cards = self._source(view, held)
        if not cards:
            return
        rng = self._rng(view.seat)
        if view.position == "final":
            self._lay(view.seat, rng.choice(cards))
            return
        legal = [card for card in cards if fh.judge(screen.pile, [card.code]) is None]
        illegal = [card for card in cards if card not in legal]
        moves = self.flow.state.moves
        if illegal and bot.tried_illegal != moves and rng.random() < ILLEGAL_TRY:
            bot.tried_illegal = moves
            self.refused += 1
            self._lay(view.seat, rng.choice(illegal))
        elif legal:
            self._lay(view.seat, min(legal, key=_worth))
        else:
            self._hold(bot)

    def _lay(self, seat: int, card: VirtualCard) -> None:
        self.hands.lay(seat, card)
        self.on_reader[seat] = card
        self.laid_tick = self.ticks
        self.waiting = (self.flow.state.moves, self.ticks)

    def _tap(self, bot: Bot) -> None:
        if self.clock.now >= bot.next_press:
            self._press(bot, "tap")
            self.waiting = (self.flow.state.moves, self.ticks)

    def _hold(self, bot: Bot) -> None:
        if self.clock.now >= bot.next_press:
            self._press(bot, "hold")
            bot.next_press = self.clock.now + HOLD_SECONDS + 0.6
            self.waiting = (self.flow.state.moves, self.ticks)


def _worth(card: VirtualCard) -> tuple[int, int]:
    """Crew cards lowest first; specials last, the Kraken and Flying Hollander kept longest."""
    rank = fh.rank(card.code)
    if rank is not None:
        return (0, rank)
    return (1, ("island", "mutiny", "pirate", "wormhole", "hollander", "kraken").index(card.code))
