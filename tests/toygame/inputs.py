"""High Card's own input, besides the table's (table.core.inputs)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Pass:
    """The seat passes this round."""

    seat: int
