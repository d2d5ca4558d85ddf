"""The scoreboard: views found by the model's type and phase, only changed regions pushed, at most 30 frames a
second, frames only while something moves, messages in their own strip, kmsdrm on the Pi's console."""

from __future__ import annotations

from dataclasses import dataclass, replace

import pygame
import pytest

from table.display import views
from table.display.card_art import CardFace
from table.display.scoreboard import FPS, Scoreboard, choose_video_driver
from table.display.views import Paint, find_view, register
from table.games.skullking.art import card_face
from table.games.skullking.trick_view import draw_trick_screen, seat_plates
from tests.display.screens import every_screen

SHOTS = every_screen("en")


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def board(size: tuple[int, int] = (1920, 1080)) -> tuple[Scoreboard, Clock]:
    clock = Clock()
    return Scoreboard(pygame.Surface(size), clock=clock), clock


@dataclass(frozen=True)
class DiceScreen:
    phase: str
    language: str = "en"


def test_another_game_registers_its_views_without_touching_the_scoreboard(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(views, "_views", dict(views._views))  # this test's registrations go away after it
    drawn: list[str] = []

    def draw_rolling(model: DiceScreen, size: tuple[int, int], paint: Paint) -> pygame.Surface:
        drawn.append("rolling")
        return pygame.Surface(size)

    def draw_table(model: DiceScreen, size: tuple[int, int], paint: Paint) -> pygame.Surface:
        drawn.append("table")
        return pygame.Surface(size)

    register(DiceScreen, draw_table)
    register(DiceScreen, draw_rolling, phase="rolling")
    scoreboard, clock = board((800, 480))
    scoreboard.show(DiceScreen("rolling"))
    clock.now += 1
    scoreboard.show(DiceScreen("bidding"))
    assert drawn == ["rolling", "table"]
    assert find_view(SHOTS["trick"].screen).draw is draw_trick_screen  # Skull King's are still there


def test_a_model_nobody_registered_is_a_clear_error() -> None:
    scoreboard, _ = board()
    with pytest.raises(LookupError, match="no view is registered for str"):
        scoreboard.show("a screen")


def test_skull_king_s_views_by_phase() -> None:
    assert find_view(SHOTS["round-summary"].screen).draw.__name__ == "draw_round_summary"
    assert find_view(SHOTS["final-ranking"].screen).draw.__name__ == "draw_ranking"
    assert find_view(SHOTS["trick-result"].screen).draw is draw_trick_screen
    assert find_view(SHOTS["trick"].screen, views.PAD).draw.__name__ == "draw_score_pad"


def test_only_the_changed_regions_are_pushed() -> None:
    scoreboard, clock = board()
    trick = SHOTS["trick"].screen
    scoreboard.show(trick)
    assert scoreboard.updated[0] == pygame.Rect(0, 0, 1920, scoreboard.layout()[0].height)  # the first: all
    flow_screen = SHOTS["message"].screen  # the same trick, with a message in the banner
    clock.now += 1
    scoreboard.show(flow_screen)
    view, banner = scoreboard.layout()[:2]
    assert banner.height and scoreboard.updated[0] == view and banner in scoreboard.updated  # its room: the view's
    clock.now += 1
    fewer = replace(flow_screen, prompt=trick.title)  # the message stays: the banner keeps its room
    scoreboard.show(fewer)
    area = sum(rect.width * rect.height for rect in scoreboard.updated)
    assert 0 < area < 1920 * 1080 // 3  # the header and the banner, not the whole screen


def test_a_frame_with_no_change_draws_nothing_and_idling_costs_no_frames() -> None:
    scoreboard, clock = board((800, 480))
    scoreboard.show(SHOTS["trick"].screen)
    for _ in range(100):
        clock.now += 0.01
        scoreboard.show(SHOTS["trick"].screen)
        assert not scoreboard.tick()


def test_at_most_thirty_frames_a_second() -> None:
    scoreboard, clock = board((800, 480))
    scoreboard.show(SHOTS["trick"].screen)
    scoreboard.show(SHOTS["message"].screen)  # at once: too soon, it waits
    assert scoreboard._pending
    clock.now += 1 / FPS
    assert scoreboard.tick()
    assert not scoreboard._pending


def test_the_countdown_and_the_reveal_animate_then_rest() -> None:
    scoreboard, clock = board((800, 480))
    scoreboard.show(SHOTS["bidding"].screen)
    clock.now += 1
    scoreboard.show(SHOTS["countdown"].screen)
    frames = 0
    for _ in range(90):  # three seconds of the table's loop
        clock.now += 1 / FPS
        frames += scoreboard.tick()
    assert 35 <= frames <= 50  # YO- HO- HO! land in ~1.5 s at 30 fps, then the screen rests
    scoreboard.show(SHOTS["reveal"].screen)
    assert scoreboard._reveal_since == clock.now  # the countdown ended: the bids are revealed together
    drawn = 0
    for _ in range(120):
        clock.now += 1 / FPS
        drawn += scoreboard.tick()
    assert 45 <= drawn <= 60  # REVEAL seconds of frames, then rest


def test_the_words_of_the_countdown_arrive_one_by_one() -> None:
    screen = SHOTS["countdown"].screen
    middles = []
    for age in (0.1, 0.7, 1.3, 2.0):
        paint = Paint(motion=views.Motion(phase_age=age))
        draw_trick_screen(screen, (800, 336), paint)
        middles.append(next(key for _, key in paint.parts if key[0] == "middle"))
    assert len(set(middles)) == 4


def test_messages_have_their_own_strip_and_never_cover_a_seat() -> None:
    for name in ("message", "link-lost", "undo"):
        screen = SHOTS[name].screen
        for size in ((1920, 1080), (800, 480)):
            scoreboard, _ = board(size)
            scoreboard.show(screen)
            board_rect, banner, _, bar = scoreboard.layout()
            assert banner.top >= board_rect.bottom and banner.bottom <= bar.top
            for plate in seat_plates(screen, board_rect.size).values():
                assert board_rect.contains(plate)
            # The banner is not the board's colour: it stands out.
            assert scoreboard.surface.get_at(banner.move(2, 2).topleft)[:3] != (14, 40, 30)


def test_an_error_looks_different_from_news() -> None:
    scoreboard, _ = board((800, 480))
    scoreboard.show(SHOTS["message"].screen)
    banner = scoreboard.layout()[1]
    error = scoreboard.surface.get_at((banner.centerx, banner.top + 3))
    assert SHOTS["message"].screen.messages[-1].error
    news = replace(SHOTS["message"].screen.messages[-1], error=False)
    other, _ = board((800, 480))
    other.show(replace(SHOTS["message"].screen, messages=(news,)))
    assert other.surface.get_at((banner.centerx, banner.top + 3)) != error


def test_the_language_of_the_screen_is_the_table_s() -> None:
    german = every_screen("de")["trick"].screen
    assert german.language == "de"
    scoreboard, _ = board((800, 480))
    scoreboard.show(german)
    assert pygame.image.tobytes(scoreboard.surface, "RGB") != pygame.image.tobytes(board_english(), "RGB")


def board_english() -> pygame.Surface:
    scoreboard, _ = board((800, 480))
    scoreboard.show(SHOTS["trick"].screen)
    return scoreboard.surface


def test_on_the_pi_s_console_fullscreen_uses_kmsdrm() -> None:
    console: dict[str, str] = {}
    assert choose_video_driver(True, console) == "kmsdrm" and console["SDL_VIDEODRIVER"] == "kmsdrm"
    assert choose_video_driver(True, {"DISPLAY": ":0"}) is None  # a desktop: SDL chooses
    assert choose_video_driver(False, {}) is None  # a window
    assert choose_video_driver(True, {"SDL_VIDEODRIVER": "dummy"}) is None  # as asked


def _fresh_frame(shot_screen: object, hand: list[CardFace], pad: bool, size: tuple[int, int]) -> bytes:
    """The same screen drawn whole by a scoreboard that showed nothing before."""
    scoreboard, clock = board(size)
    scoreboard.show_pad = pad
    scoreboard.show(shot_screen, hand)
    clock.now += 10  # every animation at rest
    scoreboard.draw_frame()
    return pygame.image.tobytes(scoreboard.surface, "RGB")


@pytest.mark.parametrize("size", [(1280, 720), (800, 480)])
def test_a_frame_drawn_in_parts_equals_the_same_screen_drawn_whole(size: tuple[int, int]) -> None:
    """The demo's hand strip comes and goes, the banner moves, the pad is toggled: what the scoreboard redraws
    (only the changed regions) must leave the screen exactly as a full redraw would, never a ghost of the last."""
    german = every_screen("de")
    hand = [card_face("yellow:7"), card_face("mermaid")]
    sequence = [
        ("lobby", [], False),
        ("round-start", [], False),
        ("round-start", hand, False),  # the hand strip appears under the first bidding screen
        ("bidding", hand, False),
        ("countdown", hand, False),
        ("reveal", hand[:1], False),
        ("trick", [], False),  # the hand strip goes
        ("message", [], False),
        ("link-lost", hand, False),
        ("message", hand, False),
        ("round-summary", [], False),
        ("score-pad", [], True),
        ("undo", hand, True),
        ("undo", hand, False),
        ("trick-result", hand, False),
        ("final-ranking", [], False),
    ]
    scoreboard, clock = board(size)
    wrong = []
    for shots in (SHOTS, german):  # then the language changes
        for name, cards, pad in sequence:
            screen = shots[name].screen
            clock.now += 10
            scoreboard.show_pad = pad
            scoreboard._pending = True  # as the V key does
            scoreboard.show(screen, cards)
            clock.now += 10
            scoreboard.draw_frame()
            if pygame.image.tobytes(scoreboard.surface, "RGB") != _fresh_frame(screen, cards, pad, size):
                wrong.append((name, screen.language, len(cards), pad))
    assert wrong == [], "\n".join(map(str, wrong))
