"""Skull King 2021's own inputs (besides the table's, `table.core.inputs`): the pirates' abilities and the Rascal
scoring's cannonball, chosen on the screen. The same choices are made with the seat's button (see the flow)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ChooseLeader:
    """Rosie D'Laney: `leader` leads the next trick."""

    seat: int
    leader: int


@dataclass(frozen=True)
class ChangeBid:
    """Harry the Giant: the bid changes by -1, 0 or +1."""

    seat: int
    change: int


@dataclass(frozen=True)
class Wager:
    """Rascal of Roatan: 0, 10 or 20 points wagered on the bid."""

    seat: int
    amount: int


@dataclass(frozen=True)
class AbilityDone:
    """Bendt the Bandit (drew two, discarded two) or Juanita Jade (looked at the undealt cards) is done."""

    seat: int


@dataclass(frozen=True)
class Cannonball:
    """Rascal scoring: the seat fires the cannonball (`on`) with its bid, or takes it back."""

    seat: int
    on: bool = True


INPUT_KINDS = (ChooseLeader, ChangeBid, Wager, AbilityDone, Cannonball)
