"""The keyboard on the screen (table.display.keyboard): opened from the lobby's bar, typed on by touches alone at the
7-inch screen's size and the TV's, and giving the same SetName the physical keyboard gives."""

from __future__ import annotations

import pygame
import pytest

from table.core import inputs
from table.display.controls import Button
from table.display.keyboard import BACK, CANCEL, CHAR, LAYER, MAX_LENGTH, OK, SHIFT, SPACE, Keyboard
from table.display.scoreboard import Scoreboard
from table.lobby.controls import LobbyControls
from table.lobby.views import lobby_touches
from table.session import TableSession

SIZES = [(800, 480), (1920, 1080)]
FINGER = 44  # pixels: the least a key may measure either way at 800x480


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class Touchscreen:
    """A lobby on a scoreboard that only touches reach."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.flow = TableSession(4)
        self.flow.handle(inputs.JoinSeat(0))
        self.clock = Clock()
        self.board = Scoreboard(pygame.Surface(size), clock=self.clock)
        self.board.show(self.flow.screen())
        self.board.draw_frame()
        pygame.event.clear()

    def touch(self, position: tuple[int, int]) -> list[object]:
        self.clock.now += 1  # a frame is due after each touch
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=position))
        said = self.board.events()
        for event in said:
            self.flow.handle(event)
        self.board.show(self.flow.screen())
        return said

    @property
    def lobby(self) -> LobbyControls:
        """The lobby's controls, which the scoreboard's bar hands the lobby to."""
        controls = self.board.controls.of(self.flow.screen())
        assert isinstance(controls, LobbyControls)
        return controls

    def bar_button(self, label: str) -> pygame.Rect:
        found = [rect for rect, button in self.lobby._bar if str(button.label) == label]
        assert found, [str(button.label) for _, button in self.lobby._bar]
        return found[0]

    @property
    def keyboard(self) -> Keyboard:
        assert self.lobby.keyboard is not None, "the keyboard is not open"
        return self.lobby.keyboard

    def key(self, does: str, char: str = "") -> pygame.Rect:
        (rect,) = [rect for rect, key in self.keyboard._keys if key.does == does and key.char == char]
        return rect

    def type(self, words: str) -> None:
        """Touch the keys that type `words`: shift for a capital when it is not on by itself, the accents' layer
        for an accented letter."""
        for char in words:
            if char == " ":
                self.touch(self.key(SPACE).center)
                continue
            lower = char.lower()
            wanted_layer = not any(lower in row for row in ("1234567890", "qwertyuiop", "asdfghjkl'", "zxcvbnm", "-"))
            if self.keyboard.accents != wanted_layer:
                self.touch(self.key(LAYER).center)
            if char.isupper() != self.keyboard.shift and char.lower() != char.upper():
                self.touch(self.key(SHIFT).center)
            self.touch(self.key(CHAR, lower).center)


@pytest.fixture
def screen_800() -> Touchscreen:
    return Touchscreen((800, 480))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_name_is_typed_by_touch_alone_accents_and_all(size: tuple[int, int]) -> None:
    table = Touchscreen(size)
    assert table.touch(table.bar_button("Rename Seat 1").center) == []
    assert table.keyboard.shift  # a name starts with a capital
    table.type("Zoë Müller-Çelik")
    assert table.lobby.naming == "Zoë Müller-Çelik"
    assert table.touch(table.key(OK).center) == [inputs.SetName(0, "Zoë Müller-Çelik")]
    assert table.lobby.keyboard is None
    assert table.flow.screen().seats[0].name == "Zoë Müller-Çelik"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_keys_are_big_enough_for_a_finger_and_lie_apart_on_the_screen(size: tuple[int, int]) -> None:
    table = Touchscreen(size)
    table.touch(table.bar_button("Rename Seat 1").center)
    screen = table.board.surface.get_rect()
    for layer in (False, True):
        table.keyboard.accents = layer
        table.board._pending = True
        table.clock.now += 1
        table.board.tick()
        rects = [rect for rect, _ in table.keyboard._keys]
        assert len(rects) == 10 + 10 + 10 + 9 + 5
        assert min(min(rect.size) for rect in rects) >= FINGER * size[1] / 480
        assert all(screen.contains(rect) for rect in rects)
        assert not any(a.colliderect(b) for n, a in enumerate(rects) for b in rects[n + 1 :])


def test_the_accents_of_the_five_languages_are_on_the_keyboard() -> None:
    keyboard = Keyboard()
    keyboard.accents = True
    letters = {key.char for row in keyboard.rows() for key in row}
    assert set("äöüß" + "éèêëàâçîïôûùœæÿ" + "ëïéèö" + "àèéìíîòóù") <= letters


def test_backspace_space_and_the_longest_name() -> None:
    keyboard = Keyboard()
    typed = ""
    for key in (*[k for k in keyboard.rows()[1][:3]],):
        typed = keyboard.press(key, typed)
    assert typed == "Qwe"
    space = next(key for key in keyboard.rows()[4] if key.does == SPACE)
    back = next(key for key in keyboard.rows()[3] if key.does == BACK)
    typed = keyboard.press(space, keyboard.press(space, typed))
    assert typed == "Qwe " and keyboard.shift  # one space between words; the next word starts with a capital
    typed = keyboard.press(back, keyboard.press(back, typed))
    assert typed == "Qw" and not keyboard.shift
    letter = keyboard.rows()[2][0]
    for _ in range(40):
        typed = keyboard.press(letter, typed)
    assert len(typed) == MAX_LENGTH
    assert keyboard.press(space, "") == ""  # no name starts with a space


def test_cancel_sends_nothing_and_gives_the_lobby_back_whole(screen_800: Touchscreen) -> None:
    table = screen_800
    lobby = pygame.image.tobytes(table.board.surface, "RGB")
    table.touch(table.bar_button("Rename Seat 1").center)
    table.type("Bo")
    assert pygame.image.tobytes(table.board.surface, "RGB") != lobby  # the keyboard covers the window
    assert table.touch(table.key(CANCEL).center) == []
    table.clock.now += 1
    table.board.tick()
    assert table.lobby.keyboard is None and table.flow.screen().seats[0].name == "Seat 1"
    assert pygame.image.tobytes(table.board.surface, "RGB") == lobby


def test_while_it_is_open_touches_reach_only_the_keyboard(screen_800: Touchscreen) -> None:
    table = screen_800
    chips = lobby_touches(table.flow.screen(), table.board.layout()[0].size)
    table.touch(table.bar_button("Rename Seat 1").center)
    for rect, _ in chips:  # where the lobby's game and language chips were: keys now, or nothing
        assert not any(isinstance(said, inputs.ChooseGame | inputs.ChooseLanguage) for said in table.touch(rect.center))
    assert table.lobby.keyboard is not None


def test_the_physical_keyboard_types_into_it_too(screen_800: Touchscreen) -> None:
    table = screen_800
    table.flow.handle(inputs.JoinSeat(2))
    table.lobby.selected = 2
    table.board.show(table.flow.screen())
    table.clock.now += 1
    table.board.tick()
    table.touch(table.bar_button("Rename Seat 3").center)
    table.type("An")
    for char in "na":
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=ord(char), unicode=char))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, unicode="\r"))
    assert table.board.events() == [inputs.SetName(2, "Anna")]
    assert table.lobby.keyboard is None


def test_ok_with_no_name_keeps_the_name() -> None:
    table = Touchscreen((800, 480))
    table.touch(table.bar_button("Rename Seat 1").center)
    assert table.touch(table.key(OK).center) == []
    assert table.lobby.keyboard is None


def test_the_rename_button_is_the_lobby_s() -> None:
    table = Touchscreen((800, 480))
    buttons: list[Button] = table.board.controls.buttons(table.flow.screen())
    assert [str(button.label) for button in buttons].count("Rename Seat 1") == 1
    table.flow.handle(inputs.JoinSeat(1))
    table.flow.handle(inputs.StartGame())
    assert not any("Rename" in str(button.label) for button in table.board.controls.buttons(table.flow.screen()))
