"""The Flying Hollander's frames (tests.display.hollander_screens)."""

from __future__ import annotations

from tests.display.all_screens import Frame
from tests.display.hollander_screens import hollander_screens


def frames(language: str) -> dict[str, Frame]:
    from tests.display.why_shots import hollander_kraken  # (imports the other games' shots: not at the top)

    found = {f"hollander-{name}": Frame(model) for name, model in hollander_screens(language).items()}
    found["hollander-kraken"] = Frame(hollander_kraken(language))  # a why line, and its news
    return found
