"""The table's translations: one gettext catalog per language, `<lang>/LC_MESSAGES/pirate_table.po`.

The .po files are the source of truth. Babel reads them and they are compiled in memory when a language is first
used (a few hundred short strings: about 7 ms a language, and no .mo file can fall out of step with its .po); the
result is a standard `gettext.GNUTranslations`, so plural texts take their form from the catalog's own
Plural-Forms header. `python -m table.locale.extract` regenerates `pirate_table.pot` from the code and updates
every .po; `python -m table.locale.merge_json FILE.json` merges translations delivered as JSON.
"""

from __future__ import annotations

import gettext
from functools import cache
from io import BytesIO
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from table.core.text import LANGUAGES

DOMAIN = "pirate_table"
HERE = Path(__file__).parent
SOURCE_LANGUAGE = "en"  # the msgids are English: no catalog needed

# gettext's usual rules: French counts 0 as singular ("0 carte"), the others do not ("0 Karten").
PLURAL_FORMS = {
    "de": "nplurals=2; plural=(n != 1);",
    "fr": "nplurals=2; plural=(n > 1);",
    "nl": "nplurals=2; plural=(n != 1);",
    "it": "nplurals=2; plural=(n != 1);",
}


def po_path(language: str) -> Path:
    return HERE / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def read_catalog(path: Path, language: str | None = None) -> Catalog:
    """The .po (or .pot) file at `path`, read by Babel."""
    with path.open("rb") as source:
        return read_po(source, locale=language, domain=DOMAIN, abort_invalid=True)


def compile_catalog(catalog: Catalog) -> gettext.GNUTranslations:
    """`catalog` as gettext's translations, compiled in memory (fuzzy and untranslated entries left out)."""
    compiled = BytesIO()
    write_mo(compiled, catalog, use_fuzzy=False)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


@cache
def load_catalog(language: str) -> gettext.GNUTranslations | None:
    """The catalog of `language` ("de", "fr", ...); None for English, the source language."""
    if language == SOURCE_LANGUAGE:
        return None
    if language not in LANGUAGES:
        raise ValueError(f"no catalog for the language {language!r}; the table speaks {', '.join(LANGUAGES)}")
    return compile_catalog(read_catalog(po_path(language), language))
