"""Secret bids with one button or three, the YO-HO-HO countdown and the reveal."""

from __future__ import annotations

from table.core.effects import CancelCountdown, LedPattern, SeatCount, Sound, StartCountdown
from table.core.frame import Phase, PrivateView
from table.core.inputs import ChooseBid, CountdownDone, DealtCards, Press
from table.games.skullking.screen import Screen
from tests.games.table_driver import Table, join_and_start, play_trick


def counts(effects: list[object]) -> list[int]:
    return [effect.value for effect in effects if isinstance(effect, SeatCount)]


def reach_round(table: Table, number: int) -> None:
    """Play scripted rounds (every bid 0, every trick in one suit) until `number` opens."""
    suits = ("yellow", "red", "blue")
    while table.screen.round < number:
        current = table.screen.round
        for seat in table.screen.players:
            table.send(ChooseBid(seat, 0))
        table.send(CountdownDone())
        for trick in range(current):
            play_trick(table, {seat: f"{suits[i]}:{trick + 1}" for i, seat in enumerate(table.screen.players)})


def no_bid_shown(screen: Screen) -> bool:
    return all(view.bid is None for view in screen.seats)


def test_one_button_taps_count_up_and_wrap_and_hold_locks(bidding: Table) -> None:
    reach_round(bidding, 3)
    assert counts(bidding.send(Press(0, "tap"))) == [1]
    assert counts(bidding.send(Press(0, "tap"), Press(0, "tap"), Press(0, "tap"))) == [2, 3, 0]  # wraps from 3
    assert counts(bidding.send(Press(0, "tap"), Press(0, "tap"))) == [1, 2]
    assert bidding.lights[0] is LedPattern.BLUE_DOUBLE_BLINK
    assert counts(bidding.send(Press(0, "hold"))) == []
    assert bidding.lights[0] is LedPattern.BLUE_STEADY
    view = bidding.screen.seats[0]
    assert view.bid_locked and view.bid is None
    for seat, value in ((1, 0), (2, 3)):
        bidding.send(ChooseBid(seat, value))
    bidding.send(CountdownDone())
    assert [view.bid for view in bidding.screen.seats] == [2, 0, 3, None]


def test_three_buttons_count_both_ways_and_ok_locks(bidding: Table) -> None:
    reach_round(bidding, 2)
    assert counts(bidding.send(Press(1, "minus"))) == [2]  # wraps from 0 down to the round's maximum
    assert counts(bidding.send(Press(1, "minus"), Press(1, "plus"), Press(1, "plus"))) == [1, 2, 0]
    assert counts(bidding.send(Press(1, "plus"))) == [1]
    bidding.send(Press(1, "ok"))
    assert bidding.lights[1] is LedPattern.BLUE_STEADY
    bidding.send(ChooseBid(0, 0), ChooseBid(2, 2), CountdownDone())
    assert bidding.screen.seats[1].bid == 1


def test_a_locked_bid_reopens_with_hold_until_every_bid_is_locked(bidding: Table) -> None:
    bidding.send(Press(0, "tap"), Press(0, "hold"))
    assert counts(bidding.send(Press(0, "tap"))) == [1]  # a private reminder of the locked bid; nothing changes
    assert bidding.screen.seats[0].bid_locked
    assert counts(bidding.send(Press(0, "hold"))) == [1]  # reopened, counting on from the bid
    assert not bidding.screen.seats[0].bid_locked
    assert bidding.lights[0] is LedPattern.BLUE_DOUBLE_BLINK
    bidding.send(Press(0, "tap"), Press(0, "hold"))  # 1 wraps to 0 in round 1
    bidding.send(Press(1, "hold"), Press(2, "ok"))
    assert bidding.screen.phase is Phase.COUNTDOWN
    bidding.refused(Press(0, "hold"), 0, "every bid is locked")
    bidding.send(CountdownDone())
    assert [view.bid for view in bidding.screen.seats[:3]] == [0, 0, 0]


def test_a_screen_bid_replaces_a_locked_one_before_the_countdown(bidding: Table) -> None:
    bidding.send(ChooseBid(0, 1), ChooseBid(0, 0), ChooseBid(1, 1), ChooseBid(2, 1), CountdownDone())
    assert [view.bid for view in bidding.screen.seats[:3]] == [0, 1, 1]


def test_the_countdown_starts_when_the_last_bid_locks_and_the_bids_show_together(bidding: Table) -> None:
    bidding.send(ChooseBid(0, 1))
    effects = bidding.send(ChooseBid(1, 0))
    assert StartCountdown(3) not in effects
    effects = bidding.send(Press(2, "tap"), Press(2, "hold"))
    assert effects.count(StartCountdown(3)) == 1 and Sound("countdown") in effects
    assert bidding.screen.phase is Phase.COUNTDOWN and no_bid_shown(bidding.screen)
    assert bidding.screen.prompt == "Every bid is in: YO-HO-HO!"
    bidding.send(CountdownDone())
    assert [view.bid for view in bidding.screen.seats] == [1, 0, 1, None]
    assert bidding.screen.phase is Phase.PLAYING
    assert bidding.lights == {0: LedPattern.DARK, 1: LedPattern.GREEN_BLINK, 2: LedPattern.DARK, 3: LedPattern.DARK}


def test_a_stale_countdown_changes_nothing(bidding: Table) -> None:
    before = bidding.screen
    assert bidding.send(CountdownDone()) == []
    assert bidding.screen == before


def test_no_bid_is_ever_on_the_screen_before_the_reveal(bidding: Table) -> None:
    """Whatever the seats count and lock, the screen holds no bid value and no tentative value."""
    reach_round(bidding, 3)
    screens = []
    for seat, presses in ((0, ["tap", "tap", "hold"]), (1, ["tap", "tap", "tap"]), (2, ["tap", "hold", "hold"])):
        for key in presses:
            bidding.send(Press(seat, key))
            screens.append(bidding.screen)
    bidding.send(Press(1, "hold"), Press(2, "hold"))
    screens.append(bidding.screen)
    assert bidding.screen.phase is Phase.COUNTDOWN
    for screen in screens:
        assert no_bid_shown(screen)
        assert screen.messages == ()
    # Only who locked shows: a boolean per seat.
    assert [view.bid_locked for view in screens[2].seats] == [True, False, False, False]
    bidding.send(CountdownDone())
    assert [view.bid for view in bidding.screen.seats] == [2, 3, 1, None]


def test_the_deal_prompt_turns_into_the_bid_prompt(bidding: Table) -> None:
    assert bidding.screen.title == "Round 1: Seat 1 deals 1 card each"
    assert bidding.screen.prompt.startswith("Deal the cards")
    bidding.send(DealtCards())
    assert bidding.screen.prompt.startswith("Bid how many tricks")
    assert bidding.screen.prompt.endswith("Waiting for Seat 1, Seat 2, Seat 3")


def test_the_first_bid_counts_as_the_deal(bidding: Table) -> None:
    bidding.send(Press(2, "tap"))
    assert bidding.screen.prompt.startswith("Bid how many tricks")


def test_the_dealer_moves_clockwise_among_the_players() -> None:
    table = Table(6)
    join_and_start(table, (1, 3, 4))
    dealers = []
    for number in (1, 2, 3, 4):
        reach_round(table, number)
        dealers.append(next(view.seat for view in table.screen.seats if view.dealer))
        assert table.screen.title.startswith(f"Round {number}: Seat {dealers[-1] + 1} deals {number} card")
    assert dealers == [1, 3, 4, 1]


def test_undoing_a_bid_during_the_countdown_cancels_it(bidding: Table) -> None:
    from table.core.inputs import ConfirmUndo, Undo

    bidding.send(ChooseBid(0, 1), ChooseBid(1, 0), ChooseBid(2, 1))
    assert bidding.screen.phase is Phase.COUNTDOWN
    effects = bidding.send(Undo(), ConfirmUndo())
    assert CancelCountdown() in effects
    assert bidding.screen.phase is Phase.BIDDING
    assert [view.bid_locked for view in bidding.screen.seats] == [True, True, False, False]
    assert bidding.send(CountdownDone()) == []  # had the timer fired anyway
    assert bidding.screen.phase is Phase.BIDDING


def test_a_seat_s_bid_is_in_its_private_view_and_nowhere_on_the_public_screen(bidding: Table) -> None:
    reach_round(bidding, 3)
    bidding.send(Press(0, "tap"), Press(0, "tap"))
    assert bidding.flow.private(0) == PrivateView(0, bid=2)
    assert bidding.flow.private(1) == PrivateView(1, bid=0)  # every seat sees only its own
    assert no_bid_shown(bidding.screen) and "bid=2" not in repr(bidding.screen)
    bidding.send(Press(0, "hold"))
    assert bidding.flow.private(0).bid == 2 and no_bid_shown(bidding.screen)
    for seat in (1, 2):
        bidding.send(ChooseBid(seat, 1))
    bidding.send(CountdownDone())
    assert bidding.screen.seats[0].bid == 2  # revealed: public now, no secret left
    assert bidding.flow.private(0) == PrivateView(0)
