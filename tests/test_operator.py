"""The operator role (table.operator): what comes from the screen beyond starting a game needs the operator,
unlocked for a few minutes by a badge on any reader or the PIN on the bar; players at their seats need neither."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory, MockPWMPin

from table.app import TableApp
from table.commands.run import build_table
from table.config import ConfigError, default_text, parse_config
from table.core import inputs
from table.devices.hub_emulator import HubEmulator
from table.display.controls import ActionBar
from table.operator import IDLE_MINUTES, LOCKOUT, MAX_TRIES, OperatorPin, OperatorRole, OperatorSettings
from table.operator_pin import check_pin, hash_pin
from tests.devices.test_nfc import FakeClock

BADGE = bytes.fromhex("04A2241A5C6480")
SETTINGS = 'pin = "482913"\nbadges = ["04a2241a5c6480"]\nminutes = 5'


def with_operator(config_text: str, settings: str) -> str:
    """The default config with its [operator] lines replaced by `settings`."""
    lines = r"^pin_hash = .*\n^badges = .*\n^minutes = .*\n^idle_minutes = .*$"
    replaced = re.sub(lines, settings, config_text, flags=re.MULTILINE)
    assert replaced != config_text
    return replaced


PIN_HASH = hash_pin("482913")


def test_the_pin_unlocks_for_the_minutes_set_then_locks_again() -> None:
    clock = FakeClock()
    role = OperatorRole(OperatorSettings(PIN_HASH, (), 5, idle_minutes=60), clock)
    assert not role.unlocked() and role.may(inputs.StartGame()) and not role.may(inputs.Undo())
    assert role.pin("482913") and role.unlocked() and role.authorised_by() == "PIN"
    clock.now += 5 * 60 - 1
    assert role.may(inputs.Undo())
    clock.now += 2
    assert not role.unlocked()
    assert role.lapsed() == "the unlock's 5 min are over" and role.lapsed() is None  # said once


def test_wrong_pins_lock_the_pad_for_a_while() -> None:
    clock = FakeClock()
    role = OperatorRole(OperatorSettings(PIN_HASH, (), 5), clock)
    for _ in range(MAX_TRIES):
        assert not role.pin("000000")
    assert role.locked_out() and not role.pin("482913")  # even the right one, for now
    clock.now += LOCKOUT
    assert role.pin("482913")


def test_a_table_without_pin_or_badge_has_no_lock() -> None:
    role = OperatorRole(OperatorSettings(), FakeClock())
    assert role.unlocked() and role.may(inputs.NewGame()) and role.authorised_by() == "no operator lock configured"


@pytest.mark.parametrize(
    ("section", "says"),
    [
        ('pin = "12"', "pin is 4 to 8 digits"),
        ('pin = "12a4"', "pin is 4 to 8 digits"),
        ('badges = ["nothex!!"]', "badges is a list of tag UIDs"),
        ("minutes = 0", "minutes is how long"),
        ("password = 1", "unknown setting 'password'"),
    ],
)
def test_operator_settings_are_checked(section: str, says: str) -> None:
    with pytest.raises(ConfigError, match=says):
        parse_config(with_operator(default_text(), section))


def test_the_config_s_settings(tmp_path: Path) -> None:
    config = parse_config(with_operator(default_text(), SETTINGS))
    settings = config.operator
    assert (settings.badges, settings.minutes, settings.idle_minutes) == (("04A2241A5C6480",), 5, IDLE_MINUTES)
    assert settings.plain_pin and check_pin("482913", settings.pin_hash)  # an old plain PIN: hashed as it is read
    assert "482913" not in repr(settings)


@pytest.fixture
def table(tmp_path: Path) -> Iterator[tuple[TableApp, HubEmulator, FakeClock, list]]:
    Device.pin_factory = MockFactory(pin_class=MockPWMPin)
    hub = HubEmulator(tmp_path, readers=6)
    text = default_text().replace('port = "auto"', f'port = "{hub.path}"')
    config = parse_config(with_operator(text, SETTINGS))
    clock, screens = FakeClock(), []
    app = build_table(config, clock, screens.append)
    app.resume()
    turn(app, hub, clock, 20)
    yield app, hub, clock, screens
    app.hub.close()
    hub.unplug()
    Device.pin_factory.reset()


def turn(app: TableApp, hub: HubEmulator, clock: FakeClock, times: int) -> None:
    for _ in range(times):
        clock.now += 0.05
        hub.service(clock.now)
        app.step(wait=0.002)


def logged(app: TableApp) -> list[object]:
    return [event for _, _, event in app.event_log.replay()]


def test_a_player_cannot_use_the_operator_s_actions_from_the_screen(table: tuple) -> None:
    app, hub, clock, screens = table
    for seat in (0, 1):
        assert app.from_screen(inputs.JoinSeat(seat)) is False  # joining for a seat from the screen
    before = logged(app)
    assert app.from_screen(inputs.ChooseGame("skullking-dice")) is False
    assert app.from_screen(inputs.ChooseLanguage("de")) is False
    turn(app, hub, clock, 1)
    assert logged(app) == before  # nothing reached the game, nothing was logged
    screen = screens[-1]
    assert screen.game == "skullking" and screen.language == "en" and screen.players == ()
    assert "operator" in str(screen.messages[-1].text) and screen.messages[-1].error
    assert app.may_quit() is False


def test_the_pin_unlocks_and_does_what_was_asked(table: tuple) -> None:
    app, hub, clock, screens = table
    assert app.from_screen(inputs.ChooseLanguage("fr")) is False
    assert app.from_screen(OperatorPin("111111")) is True
    turn(app, hub, clock, 1)
    assert screens[-1].language == "en" and str(screens[-1].messages[-1].text) == "Wrong PIN"
    app.from_screen(OperatorPin("482913"))
    turn(app, hub, clock, 1)
    assert screens[-1].language == "fr"  # the refused choice is done once the PIN is right
    assert app.from_screen(inputs.JoinSeat(2)) is True and app.may_quit() is True
    assert not any(isinstance(event, OperatorPin) for event in logged(app))  # a PIN is never logged
    clock.now += 5 * 60
    assert app.from_screen(inputs.LeaveSeat(2)) is False  # five minutes later: locked again


def test_the_operator_badge_on_any_reader_unlocks_and_the_game_never_hears_of_it(table: tuple) -> None:
    app, hub, clock, screens = table
    hub.place(3, BADGE, "")
    turn(app, hub, clock, 10)
    assert screens[-1].players == ()  # the badge joined no seat
    assert "unlocked for 5 minutes" in str(screens[-1].messages[-1].text)
    assert app.from_screen(inputs.NewGame()) is True


def test_anyone_may_start_the_game_and_players_act_at_their_seats(table: tuple) -> None:
    app, hub, clock, screens = table
    hub.place(0, bytes.fromhex("04000000000001"), "yellow:1")
    hub.place(1, bytes.fromhex("04000000000002"), "yellow:2")
    turn(app, hub, clock, 10)
    assert screens[-1].players == (0, 1)  # a tag laid joins its seat: no operator needed
    assert app.from_screen(inputs.StartGame()) is True
    turn(app, hub, clock, 1)
    assert screens[-1].round == 1


def test_the_pin_pad_opens_on_the_bar_and_sends_the_pin() -> None:
    pygame.display.init()
    controls = ActionBar()
    from table.session import TableSession

    screen = TableSession(3).screen()

    def key(char: str, code: int | None = None) -> pygame.event.Event:
        return pygame.event.Event(pygame.KEYDOWN, key=code or ord(char), unicode=char, mod=0)

    controls.ask_pin()
    assert str(controls.bar_buttons(screen)[0].label) == "PIN: _"
    for char in "4829":
        assert controls.handle(key(char), screen) == []
    assert str(controls.bar_buttons(screen)[0].label) == "PIN: ****"
    assert controls.handle(key("\r", pygame.K_RETURN), screen) == [OperatorPin("4829")]
    assert controls.pin is None
    controls.handle(key("o"), screen)  # the O key opens it too
    assert controls.pin == ""
    controls.handle(key("\x1b", pygame.K_ESCAPE), screen)
    assert controls.pin is None and not controls.quit  # Esc closes the pad, it does not quit


def test_a_name_from_the_keyboard_on_the_screen_is_the_operator_s_and_logged(
    table: tuple, caplog: pytest.LogCaptureFixture
) -> None:
    """The on-screen keyboard's OK gives the SetName that R, typing and Enter give: the same rule, the same log."""
    app, hub, clock, _ = table
    caplog.set_level("INFO", logger="table.app")
    assert app.from_screen(inputs.SetName(0, "Zoë")) is False  # the scoreboard opens the PIN pad
    app.from_screen(OperatorPin("482913"))
    turn(app, hub, clock, 1)
    assert app.session.table.names[0] == "Zoë"  # (a free seat's plate says "Seat 1" until someone sits there)
    assert logged(app)[-1] == inputs.SetName(0, "Zoë")
    assert "operator action SetName(seat=0, name='Zoë') (authorised by PIN)" in caplog.messages


def test_anyone_may_ask_for_the_last_trick_from_the_screen(table: tuple) -> None:
    app, hub, clock, screens = table
    assert app.from_screen(inputs.ShowLastTrick()) is True  # the operator is locked: the last trick is anyone's
    turn(app, hub, clock, 1)
    assert logged(app)[-1] == inputs.ShowLastTrick()
    assert str(screens[-1].messages[-1].text) == "Nothing is judged yet: there is no last trick to show"


def test_a_card_entered_by_hand_is_the_operators() -> None:
    role = OperatorRole(OperatorSettings(PIN_HASH, (), 5), FakeClock())
    assert not role.may(inputs.CardEntered(1, "yellow:7"))
    assert role.pin("482913") and role.may(inputs.CardEntered(1, "yellow:7"))
