"""The Flying Hollander's frames (tests.display.hollander_screens)."""

from __future__ import annotations

from tests.display.all_screens import Frame
from tests.display.hollander_screens import hollander_screens


def frames(language: str) -> dict[str, Frame]:
    return {f"hollander-{name}": Frame(model) for name, model in hollander_screens(language).items()}
