"""Every Skull King plate shows its seat's running total on every trick screen, both editions, at every size and in
every language (issue 27): at 800x480 with six seats the total once fitted on no plate beside "WINS THE TRICK (+30
bonus)" or "Bartholomew (deals)" and was left out."""

from __future__ import annotations

import re
from functools import cache

import pytest

from table.core.text import LANGUAGES, text
from table.display import short_forms, typeset
from table.display.language import catalog
from table.display.views import MAIN, find_view
from table.games.skullking.screen import Screen
from table.games.skullking.trick_view import draw_trick_screen, seat_plates
from tests.display.all_screens import Frame, all_frames, draw

SIZES = [(1920, 1080), (1280, 720), (800, 480)]


@cache
def trick_frames(language: str) -> dict[str, Frame]:
    """The frames the trick screen draws (either edition's), not the summaries, rankings or score pads."""
    found = {}
    for name, frame in all_frames(language).items():
        view = find_view(frame.model, MAIN) if isinstance(frame.model, Screen) and not frame.pad else None
        if view is not None and getattr(view.draw, "func", view.draw) is draw_trick_screen:
            found[name] = frame
    return found


def _totals_missing(frame: Frame, size: tuple[int, int], language: str) -> list[str]:
    """The plates that do not show their seat's total, and a note if the plates say it in different forms."""
    with typeset.record_texts() as found:
        board = draw(frame, size)
    assert board._board is not None
    plates = seat_plates(frame.model, board._board.get_size())
    missing, used = [], set()
    for view in frame.model.seats:
        if view.seat not in plates or not view.joined:
            continue
        forms = short_forms.forms(text("total {total}", total=view.total), catalog(language))
        said = [d.text for d in found if d.target is board._board and d.rect and plates[view.seat].contains(d.rect)]
        shown = [n for n, form in enumerate(forms) for words in said if re.search(re.escape(form) + r"(?!\d)", words)]
        if not shown:
            missing.append(f"{view.name} (total {view.total}): {said}")
        used.add(min(shown, default=0))
    if len(used) > 1:  # "totale 0" on one plate, "\u03a3 0" on the next
        missing.append(f"the totals in {len(used)} forms")
    return missing


def test_the_trick_screens_of_both_editions_are_all_looked_at() -> None:
    names = set(trick_frames("en"))
    assert {"trick", "trick-result", "2021-trick", "2021-rosie"} <= names, names


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_seated_player_s_plate_shows_the_total(language: str, size: tuple[int, int]) -> None:
    problems = [
        f"{name}: {missing}"
        for name, frame in trick_frames(language).items()
        if not frame.sizes or size in frame.sizes
        for missing in _totals_missing(frame, size, language)
    ]
    assert problems == [], f"{len(problems)} plates without their total:\n" + "\n".join(problems[:30])
