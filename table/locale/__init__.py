"""The table's translations: one gettext catalog per language, `<lang>/LC_MESSAGES/pirate_table.po`.

The .po files are the source of truth and are compiled in memory when a language is first used (a few hundred
short strings: parsing takes about a millisecond, and no .mo file can fall out of step with its .po).
`python -m table.locale.extract` regenerates `pirate_table.pot` from the code and updates every .po.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from table.games.text import LANGUAGES

DOMAIN = "pirate_table"
HERE = Path(__file__).parent
SOURCE_LANGUAGE = "en"  # the msgids are English: no catalog needed


def po_path(language: str) -> Path:
    return HERE / language / "LC_MESSAGES" / f"{DOMAIN}.po"


@dataclass
class PoEntry:
    msgid: str
    msgstr: str = ""
    fuzzy: bool = False
    obsolete: bool = False
    comments: list[str] = field(default_factory=list)  # "#." and "#:" lines, kept as written


def parse_po(source: str) -> list[PoEntry]:
    """The entries of a .po file (the header entry, msgid "", included). Plural forms are not used here."""
    entries: list[PoEntry] = []
    comments: list[str] = []
    fuzzy = obsolete = False
    current: PoEntry | None = None
    target = ""
    for raw in source.splitlines():
        line = raw.strip()
        if line.startswith("#~"):
            obsolete, line = True, line[2:].strip()
        if not line:
            continue
        if line.startswith("#,"):
            fuzzy = "fuzzy" in line
        elif line.startswith("#"):
            comments.append(raw)
        elif line.startswith("msgid "):
            current = PoEntry(_string(line[6:]), fuzzy=fuzzy, obsolete=obsolete, comments=comments)
            entries.append(current)
            comments, fuzzy, obsolete, target = [], False, False, "msgid"
        elif line.startswith("msgstr "):
            assert current is not None, f"msgstr without msgid: {raw!r}"
            current.msgstr, target = _string(line[7:]), "msgstr"
        elif line.startswith('"') and current is not None:
            setattr(current, target, getattr(current, target) + _string(line))
        else:
            raise ValueError(f"not a .po line: {raw!r}")
    return entries


def _string(quoted: str) -> str:
    value = ast.literal_eval(quoted.strip())  # .po strings use C escapes, which Python's literals share
    if not isinstance(value, str):
        raise ValueError(f"not a .po string: {quoted!r}")
    return value


class Catalog:
    """A language's translations, answering gettext like `gettext.GNUTranslations`."""

    def __init__(self, language: str, messages: dict[str, str]) -> None:
        self.language = language
        self.messages = messages

    def gettext(self, message: str, /) -> str:
        return self.messages.get(message) or message  # untranslated: the English source


@cache
def load_catalog(language: str) -> Catalog | None:
    """The catalog of `language` ("de", "fr", ...); None for English, the source language."""
    if language == SOURCE_LANGUAGE:
        return None
    if language not in LANGUAGES:
        raise ValueError(f"no catalog for the language {language!r}; the table speaks {', '.join(LANGUAGES)}")
    entries = parse_po(po_path(language).read_text(encoding="utf-8"))
    messages = {e.msgid: e.msgstr for e in entries if e.msgid and e.msgstr and not e.fuzzy and not e.obsolete}
    return Catalog(language, messages)
