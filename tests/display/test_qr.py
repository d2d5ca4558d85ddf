"""The QR code to a game's page on the venue's service (table.display.qr), and the scoreboard showing it on the final
screen of every game: read back from the rendered pixels by OpenCV's detector, as a phone would."""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np
import pygame
import pytest

from table.core.frame import Phase
from table.display.card_art import INK, PAPER
from table.display.qr import QUIET_ZONE, fitted_qr, modules, qr_surface
from table.display.scoreboard import Scoreboard
from table.display.typeset import watch_overflows
from tests.display.hollander_screens import hollander_screens
from tests.display.screens import every_screen
from tests.display.test_piratenpoker_views import SHOTS as POKER

URL = "http://venue.local:8080/games/t1-20261123222633-17"
SIZES = [(800, 480), (1920, 1080)]


def decoded(surface: pygame.Surface) -> str:
    """What a QR reader finds in the picture ("" for nothing)."""
    pixels = np.ascontiguousarray(pygame.surfarray.array3d(surface).transpose(1, 0, 2)[:, :, ::-1])  # BGR rows
    found, _, _ = cv2.QRCodeDetector().detectAndDecode(pixels)
    return found


def final_screens() -> dict[str, Any]:
    """A final screen of games whose models differ: Skull King's, The Flying Hollander's, Piratenpoker's."""
    return {
        "skullking": every_screen("en")["final-ranking"].screen,
        "flying-hollander": hollander_screens("en")["final-ranking"],
        "piratenpoker": POKER["final"],
    }


FINALS = final_screens()


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def board(size: tuple[int, int], screen: Any, link: str | None, clock: Clock | None = None) -> Scoreboard:
    scoreboard = Scoreboard(pygame.Surface(size), clock=clock or Clock())
    scoreboard.set_venue_link(link)
    scoreboard.show(screen)
    scoreboard.draw_frame()
    return scoreboard


def test_the_code_reads_back_with_whole_pixel_modules_and_a_light_quiet_zone() -> None:
    code = qr_surface(URL, 5)
    assert code.get_size() == (modules(URL) * 5, modules(URL) * 5)
    assert decoded(code) == URL
    quiet = QUIET_ZONE * 5
    border = [code.get_at((x, y))[:3] for x in range(code.get_width()) for y in (0, quiet - 1)]
    assert set(border) == {PAPER}  # light all round
    assert code.get_at((quiet, quiet))[:3] == INK  # the finder pattern's dark corner, right after the quiet zone
    colours = {tuple(code.get_at((x, y))[:3]) for x in range(0, code.get_width(), 3) for y in range(0, 60, 3)}
    assert colours == {PAPER, INK}  # two colours only: no blurred edges
    with pytest.raises(ValueError):
        qr_surface(URL, 0)


def test_the_code_is_the_largest_that_fits() -> None:
    code = fitted_qr(URL, 300)
    assert code is not None and code.get_width() == 300 // modules(URL) * modules(URL) <= 300
    assert fitted_qr(URL, modules(URL) - 1) is None


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", FINALS)
def test_the_final_screen_of_every_game_shows_the_venue_link_as_a_code_a_phone_reads(
    game: str, size: tuple[int, int]
) -> None:
    screen = FINALS[game]
    assert screen.phase is Phase.GAME_OVER
    with watch_overflows() as overflows:
        shown = board(size, screen, URL)
    assert overflows == []  # the game's final screen still fits beside the code
    assert decoded(shown.surface) == URL
    assert decoded(board(size, screen, None).surface) == ""  # no link, no code
    assert decoded(board(size, screen, "").surface) == ""


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_code_is_big_enough_to_scan_across_the_table(size: tuple[int, int]) -> None:
    shown = board(size, FINALS["skullking"], URL)
    dark = np.all(pygame.surfarray.array3d(shown.surface) == INK, axis=2)
    columns = np.flatnonzero(dark[size[0] * 2 // 3 :].any(axis=1))  # the code stands in the board's right third
    assert columns.size and columns[-1] - columns[0] >= size[1] * 0.3  # about a third of the screen's height


def test_only_the_final_screen_shows_it_and_a_new_link_is_drawn_at_once() -> None:
    shots = every_screen("en")
    assert decoded(board((1920, 1080), shots["round-summary"].screen, URL).surface) == ""  # the game is still on
    clock = Clock()
    scoreboard = board((1920, 1080), FINALS["skullking"], URL, clock)
    other = URL.replace("-17", "-18")
    scoreboard.set_venue_link(other)
    clock.now += 1
    assert scoreboard.tick()  # the link changed: a frame is due
    assert decoded(scoreboard.surface) == other
    scoreboard.set_venue_link(None)
    clock.now += 1
    assert scoreboard.tick()
    assert decoded(scoreboard.surface) == ""
    scoreboard.set_venue_link(None)
    clock.now += 1
    assert not scoreboard.tick()  # the same link again costs nothing


def test_the_next_game_gets_the_whole_board_back() -> None:
    lobby = every_screen("en")["lobby"].screen
    clock = Clock()
    scoreboard = board((800, 480), FINALS["skullking"], URL, clock)
    clock.now += 1
    scoreboard.show(lobby)
    assert decoded(scoreboard.surface) == ""
    fresh = board((800, 480), lobby, URL)
    assert pygame.image.tobytes(scoreboard.surface, "RGB") == pygame.image.tobytes(fresh.surface, "RGB")
