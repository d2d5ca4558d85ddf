"""Skull King 2021's frames (tests.display.skullking_2021_shots)."""

from __future__ import annotations

from tests.display.all_screens import Frame
from tests.display.skullking_2021_shots import shots


def frames(language: str) -> dict[str, Frame]:
    return {f"2021-{name}": Frame(model, pad=name == "score-pad") for name, model in shots(language).items()}
