"""High Card's screen model: what its view draws (plain data)."""

from __future__ import annotations

from dataclasses import dataclass

from table.core.frame import JudgedView, Note, Phase
from table.core.text import Text


@dataclass(frozen=True)
class HighCardScreen:
    phase: Phase
    round: int
    players: tuple[int, ...]
    laid: tuple[str | None, ...]  # this round's cards so far, by position
    points: tuple[int, ...]
    messages: tuple[Note, ...]
    undo: Text | None
    link_lost: str | None
    language: str
    why: Text | None = None
    judged: JudgedView | None = None
    showing_last: bool = False
    names: tuple[str, ...] = ()  # the players' names, by position
