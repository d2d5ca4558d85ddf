"""The scoreboard's languages: a catalog by language code, and each language's name in itself.

Language names are endonyms ("Deutsch", "Français"): a player looking for their own language finds it whatever
the table speaks now, so they are the one thing on screen that is never translated.
"""

from __future__ import annotations

from table.core.text import LANGUAGES, Translator
from table.locale import load_catalog


def catalog(language: str) -> Translator | None:
    """The catalog of `language`; None for English (the source) and, rather than fail, for an unknown code."""
    if language not in LANGUAGES:
        return None
    return load_catalog(language)
