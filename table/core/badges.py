"""Player badges: a tag whose code is "badge:<name>" names the seat it is laid on, as the same person at every table.

The name on a badge is checked the same way where it is written (`pirate-table write-badge`) and where it is read
(the table): trimmed, inner whitespace collapsed to one space, 1 to BADGE_NAME_LENGTH characters, every one of
them printable (no control or invisible characters) and drawn by the table's font (table.fonts: Latin with
Vietnamese, Greek and Cyrillic; not Chinese, Japanese or Korean, which it would draw as empty boxes). A badge
whose name fails the check names no one, and the table refuses it rather than guess a name.
"""

from __future__ import annotations

from typing import TypeGuard

from table.core.inputs import BADGE_PREFIX
from table.fonts import missing_glyphs

BADGE_NAME_LENGTH = 24
UNDRAWABLE = "a name is written in Latin, Greek or Cyrillic letters (Vietnamese too)"


class BadName(ValueError):
    """Why a name cannot go on a badge, in plain words."""


def tidy_badge_name(name: str) -> str:
    """The name as a badge carries it; BadName says why it cannot be one."""
    if any(not char.isprintable() and char != " " for char in name):
        raise BadName("a name has only printable characters (no tabs, line breaks or control characters)")
    tidy = " ".join(name.split())
    if not tidy:
        raise BadName("a badge needs a name, as in: pirate-table write-badge Anna")
    if len(tidy) > BADGE_NAME_LENGTH:
        raise BadName(f"a name on a badge is at most {BADGE_NAME_LENGTH} characters, not {len(tidy)}")
    missing = missing_glyphs(tidy)
    if missing:
        raise BadName(f"the table's screen cannot draw {missing} ({_code_points(missing)}): {UNDRAWABLE}")
    return tidy


def _code_points(letters: str) -> str:
    return ", ".join(f"U+{ord(letter):04X}" for letter in letters)


def is_badge(code: str | None) -> TypeGuard[str]:
    return code is not None and code.startswith(BADGE_PREFIX)


def badge_name(code: str) -> str | None:
    """The name a badge's code carries, tidied; None when it names no one (empty, too long, control characters)."""
    try:
        return tidy_badge_name(code.removeprefix(BADGE_PREFIX))
    except BadName:
        return None


def badge_code(name: str) -> str:
    """The code written on a badge for `name` (checked: BadName)."""
    return BADGE_PREFIX + tidy_badge_name(name)
