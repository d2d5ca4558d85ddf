"""Which drawing shows which screen model: the scoreboard's registry of views.

A view draws one kind of screen model (a game's plain-data `Screen`, say) into a surface of a given size:
`draw(model, size, paint) -> pygame.Surface`. Views are registered by the model's type and, optionally, its phase
(`model.phase`) and a test on the model; the scoreboard asks `find_view(model)` and never names a game. See the
scoreboard module's docstring for how a game registers its views.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

import pygame

from table.core.text import Text, Translator

MAIN, PAD = "main", "pad"  # the view shown by default; the one the V key toggles to (Skull King's score pad)


@dataclass(frozen=True)
class Motion:
    """Where the animations are, from the scoreboard's injected clock (so tests pick any moment).

    `phase_age`: seconds since the model's phase last changed; `reveal_age`: seconds since the bids were
    revealed (the countdown ended), None if that was not just now.
    """

    phase_age: float = 1e9  # long ago: everything at rest
    reveal_age: float | None = None


@dataclass
class Paint:
    """What a view needs besides the model: the language, the moment of the animations, and where it drew what.

    `part(rect, key)` tells the scoreboard that `rect` shows what `key` describes; the next frame updates only the
    parts whose key changed (dirty rectangles). A view that reports no parts is updated whole when it changes.
    """

    catalog: Translator | None = None
    motion: Motion = field(default_factory=Motion)
    parts: list[tuple[pygame.Rect, Hashable]] = field(default_factory=list)

    def say(self, words: Text | str) -> str:
        """Words in the table's language: a Text translated, a name as it is."""
        return words.render(self.catalog) if isinstance(words, Text) else words

    def part(self, rect: pygame.Rect, key: Hashable) -> None:
        self.parts.append((pygame.Rect(rect), key))


Draw = Callable[[Any, tuple[int, int], Paint], pygame.Surface]
Plates = Callable[[Any, tuple[int, int]], dict[int, pygame.Rect]]
Touches = Callable[[Any, tuple[int, int]], list[tuple[pygame.Rect, Any]]]


@dataclass(frozen=True)
class View:
    draw: Draw
    when: Callable[[Any], bool] = lambda model: True
    plates: Plates | None = None  # seat -> where its name plate is, for touches (views with seats only)
    animated: Callable[[Any, Motion], bool] = lambda model, motion: False  # True while frames must keep coming
    touches: Touches | None = None  # (rect, game input): what touching a place of the view sends (a lobby's chips)


_views: dict[tuple[type, object, str], list[View]] = {}


def register(
    model: type,
    draw: Draw,
    *,
    phase: object = None,
    when: Callable[[Any], bool] | None = None,
    plates: Plates | None = None,
    animated: Callable[[Any, Motion], bool] | None = None,
    touches: Touches | None = None,
    kind: str = MAIN,
) -> View:
    """Show models of type `model` (in `phase`, if given; and when `when(model)`, if given) with `draw`.

    Views of a phase are tried before the views of every phase; within each, the first registered first.
    """
    view = View(draw, when or (lambda m: True), plates, animated or (lambda m, motion: False), touches)
    _views.setdefault((model, phase, kind), []).append(view)
    return view


def find_view(model: Any, kind: str = MAIN) -> View | None:
    """The view for `model`: by its type (or a base type), its phase, then the views for every phase."""
    phase = getattr(model, "phase", None)
    for cls in type(model).__mro__:
        for key in ((cls, phase, kind), (cls, None, kind)):
            for view in _views.get(key, []):
                if view.when(model):
                    return view
    return None
