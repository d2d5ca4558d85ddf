"""The dice game's frames (tests.display.screens)."""

from __future__ import annotations

from tests.display.all_screens import Frame
from tests.display.screens import dice_screens


def frames(language: str) -> dict[str, Frame]:
    return {
        name: Frame(shot.screen, shot.pad, shot.phase_age, shot.reveal_age)
        for name, shot in dice_screens(language).items()
    }
