"""The Flying Hollander's section of config.toml, [flying-hollander]: how many copies of each card the deck holds,
where the config says (docs/rules/flying-hollander.md: the rules do not print it; the other cards keep the default),
and when the game ends ("first-out", as printed, or "last-standing")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from table.core.settings import CHECK, GameSettings
from table.games.flying_hollander import rules as fh

Counts = tuple[tuple[str, int], ...]  # (card code, copies), sorted by code; () : the default deck


@dataclass(frozen=True)
class HollanderSettings:
    counts: Counts = ()
    ending: str = fh.FIRST_OUT  # printed: "Le premier à le faire gagne la partie"


def parse(section: dict[str, Any], where: str) -> HollanderSettings:
    CHECK.only(section, ("counts", "ending"), where)
    ending = CHECK.choice(section, "ending", fh.ENDINGS, fh.FIRST_OUT, where)
    counts = CHECK.section(section, "counts", where)
    for code, value in counts.items():
        if code not in fh.CODES:
            CHECK.fail(where, f"counts of '{code}'? The cards are crew:1 to crew:12, {', '.join(fh.SPECIALS)}")
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            CHECK.fail(where, f'counts."{code}" is how many copies the deck holds, a whole number from 0')
    try:
        fh.check_players(fh.MIN_PLAYERS, len(fh.deck(counts)))
    except fh.CardError as error:
        CHECK.fail(where, str(error))
    return HollanderSettings(tuple(sorted(counts.items())), ending)


def dump(settings: HollanderSettings) -> dict[str, Any]:
    """The settings as their section's keys."""
    return {"counts": dict(settings.counts), "ending": settings.ending}


def deck(settings: HollanderSettings) -> tuple[str, ...]:
    """The deck these settings' counts describe, in the order enrollment asks."""
    return fh.deck(dict(settings.counts))


SETTINGS: GameSettings[HollanderSettings] = GameSettings(
    section="flying-hollander",
    default=HollanderSettings(),
    parse=parse,
    default_toml="""\
[flying-hollander]
# The rules do not print how many copies of each card the deck holds (default: 4 of each rank, 2 of each special).
# counts."crew:12" = 3
# counts.kraken = 1
# When the game ends: "first-out" (printed: the first player out wins) or "last-standing" (play on to the last).
# ending = "first-out"
""",
    dump=dump,
)
