"""The dice game's section of config.toml, [dice]: its scoring, and the dice of a printing whose dice differ
(docs/rules/skullking-dice.md). The camera's die size, [camera] die_px, is the table's: the camera is a port."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from table.core.settings import CHECK, GameSettings
from table.games.skullking_dice import rules as skd

SCORINGS = (skd.STANDARD, skd.LANDLUBBER)  # as the card game, or the Landlubber variant


@dataclass(frozen=True)
class DiceSettings:
    scoring: str = skd.STANDARD
    bag: skd.DiceBag = skd.STANDARD_BAG  # each kind's six faces, how many of it the bag holds


def parse(section: dict[str, Any], where: str) -> DiceSettings:
    CHECK.only(section, ("scoring", "faces", "counts"), where)
    return DiceSettings(CHECK.choice(section, "scoring", SCORINGS, skd.STANDARD, where), _bag(section, where))


def _bag(section: dict[str, Any], where: str) -> skd.DiceBag:
    """The standard bag, with the kinds whose faces or counts the config gives replaced: printings differ. The kinds
    themselves are the rules' (they rank the dice), so only they may be named."""
    kinds = skd.SPECIAL_KINDS + skd.NUMBER_KINDS
    faces = dict(skd.STANDARD_BAG.faces)
    counts = dict(skd.STANDARD_BAG.counts)
    for kind, value in CHECK.section(section, "faces", where).items():
        if kind not in kinds:
            CHECK.fail(where, f"faces of '{kind}'? The dice are {', '.join(kinds)}")
        # A Skull King, Pirate or Mermaid die shows skulls and flags; a colour die numbers and flags.
        allowed = (skd.SKULL, skd.FLAG) if kind in skd.SPECIAL_KINDS else (*skd.NUMBERS, skd.FLAG)
        if not isinstance(value, list) or len(value) != 6 or any(face not in allowed for face in value):
            example = ", ".join(f'"{face}"' for face in skd.STANDARD_BAG.faces[kind])
            CHECK.fail(
                where,
                f"faces.{kind} is the die's six faces, each one of {', '.join(allowed)}, "
                f"as in faces.{kind} = [{example}]",
            )
        faces[kind] = tuple(value)
    for kind, value in CHECK.section(section, "counts", where).items():
        if kind not in kinds:
            CHECK.fail(where, f"counts of '{kind}'? The dice are {', '.join(kinds)}")
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            CHECK.fail(where, f"counts.{kind} is how many {kind} dice the bag holds, a whole number from 1")
        counts[kind] = value
    return skd.DiceBag(faces=faces, counts=counts)


def dump(settings: DiceSettings) -> dict[str, Any]:
    """The settings as their section's keys, the whole bag written out (each kind's faces and count)."""
    return {
        "scoring": settings.scoring,
        "faces": {kind: list(faces) for kind, faces in settings.bag.faces.items()},
        "counts": dict(settings.bag.counts),
    }


SETTINGS = GameSettings(
    section="dice",  # not the game's key: config files have said [dice] since the dice game came
    default=DiceSettings(),
    parse=parse,
    default_toml="""\
[dice]
scoring = "standard"   # the dice game's scoring: "standard" (as the card game) or "landlubber" (no minus for a missed bid, no bonuses)
# Printings differ: a kind's six faces and how many dice of it the bag holds can be given here (default: the standard bag, docs/rules/skullking-dice.md).
# faces.yellow = ["flag", "flag", "flag", "1", "1", "7"]
# counts.yellow = 8
""",  # noqa: E501 (the default config's words, as they were)
    dump=dump,
)
