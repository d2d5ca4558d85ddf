"""The tray watcher on rendered frame sequences: one seed is one still camera; dice roll in, lie still, move, leave."""

from functools import lru_cache

import numpy as np
import pytest

from vision.pipeline import DiceReader
from vision.render import DieSpec, render
from vision.tracker import TrayTracker
from vision.tray_events import (
    CameraBack,
    CameraLost,
    DieChanged,
    DieRemoved,
    DieSettled,
    TrayBlocked,
    TrayClear,
    TrayEvent,
)

SEED = 21
STILL = 8  # frames a scene is held: more than the tracker's settle count and its votes


@pytest.fixture(scope="module")
def reader() -> DiceReader:
    return DiceReader()


@lru_cache(maxsize=64)
def _frame(dice: tuple[DieSpec, ...], hand: bool = False) -> np.ndarray:
    return render(list(dice), seed=SEED, hand=hand).image


def _rolling(kind: str, face: str, x: float, y: float, steps: int = 3) -> list[DieSpec]:
    """A die coming in from the left over `steps` frames, tumbling, ending at (x, y) at 10 degrees."""
    return [DieSpec(kind, face, x - 40 * (steps - i), y + 9 * (steps - i), 10 + 37 * (steps - i)) for i in range(steps)]


def _feed(tracker: TrayTracker, scenes: list[tuple[DieSpec, ...]], hand: bool = False) -> list[TrayEvent]:
    events: list[TrayEvent] = []
    for scene in scenes:
        events += tracker.feed(_frame(scene, hand))
    return events


def _hold(scene: tuple[DieSpec, ...], frames: int = STILL) -> list[tuple[DieSpec, ...]]:
    return [scene] * frames


BLACK = DieSpec("black", "7", 200, 180, 10)
RED = DieSpec("red", "2", 430, 300, 10)
YELLOW = DieSpec("yellow", "flag", 470, 120, 10)


def test_dice_thrown_one_at_a_time_get_orders_1_2_3_only_once_still(reader: DiceReader) -> None:
    tracker = TrayTracker(reader)
    assert _feed(tracker, _hold(())) == []  # an empty tray says nothing
    rolling = [(spec,) for spec in _rolling("black", "7", BLACK.x, BLACK.y)]
    assert _feed(tracker, rolling) == []  # nothing while it rolls
    events = [tracker.feed(_frame((BLACK,))) for _ in range(STILL)]
    # The first still frame differs from the last rolling one; the fourth still frame after it completes the settle,
    # and it and the next two still frames are read and vote.
    assert [len(e) for e in events] == [0, 0, 0, 0, 0, 0, 1, 0]
    (first,) = events[6]
    assert isinstance(first, DieSettled) and (first.order, first.kind, first.face) == (1, "black", "7")
    assert 0 < first.confidence <= 1 and abs(first.x - BLACK.x) < 8 and abs(first.y - BLACK.y) < 8

    rolling = [(BLACK, spec) for spec in _rolling("red", "2", RED.x, RED.y)]
    events = _feed(tracker, [*rolling, *_hold((BLACK, RED))])
    assert [(type(e), e.order, e.kind, e.face) for e in events] == [(DieSettled, 2, "red", "2")]
    rolling = [(BLACK, RED, spec) for spec in _rolling("yellow", "flag", YELLOW.x, YELLOW.y)]
    events = _feed(tracker, [*rolling, *_hold((BLACK, RED, YELLOW))])
    assert [(type(e), e.order, e.kind, e.face) for e in events] == [(DieSettled, 3, "yellow", "flag")]


def test_a_knocked_die_is_re_read_and_keeps_its_order(reader: DiceReader) -> None:
    tracker = TrayTracker(reader)
    _feed(tracker, _hold((BLACK,)))
    knocked = DieSpec("black", "5", BLACK.x + 70, BLACK.y + 20, 40)  # pushed along and turned over by the red die
    rolling = [(BLACK, spec) for spec in _rolling("red", "2", RED.x, RED.y)]
    events = _feed(tracker, [*rolling, *_hold((knocked, RED))])
    assert events[0] == DieChanged(1, "black", "5", events[0].confidence, events[0].x, events[0].y, "black", "7")
    assert abs(events[0].x - knocked.x) < 8
    assert [(type(e), e.order, e.kind) for e in events[1:]] == [(DieSettled, 2, "red")]


def test_a_small_nudge_is_the_same_die_and_says_nothing(reader: DiceReader) -> None:
    tracker = TrayTracker(reader)
    _feed(tracker, _hold((BLACK,)))
    nudged = DieSpec("black", "7", BLACK.x + 6, BLACK.y - 4, 14)
    assert _feed(tracker, _hold((nudged,))) == []


def test_removed_dice_and_numbering_restarts_after_an_empty_tray(reader: DiceReader) -> None:
    tracker = TrayTracker(reader)
    _feed(tracker, _hold((BLACK,)))
    _feed(tracker, _hold((BLACK, RED)))
    assert _feed(tracker, _hold((BLACK,))) == [DieRemoved(2)]
    assert _feed(tracker, _hold((BLACK, YELLOW))) == [DieSettled(3, *_what(tracker, 3))]  # not yet empty: goes on
    assert sorted(_feed(tracker, _hold(())), key=lambda e: e.order) == [DieRemoved(1), DieRemoved(3)]
    (again,) = _feed(tracker, _hold((RED,)))
    assert isinstance(again, DieSettled) and again.order == 1 and again.kind == "red"


def _what(tracker: TrayTracker, order: int) -> tuple:
    (known,) = [k.reading for k in tracker._known if k.order == order]
    return known.kind, known.face, known.confidence, known.x, known.y


def test_a_hand_blocks_the_tray_then_what_changed_under_it_is_reported(reader: DiceReader) -> None:
    tracker = TrayTracker(reader)
    _feed(tracker, _hold((BLACK, RED)))
    assert _feed(tracker, _hold((BLACK, RED), 12), hand=True) == [TrayBlocked()]
    events = _feed(tracker, _hold((BLACK,)))  # the hand took the red die away
    assert events == [TrayClear(), DieRemoved(2)]


def test_two_dice_thrown_at_once_are_ordered_by_which_stopped_first(reader: DiceReader) -> None:
    tracker = TrayTracker(reader)
    # The yellow die (bottom right) stops two frames before the black one (top left): position alone would say black.
    late = DieSpec("black", "6", 190, 120, 10)
    early = DieSpec("yellow", "1", 480, 340, 10)
    yellow_path = _rolling("yellow", "1", early.x, early.y, steps=2)
    black_path = _rolling("black", "6", late.x, late.y, steps=4)
    scenes = [(black_path[i], yellow_path[i] if i < 2 else early) for i in range(4)]
    events = _feed(tracker, [*scenes, *_hold((late, early))])
    assert [(type(e), e.order, e.kind, e.face) for e in events] == [
        (DieSettled, 1, "yellow", "1"),
        (DieSettled, 2, "black", "6"),
    ]


def test_two_dice_that_stop_together_are_ordered_by_position(reader: DiceReader) -> None:
    tracker = TrayTracker(reader)
    events = _feed(tracker, _hold((RED, BLACK)))
    assert [(e.order, e.kind) for e in events] == [(1, "black"), (2, "red")]  # black lies higher in the frame


def test_a_die_on_its_edge_settles_with_no_face(reader: DiceReader) -> None:
    tracker = TrayTracker(reader)
    (event,) = _feed(tracker, _hold((DieSpec("blue", "4", 320, 240, 20, on_edge=True),)))
    assert isinstance(event, DieSettled) and event.face is None and event.kind == "blue"
    assert 0 < event.confidence <= 1


def test_camera_lost_once_then_back_and_the_tray_read_again(reader: DiceReader) -> None:
    tracker = TrayTracker(reader)
    _feed(tracker, _hold((BLACK,)))
    assert tracker.feed(None) == [CameraLost("the camera gave no frame")]
    assert tracker.feed(None) == []
    assert tracker.lost("camera-hung") == []  # still the same outage
    frame = _frame((BLACK, RED))  # while it was away, a red die landed
    assert tracker.feed(frame) == [CameraBack()]
    events = [e for _ in range(STILL) for e in tracker.feed(frame)]
    assert [(type(e), e.order, e.kind) for e in events] == [(DieSettled, 2, "red")]


def test_reset_forgets_the_dice_and_numbering(reader: DiceReader) -> None:
    tracker = TrayTracker(reader)
    _feed(tracker, _hold((BLACK,)))
    tracker.reset()
    (event,) = _feed(tracker, _hold((BLACK, RED)))[:1]
    assert event.order == 1


def test_a_tray_model_fitted_on_the_empty_tray_is_reused_and_follows_a_change_of_light(
    reader: DiceReader,
) -> None:
    tracker = TrayTracker(reader, settle_frames=4)
    _feed(tracker, _hold(()))
    assert tracker._tray is not None  # the still camera's tray, fitted once while it was empty
    die = (DieSpec("red", "4", 300, 220, 10),)
    events = _feed(tracker, _hold(die))
    assert [(e.order, e.kind) for e in events if isinstance(e, DieSettled)] == [(1, "red")]
    # The lamps are turned down: the whole picture now differs from the kept model, which must not read as a hand.
    # Looked at again in the frame's own light (vision/segment.matched_tray), the kept model still serves.
    dim = (_frame(die) * 0.6).astype(np.uint8)
    events = []
    for _ in range(STILL):
        events += tracker.feed(dim)
    assert not any(isinstance(e, TrayBlocked | DieRemoved) for e in events)
    assert tracker._tray is not None
