"""The virtual dice table: the whole application playing the Skull King dice game, with only the physics imitated.

The real app loop, event log and flows run, built by the real table's `build_table`; the seat hub is the emulator,
the buttons gpiozero's mock pins, and the camera is the dice thrower's rendered tray, read by the real vision
pipeline (TrayTracker with the real DiceReader) frame by frame: nothing goes from a bot to the game but button
presses, dice thrown into the tray, and what an operator would do on the screen.

The bots join in the card game's lobby, the operator chooses the dice game and starts it. Each round every bot draws
its dice from the virtual bag, bids with its button, and throws legal dice when its LED says so. Like a player, a
bot checks the read of its die on the screen: it confirms a doubtful read that is right (hold) and throws again
when it is wrong; a wrong read the table accepted is corrected by the operator. Misreads are counted.

With `faults` (table/games/skullking_dice/faults.py) the camera drops out now and then, a hand lies over the tray, a
die comes
to rest on its edge, and landing dice nudge the others more often. The bots answer like players: they throw
nothing and empty nothing while the table cannot see (the camera down or the tray covered), lift and throw again a
die the table cannot read, confirm or re-throw a die whose read a nudge changed.

Determinism: the same seed plays the same game, with or without faults. The bots' choices depend only on the game
so far, and a die thrown again lands on the face its thrower meant the first time (`_throw_die`): a player picks
the die up and puts it back into play, and the table only cares that it reads it right. So how often a die must be
thrown again (misreads, dice on an edge, nudges) changes where dice lie and how long the game takes, never a score.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from table.config import Config
from table.core import inputs
from table.core.frame import Phase
from table.devices.camera import VirtualCamera
from table.devices.dice_tray import DiceTray, DirectCamera
from table.games.skullking_dice import rules as skd
from table.games.skullking_dice.bag import draw_hands, roll
from table.games.skullking_dice.bot import DiceBot
from table.games.skullking_dice.faults import NUDGE_CHANCE, DiceFaults
from table.games.skullking_dice.inputs import CorrectDie
from table.games.skullking_dice.screen import DiceScreen
from table.games.skullking_dice.thrower import DiceThrower
from table.sim.score_pad_text import score_pad_lines
from table.sim.sim_table import NAMES, SimTable

GAME = "skullking-dice"
SETTLE_FRAMES = 3  # the tray tracker's: still frames before a die counts
RETHROW_TICKS = 60  # a die the table has not credited after this long is picked up and thrown again
ATTEMPTS = 3  # after this many throws the camera did not take, the operator enters the die


@dataclass
class Misreads:
    """What the vision pipeline got wrong, and how the table put it right."""

    confirmed: int = 0  # doubtful reads that were right: the thrower held
    rethrown: int = 0  # doubtful reads that were wrong (or unreadable): thrown again
    corrected: int = 0  # sure reads that were wrong: corrected by the operator
    entered: int = 0  # dice the camera did not take after a few throws: entered by the operator
    throws: int = 0  # dice thrown into the tray, re-throws included


@dataclass
class DicePlayer:
    seat: int
    brain: DiceBot
    bid: int | None = None
    next_press: float = 0.0
    die_id: int | None = None  # the die it threw into the tray this trick (the thrower's id)
    truth: tuple[str, str] | None = None  # what that die really shows
    thrown_tick: int = 0
    attempt: int = 0  # dice thrown this trick (a wrong read is thrown again)
    kinds_thrown: list[str] = field(default_factory=list)  # this round


class VirtualDiceTable(SimTable):
    def __init__(
        self,
        home: Path,
        players: int,
        seed: int,
        config: Config | None = None,
        faults: bool = False,
        window: bool = False,  # in a window the person watching is the operator: no seat of theirs
    ) -> None:
        skd.check_players(players)
        from vision.tracker import TrayTracker  # the real pipeline: loads the face model

        self.thrower = DiceThrower(seed)
        self.faults = DiceFaults(random.Random(f"{seed}/dice-faults")) if faults else None
        if self.faults is not None:
            self.thrower.nudge_chance = NUDGE_CHANCE
        camera = VirtualCamera(self._picture)
        self.tray = DiceTray(DirectCamera(camera), TrayTracker(settle_frames=SETTLE_FRAMES))
        super().__init__(home, players, seed, config, tray=self.tray)  # the real app on mock hardware
        self.bots = [DicePlayer(seat, DiceBot(random.Random())) for seat in range(players)]
        self.drawn_round = 0
        self.misreads = Misreads()
        self.corrections: set[tuple[object, ...]] = set()  # each correction the operator asked for, asked once
        self._emptied = False  # the dice of the judged trick are out of the tray (the camera has yet to see it)
        self.seen_ticks = 0  # ticks the table could see the tray: how long a bot waits for its die to be taken

    @property
    def screen(self) -> object:
        return self.app.session.screen()

    # --- Running ------------------------------------------------------------------------------------------------

    # --- For `pirate-table demo` (table.sim.demo.VirtualGame) ----------------------------------------------------

    def report(self) -> list[str]:
        read = self.misreads
        lines = [
            f"dice: {read.throws} thrown into the tray; doubtful reads confirmed {read.confirmed}, "
            f"wrong reads thrown again {read.rethrown}, wrong reads corrected by the operator {read.corrected}, "
            f"dice the camera missed entered by the operator {read.entered}"
        ]
        if self.faults is not None:
            count = self.faults.counts()
            lines.append(
                f"faults: camera gave no picture {count['camera-down']} times, hand over the tray "
                f"{count['hand']} times, dice on an edge {count['on-edge']}, dice nudged {self.thrower.nudges}"
            )
        return lines

    def final_lines(self, screen: DiceScreen) -> list[str]:
        return score_pad_lines(screen)

    def run(self, max_ticks: int = 200_000, on_tick: Callable[[], bool] = lambda: True) -> DiceScreen:
        """Play the whole game (or the rest of it, after a resume); returns the final screen."""
        self._play_until(self._finished, max_ticks, on_tick, "the dice game", lambda: self.screen)
        return self.screen  # type: ignore[return-value]

    def _finished(self) -> bool:
        screen = self.screen
        return isinstance(screen, DiceScreen) and screen.phase is Phase.GAME_OVER and not self._wrong_reads(screen)

    def resume(self) -> None:
        """Replay the log; then the world as it was: the dice lying in the tray, the hands less the dice thrown."""
        self.app.resume()
        flow = self.app.session.flow
        screen = flow.screen()
        if not isinstance(screen, DiceScreen):
            return
        placed = {  # the dice did not move while the table was down
            order: self.thrower.place(die.kind, die.face or _shown_face(die.kind), die.x, die.y)
            for order, die in flow.tray.items()
        }
        self._draw(screen.round)
        if screen.trick is not None:
            for thrown in screen.trick.dice:  # as the table read them: a player would have said otherwise
                bot = self.bots[thrown.seat]
                # A die the camera could not read: the bot's memory of it died with the process, so it says a face
                # that kind of die shows (never one it cannot: the operator's correction would be refused forever).
                bot.truth = (thrown.kind, thrown.face or _shown_face(thrown.kind))
                bot.die_id = placed.get(thrown.order) if thrown.order is not None else None

    def _picture(self, count: int) -> np.ndarray | None:
        """The camera's picture: the tray as it is (the world moves on even when the camera gives nothing)."""
        frame = self.thrower.frame(count)
        return self.faults.picture(frame) if self.faults is not None else frame

    def tick(self) -> None:
        self._next_tick()
        if self.faults is not None:
            screen = self.screen
            self.faults.tick(self.ticks, isinstance(screen, DiceScreen) and screen.phase is not Phase.GAME_OVER)
        self.hub.service(self.clock.now)
        self.app.step(wait=0)
        self._act(self.screen)

    # --- The players and the operator -------------------------------------------------------------------------------

    def _act(self, screen: object) -> None:
        if not isinstance(screen, DiceScreen):
            self._lobby(screen)
            return
        if self._wrong_reads(screen):
            return  # the operator corrected a die: the screen changes with the next tick
        if screen.camera_lost is not None or screen.tray_blocked or self._hand_or_dark():
            return  # the players wait until the table can see the tray again
        self.seen_ticks += 1
        if screen.phase is Phase.BIDDING:
            self._bid(screen)
        elif screen.phase is Phase.PLAYING:
            self._emptied = False
            self._throw(screen)
        elif screen.phase is Phase.LIFTING and not self._emptied:
            self.thrower.take_out_all()  # the trick's dice go to its winner
            self._emptied = True
            for bot in self.bots:
                bot.die_id, bot.truth, bot.attempt = None, None, 0

    def _hand_or_dark(self) -> bool:
        """The players see a hand over the tray, or the camera's lamp out, before the table says so."""
        return self.faults is not None and (self.faults.hand_over or self.faults.blind)

    def _lobby(self, screen: object) -> None:
        if self._join_all(screen.seats):  # type: ignore[attr-defined]
            for seat in range(self.players):  # the operator names the players, chooses the game and starts it
                self.app.submit(inputs.SetName(seat, NAMES[seat]))
            self.app.submit(inputs.ChooseGame(GAME))
            self.app.submit(inputs.StartGame())

    def _draw(self, round_number: int) -> None:
        """Every player draws r dice from the bag behind their screen: the same seed draws the same."""
        hands = draw_hands(f"{self.seed}/{round_number}", self.players, round_number)
        flow = self.app.session.flow
        thrown: dict[int, list[str]] = {bot.seat: [] for bot in self.bots}
        for trick in getattr(flow.state, "tricks", []):
            for die in trick.dice:
                thrown[die.seat].append(die.kind)
        for die in getattr(flow.state, "throws", {}).values():
            thrown[die.seat].append(die.kind)
        for bot, hand in zip(self.bots, hands, strict=True):
            bot.brain.rng = random.Random(f"{self.seed}/{bot.seat}/{round_number}")
            bot.brain.hand = list(hand)
            bot.bid = bot.brain.bid(round_number, self.players)
            for kind in thrown[bot.seat]:
                if kind in bot.brain.hand:
                    bot.brain.hand.remove(kind)
            bot.die_id, bot.truth, bot.attempt = None, None, 0
        self.drawn_round = round_number

    def _bid(self, screen: DiceScreen) -> None:
        if self.drawn_round != screen.round:
            self._draw(screen.round)
        self._count_bids(screen.seats)

    def _throw(self, screen: DiceScreen) -> None:
        acting = next((view for view in screen.seats if view.acting), None)
        if acting is None or screen.trick is None or self.thrower.busy:
            return
        bot = self.bots[acting.seat]
        mine = next((die for die in screen.trick.dice if die.seat == bot.seat), None)
        waiting = bot.die_id is not None and (mine is None or mine.order is None)  # thrown, not taken yet
        if waiting and self.seen_ticks - bot.thrown_tick > RETHROW_TICKS:
            assert bot.die_id is not None and bot.truth is not None
            self.thrower.take_out(bot.die_id)  # the camera did not take it: pick it up
            bot.die_id = None
            if bot.attempt >= ATTEMPTS:  # ... and tell the operator, who enters it
                self.misreads.entered += 1
                self.app.submit(CorrectDie(bot.seat, *bot.truth))
            elif mine is None:
                self._throw_die(bot, *bot.truth)
            return
        if waiting:
            return
        if mine is not None and mine.doubt is not None:
            if bot.truth is not None and mine.face is not None and (mine.kind, mine.face) == bot.truth:
                if self.clock.now >= bot.next_press:
                    self.misreads.confirmed += 1
                self._press(bot, "hold")  # the read is right
            elif mine.order is not None and bot.die_id is not None:
                self.misreads.rethrown += 1
                self.thrower.take_out(bot.die_id)  # wrong or unreadable: pick it up ...
                bot.die_id = None
            elif mine.order is None and bot.truth is not None:
                self._throw_die(bot, *bot.truth)  # ... and throw it again
            return
        if mine is not None or bot.die_id is not None:
            return
        needed = (acting.bid or 0) - acting.won
        kind = bot.brain.choose(screen.trick.lead, needed)
        bot.brain.hand.remove(kind)
        self._throw_die(bot, kind)

    def _throw_die(self, bot: DicePlayer, kind: str, again: str | None = None) -> None:
        """The die lands by a stream keyed by the round, the trick, the seat and the attempt: after a resume the
        same throw lands the same way. `again`: the face of the die thrown again. It lands on that face (elsewhere
        in the tray): the die is put back into play as it was rolled, so how often the table needed a die thrown
        again (a misread, a die on its edge, a nudge, a fault) never changes the game."""
        flow = self.app.session.flow
        where = f"{self.seed}/{flow.state.round}/{len(flow.state.tricks)}/{bot.seat}/{bot.attempt}"
        rng = random.Random(where)
        face = roll(kind, rng)
        face = again if again is not None else face
        on_edge = self.faults is not None and self.faults.on_edge()
        bot.die_id = self.thrower.throw(kind, face, rng, on_edge=on_edge)
        bot.attempt += 1
        bot.truth = (kind, face)
        bot.thrown_tick = self.seen_ticks
        self.misreads.throws += 1

    def _wrong_reads(self, screen: DiceScreen) -> bool:
        """A die the table accepted with a wrong read: the thrower says so, the operator corrects it."""
        if screen.trick is None:
            return False
        for die in screen.trick.dice:
            bot = self.bots[die.seat]
            if die.doubt is None and bot.truth is not None and (die.kind, die.face) != bot.truth:
                asked = (screen.round, screen.trick.number, die.seat, bot.truth)
                if asked in self.corrections:  # asked once and refused: the player takes the table's read
                    bot.truth = (die.kind, die.face) if die.face is not None else bot.truth
                    continue
                self.corrections.add(asked)
                self.misreads.corrected += 1
                self.app.submit(CorrectDie(die.seat, *bot.truth))
                return True
        return False


def _shown_face(kind: str) -> str:
    """A face a die of this kind shows (its first), for a die whose face nobody remembers."""
    return skd.STANDARD_BAG.faces[kind][0]
