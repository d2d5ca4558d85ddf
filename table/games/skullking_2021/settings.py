"""Skull King 2021's section of config.toml, [skullking-2021]: its advanced cards, the pirates' abilities and the
scoring, "standard" or "rascal" (docs/rules/skullking-2021.md)."""

from __future__ import annotations

from typing import Any

from table.core.settings import CHECK, GameSettings
from table.games.skullking_2021 import rules as sk

SWITCHES = ("loot", "kraken", "whale", "abilities")  # each played (true, the default) or not


def parse(section: dict[str, Any], where: str) -> sk.Options:
    CHECK.only(section, ("scoring", *SWITCHES), where)
    scoring = CHECK.choice(section, "scoring", sk.SCORINGS, sk.STANDARD, where)
    return sk.Options(
        scoring=scoring, **{switch: CHECK.value(section, switch, bool, True, where) for switch in SWITCHES}
    )


SETTINGS = GameSettings(
    section="skullking-2021",
    default=sk.EVERYTHING,
    parse=parse,
    default_toml="""\
# Skull King, the 2021 edition (docs/rules/skullking-2021.md): its scoring, "standard" or "rascal", and its
# advanced cards and the pirates' abilities, each true (played, the default) or false.
# [skullking-2021]
# scoring = "standard"
# loot = true
# kraken = true
# whale = true
# abilities = true
""",
)
