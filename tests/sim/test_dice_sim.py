"""The virtual dice table: the bag, the bots, the rendered tray, and whole games through the real vision pipeline."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import numpy as np

from table.core.frame import Phase
from table.games.skullking_dice import rules as skd
from table.games.skullking_dice.bag import bag_dice, draw_hands, roll
from table.games.skullking_dice.bot import DiceBot
from table.games.skullking_dice.sim import VirtualDiceTable
from table.games.skullking_dice.thrower import DiceThrower


def test_the_bag_holds_the_36_dice_and_hands_are_drawn_from_it() -> None:
    assert Counter(bag_dice()) == skd.STANDARD_BAG.counts
    hands = draw_hands("7/6", 6, 6)
    assert [len(hand) for hand in hands] == [6] * 6
    skd.check_from_one_bag(skd.Die(kind, skd.STANDARD_BAG.faces[kind][0]) for hand in hands for kind in hand)
    assert draw_hands("7/6", 6, 6) == hands
    assert roll("yellow", random.Random(1)) in skd.STANDARD_BAG.faces["yellow"]


def test_a_bot_follows_the_colour_or_throws_a_special_die() -> None:
    bot = DiceBot(random.Random(1))
    bot.hand = ["red", "black", "pirate"]
    assert bot.choose("black", needed=0) == "black"  # the weakest legal die
    assert bot.choose("black", needed=1) == "pirate"
    assert bot.choose("blue", needed=0) == "red"  # no blue: anything
    assert 0 <= bot.bid(3, 3) <= 3


def test_the_thrower_tumbles_a_die_in_then_keeps_the_tray_still() -> None:
    thrower = DiceThrower(3)
    empty = thrower.frame()
    thrower.throw("black", "6")
    rolling = [thrower.frame() for _ in range(3)]
    still = thrower.frame()
    assert not any(np.array_equal(frame, still) for frame in [empty, *rolling])
    assert thrower.frame() is still  # a still tray: the same picture, drawn once
    assert [(d.kind, d.face) for d in thrower.lying.values()] == [("black", "6")]
    thrower.take_out_all()
    assert np.array_equal(thrower.frame(), empty)


def test_six_bots_play_a_whole_dice_game_through_the_real_vision_pipeline(tmp_path: Path) -> None:
    table = VirtualDiceTable(tmp_path, players=6, seed=3)
    try:
        screen = table.run(max_ticks=20_000)
    finally:
        table.close()
    assert screen.phase is Phase.GAME_OVER and len(screen.score_pad) == 6
    assert table.misreads.throws >= 6 * 21  # every die of every trick went through the camera
    assert table.tray.frames == table.ticks  # the pipeline read every frame
    for row in screen.score_pad:  # every round checked against the rules core
        assert sum(cell.won for cell in row.cells) == row.round
        for cell in row.cells:
            assert cell.points == skd.round_score(cell.bid, cell.won, row.round, cell.bonus)


def test_a_die_nobody_could_read_is_remembered_as_a_face_its_kind_shows_after_a_restart(tmp_path: Path) -> None:
    """Issue 18: resumed after a kill, a bot remembered an unreadable blue die as "blue flag" (a face no blue die
    has), and the operator's correction was refused, logged and asked again for ever."""
    from table.core import inputs
    from table.core.inputs import DieLanded

    table = VirtualDiceTable(tmp_path, 3, seed=4)
    for seat in range(3):
        table.app.submit(inputs.JoinSeat(seat))
    table.app.submit(inputs.ChooseGame("skullking-dice"))
    table.app.submit(inputs.StartGame())
    for seat in range(3):
        table.app.submit(inputs.ChooseBid(seat, 0))
    table.app.submit(inputs.CountdownDone())
    (thrower,) = [view.seat for view in table.screen.seats if view.acting]
    table.app.submit(DieLanded(1, "blue", None, 0.2, 60, 60))
    table.close()
    again = VirtualDiceTable(tmp_path, 3, seed=4)
    again.resume()
    kind, face = again.bots[thrower].truth
    assert kind == "blue" and skd.STANDARD_BAG.can_show("blue", face)
    logged = again.app.event_log.last()
    for _ in range(300):  # the operator asks at most once for the same correction
        again.tick()
    corrections = [e for _, _, e in again.app.event_log.replay(after=logged) if type(e).__name__ == "CorrectDie"]
    assert len(corrections) <= 1
    again.close()
