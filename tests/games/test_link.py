"""The link to the seat hub: lost, every seat shows it and the game waits; restored, the lights come back."""

from __future__ import annotations

from table.core.effects import LedPattern, Light, Message
from table.core.frame import Phase
from table.core.inputs import (
    CardLaid,
    ChooseBid,
    ConfirmUndo,
    CorrectBid,
    CountdownDone,
    LinkLost,
    LinkRestored,
    Press,
    SetName,
    Undo,
)
from tests.games.table_driver import Table, tag


def test_a_lost_link_lights_every_seat_and_the_game_waits(playing: Table) -> None:
    playing.lay(1, "red:4")
    lights = dict(playing.lights)
    effects = playing.send(LinkLost("no heartbeat"))
    assert Message("The seat hub is unreachable (no heartbeat): the game waits until it is back", None) in effects
    assert [effect for effect in effects if isinstance(effect, Light)] == [
        Light(seat, LedPattern.AMBER_LONG_BLINK) for seat in range(4)
    ]
    screen = playing.screen
    assert screen.link_lost == "no heartbeat"
    assert screen.prompt == "The seat hub is disconnected: the game waits until it is back"
    playing.refused(CardLaid(2, tag("red:5"), "red:5"), 2, "waits for the seat hub")
    playing.refused(Press(2, "tap"), 2, "waits for the seat hub")

    effects = playing.send(LinkRestored())
    assert Message("The seat hub is back: carry on", None) in effects
    assert playing.lights == lights
    assert [effect for effect in effects if isinstance(effect, Light)] == [
        Light(seat, pattern) for seat, pattern in lights.items()
    ]
    assert playing.screen.link_lost is None
    playing.send(CardLaid(2, "04NEWTAG", "red:5"))  # the same card can now be played (the hub re-reports it)
    assert playing.acting() == 0


def test_bids_wait_too_but_the_countdown_and_the_operator_go_on(bidding: Table) -> None:
    bidding.send(ChooseBid(0, 1), ChooseBid(1, 0))
    bidding.send(LinkLost("unplugged"))
    bidding.refused(ChooseBid(2, 1), 2, "waits for the seat hub")
    bidding.send(LinkRestored(), ChooseBid(2, 1), LinkLost("unplugged"))
    bidding.send(CountdownDone())  # the timer was already running
    assert bidding.screen.phase is Phase.PLAYING
    bidding.send(CorrectBid(1, 1), SetName(1, "Anna"), Undo(), ConfirmUndo())
    assert bidding.screen.seats[1].name == "Anna" and bidding.screen.seats[1].bid == 0
    assert bidding.lights == dict.fromkeys(range(4), LedPattern.AMBER_LONG_BLINK)
    bidding.send(LinkRestored())
    assert bidding.lights == {0: LedPattern.DARK, 1: LedPattern.GREEN_BLINK, 2: LedPattern.DARK, 3: LedPattern.DARK}


def test_a_link_restored_without_a_loss_says_nothing(lobby: Table) -> None:
    assert lobby.send(LinkRestored()) == []
