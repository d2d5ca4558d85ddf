"""The dice the table reads: their kinds and the faces each kind can show, loaded from a data file."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

FACES: tuple[str, ...] = ("1", "2", "3", "4", "5", "6", "7", "skull", "flag")
DEFAULT_DICE_FILE = Path(__file__).with_name("dice.json")


class DiceConfigError(ValueError):
    """The dice file is missing something or names a face the table cannot read."""


@dataclass(frozen=True)
class DiceSet:
    """Kinds in file order, the six faces of each, and how many dice of each kind are in the bag."""

    sides: dict[str, tuple[str, ...]]
    counts: dict[str, int]

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(self.sides)

    def faces_of(self, kind: str) -> tuple[str, ...]:
        """The distinct faces a die of this kind can show, in the order of FACES."""
        if kind not in self.sides:
            raise DiceConfigError(f"unknown kind of die: {kind!r}")
        return tuple(face for face in FACES if face in self.sides[kind])

    def can_show(self, kind: str, face: str) -> bool:
        return face in self.sides.get(kind, ())

    def pairs(self) -> list[tuple[str, str]]:
        """Every (kind, face) a die can show: what a teaching folder must cover."""
        return [(kind, face) for kind in self.kinds for face in self.faces_of(kind)]


def load_dice(path: Path | str | None = None) -> DiceSet:
    """Read a dice file (default: the Skull King dice of RULES.md section 2) and check it."""
    file = Path(path) if path is not None else DEFAULT_DICE_FILE
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as error:
        raise DiceConfigError(f"cannot read dice file {file}: {error}") from error
    kinds = data.get("kinds")
    if not isinstance(kinds, dict) or not kinds:
        raise DiceConfigError(f"{file}: 'kinds' must map each kind of die to its six faces")
    sides: dict[str, tuple[str, ...]] = {}
    for kind, faces in kinds.items():
        if not isinstance(faces, list) or len(faces) != 6:
            raise DiceConfigError(f"{file}: die {kind!r} must list exactly six faces")
        unknown = [face for face in faces if face not in FACES]
        if unknown:
            raise DiceConfigError(f"{file}: die {kind!r} has faces the table cannot read: {unknown}")
        sides[kind] = tuple(faces)
    counts = {kind: int(data.get("counts", {}).get(kind, 1)) for kind in sides}
    return DiceSet(sides, counts)
