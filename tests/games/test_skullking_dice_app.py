"""The dice game in the table's loop: the lobby hands over (SwitchGame), the tray's events become inputs, the log
replays into the right game after kill -9, and game over hands the table back to the lobby."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory, MockPWMPin

from table.commands.run import build_table
from table.config import default_text, parse_config
from table.core import inputs
from table.core.frame import Phase
from table.core.inputs import DieLanded, DieTakenOut
from table.devices.dice_tray import DiceTray
from table.devices.hub_emulator import HubEmulator
from table.games.skullking.screen import Screen
from table.games.skullking_dice.flow import SkullKingDiceFlow
from table.games.skullking_dice.screen import DiceScreen
from table.lobby.flow import LobbyFlow
from table.store.database import open_database
from tests.devices.test_nfc import FakeClock
from vision.tray_events import CameraLost, DieRemoved, DieSettled, TrayEvent

FRAME = np.zeros((4, 4, 3), np.uint8)


class FakeCamera:
    def poll(self, now: float) -> np.ndarray:
        return FRAME


class FakeTracker:
    """Reports what the test scripts, one batch per frame: the real tracker's contract without the pictures."""

    def __init__(self) -> None:
        self.batches: list[list[TrayEvent]] = []

    def feed(self, frame: np.ndarray | None) -> list[TrayEvent]:
        return self.batches.pop(0) if self.batches else []

    def lost(self, reason: str) -> list[TrayEvent]:
        return [CameraLost(reason)]


class Harness:
    def __init__(self, folder: Path) -> None:
        Device.pin_factory = MockFactory(pin_class=MockPWMPin)
        self.folder, self.clock = folder, FakeClock()
        self.hub = HubEmulator(folder, readers=6)
        text = default_text().replace('port = "auto"', f'port = "{self.hub.path}"')
        self.config = parse_config(text.replace('scoring = "standard"', 'scoring = "landlubber"'))
        self.start()

    def start(self) -> None:
        self.tracker = FakeTracker()
        self.tray = DiceTray(FakeCamera(), self.tracker, recheck_frames=3)
        self.app = build_table(
            self.config,
            self.clock,
            database=open_database(self.folder / "table.sqlite3"),
            on_round_over=lambda number, screen: None,
            tray=self.tray,
        )
        self.app.resume()

    def restart(self) -> None:
        """As after kill -9: the process is gone; the files and the dice in the tray stay."""
        self.app.hub.close()
        self.app.buttons.close()
        for light in self.app.lights.values():
            light.led.close()  # type: ignore[attr-defined]
        self.start()

    def step(self, frames: int = 1) -> None:
        for _ in range(frames):
            self.clock.now += 0.05
            self.hub.service(self.clock.now)
            self.app.step(wait=0)

    def tray_reports(self, *events: TrayEvent) -> None:
        self.tracker.batches.append(list(events))
        self.step()

    @property
    def screen(self) -> Screen | DiceScreen:
        return self.app.session.screen()

    def close(self) -> None:
        self.app.hub.close()
        self.hub.unplug()


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Harness]:
    harness = Harness(tmp_path)
    yield harness
    harness.close()
    Device.pin_factory.reset()


def start_dice_game(table: Harness) -> None:
    for seat in (0, 1, 2):
        table.app.submit(inputs.JoinSeat(seat))
    table.app.submit(inputs.ChooseGame("skullking-dice"))
    table.app.submit(inputs.StartGame())


def test_the_lobby_hands_over_to_the_dice_game_and_the_tray_feeds_it(table: Harness) -> None:
    start_dice_game(table)
    assert isinstance(table.app.session.flow, SkullKingDiceFlow) and table.app.session.game_key == "skullking-dice"
    assert table.app.session.flow.scoring == "landlubber"  # from the config
    for seat in (0, 1, 2):
        table.app.submit(inputs.ChooseBid(seat, 0))
    table.step(80)  # the countdown runs out
    assert table.screen.phase is Phase.PLAYING
    table.tray_reports(DieSettled(1, "black", "6", 0.97, 50, 50))
    assert [(d.seat, d.face) for d in table.screen.trick.dice] == [(0, "6")]
    table.tray_reports(DieSettled(2, "red", "2", 0.97, 90, 50), DieSettled(3, "red", "1", 0.97, 130, 50))
    assert "Two dice landed at once" in str(table.screen.prompt)  # one frame, two dice: together


def test_a_table_that_switched_games_resumes_in_the_dice_game_after_kill(table: Harness) -> None:
    start_dice_game(table)
    for seat in (0, 1, 2):
        table.app.submit(inputs.ChooseBid(seat, 1))
    table.step(80)
    table.tray_reports(DieSettled(1, "black", "6", 0.97, 50, 50))
    table.tray_reports(DieSettled(2, "black", "7", 0.97, 120, 50))
    before = table.screen
    table.restart()
    assert isinstance(table.app.session.flow, SkullKingDiceFlow)
    assert table.screen == before
    # The fresh tracker finds the two dice again (numbered afresh): they keep their numbers, nothing changes.
    table.tray_reports(DieSettled(1, "black", "7", 0.97, 121, 51), DieSettled(2, "black", "6", 0.97, 49, 50))
    assert table.screen == before
    table.tray_reports(DieSettled(3, "red", "3", 0.97, 200, 50))
    assert table.screen.trick.winner == 1 and table.screen.phase is Phase.LIFTING
    table.tray_reports(DieRemoved(1), DieRemoved(2), DieRemoved(3))
    assert table.screen.phase is Phase.BIDDING and table.screen.round == 2


def test_new_game_hands_back_to_the_lobby_and_a_restart_replays_both_switches(table: Harness) -> None:
    start_dice_game(table)
    table.app.submit(inputs.NewGame())  # at any time: back to the lobby, the players seated
    assert isinstance(table.app.session.flow, LobbyFlow) and table.screen.phase is Phase.LOBBY
    assert [view.joined for view in table.screen.seats[:4]] == [True, True, True, False]
    table.restart()
    assert isinstance(table.app.session.flow, LobbyFlow)  # replayed through both switches


def test_dice_inputs_are_logged_and_replayed(table: Harness) -> None:
    start_dice_game(table)
    table.app.submit(DieLanded(1, "black", "6", 0.5))
    table.app.submit(DieTakenOut(1))
    events = [event for _, _, event in table.app.event_log.replay()]
    assert events[-2:] == [DieLanded(1, "black", "6", 0.5), DieTakenOut(1)]
