"""Piratenpoker's frames (tests.display.test_piratenpoker_views), in the language asked."""

from __future__ import annotations

from dataclasses import replace

from tests.display.all_screens import Frame


def frames(language: str) -> dict[str, Frame]:
    from tests.display.test_piratenpoker_views import SHOTS

    return {f"poker-{name}": Frame(replace(model, language=language)) for name, model in SHOTS.items()}
