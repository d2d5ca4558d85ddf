"""The operator's lock holds: wrong PINs and the lockout outlive a restart (table.operator_tries), the bar's Lock
button locks at once, and an unlock ends by itself after `idle_minutes` without an operator action; each lock is
logged. Time is the injected clocks', never a real wait."""

from __future__ import annotations

import json
import logging
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
from table.operator import LOCKOUT, MAX_TRIES, OperatorLock, OperatorPin, OperatorRole, OperatorSettings
from table.operator_pin import hash_pin
from table.operator_tries import TRIES_NAME, TriesFile
from table.session import TableSession
from tests.devices.test_nfc import FakeClock

PIN = "482913"
PIN_HASH = hash_pin(PIN)
OPERATOR = f'pin_hash = "{PIN_HASH}"\nbadges = []\nminutes = 5\nidle_minutes = 2'


def config_text(hub: HubEmulator, operator: str = OPERATOR) -> str:
    text = default_text().replace('port = "auto"', f'port = "{hub.path}"')
    start, end = text.index("pin_hash = "), text.index("idle_minutes = 2")
    return text[:start] + operator + text[text.index("\n", end) :]


class Table:
    """The real table's app on an emulated hub, in a data folder that outlives a restart."""

    def __init__(self, folder: Path) -> None:
        self.folder, self.clock, self.wall, self.screens = folder, FakeClock(), FakeClock(), []
        self.hub = HubEmulator(folder, readers=6)
        self.config = parse_config(config_text(self.hub))
        self.app = self._build()

    def _build(self) -> TableApp:
        app = build_table(self.config, self.clock, self.screens.append, folder=self.folder, wall=self.wall)
        app.resume()
        return app

    def restart(self) -> None:
        """As after pulling the plug: a new app (and a new monotonic clock), the same data folder."""
        self.app.hub.close()
        self.app.buttons.close()
        for light in self.app.lights.values():
            light.led.close()  # type: ignore[attr-defined]
        self.clock.now = 5.0  # the monotonic clock starts again at boot
        self.app = self._build()

    def turn(self, times: int = 1) -> None:
        for _ in range(times):
            self.clock.now += 0.05
            self.wall.now += 0.05
            self.hub.service(self.clock.now)
            self.app.step(wait=0.001)

    def wait(self, seconds: float) -> None:
        self.clock.now += seconds
        self.wall.now += seconds
        self.turn()

    def said(self) -> str:
        return str(self.screens[-1].messages[-1].text)


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    Device.pin_factory = MockFactory(pin_class=MockPWMPin)
    table = Table(tmp_path)
    table.turn(5)
    yield table
    table.app.hub.close()
    table.hub.unplug()
    Device.pin_factory.reset()


def test_wrong_pins_and_the_lockout_outlive_a_restart(table: Table) -> None:
    for _ in range(MAX_TRIES - 1):
        table.app.from_screen(OperatorPin("000000"))
    table.restart()  # pulling the plug gives no fresh tries
    table.app.from_screen(OperatorPin("000001"))
    table.turn()
    assert table.app.operator is not None and table.app.operator.locked_out()
    assert table.said() == "Too many wrong PINs: try again in a minute"
    table.restart()
    table.app.from_screen(OperatorPin(PIN))  # even the right one, while locked out
    table.turn()
    assert table.app.from_screen(inputs.Undo()) is False
    table.wait(LOCKOUT)
    table.app.from_screen(OperatorPin(PIN))
    assert table.app.from_screen(inputs.Undo()) is True


def test_the_right_pin_clears_the_kept_count(table: Table) -> None:
    table.app.from_screen(OperatorPin("000000"))
    assert json.loads((table.folder / TRIES_NAME).read_text())["wrong"] == 1
    table.app.from_screen(OperatorPin(PIN))
    assert json.loads((table.folder / TRIES_NAME).read_text()) == {"wrong": 0, "locked_out_until": 0.0}


def tries(folder: Path, wall: FakeClock) -> TriesFile:
    return TriesFile(folder / TRIES_NAME, wall, LOCKOUT, MAX_TRIES)


def test_no_file_is_no_wrong_pin(tmp_path: Path) -> None:
    kept = tries(tmp_path, FakeClock()).read()
    assert (kept.wrong, kept.locked_for, kept.problem) == (0, 0.0, None)


@pytest.mark.parametrize(
    "content",
    [
        "",
        "{not json",
        "[1, 2]",
        '{"wrong": "2", "locked_out_until": 0}',
        '{"wrong": 7, "locked_out_until": 0}',
        '{"wrong": true, "locked_out_until": 0}',
        '{"wrong": 1, "locked_out_until": NaN}',
        '{"wrong": 1, "locked_out_until": 1e400}',
        '{"wrong": 1, "locked_out_until": ' + "9" * 500 + "}",
        '{"wrong": 1}',
    ],
)
def test_a_damaged_count_locks_out_for_a_full_lockout_and_says_which_file(tmp_path: Path, content: str) -> None:
    (tmp_path / TRIES_NAME).write_text(content)
    clock = FakeClock()
    role = OperatorRole(OperatorSettings(PIN_HASH), clock, tries(tmp_path, clock))
    assert role.locked_out() and not role.pin(PIN)
    assert role.problem is not None and TRIES_NAME in role.problem and "refused for 60 s" in role.problem
    clock.now += LOCKOUT
    assert role.pin(PIN)  # and then it is as before; the file is written whole again
    assert json.loads((tmp_path / TRIES_NAME).read_text())["wrong"] == 0


def test_a_table_starting_with_its_clock_behind_waits_no_longer_than_one_lockout(tmp_path: Path) -> None:
    wall = FakeClock()
    (tmp_path / TRIES_NAME).write_text(json.dumps({"wrong": 0, "locked_out_until": wall.now + 3600}))
    clock = FakeClock()
    role = OperatorRole(OperatorSettings(PIN_HASH), clock, tries(tmp_path, wall))
    assert role.locked_out()
    clock.now += LOCKOUT
    assert not role.locked_out() and role.pin(PIN)


def test_a_count_that_cannot_be_written_is_kept_in_memory_and_said_once(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("table.operator_tries.os.replace", full)  # a full disk: every write fails
    clock = FakeClock()
    role = OperatorRole(OperatorSettings(PIN_HASH), clock, tries(tmp_path, clock))
    with caplog.at_level(logging.WARNING, logger="table.operator_tries"):
        for _ in range(MAX_TRIES):
            role.pin("000000")
    assert role.locked_out()
    warned = [m for m in caplog.messages if "cannot be kept" in m]
    assert len(warned) == 1 and "until the table restarts" in warned[0] and "No space left" in warned[0]


def test_the_lock_button_locks_at_once_and_is_logged(table: Table, caplog: pytest.LogCaptureFixture) -> None:
    assert table.app.operator_open() is False
    table.app.from_screen(OperatorPin(PIN))
    assert table.app.operator_open() is True
    with caplog.at_level(logging.INFO, logger="table.app"):
        assert table.app.from_screen(OperatorLock()) is True
    table.turn()
    assert table.app.operator_open() is False and table.said() == "Operator: locked"
    assert "operator locked: the Lock button" in caplog.messages
    assert table.app.from_screen(inputs.Undo()) is False  # the operator's actions need the PIN again


def test_the_operator_is_locked_after_the_idle_minutes(table: Table, caplog: pytest.LogCaptureFixture) -> None:
    table.app.from_screen(OperatorPin(PIN))
    table.wait(2 * 60 - 1)
    assert table.app.from_screen(inputs.ChooseLanguage("fr")) is True  # an operator action: idle from now
    table.wait(2 * 60 - 1)
    assert table.app.operator_open()
    with caplog.at_level(logging.INFO, logger="table.app"):
        table.wait(2)
    assert not table.app.operator_open() and table.said() == "Operator: locked"
    assert "operator locked: no operator action for 2 min" in caplog.messages
    assert table.app.from_screen(inputs.ChooseLanguage("en")) is False


def test_an_unlock_ends_after_its_minutes_however_busy_the_operator(
    table: Table, caplog: pytest.LogCaptureFixture
) -> None:
    table.app.from_screen(OperatorPin(PIN))
    with caplog.at_level(logging.INFO, logger="table.app"):
        for language in ("fr", "de", "nl", "it", "en"):
            assert table.app.from_screen(inputs.ChooseLanguage(language)) is True
            table.wait(59)
        table.wait(6)
    assert not table.app.operator_open()
    assert "operator locked: the unlock's 5 min are over" in caplog.messages


def test_a_player_s_open_action_does_not_keep_the_operator_unlocked(table: Table) -> None:
    table.app.from_screen(OperatorPin(PIN))
    table.wait(60)
    assert table.app.from_screen(inputs.ShowLastTrick()) is True  # anyone's: not the operator's presence
    table.wait(61)
    assert not table.app.operator_open()


@pytest.mark.parametrize(
    ("setting", "says"),
    [
        ("idle_minutes = 0", "idle_minutes is how long the operator stays unlocked without an action, 1 to 60, not 0"),
        ("idle_minutes = 61", "1 to 60, not 61"),
        ('idle_minutes = "2"', "'idle_minutes' must be"),
        ("idle_minutes = true", "'idle_minutes' must be"),
    ],
)
def test_the_idle_minutes_are_checked(setting: str, says: str) -> None:
    with pytest.raises(ConfigError, match=says):
        parse_config(default_text().replace("idle_minutes = 2", setting))


def test_the_idle_minutes_default_to_two() -> None:
    text = default_text()
    start = text.index("idle_minutes = 2")
    assert parse_config(text[:start] + text[text.index("\n", start) + 1 :]).operator.idle_minutes == 2


# --- The bar -----------------------------------------------------------------------------------------------------


def key(char: str, code: int | None = None) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code or ord(char), unicode=char, mod=0)


def click(position: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=position)


def drawn_bar(bar: ActionBar, screen: object) -> pygame.Surface:
    from table.commands.run import load_game_views

    pygame.font.init()
    load_game_views()
    surface = pygame.Surface((800, 480))
    bar.draw(surface, screen, pygame.Rect(0, 427, 800, 53), {})
    return surface


def test_the_bar_offers_the_lock_while_the_operator_is_unlocked() -> None:
    screen = TableSession(3).screen()
    bar = ActionBar()
    locked = pygame.image.tobytes(drawn_bar(bar, screen), "RGB")
    bar.operator_open = True
    surface = drawn_bar(bar, screen)
    assert pygame.image.tobytes(surface, "RGB") != locked
    area = bar._lock_area
    assert area is not None and area.right == 800 and 40 < area.width <= 800 // 7  # at the bar's right end
    assert surface.get_at((area.centerx, area.top + 9))[:3] == (240, 228, 66)  # the yellow Lock button
    assert bar.handle(click(area.center), screen) == [OperatorLock()]
    assert bar.handle(key("o"), screen) == [OperatorLock()]  # O locks while unlocked...
    bar.operator_open = False
    drawn_bar(bar, screen)
    assert bar._lock_area is None and bar.handle(click(area.center), screen) != [OperatorLock()]
    assert bar.handle(key("o"), screen) == [] and bar.pin == ""  # ...and opens the PIN pad while locked
    bar.pin = None
    assert pygame.image.tobytes(drawn_bar(bar, screen), "RGB") == locked  # locked: the bar as it always was


def test_the_game_s_buttons_still_work_beside_the_lock() -> None:
    screen = TableSession(3).screen()
    bar = ActionBar()
    bar.operator_open = True
    drawn_bar(bar, screen)
    controls = bar.of(screen)
    assert controls is not None and controls._bar  # the lobby's buttons, in the rest of the bar
    assert bar._lock_area is not None
    assert all(rect.right <= bar._lock_area.left for rect, _ in controls._bar)  # none under the Lock button
    rect, button = controls._bar[0]
    assert button.action == inputs.JoinSeat(0) and bar.handle(click(rect.center), screen) == [inputs.JoinSeat(0)]


def test_the_scoreboard_draws_the_lock_as_soon_as_the_operator_is_unlocked() -> None:
    from table.commands.run import load_game_views
    from table.display.scoreboard import Scoreboard

    pygame.font.init()
    load_game_views()
    now = [1000.0]
    board = Scoreboard(pygame.Surface((800, 480)), clock=lambda: now[0])
    board.show(TableSession(3).screen())
    assert board.controls._lock_area is None
    now[0] += 1
    board.set_operator_open(True)  # what the table's loop says each turn (table.commands.run)
    assert board.tick() and board.controls._lock_area is not None  # drawn at the next frame, no other change needed
    now[0] += 1
    board.set_operator_open(True)
    assert not board.tick()  # the same answer again: nothing to draw
    now[0] += 1
    board.set_operator_open(False)
    assert board.tick() and board.controls._lock_area is None
