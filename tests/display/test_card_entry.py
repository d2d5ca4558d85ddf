"""The operator's card entered by hand on the bar: V, then the card's group, then the card; Back and Esc close it."""

from __future__ import annotations

import pygame

from table.core import inputs
from table.display.controls import ActionBar
from table.operator import NewSticker
from table.session import TableSession


def key(char: str, code: int | None = None) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code if code is not None else ord(char), unicode=char)


def playing(game: str) -> TableSession:
    """Round 1 of a 3-seat game, bids revealed: seat 1 leads."""
    flow = TableSession(3)
    flow.handle(inputs.ChooseGame(game))
    for seat in range(3):
        flow.handle(inputs.JoinSeat(seat))
    flow.handle(inputs.StartGame())
    for seat in range(3):
        flow.handle(inputs.ChooseBid(seat, 0))
    flow.handle(inputs.CountdownDone())
    return flow


def labels(controls: ActionBar, flow: TableSession) -> list[str]:
    return [str(button.label) for button in controls.buttons(flow.screen())]


def test_the_bar_enters_the_acting_seats_card_by_suit_then_number() -> None:
    flow = playing("skullking")
    controls = ActionBar()
    assert "Enter Seat 2's card" in labels(controls, flow)
    assert controls.handle(key("v"), flow.screen()) == []
    assert labels(controls, flow) == ["yellow", "red", "blue", "black", "Other cards", "Back"]
    assert controls.handle(key("1"), flow.screen()) == []
    offered = labels(controls, flow)
    assert offered[:2] == ["yellow 1", "yellow 2"] and len(offered) == 14 and offered[-1] == "Back"
    assert controls.handle(key("t"), flow.screen()) == [inputs.CardEntered(1, "yellow:10")]
    flow.handle(inputs.CardEntered(1, "yellow:10"))
    assert "Enter Seat 3's card" in labels(controls, flow)  # the picker closed, the next seat's turn


def test_the_other_cards_and_closing_the_picker() -> None:
    flow = playing("skullking-2021")
    controls = ActionBar()
    controls.handle(key("v"), flow.screen())
    controls.handle(key("5"), flow.screen())
    others = labels(controls, flow)
    assert {"Escape", "Tigress", "Skull King", "Kraken"} <= set(others), others
    controls.handle(key("\x1b", pygame.K_ESCAPE), flow.screen())  # Esc closes the choice, it does not quit
    assert not controls.of(flow.screen()).quit
    assert "Enter Seat 2's card" in labels(controls, flow)
    controls.handle(key("v"), flow.screen())
    back = [button for button in controls.buttons(flow.screen()) if str(button.label) == "Back"]
    assert controls.of(flow.screen())._press(back[0]) == []
    assert "Enter Seat 2's card" in labels(controls, flow)


def test_no_card_to_enter_while_bidding() -> None:
    flow = TableSession(3)
    flow.handle(inputs.ChooseGame("skullking"))
    for seat in range(3):
        flow.handle(inputs.JoinSeat(seat))
    flow.handle(inputs.StartGame())
    assert not any("card" in label for label in labels(ActionBar(), flow))


def test_piratenpoker_enters_a_card_laid_face_down_at_the_selected_seat() -> None:
    flow = TableSession(3)
    flow.handle(inputs.ChooseGame("piratenpoker"))
    for seat in range(3):
        flow.handle(inputs.JoinSeat(seat))
    flow.handle(inputs.StartGame())
    controls = ActionBar()
    assert "Enter Seat 1's card" in labels(controls, flow)  # a loot card turned
    for code in ("loot:red:10", "loot:yellow:5", "loot:blue:8"):
        flow.handle(inputs.CardEntered(0, code))
    controls.handle(key("\t", pygame.K_TAB), flow.screen())
    assert "Enter Seat 2's face-down card" in labels(controls, flow)
    controls.handle(key("v"), flow.screen())
    assert labels(controls, flow) == ["red", "yellow", "blue", "Other cards", "Back"]
    controls.handle(key("2"), flow.screen())
    assert controls.handle(key("7"), flow.screen()) == [inputs.CardEntered(1, "yellow:7")]


def test_the_hollander_enters_a_pile_card() -> None:
    flow = TableSession(3)
    flow.handle(inputs.ChooseGame("flying-hollander"))
    for seat in range(3):
        flow.handle(inputs.JoinSeat(seat))
    flow.handle(inputs.StartGame())
    controls = ActionBar()
    assert "Enter Seat 2's card" in labels(controls, flow)
    controls.handle(key("v"), flow.screen())
    assert labels(controls, flow) == ["Crew", "Other cards", "Back"]
    controls.handle(key("1"), flow.screen())
    assert controls.handle(key("7"), flow.screen()) == [inputs.CardEntered(1, "crew:7")]


def test_a_new_sticker_is_named_by_its_card_while_the_seats_reader_works() -> None:
    flow = playing("skullking")
    controls = ActionBar()
    assert "Seat 2's new sticker" in labels(controls, flow)
    controls.handle(key("z"), flow.screen())
    controls.handle(key("5"), flow.screen())  # the other cards
    assert controls.handle(key("9"), flow.screen()) == [NewSticker(1, "skullking")]
    flow.handle(inputs.ReaderDown(1, "no answer"))
    assert "Seat 2's new sticker" not in labels(controls, flow)  # no reader to lay it on
    assert "Enter Seat 2's card" in labels(controls, flow)
