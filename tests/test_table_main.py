"""`pirate-table run`: the real table assembled from its configuration, here on mock pins and the emulated hub."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory, MockPWMPin

from table.commands.run import build_table
from table.config import default_text, parse_config
from table.devices.hub_emulator import HubEmulator
from table.devices.lights import Pattern
from tests.devices.test_nfc import FakeClock


@pytest.fixture
def pins() -> Iterator[MockFactory]:
    Device.pin_factory = MockFactory(pin_class=MockPWMPin)
    yield Device.pin_factory
    Device.pin_factory.reset()


def test_the_table_is_built_from_its_config_and_plays(tmp_path: Path, pins: MockFactory) -> None:
    hub = HubEmulator(tmp_path, readers=6)
    config = parse_config(default_text().replace('port = "auto"', f'port = "{hub.path}"'))
    clock, screens = FakeClock(), []
    app = build_table(config, clock, screens.append)
    app.resume()
    for _ in range(20):
        clock.now += 0.05
        hub.service(clock.now)
        app.step(wait=0.002)
    assert app.hub.firmware == "1.0.0"  # found at the configured path, handshake done
    pins.pin(config.seats[2].buttons["button"]).drive_low()  # seat 3 presses its button: it joins
    for _ in range(10):
        clock.now += 0.02
        app.step(wait=0)
    pins.pin(config.seats[2].buttons["button"]).drive_high()
    for _ in range(10):
        clock.now += 0.02
        app.step(wait=0)
    assert screens[-1].seats[2].joined
    assert app.lights[2].last_shown is Pattern.BLUE_STEADY  # joined seats show steady
    app.hub.close()
    hub.unplug()


def test_the_scoreboard_window_draws_the_table_and_takes_actions(tmp_path: Path, pins: MockFactory) -> None:
    import pygame

    from table.core import inputs
    from table.display.scoreboard import Scoreboard
    from table.session import TableSession

    board = Scoreboard.open(fullscreen=False)
    board.show(TableSession(4).screen())
    assert board.surface.get_at((10, 10))[:3] != (0, 0, 0)  # something is drawn
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_j, unicode="j"))
    assert board.events() == [inputs.JoinSeat(0)]
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, unicode="\x1b"))
    board.events()
    assert board.quit


def test_run_keeps_each_game_s_score_pads_in_a_folder_of_its_own(tmp_path: Path, pins: MockFactory) -> None:
    import pygame

    from table.commands.run import load_game_views
    from table.session import TableSession

    pygame.font.init()
    load_game_views()
    hub = HubEmulator(tmp_path, readers=6)
    config = parse_config(default_text().replace('port = "auto"', f'port = "{hub.path}"'))
    app = build_table(config, FakeClock(), folder=tmp_path)
    screen = TableSession(6).screen()
    app.on_round_over(1, screen)
    app.on_round_over(1, screen)  # the same round again (an undo): its picture is replaced, not another game's
    (folder,) = (tmp_path / "screenshots").iterdir()
    assert folder.name.endswith("-skullking") and [p.name for p in folder.iterdir()] == ["round-01.png"]
    assert not list((tmp_path / "screenshots").glob("round-*.png"))  # nothing loose, nothing shared by games
    app.hub.close()
    hub.unplug()
