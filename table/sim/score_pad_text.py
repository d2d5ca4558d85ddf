"""A bid-and-tricks score pad as text, for a virtual table's report (`pirate-table demo` prints it at the end)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from table.core.frame import Placing, ScoreRow, SeatView

LEGEND = "each round: tricks bid/tricks won, then the round's points (2/1 -10: bid 2, won 1, 10 points lost)"


class ScorePadScreen(Protocol):
    """A screen model with a score pad of bids and tricks (Skull King's and the dice game's)."""

    @property
    def seats(self) -> Sequence[SeatView]: ...
    @property
    def players(self) -> Sequence[int]: ...
    @property
    def score_pad(self) -> Sequence[ScoreRow]: ...
    @property
    def ranking(self) -> Sequence[Placing]: ...


def score_pad_lines(screen: ScorePadScreen) -> list[str]:
    """The score pad as text: what a cell says, a row per round ("bid/won points"), the totals, then one FINAL line
    per player.

    The last lines are stable for scripts: `FINAL <place> <name> <total>`, best first.
    """
    names = [screen.seats[seat].name for seat in screen.players]
    width = max(12, *(len(name) + 2 for name in names))
    lines = [LEGEND, "round " + "".join(name.rjust(width) for name in names)]
    for row in screen.score_pad:
        cells = "".join(f"{cell.bid}/{cell.won} {cell.points:+d}".rjust(width) for cell in row.cells)
        lines.append(f"{row.round:>5} {cells}")
    if screen.score_pad:
        lines.append("total " + "".join(str(cell.total).rjust(width) for cell in screen.score_pad[-1].cells))
    lines.append("")
    lines += [f"FINAL {p.place} {p.name.replace(' ', '_')} {p.total}" for p in screen.ranking]
    return lines
