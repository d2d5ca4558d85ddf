"""Every text on every screen, at the TV's and the 7-inch screen's size, in all five languages, measured as drawn:
none smaller than the type scale's minimum for the screen, none cut short, none outside its surface; and, looked up
in the finished frame (tests/display/screen_checks.py), none covered by what was drawn after it (another text, a
card, a crown, a plate), no sentence said twice on one screen, no button of the operator's bar larger than the
game's smallest words. Every screen, in every language, at every size: 5 x 3 runs of ~45 frames, ~10 s in all.

The typesetter records each text it fits (its size, the height of its capitals, whether it was cut) and where it
was placed; the screens are every game's of the catalog, the lobby, the bar's states, the summaries, the score pads
and the messages (tests/display/all_screens.py).
"""

from __future__ import annotations

import re
from collections import defaultdict
from functools import cache

import pygame
import pytest

from table.core.text import LANGUAGES
from table.display import typeset
from table.display.typeset import Drawn, Overflow, record_texts, scale_for, watch_overflows
from tests.display import screen_checks
from tests.display.all_screens import DEMO, Frame, all_frames, draw

SIZES = [(1920, 1080), (800, 480), DEMO]


@cache
def frames(language: str) -> dict[str, Frame]:
    return all_frames(language)


OVERFLOWS: dict[tuple[str, tuple[int, int]], list[tuple[str, Overflow]]] = defaultdict(list)
FOUND: dict[tuple[str, tuple[int, int]], dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
CHECKS = {
    "hidden": screen_checks.hidden,
    "overlapping": screen_checks.overlapping,
    "repeated": screen_checks.repeated,
    "loud bar": screen_checks.loud_bar,
}


@cache
def measured(language: str, size: tuple[int, int]) -> list[tuple[str, Drawn]]:
    out: list[tuple[str, Drawn]] = []
    for name, frame in frames(language).items():
        if frame.sizes and size not in frame.sizes:
            continue
        with record_texts() as found, watch_overflows() as overflows:
            board = draw(frame, size)
        for check, find in CHECKS.items():  # on the finished frame, while the surfaces are at hand
            FOUND[(language, size)][check] += [f"{name}: {problem}" for problem in find(board, found)]
        for drawn in found:  # kept for the assertions; the surfaces let go (a frame's board is megabytes)
            drawn.surface = drawn.target = None
        out += [(name, drawn) for drawn in found if drawn.text.strip()]  # an empty text has no height
        OVERFLOWS[(language, size)] += [(name, overflow) for overflow in overflows]
    return out


def _say(name: str, drawn: Drawn) -> str:
    return f"{name}: {drawn.text!r} at {drawn.size} px (capitals {drawn.cap_height} px) in a {drawn.box} box"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_text_is_legible_whole_and_on_the_screen(language: str, size: tuple[int, int]) -> None:
    texts = measured(language, size)
    assert len(texts) > 300  # every screen was drawn, and its texts recorded
    minimum = scale_for(size).min_cap
    small = [_say(name, d) for name, d in texts if d.cap_height < minimum]
    cut = [_say(name, d) for name, d in texts if d.cut]
    outside = [_say(name, d) for name, d in texts if d.placed is not None and not d.placed]
    wider = [_say(name, d) for name, d in texts if d.rendered[0] > d.box[0]]
    assert small == [], f"{len(small)} texts under {minimum} px:\n" + "\n".join(small[:40])
    assert cut == [], f"{len(cut)} texts cut:\n" + "\n".join(cut[:40])
    assert outside == [], f"{len(outside)} texts outside their surface:\n" + "\n".join(outside[:40])
    assert wider == [], f"{len(wider)} texts wider than their box:\n" + "\n".join(wider[:40])
    assert OVERFLOWS[(language, size)] == []  # none needed more lines than its box has room for


@pytest.mark.parametrize("check", CHECKS)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", LANGUAGES)
def test_no_text_is_hidden_or_repeated_and_the_bar_is_quiet(language: str, size: tuple[int, int], check: str) -> None:
    measured(language, size)
    problems = FOUND[(language, size)][check]
    assert problems == [], f"{len(problems)} {check}:\n" + "\n".join(problems[:40])


def test_every_text_was_placed_through_the_typesetter() -> None:
    texts = measured("de", (800, 480))
    unplaced = sorted({_say(name, d) for name, d in texts if d.placed is None})
    assert unplaced == []


def test_the_minimum_is_a_readable_height_at_each_size() -> None:
    assert scale_for((1920, 1080)).min_cap >= 20  # ~1/54 of the TV's height: readable at 3 m (typeset.py)
    assert scale_for((800, 480)).min_cap >= 12  # ~2.2 mm on a 7-inch screen: readable at arm's length
    assert scale_for((1280, 720)).small > scale_for((800, 480)).small  # the windowed demo: in between


def test_a_word_too_long_for_its_box_is_laid_out_again_never_cut() -> None:
    pygame.font.init()
    with typeset.screen((800, 480)), record_texts() as found:
        typeset.fit_text("Harry The Giant", 80, 10, (0, 0, 0), lines=2)
    (drawn,) = found
    assert not drawn.cut and drawn.cap_height >= scale_for((800, 480)).min_cap
    assert drawn.rendered[0] <= 80 and drawn.rendered[1] > drawn.size  # on more than one line


def test_a_shorter_form_is_used_only_when_the_long_one_does_not_fit() -> None:
    pygame.font.init()
    with typeset.screen((800, 480)), record_texts() as found:
        typeset.fit_text(("Piratenpoker Kartenspiel", "Poker"), 400, 30, (0, 0, 0))
        typeset.fit_text(("Piratenpoker Kartenspiel", "Poker"), 70, 30, (0, 0, 0))
    assert [d.text for d in found] == ["Piratenpoker Kartenspiel", "Poker"]


def test_texts_side_by_side_share_one_size() -> None:
    pygame.font.init()
    languages = ["English", "Deutsch", "Nederlands", "Italiano"]
    with typeset.screen((1920, 1080)), record_texts() as found:
        typeset.fit_row(languages, 170, 60, (0, 0, 0))
        typeset.fit_text("English", 170, 60, (0, 0, 0))
    *chips, alone = found
    assert len({drawn.size for drawn in chips}) == 1  # "Nederlands" no smaller than the others
    assert alone.size > chips[0].size  # alone, "English" would have been larger


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_language_chips_and_a_summary_s_points_are_each_in_one_size(size: tuple[int, int]) -> None:
    from table.core.text import LANGUAGE_NAMES

    texts = measured("nl", size)
    lobby = [d for name, d in texts if name == "lobby"]
    chip = next(d.box for d in lobby if d.text == "English")  # (the bar offers "Italiano", in a box of its own)
    chips = {d.size for d in lobby if d.text in LANGUAGE_NAMES.values() and d.box == chip}
    points = {d.size for name, d in texts if name == "round-summary" and re.match(r"[+-]\d+ \w", d.text)}
    assert len(chips) == 1  # "Nederlands" as large as "English"
    assert len(points) == 1  # "+10 gehaald" as large as "-10 gemist"
