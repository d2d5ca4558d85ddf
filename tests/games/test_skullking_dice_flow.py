"""The dice game's flow, phase by phase: bids, throws, doubtful reads, extra dice, judging, scoring, the end."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from table.core.effects import LOBBY, LedPattern, Message, RoundOver, SeatCount, Sound, StartCountdown, SwitchGame
from table.core.frame import Phase
from table.core.inputs import (
    CameraDown,
    CameraUp,
    CardLaid,
    ChooseBid,
    ConfirmUndo,
    CorrectBid,
    CountdownDone,
    DealtCards,
    DieLanded,
    DieMoved,
    JoinSeat,
    LinkLost,
    NewGame,
    Press,
    ReaderDown,
    StartGame,
    TrayCovered,
    Undo,
)
from table.core.table_state import TableState
from table.games.skullking_dice import rules as skd
from table.games.skullking_dice.flow import SkullKingDiceFlow
from table.games.skullking_dice.inputs import CorrectDie, TrayEmptied
from table.locale import load_catalog
from tests.games.dice_driver import DiceTable, messages, refused, without_messages


@pytest.fixture
def table() -> DiceTable:
    """Seats 0, 1 and 2 of 4 play; round 1's bids are open."""
    return DiceTable()


@pytest.fixture
def throwing(table: DiceTable) -> DiceTable:
    """Round 1 revealed (bids 1, 0, 0): seat 0 starts."""
    table.bid_all({0: 1, 1: 0, 2: 0})
    return table


# --- Starting, drawing and bidding ----------------------------------------------------------------------------


def test_the_game_starts_at_round_1_with_the_prompt_to_draw_and_every_bid_open(table: DiceTable) -> None:
    screen = table.screen
    assert (screen.phase, screen.round, screen.rounds) == (Phase.BIDDING, 1, 8)
    assert str(screen.prompt).startswith("Draw 1 die from the bag")
    assert [table.lights[seat] for seat in range(4)] == [LedPattern.BLUE_DOUBLE_BLINK] * 3 + [LedPattern.DARK]


@pytest.mark.parametrize(("players", "rounds"), [(3, 8), (4, 8), (5, 7), (6, 6)])
def test_the_number_of_rounds_follows_the_players(players: int, rounds: int) -> None:
    flow = SkullKingDiceFlow(TableState(6), list(range(players)))
    assert flow.screen().rounds == rounds


def test_two_players_cannot_play_the_dice_game() -> None:
    with pytest.raises(skd.DiceError, match="3 to 6"):
        SkullKingDiceFlow(TableState(4), [0, 1])


def test_bids_are_counted_privately_on_the_buttons_locked_by_hold_and_revealed_after_the_countdown(
    table: DiceTable,
) -> None:
    table.send(ChooseBid(0, 1), ChooseBid(1, 0))
    assert table.send(Press(2, "tap")) == [SeatCount(2, 1)]
    assert table.send(Press(2, "tap")) == [SeatCount(2, 0)]  # wraps: round 1 bids 0 or 1
    assert table.screen.seats[0].bid is None  # secret until the reveal
    effects = table.send(Press(2, "hold"))
    assert StartCountdown(3) in effects and Sound("countdown") in effects
    assert table.screen.phase is Phase.COUNTDOWN
    table.send(CountdownDone())
    assert [table.screen.seats[seat].bid for seat in (0, 1, 2)] == [1, 0, 0]
    assert table.lights[0] is LedPattern.GREEN_BLINK


def test_the_start_player_moves_clockwise_and_the_trick_winner_throws_first(throwing: DiceTable) -> None:
    throwing.trick("red:1", "red:2", "red:3")
    throwing.bid_all({0: 0, 1: 1, 2: 1})
    assert throwing.screen.round == 2 and throwing.acting() == 1  # round 2: seat 1 starts
    throwing.trick("black:5", "black:7", "blue:3")  # seat 2 throws the 7
    assert throwing.acting() == 2


# --- Throwing and judging ---------------------------------------------------------------------------------------


def test_the_die_that_lands_is_credited_to_the_player_whose_led_shows_your_turn(throwing: DiceTable) -> None:
    assert throwing.lights[0] is LedPattern.GREEN_BLINK
    throwing.throw("black:6")
    assert [(d.seat, d.kind, d.face) for d in throwing.screen.trick.dice] == [(0, "black", "6")]
    assert throwing.screen.trick.lead == "black"
    assert throwing.lights[0] is LedPattern.DARK and throwing.lights[1] is LedPattern.GREEN_BLINK


def test_the_trick_is_judged_when_all_have_thrown_winner_lit_tray_emptied_next(throwing: DiceTable) -> None:
    table = throwing
    for code in ("pirate:skull", "skullking:skull"):
        table.throw(code)
    effects = table.throw("black:5")
    assert Sound("trick_won") in effects and RoundOver(1) in effects
    assert table.screen.trick.winner == 1 and table.screen.trick.bonus == 30
    assert table.lights[1] is LedPattern.GOLD_FLICKER
    assert table.screen.phase is Phase.LIFTING
    table.take_out(1, 2)
    assert table.screen.phase is Phase.LIFTING  # one die is still in the tray
    table.take_out(3)
    assert table.screen.phase is Phase.BIDDING and table.screen.round == 2


def test_a_player_who_did_not_follow_then_throws_that_colour_is_flagged(throwing: DiceTable) -> None:
    table = throwing
    table.trick("red:1", "red:2", "red:3")
    table.bid_all({0: 1, 1: 1, 2: 0})  # round 2: seat 1 starts; turn order 1, 2, 0
    table.trick("black:6", "blue:4", "black:5")  # seat 2 shows no black
    assert table.acting() == 1  # the black 6 won
    effects = table.throw("blue:3") + table.throw("black:7") + table.throw("red:1")  # seat 2 throws black
    assert any(
        "Revoke: Seat 3 did not follow black in trick 1, then threw black in trick 2" in m for m in messages(effects)
    )
    (revoke,) = table.screen.revokes
    assert (revoke.seat, revoke.colour, revoke.trick, revoke.shown) == (2, "black", 1, 2)
    table.empty_tray()
    row = table.screen.score_pad[-1]
    assert [cell.points for cell in row.cells] == [-10, 20, -20]  # scored as thrown


def test_scoring_standard_with_the_bonus_and_landlubber_without() -> None:
    for scoring, expected in (("standard", [10, 50, 10]), ("landlubber", [10, 20, 10])):
        table = DiceTable(scoring=scoring)
        table.bid_all({0: 0, 1: 1, 2: 0})
        table.trick("pirate:skull", "skullking:skull", "black:5")
        assert [cell.points for cell in table.screen.score_pad[0].cells] == expected, scoring


def test_the_game_ends_after_the_last_round_with_the_ranking_and_new_game_goes_back_to_the_lobby() -> None:
    table = DiceTable(players=(0, 1, 2, 3, 4, 5), seats=6)
    rng = random.Random(7)
    bag = [kind for kind, count in skd.STANDARD_BAG.counts.items() for _ in range(count)]
    for number in range(1, 7):
        table.bid_all(dict.fromkeys(range(6), 0))
        drawn = rng.sample(bag, 6 * number)  # r dice each, from one bag
        for trick in range(number):
            kinds = drawn[trick * 6 : trick * 6 + 6]
            table.trick(*(f"{kind}:{rng.choice(skd.STANDARD_BAG.faces[kind])}" for kind in kinds))
    screen = table.screen
    assert screen.phase is Phase.GAME_OVER and len(screen.score_pad) == 6
    assert sorted(p.total for p in screen.ranking) == sorted(c.total for c in screen.score_pad[-1].cells)
    assert any("Game over" in m for m in messages(table.effects))
    german = load_catalog("de")  # the winners' free seats said in the table's language, not left in English
    said = [e.text.render(german) for e in table.effects if isinstance(e, Message) and "Game over" in str(e.text)]
    assert said and all("Platz" in words and "Seat" not in words for words in said), said
    (switch,) = table.send(NewGame())
    assert switch == SwitchGame(LOBBY, (0, 1, 2, 3, 4, 5))


# --- Doubtful reads -------------------------------------------------------------------------------------------


def test_a_low_confidence_read_is_confirmed_with_hold(throwing: DiceTable) -> None:
    effects = throwing.throw("black:6", confidence=0.3)
    assert refused(effects, 0)
    assert "Is Seat 1's die black 6? Hold your button to confirm" in messages(effects)[0]
    assert throwing.acting() == 0  # still seat 0's turn
    throwing.send(Press(0, "hold"))
    assert throwing.acting() == 1 and throwing.screen.trick.dice[0].doubt is None


def test_a_misread_is_corrected_by_the_player_throwing_again(throwing: DiceTable) -> None:
    throwing.throw("black:5", confidence=0.4)  # it really shows a 6
    throwing.take_out(1)  # lifted ...
    assert throwing.acting() == 0
    throwing.throw("black:7")  # ... and thrown again
    assert [(d.kind, d.face, d.doubt) for d in throwing.screen.trick.dice] == [("black", "7", None)]
    assert throwing.acting() == 1


def test_a_misread_is_corrected_by_the_operator_also_after_the_trick_is_judged(throwing: DiceTable) -> None:
    table = throwing
    table.throw("black:6")
    table.throw("black:7")  # the camera read 7; the die shows a 5
    table.throw("red:2")
    assert table.screen.trick.winner == 1
    table.send(CorrectDie(1, "black", "5"))
    assert table.screen.trick.winner == 0 and table.lights[0] is LedPattern.GOLD_FLICKER
    assert [cell.won for cell in table.screen.score_pad[0].cells] == [1, 0, 0]


def test_an_unreadable_die_cannot_be_accepted_only_thrown_again(throwing: DiceTable) -> None:
    effects = throwing.throw("red")
    assert "The table cannot read Seat 1's die" in messages(effects)[0]
    assert refused(throwing.send(Press(0, "hold")), 0)
    assert throwing.acting() == 0


def test_a_die_the_camera_is_not_sure_of_asks_for_a_check_and_the_operator_settles_it(throwing: DiceTable) -> None:
    """The camera's frames disagreed (vision/voting.py): not "cannot read" (throw again) but "not sure, please
    check", which holding cannot accept; the operator's entry settles it."""
    order = throwing.next_order
    throwing.next_order += 1
    effects = throwing.send(DieLanded(order, "black", None, 0.4, 20, 40, 1, unsure=True))
    (said,) = messages(effects)
    assert refused(effects, 0) and said.startswith("Not sure what Seat 1's die shows, please check")
    assert "cannot read" not in said and throwing.acting() == 0
    assert refused(throwing.send(Press(0, "hold")), 0)  # nothing to accept
    assert throwing.screen.trick.dice[0].doubt is not None
    throwing.send(CorrectDie(0, "black", "6"))
    assert [(d.kind, d.face, d.doubt) for d in throwing.screen.trick.dice] == [("black", "6", None)]
    assert throwing.acting() == 1


def test_a_knocked_die_the_camera_is_not_sure_of_asks_for_a_check(throwing: DiceTable) -> None:
    throwing.throw("black:6")
    effects = throwing.send(DieMoved(1, "black", None, 0.3, "black", "6", unsure=True))
    assert refused(effects, 0) and messages(effects)[0].startswith("Not sure what Seat 1's die shows, please check")


def test_an_impossible_read_asks_for_another_throw(throwing: DiceTable) -> None:
    throwing.throw("skullking:skull")
    effects = throwing.throw("skullking:flag")  # there is one Skull King die
    assert "the bag holds only 1 such die" in messages(effects)[0]
    assert refused(throwing.send(Press(1, "hold")), 1)


def test_the_dice_of_another_printing_come_from_the_config() -> None:
    """A bag with two Skull King dice whose faces are all skulls (config [dice] counts and faces)."""
    faces = {**skd.STANDARD_BAG.faces, "skullking": ("skull",) * 6}
    table = DiceTable(bag=skd.DiceBag(faces=faces, counts={**skd.STANDARD_BAG.counts, "skullking": 2}))
    table.bid_all({0: 1, 1: 0, 2: 0})
    table.throw("skullking:skull")
    assert messages(table.throw("skullking:skull")) == []  # a second Skull King die is in this bag
    # A flag is no face of this printing's Skull King die: the read must be wrong.
    assert "The table cannot read Seat 3's die" in messages(table.throw("skullking:flag"))[0]


def test_a_knocked_die_that_reads_differently_asks_its_thrower(throwing: DiceTable) -> None:
    throwing.throw("black:6")
    effects = throwing.knock(1, "black:5")
    assert refused(effects, 0) and "was knocked: it read black 6, now black 5" in messages(effects)[0]
    assert throwing.acting() == 0
    throwing.send(Press(0, "ok"))
    assert throwing.screen.trick.dice[0].face == "5" and throwing.acting() == 1


def test_a_knocked_die_that_still_reads_the_same_is_quiet(throwing: DiceTable) -> None:
    throwing.throw("black:6")
    assert throwing.knock(1, "black:6") == []


def test_a_die_taken_out_before_the_trick_is_judged_is_kept_by_hold(throwing: DiceTable) -> None:
    throwing.throw("black:6")
    effects = throwing.take_out(1)
    assert refused(effects, 0) and "taken out before the trick was judged" in messages(effects)[0]
    throwing.send(Press(0, "hold"))
    assert throwing.screen.trick.dice[0].order is None and throwing.acting() == 1


# --- Extra and missing dice -------------------------------------------------------------------------------------


def test_two_dice_thrown_at_once_wait_until_one_is_taken_out(throwing: DiceTable) -> None:
    effects = throwing.throw("black:6", together=2) + throwing.throw("red:2", together=2)
    assert refused(effects, 0) and "Two dice landed at once for Seat 1" in messages(effects)[0]
    assert throwing.screen.trick.dice == () and len(throwing.screen.loose) == 2
    throwing.take_out(2)
    assert [(d.kind, d.face) for d in throwing.screen.trick.dice] == [("black", "6")]
    throwing.send(Press(0, "hold"))
    assert throwing.acting() == 1


def test_a_die_landing_when_nobody_throws_is_an_extra_one(table: DiceTable) -> None:
    before = without_messages(table.screen)
    effects = table.throw("black:6")
    assert refused(effects, None) and "No throwing before the bids are revealed" in messages(effects)[0]
    assert replace(without_messages(table.screen), loose=()) == before  # only the tray knows of it
    assert [(d.order, d.kind, d.face) for d in table.screen.loose] == [(1, "black", "6")]


def test_a_second_die_for_one_turn_is_extra(throwing: DiceTable) -> None:
    throwing.throw("black:6", confidence=0.3)  # in doubt: still seat 0's turn, its die in the tray
    effects = throwing.throw("black:7")
    assert refused(effects, 0) and "already lies in the tray" in messages(effects)[0]
    assert len(throwing.screen.loose) == 1
    throwing.take_out(2)
    assert throwing.screen.loose == ()


def test_the_next_trick_waits_for_extra_dice_to_be_taken_out(throwing: DiceTable) -> None:
    throwing.trick("red:1", "red:2", "red:3")
    throwing.bid_all({0: 0, 1: 0, 2: 0})
    for code in ("red:1", "red:2", "red:3"):
        throwing.throw(code)
    throwing.take_out(1, 2, 3)
    assert throwing.screen.phase is Phase.PLAYING  # trick 2 of round 2


def test_a_missing_die_the_table_waits_and_the_operator_enters_it(throwing: DiceTable) -> None:
    throwing.throw("black:6")
    assert throwing.acting() == 1  # seat 1's die never comes to rest in the tray
    assert refused(throwing.send(CorrectDie(2, "red", "2")), 2)  # not seat 2's turn
    throwing.send(CorrectDie(1, "black", "7"))
    assert [(d.seat, d.order) for d in throwing.screen.trick.dice] == [(0, 1), (1, None)]
    throwing.throw("red:2")
    assert throwing.screen.trick.winner == 1
    throwing.take_out(1, 2)
    assert throwing.screen.phase is Phase.BIDDING


def test_the_operator_can_say_the_tray_is_empty(throwing: DiceTable) -> None:
    throwing.throw("black:6")
    throwing.throw("black:7")
    throwing.throw("red:2")
    throwing.send(TrayEmptied())
    assert throwing.screen.phase is Phase.BIDDING


# --- Camera, tray, bad inputs ---------------------------------------------------------------------------------


def test_camera_lost_and_tray_covered_are_said_and_the_game_waits(throwing: DiceTable) -> None:
    effects = throwing.send(CameraDown("unplugged"))
    assert "camera gives no picture" in messages(effects)[0] and throwing.screen.camera_lost == "unplugged"
    assert "camera gives no picture" in str(throwing.screen.prompt)
    throwing.send(CameraUp())
    assert throwing.screen.camera_lost is None
    throwing.send(TrayCovered())
    assert throwing.screen.tray_blocked and "covers the tray" in str(throwing.screen.prompt)


@pytest.mark.parametrize(
    ("event", "seat"),
    [
        (Press(0, "tap"), 0),  # no button while throwing
        (Press(3, "tap"), 3),  # not in the game
        (Press(0, "twist"), 0),
        (JoinSeat(3), None),
        (CardLaid(1, "04AA", "yellow:3"), 1),
        (ChooseBid(0, 1), 0),
        (CorrectDie(0, "red", "7"), None),
        (CorrectBid(0, 5), 0),
    ],
)
def test_every_bad_input_is_refused_and_changes_nothing(throwing: DiceTable, event: object, seat: int | None) -> None:
    before = without_messages(throwing.screen)
    assert refused(throwing.send(event), seat)
    assert without_messages(throwing.screen) == before


def test_the_card_games_hub_and_reader_inputs_are_ignored_and_an_unknown_input_is_refused(throwing: DiceTable) -> None:
    before = without_messages(throwing.screen)
    assert throwing.send(LinkLost("cable"), ReaderDown(1, "no answer"), DealtCards()) == []
    assert without_messages(throwing.screen) == before
    assert refused(throwing.send(object()), None)
    assert refused(throwing.send(StartGame()), None) and "game is on already" in messages(throwing.send(StartGame()))[0]


def test_undo_takes_back_an_accepted_read_and_the_die_becomes_extra(throwing: DiceTable) -> None:
    throwing.throw("black:6")
    throwing.send(Undo(), ConfirmUndo())
    assert throwing.acting() == 0 and [d.order for d in throwing.screen.loose] == [1]


# --- Replay -------------------------------------------------------------------------------------------------------


def test_replaying_the_events_gives_the_same_screen(throwing: DiceTable) -> None:
    table = throwing
    table.throw("black:6", confidence=0.3)
    table.send(Press(0, "hold"))
    table.throw("black:7", together=2)
    table.throw("red:2", together=2)
    table.take_out(2)
    table.send(Press(1, "hold"), CorrectDie(2, "red", "3"))
    replayed = SkullKingDiceFlow(TableState(4), [0, 1, 2])
    for event in table.events:
        replayed.handle(event)
    assert replayed.screen() == table.screen
    assert replayed.shown == table.flow.shown
    assert replayed.screen() != SkullKingDiceFlow(TableState(4), [0, 1, 2]).screen()
    assert DieLanded(1, "black", "6", 0.3, 20, 40, 1) in table.events
