"""Skull King 2021's section of config.toml, [skullking-2021]: its advanced cards, the pirates' abilities, the
scoring ("standard" or "rascal") and the readings printings differ on: who leads after the Kraken, whether Rascal of
Roatan wagers after the last trick (docs/rules/skullking-2021.md)."""

from __future__ import annotations

import dataclasses
from typing import Any

from table.core.settings import CHECK, GameSettings
from table.games.skullking_2021 import rules as sk

SWITCHES = ("loot", "kraken", "whale", "abilities")  # each played (true, the default) or not


def parse(section: dict[str, Any], where: str) -> sk.Options:
    CHECK.only(section, ("scoring", "kraken_leader", "rascal_after_last_trick", *SWITCHES), where)
    scoring = CHECK.choice(section, "scoring", sk.SCORINGS, sk.STANDARD, where)
    kraken_leader = CHECK.choice(section, "kraken_leader", sk.KRAKEN_LEADERS, sk.WOULD_HAVE_WON, where)
    rascal = CHECK.value(section, "rascal_after_last_trick", bool, False, where)
    return sk.Options(
        scoring=scoring,
        kraken_leader=kraken_leader,
        rascal_after_last_trick=rascal,
        **{switch: CHECK.value(section, switch, bool, True, where) for switch in SWITCHES},
    )


def dump(options: sk.Options) -> dict[str, Any]:
    """The options as their section's keys: each key is the option's own name."""
    return dataclasses.asdict(options)


SETTINGS = GameSettings(
    section="skullking-2021",
    default=sk.EVERYTHING,
    parse=parse,
    default_toml="""\
# Skull King, the 2021 edition (docs/rules/skullking-2021.md): its scoring, "standard" or "rascal", and its
# advanced cards and the pirates' abilities, each true (played, the default) or false.
# Who leads after the Kraken: "would-have-won" (the rulebook) or "after-kraken" (the player left of the Kraken's).
# Rascal of Roatan wagers after a round's last trick: false (the 2021 rulebook: only Harry acts then) or true.
# [skullking-2021]
# scoring = "standard"
# loot = true
# kraken = true
# whale = true
# abilities = true
# kraken_leader = "would-have-won"
# rascal_after_last_trick = false
""",
    dump=dump,
)
