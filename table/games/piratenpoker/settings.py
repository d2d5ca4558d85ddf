"""Piratenpoker's section of config.toml, [piratenpoker]: what differs between printings (docs/rules/piratenpoker.md),
checked by the rules' own `settings`."""

from __future__ import annotations

from typing import Any

from table.core.badges import UNDRAWABLE
from table.core.settings import CHECK, GameSettings
from table.fonts import missing_glyphs
from table.games.piratenpoker import rules as pp


def parse(section: dict[str, Any], where: str) -> pp.Settings:
    CHECK.only(section, ("loot", "sets", "names", "pass_wins"), where)
    try:
        settings = pp.settings(section.get("loot"), section.get("sets"), section.get("names"), section.get("pass_wins"))
    except ValueError as error:
        CHECK.fail(where, str(error))
    for colour, name in settings.colour_names or ():  # drawn on the screen: only letters its font has
        if missing := missing_glyphs(name):
            CHECK.fail(where, f"names.{colour} = {name!r}: the screen cannot draw {missing}; {UNDRAWABLE}")
    return settings


def dump(settings: pp.Settings) -> dict[str, Any]:
    """The settings as their section's keys (no `names`: the table's own words)."""
    section: dict[str, Any] = {
        "loot": list(settings.loot_fronts),
        "sets": settings.sets,
        "pass_wins": settings.pass_wins,
    }
    if settings.colour_names is not None:
        section["names"] = dict(settings.colour_names)
    return section


SETTINGS = GameSettings(
    section="piratenpoker",
    default=pp.DEFAULT_SETTINGS,
    parse=parse,
    default_toml="""\
[piratenpoker]
# Printings differ (docs/rules/piratenpoker.md): the 7 loot cards of each colour's stack by their front value,
# whether every set of three pays +5 ("every") or each kind of set once ("once"), the colours as the printing names them.
# loot = [5, 5, 6, 6, 8, 8, 10]
# sets = "every"
# names = { red = "red", yellow = "yellow", blue = "blue" }
# A Pass (worth 0) may win a tie the cards cannot break, as the second-highest total (printed); false: never.
# pass_wins = true
""",  # noqa: E501 (the default config's words, as they were)
    dump=dump,
)
