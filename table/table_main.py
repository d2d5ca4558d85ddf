"""`pirate-table run`: the real table, built from its configuration, running until it is stopped.

The scoreboard for now shows the trick screen while cards are bid and played, and the score pad otherwise, with
what the table waits for (the full set of screens comes with the scoreboard issue). The operator's keys: S start
the game, U undo (then Y to confirm, N to cancel), G a new game, Esc or Q quit.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

from table.app import TableApp
from table.config import Config
from table.devices.buttons import gpio_buttons
from table.devices.lights import SeatLight
from table.devices.nfc import HubLink, find_hub_port
from table.display.sounds import SoundPlayer
from table.games import inputs
from table.games.skullking import SkullKingFlow
from table.paths import data_home
from table.store.database import open_database
from table.store.decks import DeckRegistry
from table.store.event_log import EventLog

log = logging.getLogger(__name__)

OPERATOR_KEYS = {
    "s": inputs.StartGame,
    "u": inputs.Undo,
    "y": inputs.ConfirmUndo,
    "n": inputs.CancelUndo,
    "g": inputs.NewGame,
}


def build_table(config: Config, clock: Callable[[], float], on_screen: Callable[[Any], None]) -> TableApp:
    """The table's app with its real devices: the seat hub, the seats' LEDs and buttons, the sound."""
    from gpiozero import RGBLED

    from table.display.score_pad import save_score_pad

    database = open_database()
    readers = {seat.reader: number for number, seat in enumerate(config.seats)}
    shots = data_home() / "screenshots"
    shots.mkdir(exist_ok=True)

    def round_over(number: int, screen: Any) -> None:
        save_score_pad(screen, str(shots / f"round-{number:02}.png"))

    return TableApp(
        game=SkullKingFlow(seats=len(config.seats)),
        game_name=config.game,
        event_log=EventLog(database, inputs.INPUT_KINDS),
        registry=DeckRegistry(database),
        hub=HubLink(lambda: find_hub_port(config.hub_port), clock, seat_of_reader=lambda r: readers.get(r, -1)),
        buttons=gpio_buttons({number: dict(seat.buttons) for number, seat in enumerate(config.seats)}),
        lights={number: SeatLight(RGBLED(*seat.led)) for number, seat in enumerate(config.seats)},
        sound=SoundPlayer(config.sound),
        clock=clock,
        on_screen=on_screen,
        on_round_over=round_over,
    )


class Scoreboard:
    """A pygame window (fullscreen on the Pi's console) that shows the score pad; keys become operator inputs."""

    def __init__(self, fullscreen: bool) -> None:
        import pygame

        pygame.display.init()
        pygame.font.init()
        flags = pygame.FULLSCREEN if fullscreen else 0
        self.surface = pygame.display.set_mode((0, 0) if fullscreen else (1280, 720), flags)
        pygame.display.set_caption("Pirate Table")
        pygame.mouse.set_visible(not fullscreen)

    def show(self, screen: Any) -> None:
        import pygame

        from table.display.card_art import PAPER, fit_text
        from table.display.score_pad import draw_score_pad
        from table.display.trick_screen import draw_trick_screen
        from table.games.screen import Phase

        width, height = self.surface.get_size()
        in_play = screen.phase in (Phase.BIDDING, Phase.COUNTDOWN, Phase.PLAYING, Phase.LIFTING)
        draw = draw_trick_screen if in_play else draw_score_pad
        self.surface.blit(draw(screen, (width, height - height // 10)), (0, 0))
        band = pygame.Rect(0, height - height // 10, width, height // 10)
        self.surface.fill((10, 30, 22), band)
        text = " | ".join(part for part in (screen.prompt, *(note.text for note in screen.messages[-1:])) if part)
        line = fit_text(text, width * 19 // 20, band.height * 2 // 3, PAPER)
        self.surface.blit(line, line.get_rect(center=band.center))
        pygame.display.flip()

    def operator_inputs(self) -> list[Any] | None:
        """The operator's keys since the last call; None when the table is to stop."""
        import pygame

        chosen = []
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                return None
            if event.type == pygame.KEYDOWN:
                if event.key in (pygame.K_ESCAPE, pygame.K_q):
                    return None
                kind = OPERATOR_KEYS.get(event.unicode.lower())
                if kind is not None:
                    chosen.append(kind())
        return chosen


def run_table(config: Config, fullscreen: bool = True) -> int:
    board = Scoreboard(fullscreen)
    app = build_table(config, time.monotonic, board.show)
    app.resume()
    log.info("the table is running with %d seats", len(config.seats))
    try:
        while (chosen := board.operator_inputs()) is not None:
            for event in chosen:
                app.submit(event)
            app.step()
    except KeyboardInterrupt:
        pass
    finally:
        app.hub.close()
    return 0
