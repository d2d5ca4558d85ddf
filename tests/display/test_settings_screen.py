"""The settings screen drawn headless at the TV's, the demo window's and the 7-inch screen's size, in every
language: every text legible, whole and on the screen (as tests/display/test_type_scale.py asks of every screen),
also with the PIN pad or the keyboard open and the Lock button on the bar; every choice a touch; the bar's PIN pad
and keyboard give the app's requests; the lobby's bar offers Settings only when the app says the operator may."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame
import pytest

from table.core import catalog, inputs
from table.core.frame import Note
from table.core.text import LANGUAGES, text, verbatim
from table.display.controls import ActionBar
from table.display.typeset import current, font, record_texts, scale_for, screen, watch_overflows
from table.lobby.model import GameChoice
from table.operator_settings import (
    READ_ONLY,
    SAVED_AT_RESTART,
    ChangePin,
    ChangeSetting,
    CloseSettings,
    OpenSettings,
)
from table.settings_screen.controls import SettingsControls
from table.settings_screen.keyboard import ELLIPSIS, MAX_LENGTH, HostKeyboard, _end_that_fits, _field_room
from table.settings_screen.model import SettingsScreen
from table.settings_screen.views import settings_touches
from tests.display.all_screens import Frame, draw
from tests.display.screens import lobby_screen

SIZES = [(1920, 1080), (1280, 720), (800, 480)]
# The longest refusal the check at start gives for a setting typed here, as the banner shows it.
REFUSED = text(
    "Not saved: {why}",
    why=verbatim(
        'config.toml, [venue]: table is 1 to 32 letters, digits, - or _, as in table = "t1", not '
        "'the-long-table-by-the-window-seat'"
    ),
)


def settings(language: str = "en", **changes: Any) -> SettingsScreen:
    games = tuple(GameChoice(entry.key, entry.name, entry.short_name) for entry in catalog.games())
    model = SettingsScreen("skullking-dice", games, language, True, "venue.local", "bar-table-2", True)
    return replace(model, **changes)


def controls_of(bar: ActionBar, model: Any) -> SettingsControls:
    controls = bar.of(model)
    assert isinstance(controls, SettingsControls)
    controls.buttons(model)
    return controls


def unlocked(bar: ActionBar, model: Any) -> None:
    bar.operator_open = True


def asking_pin(bar: ActionBar, model: Any) -> None:
    unlocked(bar, model)
    controls = controls_of(bar, model)
    controls.asks, controls.entry = ["again"], "1234"  # the longest question


def typing(bar: ActionBar, model: Any) -> None:
    controls = controls_of(bar, model)
    controls.typing, controls.naming, controls.keyboard = "venue_table", "bar-table-2", HostKeyboard()


def frames(language: str) -> dict[str, Frame]:
    model = settings(language)
    return {
        "settings": Frame(model, bar=unlocked),
        "no venue, no PIN": Frame(replace(model, venue_broker=None, venue_table=None, has_pin=False), bar=unlocked),
        "PIN pad": Frame(model, bar=asking_pin),
        "keyboard": Frame(model, bar=typing),
        "lobby with Settings": Frame(replace(lobby_screen(language), settings=True), bar=unlocked),
        "refused": Frame(replace(model, messages=(Note(REFUSED, None, error=True),)), bar=unlocked),
        "read-only": Frame(replace(model, messages=(Note(READ_ONLY, None, error=True),)), bar=unlocked),
        "restart": Frame(replace(model, messages=(Note(SAVED_AT_RESTART, None),)), bar=unlocked),
    }


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_text_is_legible_whole_and_on_the_screen(language: str) -> None:
    trouble, count = [], 0
    for size in SIZES:
        minimum = scale_for(size).min_cap
        for name, frame in frames(language).items():
            with record_texts() as found, watch_overflows() as overflows:
                draw(frame, size)
            shown = [d for d in found if d.text.strip()]
            count += len(shown)
            trouble += [f"{name} {size}: {overflow}" for overflow in overflows]
            trouble += [
                f"{name} {size}: {d.text!r} ({d.cap_height} px capitals, {d.rendered} in {d.box})"
                for d in shown
                if d.cut or d.cap_height < minimum or d.rendered[0] > d.box[0] or d.placed is False
            ]
    assert trouble == []
    assert count > 3 * 50  # every frame was drawn, and its texts recorded


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_choice_is_a_touch_big_enough_for_a_finger(size: tuple[int, int]) -> None:
    board = draw(Frame(settings()), size)
    touches = settings_touches(settings(), board.layout()[0].size)
    changes = {change for _, change in touches}
    games = {ChangeSetting("game", entry.key) for entry in catalog.games()}
    languages = {ChangeSetting("language", code) for code in LANGUAGES}
    assert changes == games | languages | {ChangeSetting("sound", True), ChangeSetting("sound", False)}
    board_rect = board.layout()[0]
    for rect, _ in touches:
        assert board_rect.contains(rect) and min(rect.size) >= 44 * size[1] // 480 * 3 // 4  # ~7 mm at 800x480
    rects = [rect for rect, _ in touches]
    assert not any(a.colliderect(b) for n, a in enumerate(rects) for b in rects[n + 1 :])


def test_a_touched_chip_is_sent_to_the_app() -> None:
    board = draw(Frame(settings()), (800, 480))
    chip = next(rect for rect, change in board._touches if change == ChangeSetting("language", "it"))
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=chip.center))
    assert board.events() == [ChangeSetting("language", "it")]


def press(controls: SettingsControls, model: SettingsScreen, label: str) -> list[Any]:
    button = next(b for b in controls.bar_buttons(model) if str(b.label) == label or label == b.key)
    return controls._press(button)


def key(unicode: str, code: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, unicode=unicode)


def test_the_pin_pad_asks_the_pin_now_then_the_new_one_twice() -> None:
    model, controls = settings(), SettingsControls()
    assert press(controls, model, "Change the PIN") == []
    for digit in "4829":
        press(controls, model, digit)
    assert str(controls.bar_buttons(model)[0].label) == "PIN now: ****"
    assert press(controls, model, "OK") == []
    for digit in "1357":
        controls.handle(key(digit), model)  # the keys, as the digits on the bar
    assert controls.handle(key("", pygame.K_RETURN), model) == []
    assert str(controls.bar_buttons(model)[0].label) == "New PIN again: _"
    for digit in "1357":
        press(controls, model, digit)
    assert press(controls, model, "OK") == [ChangePin("4829", "1357", "1357")]
    assert str(controls.bar_buttons(model)[0].label) == "Venue address"  # the bar as before


def test_a_table_without_a_pin_asks_only_the_new_one_and_esc_cancels() -> None:
    model, controls = settings(has_pin=False), SettingsControls()
    press(controls, model, "p")
    assert str(controls.bar_buttons(model)[0].label) == "New PIN: _"
    controls.handle(key("1"), model)
    controls.handle(key("", pygame.K_ESCAPE), model)  # cancels the PIN, not the screen
    assert controls.asks == [] and controls.entry == ""
    assert controls.handle(key("", pygame.K_ESCAPE), model) == [CloseSettings()]  # then back to the lobby


def test_the_keyboard_types_the_venue_s_address_from_what_it_is() -> None:
    model, controls = settings(), SettingsControls()
    press(controls, model, "a")
    assert isinstance(controls.keyboard, HostKeyboard) and controls.naming == "venue.local"
    controls.naming = ""
    for char in "Pub.local":  # a host name is typed small, unless shift is pressed; "." is a key
        typed = next(k for row in controls.keyboard.rows() for k in row if k.char == char.lower())
        controls.naming = controls.keyboard.press(typed, controls.naming)
    assert controls.naming == "pub.local"
    assert controls.handle(key("", pygame.K_RETURN), model) == [ChangeSetting("venue_broker", "pub.local")]
    assert controls.keyboard is None and controls.typing is None


def test_the_table_name_s_keyboard_has_the_underscore_and_no_space() -> None:
    chars = {k.char for row in HostKeyboard().rows() for k in row}
    assert {".", "-", "_"} <= chars and " " not in chars


def test_the_lobby_bar_offers_settings_only_when_the_app_says_so() -> None:
    bar = ActionBar()
    lobby = lobby_screen("en")
    labels = [str(b.label) for b in bar.bar_buttons(lobby)]
    assert "Settings" not in labels and "Deutsch" in labels
    opened = replace(lobby, settings=True)
    buttons = bar.bar_buttons(opened)
    assert [b.action for b in buttons if str(b.label) == "Settings"] == [OpenSettings()]
    assert bar.handle(key("i"), opened) == [inputs.ChooseLanguage("de")]  # the key still chooses the language


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_long_address_shows_its_end_within_the_field(size: tuple[int, int]) -> None:
    typed = "m" * MAX_LENGTH
    with screen(size):
        room = _field_room(size)
        shown = _end_that_fits(typed, room)
        assert font(current().small, bold=False).size(shown)[0] <= room
    assert shown.startswith(ELLIPSIS) and typed.endswith(shown[1:]) and len(shown) > 10
    assert _end_that_fits("venue.local", room) == "venue.local"
