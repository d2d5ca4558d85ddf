"""The operator's settings screen in the real table's app: offered on the lobby's bar only while the operator is
unlocked, refused for players, closed when the unlock ends; each change written to config.toml and taking effect
at once where it can (language, sound, the game offered, the PIN), the venue's at the next start."""

from __future__ import annotations

import errno
import logging
from collections.abc import Iterator
from pathlib import Path

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory, MockPWMPin

from table.app import OPERATOR_NEEDED
from table.commands.run import build_table
from table.config import load_config
from table.core import inputs
from table.devices.hub_emulator import HubEmulator
from table.lobby.model import LobbyScreen
from table.operator import MAX_TRIES, OperatorLock, OperatorPin
from table.operator_pin import check_pin
from table.operator_settings import (
    FULL,
    PIN_CHANGED,
    READ_ONLY,
    SAVED,
    SAVED_AT_RESTART,
    WRONG_OLD_PIN,
    ChangePin,
    ChangeSetting,
    CloseSettings,
    OpenSettings,
)
from table.settings_screen.desk import ONLY_IN_THE_LOBBY
from table.settings_screen.model import SettingsScreen
from tests.broken_disk import break_disk
from tests.devices.test_nfc import FakeClock
from tests.test_operator_lock import OPERATOR, PIN, config_text

NO_LOCK = 'pin_hash = ""\nbadges = []\nminutes = 5\nidle_minutes = 2'


class Table:
    """The real table's app on an emulated hub, its config.toml in the data folder."""

    def __init__(self, folder: Path, operator: str = OPERATOR) -> None:
        self.folder, self.clock, self.screens = folder, FakeClock(), []
        self.hub = HubEmulator(folder, readers=6)
        self.path = folder / "config.toml"
        self.path.write_text(config_text(self.hub, operator))
        self.app = build_table(
            load_config(self.path), self.clock, self.screens.append, folder=folder, wall=FakeClock(),
            config_path=self.path,
        )  # fmt: skip
        self.app.resume()
        self.turn(5)

    def turn(self, times: int = 1) -> None:
        for _ in range(times):
            self.clock.now += 0.05
            self.hub.service(self.clock.now)
            self.app.step(wait=0.001)

    def send(self, event: object) -> bool:
        done = self.app.from_screen(event)
        self.turn()
        return done

    def shown(self) -> object:
        return self.screens[-1]

    def said(self) -> str:
        return str(self.screens[-1].messages[-1].text)  # type: ignore[attr-defined]


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    Device.pin_factory = MockFactory(pin_class=MockPWMPin)
    table = Table(tmp_path)
    yield table
    table.app.hub.close()
    table.hub.unplug()
    Device.pin_factory.reset()


def test_the_lobby_offers_settings_only_while_the_operator_is_unlocked(table: Table) -> None:
    lobby = table.shown()
    assert isinstance(lobby, LobbyScreen) and lobby.settings is False  # a player sees no Settings button
    table.send(OperatorPin(PIN))
    assert isinstance(table.shown(), LobbyScreen) and table.shown().settings is True  # type: ignore[attr-defined]
    table.send(OperatorLock())
    assert table.shown().settings is False  # type: ignore[attr-defined]


def test_a_player_s_request_is_refused_and_done_after_the_pin(table: Table) -> None:
    before = table.path.read_bytes()
    assert table.send(ChangeSetting("language", "de")) is False
    assert table.path.read_bytes() == before  # nothing written for a player
    assert table.send(OpenSettings()) is False  # the scoreboard opens the PIN pad
    assert table.said() == str(OPERATOR_NEEDED) and isinstance(table.shown(), LobbyScreen)
    table.send(OperatorPin(PIN))
    assert isinstance(table.shown(), SettingsScreen)  # the request refused a moment ago is done now


def test_the_screen_closes_when_the_unlock_ends(table: Table) -> None:
    table.send(OperatorPin(PIN))
    table.send(OpenSettings())
    assert isinstance(table.shown(), SettingsScreen)
    table.clock.now += 3 * 60  # idle_minutes = 2
    table.turn()
    assert isinstance(table.shown(), LobbyScreen) and table.shown().settings is False  # type: ignore[attr-defined]
    assert table.send(ChangeSetting("sound", False)) is False


def test_changes_take_effect_at_once_and_are_kept(table: Table) -> None:
    table.send(OperatorPin(PIN))
    table.send(OpenSettings())
    table.send(ChangeSetting("language", "fr"))
    assert table.shown().language == "fr" and table.said() == str(SAVED)  # type: ignore[attr-defined]
    table.send(ChangeSetting("game", "piratenpoker"))
    table.send(ChangeSetting("sound", False))
    assert table.app.sound.enabled is False
    shown = table.shown()
    assert isinstance(shown, SettingsScreen) and (shown.game, shown.sound) == ("piratenpoker", False)
    table.send(CloseSettings())
    lobby = table.shown()
    assert isinstance(lobby, LobbyScreen) and (lobby.game, lobby.language) == ("piratenpoker", "fr")  # the next game
    config = load_config(table.path)  # and so after a restart
    assert (config.language, config.game, config.sound) == ("fr", "piratenpoker", False)


def test_the_venue_s_settings_need_a_restart_and_say_so(table: Table) -> None:
    table.send(OperatorPin(PIN))
    table.send(OpenSettings())
    table.send(ChangeSetting("venue_broker", "pub.local"))
    assert table.said() == str(SAVED_AT_RESTART)
    shown = table.shown()
    assert isinstance(shown, SettingsScreen) and (shown.venue_broker, shown.venue_table) == ("pub.local", "t1")
    assert table.app.venue is None  # not connected before the next start
    assert load_config(table.path).venue is not None


def test_a_refused_value_is_said_on_the_screen_and_in_the_log(table: Table, caplog: pytest.LogCaptureFixture) -> None:
    table.send(OperatorPin(PIN))
    table.send(OpenSettings())
    before = table.path.read_bytes()
    with caplog.at_level(logging.INFO):
        table.send(ChangeSetting("venue_table", "table one"))
    assert "table is 1 to 32 letters, digits, - or _" in table.said()
    assert table.screens[-1].messages[-1].error  # type: ignore[attr-defined]
    assert "table is 1 to 32 letters" in caplog.text
    assert table.path.read_bytes() == before


def test_the_pin_is_changed_with_the_old_one(table: Table) -> None:
    table.send(OperatorPin(PIN))
    table.send(OpenSettings())
    table.send(ChangePin("000000", "1234", "1234"))
    assert table.said() == str(WRONG_OLD_PIN)
    assert check_pin(PIN, load_config(table.path).operator.pin_hash)  # unchanged
    table.send(ChangePin(PIN, "1234", "1234"))
    assert table.said() == str(PIN_CHANGED)
    assert check_pin("1234", load_config(table.path).operator.pin_hash)
    table.send(OperatorLock())
    table.send(OperatorPin(PIN))  # the old PIN no longer unlocks...
    assert table.send(inputs.Undo()) is False
    table.send(OperatorPin("1234"))  # ...the new one does, without a restart
    assert table.send(inputs.Undo()) is True


def test_no_pin_reaches_the_log(table: Table, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.DEBUG):
        table.send(OperatorPin(PIN))
        table.send(OpenSettings())
        table.send(ChangePin(PIN, "97531", "97531"))
    assert table.said() == str(PIN_CHANGED)
    assert "operator action ChangePin()" in caplog.text  # the action is logged, as every operator's
    assert PIN not in caplog.text and "97531" not in caplog.text


def test_wrong_old_pins_count_as_wrong_pins(table: Table) -> None:
    table.send(OperatorPin(PIN))
    table.send(OpenSettings())
    for _ in range(MAX_TRIES):
        table.send(ChangePin("000000", "1234", "1234"))
    assert table.said() == "Too many wrong PINs: try again in a minute"
    assert table.app.operator is not None and table.app.operator.locked_out()


def test_settings_are_opened_only_in_the_lobby(table: Table) -> None:
    table.send(OperatorPin(PIN))
    for seat in (0, 1):
        table.send(inputs.JoinSeat(seat))
    table.send(inputs.StartGame())
    table.send(OpenSettings())
    assert table.said() == str(ONLY_IN_THE_LOBBY)
    assert not isinstance(table.shown(), SettingsScreen)


def test_a_table_without_a_lock_offers_settings_and_its_first_pin_locks_it(tmp_path: Path) -> None:
    Device.pin_factory = MockFactory(pin_class=MockPWMPin)
    table = Table(tmp_path, NO_LOCK)
    try:
        assert table.shown().settings is True  # type: ignore[attr-defined]  # open to everyone, as the config says
        table.send(OpenSettings())
        table.send(ChangePin("", "2468", "2468"))
        assert table.said() == str(PIN_CHANGED)
        assert isinstance(table.shown(), SettingsScreen)  # the operator who set it stays in
        table.send(OperatorLock())
        assert table.send(OpenSettings()) is False  # locked from now on
    finally:
        table.app.hub.close()
        table.hub.unplug()
        Device.pin_factory.reset()


@pytest.mark.parametrize(("code", "said"), [(errno.EROFS, READ_ONLY), (errno.ENOSPC, FULL)])
def test_a_card_that_cannot_be_written_is_named_on_the_screen(
    table: Table, monkeypatch: pytest.MonkeyPatch, code: int, said: object
) -> None:
    table.send(OperatorPin(PIN))
    table.send(OpenSettings())
    before = table.path.read_bytes()
    break_disk(monkeypatch, table.folder, code)
    table.send(ChangeSetting("sound", False))
    assert table.said() == str(said) and table.screens[-1].messages[-1].error  # type: ignore[attr-defined]
    assert isinstance(table.shown(), SettingsScreen) and table.shown().sound is True  # type: ignore[attr-defined]
    monkeypatch.undo()
    assert table.path.read_bytes() == before
