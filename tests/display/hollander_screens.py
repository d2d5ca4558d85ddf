"""The Flying Hollander's screens in known states, from the real flow: for the view tests and the screenshots.

.venv/bin/python -m tests.display.hollander_screens   writes docs/screenshots/flying-hollander-*.png
"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from table.core.inputs import CardLaid, CardLifted, Press, SetName
from table.core.table_state import TableState
from table.games.flying_hollander import rules as fh
from table.games.flying_hollander.flow import FlyingHollanderFlow
from table.games.flying_hollander.screen import HollanderScreen

NAMES = ("Anne Bonny", "Blackbeard", "Mary Read", "Calico Jack")


def _flow(language: str = "en") -> FlyingHollanderFlow:
    flow = FlyingHollanderFlow(TableState(4, language=language), [0, 1, 2, 3])
    for seat, name in enumerate(NAMES):
        flow.handle(SetName(seat, name))
    return flow


def _lay(flow: FlyingHollanderFlow, seat: int, code: str, uid: str) -> None:
    flow.handle(CardLaid(seat, uid, code))
    flow.handle(CardLifted(seat))


def hollander_screens(language: str = "en") -> dict[str, HollanderScreen]:
    shots: dict[str, HollanderScreen] = {}
    flow = _flow(language)
    shots["start"] = flow.screen()
    for n, (seat, code) in enumerate([(1, "crew:4"), (2, "crew:7"), (3, "crew:7"), (0, "hollander")]):
        _lay(flow, seat, code, f"A{n}")
    _lay(flow, 1, "crew:6", "A9")  # refused: a 6 does not beat the 7 under the Flying Hollander
    shots["ghost"] = flow.screen()
    _lay(flow, 1, "wormhole", "A10")
    shots["wormhole"] = flow.screen()
    flow.handle(Press(3, "tap"))
    _lay(flow, 3, "mutiny", "A11")
    shots["mutiny"] = flow.screen()
    late = _flow(language)
    assert late.state.game is not None
    late.state.game.draw = 0
    late.state.game.started = True
    late.state.game.holdings = [fh.Holding(0, 0, 1), fh.Holding(0, 2, 3), fh.Holding(4, 3, 3), fh.Holding(0, 0, 2)]
    late.state.game.turn = 0
    _lay(late, 0, "crew:9", "B1")
    _lay(late, 1, "crew:10", "B2")
    shots["out"] = late.screen()
    game = late.state.game
    game.holdings = [fh.Holding(0, 0, 0), fh.Holding(0, 0, 0), fh.Holding(0, 0, 1), fh.Holding(2, 0, 0)]
    game.out = [0]
    _lay(late, 2, "crew:11", "B3")
    late.state.game.holdings[1] = fh.Holding(0, 0, 1)
    late.state.game.turn = 1
    _lay(late, 1, "crew:12", "B4")
    shots["final-ranking"] = late.screen()
    return shots


def draw(screen: HollanderScreen, size: tuple[int, int]) -> pygame.Surface:
    import table.games.flying_hollander.views  # noqa: F401  (registers the views)
    from table.display.scoreboard import Scoreboard

    board = Scoreboard(pygame.Surface(size), clock=lambda: 1000.0)
    board.show(screen)
    board.draw_frame()
    return board.surface


SHOTS = [
    ("en", "ghost", (1920, 1080)),
    ("en", "wormhole", (1920, 1080)),
    ("en", "out", (1920, 1080)),
    ("en", "final-ranking", (1920, 1080)),
    ("en", "ghost", (800, 480)),
    ("de", "mutiny", (800, 480)),
    ("fr", "start", (1920, 1080)),
    ("nl", "out", (800, 480)),
    ("it", "ghost", (800, 480)),
]


def main() -> None:
    pygame.display.init()
    pygame.font.init()
    out = Path(__file__).parents[2] / "docs" / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    for language, name, size in SHOTS:
        surface = draw(hollander_screens(language)[name], size)
        path = out / f"flying-hollander-{name}-{language}-{size[0]}x{size[1]}.png"
        pygame.image.save(surface, str(path))
        print(path)


if __name__ == "__main__":
    main()
