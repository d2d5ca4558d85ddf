"""The bar's Lock button (shown while the operator is unlocked) on every screen, at every size, in every language:
its word and the game's buttons beside it all fit, legible and whole, as tests/display/test_type_scale.py asks of
every text."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from table.core.text import LANGUAGES
from table.display.controls import ActionBar
from table.display.typeset import record_texts, scale_for, watch_overflows
from tests.display.all_screens import DEMO, Frame, all_frames, draw

SIZES = [(1920, 1080), (800, 480), DEMO]


def unlocked(frame: Frame) -> Frame:
    def bar(actions: ActionBar, model: Any) -> None:
        frame.bar(actions, model)
        actions.operator_open = True

    return replace(frame, bar=bar)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_lock_button_and_the_bar_beside_it_fit_everywhere(language: str) -> None:
    trouble, locks = [], 0
    for size in SIZES:
        minimum = scale_for(size).min_cap
        for name, frame in all_frames(language).items():
            if frame.sizes and size not in frame.sizes:
                continue
            with record_texts() as found, watch_overflows() as overflows:
                board = draw(unlocked(frame), size)
            shown = [d for d in found if d.text.strip()]
            trouble += [f"{name} {size}: {overflow}" for overflow in overflows]
            trouble += [
                f"{name} {size}: {d.text!r}"
                for d in shown
                if d.cut or d.cap_height < minimum or d.rendered[0] > d.box[0] or d.placed is False
            ]
            locks += board.controls._lock_area is not None
    assert trouble == []
    assert locks > 100  # the Lock button was on the bar of every frame with a bar
