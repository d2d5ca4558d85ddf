"""The dice game's bar of actions: the operator corrects a die, enters a missing one, empties the tray, undoes,
starts a new game; by keys and by touch, through the scoreboard, which knows no game."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from table.core import inputs
from table.core.frame import Phase
from table.core.text import LANGUAGES
from table.display.controls import ActionBar
from table.display.scoreboard import Scoreboard
from table.display.typeset import watch_overflows
from table.games.skullking_dice import rules as skd
from table.games.skullking_dice.controls import DiceControls, faces_of
from table.games.skullking_dice.inputs import CorrectDie, TrayEmptied
from table.games.skullking_dice.views import register_dice_screens
from tests.display.screens import dice_screens
from tests.display.test_controls import key
from tests.display.test_every_screen import draw
from tests.games.dice_driver import DiceTable

README_KEYS = set("jlrskicupegvy n0123456789t".replace(" ", ""))  # the card game's keys (README's table)


@pytest.fixture(autouse=True)
def _registered() -> None:
    register_dice_screens()


def playing() -> DiceTable:
    table = DiceTable()
    table.bid_all({0: 1, 1: 0, 2: 0})
    return table


def press(controls: ActionBar, table: DiceTable, *chars: str) -> list[object]:
    said: list[object] = []
    for char in chars:
        code = pygame.K_ESCAPE if char == "\x1b" else ord(char)
        said += controls.handle(key(char, code), table.screen)
    return said


def labels(controls: ActionBar, table: DiceTable) -> list[str]:
    return [str(button.label) for button in controls.buttons(table.screen)]


def test_the_scoreboards_controls_hand_the_dice_screen_to_the_dice_controls() -> None:
    controls = ActionBar()
    table = playing()
    assert isinstance(controls.of(table.screen), DiceControls)
    # Nothing in the tray yet: nothing to empty; the die of the thrower can be entered though.
    assert labels(controls, table) == ["Correct a die", "Correct Seat 1's bid", "Undo", "New game"]
    controls.handle(key("\t", pygame.K_TAB), table.screen)
    assert controls.seat(table.screen) == 1  # Tab selects the next seat, in the dice game's controls


def test_the_operator_corrects_a_misread_die_by_keys() -> None:
    table = playing()
    table.throw("black:6")
    controls = ActionBar()
    assert "Correct a die" in labels(controls, table)
    assert press(controls, table, "d") == []
    assert labels(controls, table) == ["Seat 1's die: black 6", "Enter Seat 2's die", "Back"]
    press(controls, table, "1")
    # The kinds by name, without an English letter ("noir (K)" read as a King): keys 1-7 in the bar's order.
    assert labels(controls, table)[:2] == ["black", "blue"] and len(labels(controls, table)) == 8
    assert not any(re.search(r"\([A-Z]\)", words) for words in labels(controls, table))
    press(controls, table, "1")  # the first kind: black
    assert labels(controls, table) == [f"Seat 1's die: black {face}" for face in "765"] + ["Back"]
    correction = press(controls, table, "7")
    assert correction == [CorrectDie(0, "black", "7")]
    table.send(*correction)
    assert (table.screen.trick.dice[0].kind, table.screen.trick.dice[0].face) == ("black", "7")
    assert labels(controls, table)[0] == "Correct a die"  # the choice closed


def test_the_faces_offered_for_a_correction_are_those_of_the_configured_printing() -> None:
    faces = {**skd.STANDARD_BAG.faces, "black": ("7", "7", "6", "6", "4", "4")}  # a printing without black 5
    table = DiceTable(bag=skd.DiceBag(faces=faces, counts=skd.STANDARD_BAG.counts))
    table.bid_all({0: 1, 1: 0, 2: 0})
    table.throw("black:6")
    controls = ActionBar()
    press(controls, table, "d", "1", "1")
    assert labels(controls, table) == [f"Seat 1's die: black {face}" for face in "764"] + ["Back"]
    assert press(controls, table, "4") == [CorrectDie(0, "black", "4")]


def test_a_die_the_camera_missed_is_entered_by_touch() -> None:
    table = playing()
    table.throw("red:2")
    controls = ActionBar()
    surface = pygame.Surface((800, 480))
    bar = pygame.Rect(0, 420, 800, 60)

    def touch(index: int) -> list[object]:
        controls.draw(surface, table.screen, bar, {})
        rect = controls.of(table.screen)._bar[index][0]  # type: ignore[union-attr]
        return controls.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=rect.center), table.screen)

    assert touch(labels(controls, table).index("Correct a die")) == []
    assert touch(labels(controls, table).index("Enter Seat 2's die")) == []
    assert touch(labels(controls, table).index("Pirate")) == []
    entered = touch(labels(controls, table).index("Seat 2's die: Pirate skull"))
    assert entered == [CorrectDie(1, "pirate", "skull")]
    table.send(*entered)
    assert [(d.seat, d.kind, d.order) for d in table.screen.trick.dice] == [(0, "red", 1), (1, "pirate", None)]


def test_a_doubtful_read_is_kept_from_the_bar_and_escape_closes_a_choice_without_quitting() -> None:
    table = playing()
    table.throw("yellow:7", confidence=0.3)
    controls = ActionBar()
    assert labels(controls, table)[0] == "Seat 1: keep the read"
    assert press(controls, table, "a") == [inputs.Press(0, inputs.HOLD)]
    press(controls, table, "d", "1")
    assert press(controls, table, "\x1b") == [] and not controls.quit
    assert labels(controls, table)[0] == "Seat 1: keep the read"
    press(controls, table, "\x1b")
    assert controls.quit


def test_the_operator_says_the_tray_is_empty() -> None:
    table = playing()
    for code in ("black:6", "black:7", "red:2"):
        table.throw(code)
    table.send(inputs.Undo(), inputs.CancelUndo())  # (nothing changes)
    screen = table.screen
    assert screen.phase is Phase.LIFTING
    controls = ActionBar()
    said = press(controls, table, "x")
    assert said == [TrayEmptied()]
    table.send(*said)
    assert table.screen.phase is Phase.BIDDING and table.screen.round == 2  # round 1 had one trick


def test_undo_asks_first_and_a_new_game_mid_game_too() -> None:
    table = playing()
    table.throw("black:6")
    controls = ActionBar()
    assert press(controls, table, "u") == [inputs.Undo()]
    table.send(inputs.Undo())
    assert labels(controls, table)[1] == "No"
    assert press(controls, table, "y") == [inputs.ConfirmUndo()]
    table.send(inputs.ConfirmUndo())
    assert table.screen.trick is not None and table.screen.trick.dice == ()
    assert press(controls, table, "g") == []  # asks first
    assert labels(controls, table) == ["Yes: end this game and go back to the lobby", "No"]
    assert press(controls, table, "n") == []
    assert press(controls, table, "g", "y") == [inputs.NewGame()]


def test_bids_and_a_bid_correction() -> None:
    table = DiceTable()
    controls = ActionBar()
    assert press(controls, table, "1") == [inputs.ChooseBid(0, 1)]
    table.bid_all({0: 1, 1: 0, 2: 0})
    controls.handle(key("\t", pygame.K_TAB), table.screen)  # seat 2
    assert press(controls, table, "c") == []
    assert labels(controls, table) == ["Seat 2's bid: 0", "1", "Back"]
    assert press(controls, table, "1") == [inputs.CorrectBid(1, 1)]


def test_the_dice_keys_do_not_clash_with_the_card_games() -> None:
    table = playing()
    table.throw("yellow:7", confidence=0.3)
    keys = {button.key for button in DiceControls().buttons(table.screen)}
    assert keys == {"a", "d", "c", "u", "g"}  # (X: while the table waits for an empty tray)
    assert {"a", "d", "x"} & README_KEYS == set()  # new keys for new actions; c, u, g mean what they mean there
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    dice_table = readme[readme.index("The dice game's keys") :]
    for letter in ("D", "A", "X"):
        assert re.search(rf"\| {letter}\b", dice_table), letter
    screen = playing().screen
    assert [face.face for face in faces_of("yellow", screen)] == ["7", "1", "flag"]
    assert [str(face.said) for face in faces_of("pirate", screen)] == ["Pirate skull", "Pirate flag"]


def test_keys_reach_the_dice_flow_through_the_scoreboard() -> None:
    table = playing()
    table.throw("black:6")
    board = Scoreboard(pygame.Surface((800, 480)), clock=lambda: 0.0)
    board.show(table.screen)
    board.draw_frame()
    pygame.event.clear()
    for char in "d125":  # the first die, the second kind (blue), face 5
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=ord(char), unicode=char, mod=0))
    assert board.events() == [CorrectDie(0, "blue", "5")]


@pytest.mark.parametrize("size", [(1920, 1080), (800, 480)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_dice_screens_and_every_choice_of_the_bar_fit_in_every_language(
    language: str, size: tuple[int, int]
) -> None:
    shots = dice_screens(language)
    assert set(shots) == {
        "dice-trick",
        "dice-doubt",
        "dice-round-summary",
        "dice-score-pad",
        "dice-final-ranking",
        "dice-final-score-pad",
    }
    doubt = shots["dice-doubt"].screen
    assert doubt.trick is not None and doubt.trick.lead == "black" and doubt.trick.dice[-1].doubt is not None
    assert [die.order for die in doubt.trick.dice] == [1, 2, 3, 4]  # in landing order
    with watch_overflows() as overflows:
        for shot in shots.values():
            draw(shot, size)
        board = draw(shots["dice-doubt"], size)
        for chars in ("d", "d1", "d1p", "d1y", "c", "g"):
            controls = board.controls.of(doubt)
            assert controls is not None
            controls.cancel()
            for char in chars:
                board.controls.handle(key(char), doubt)
            board.show(doubt)
            board.draw_frame()
    assert overflows == [], f"{language} at {size}: {overflows}"
