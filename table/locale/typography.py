"""French spacing in the catalogs: a no-break space (U+00A0) before `: ; ? !` and inside « », never a plain one.

French sets a space before those signs; a plain space there let the screen's line wrapper break before them, so a
line could start with ":" or "?". `plain_spaces` finds what is wrong in a text (tests/locale checks every French
catalog, the table's and the venue's); `python -m table.locale.typography` puts the no-break spaces into the
table's French catalog (the venue's French words live in table/venue/locale/messages.py, written the same way).
"""

from __future__ import annotations

import re

from table.locale import po_path, read_catalog
from table.locale.extract import render

NO_BREAK_SPACE = "\u00a0"
NARROW_NO_BREAK_SPACE = "\u202f"
SPACES = NO_BREAK_SPACE + NARROW_NO_BREAK_SPACE
SIGNS = ":;?!"
PLACEHOLDER = re.compile(r"\{[^{}]*\}")  # "{choice:+d}": a format, not a sign
PLAIN_BEFORE_SIGN = re.compile(rf" +([{SIGNS}»])")
PLAIN_AFTER_GUILLEMET = re.compile(r"« +")


def plain_spaces(said: str) -> list[str]:
    """The places in `said` with a plain space before a sign or inside guillemets (a few letters of context)."""
    found = []
    bare = PLACEHOLDER.sub(lambda match: "x" * len(match.group()), said)
    for pattern in (PLAIN_BEFORE_SIGN, PLAIN_AFTER_GUILLEMET):
        found += [said[max(0, m.start() - 8) : m.end() + 3] for m in pattern.finditer(bare)]
    return found


def french_spaces(said: str) -> str:
    """`said` with a no-break space wherever a plain one stood before a sign or inside guillemets."""
    bare = PLACEHOLDER.sub(lambda match: "\0" * len(match.group()), said)
    out = list(said)
    for pattern in (PLAIN_BEFORE_SIGN, PLAIN_AFTER_GUILLEMET):
        for match in pattern.finditer(bare):
            spaces = [n for n in range(match.start(), match.end()) if bare[n] == " "]
            for n in spaces:
                out[n] = ""
            out[spaces[0]] = NO_BREAK_SPACE
    return "".join(out)


def fix_french_catalog() -> int:
    """Put the no-break spaces into the table's French catalog; returns how many texts changed."""
    catalog = read_catalog(po_path("fr"), "fr")
    changed = 0
    for message in catalog:
        if not message.id or not message.string:
            continue
        if isinstance(message.string, str):
            fixed: str | tuple[str, ...] = french_spaces(message.string)
        else:
            fixed = tuple(french_spaces(form) for form in message.string)
        if fixed != message.string:
            message.string, changed = fixed, changed + 1
    po_path("fr").write_text(render(catalog), encoding="utf-8")
    return changed


if __name__ == "__main__":
    print(f"fr: {fix_french_catalog()} texts now have no-break spaces")
