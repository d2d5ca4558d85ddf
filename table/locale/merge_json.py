"""Merge translations delivered as JSON into the catalogs, then bring them in step with the code.

A helper who adds or changes player-facing words delivers them as

    {"English msgid": {"de": "...", "fr": "...", "nl": "...", "it": "..."},
     "{count} card on the pile": {"de": ["{count} Karte auf dem Stapel", "{count} Karten auf dem Stapel"], ...}}

a plural text (`plural(...)` in the code) keyed by its English singular, with a list of forms per language in the
order of the language's Plural-Forms (two for all four: singular, plural). Run from the repository root:

    .venv/bin/python -m table.locale.merge_json FILE.json [FILE.json ...]

It extracts the code's strings first (so the new msgids are in the catalogs), sets each translation (and clears
a fuzzy mark), rewrites the catalogs and the template, and says what it skipped and what is still missing. A
translation is skipped, with a message, when its msgid is not in the code, when it is a plain string for a plural
text or the other way round, or when its {placeholders} differ from the English ones. Exit 1 if anything was
skipped or a catalog still lacks a string.
"""

from __future__ import annotations

import argparse
import json
import string
import sys
from pathlib import Path

from babel.messages.catalog import Catalog, Message

from table.core.text import LANGUAGES
from table.locale import SOURCE_LANGUAGE, po_path
from table.locale.extract import extract, problems, render, update, write

TRANSLATED = tuple(language for language in LANGUAGES if language != SOURCE_LANGUAGE)


class BadFile(Exception):
    """A translations file that cannot be merged at all (missing, not JSON, not the expected shape)."""


def load(path: Path) -> dict[str, dict[str, str | list[str]]]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as error:
        raise BadFile(f"{path}: no such file") from error
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise BadFile(f"{path}: not a JSON file ({error})") from error
    if not isinstance(data, dict) or not all(isinstance(value, dict) for value in data.values()):
        raise BadFile(f'{path}: expected {{"English msgid": {{"de": "...", "fr": "...", ...}}, ...}}')
    return data


def merge(catalog: Catalog, language: str, translations: dict[str, dict[str, str | list[str]]]) -> list[str]:
    """Set `language`'s translations in `catalog`; the reasons for what was skipped."""
    skipped: list[str] = []
    for msgid, by_language in translations.items():
        if language not in by_language:
            continue
        given = by_language[language]
        message = catalog.get(msgid)
        if message is None:
            skipped.append(f"{language}: {msgid!r} is not in the code (merge the code first?)")
            continue
        problem = _check(message, given)
        if problem:
            skipped.append(f"{language}: {msgid!r}: {problem}")
            continue
        message.string = tuple(given) if isinstance(given, list) else given
        message.flags.discard("fuzzy")
    return skipped


def _check(message: Message, given: str | list[str]) -> str:
    """Why `given` cannot be `message`'s translation ("" if it can)."""
    if not isinstance(message.id, str):  # a plural text: (singular, plural)
        if not (isinstance(given, list) and all(isinstance(form, str) and form for form in given)):
            return f"a plural text needs a list of forms, got {given!r}"
        needed = len(message.string or ())
        if len(given) != needed:
            return f"{needed} plural forms needed, got {len(given)}"
        allowed = _fields(message.id[0]) | _fields(message.id[1])
        if any(not _fields(form) <= allowed for form in given):
            return f"placeholders differ from the English {sorted(allowed)}"
        return ""
    if not (isinstance(given, str) and given):
        return f"expected a translation, got {given!r}"
    if _fields(given) != _fields(message.id):
        return f"placeholders differ from the English {sorted(_fields(message.id))}"
    return ""


def _fields(template: str) -> set[str]:
    try:
        return {name for _, name, _, _ in string.Formatter().parse(template) if name}
    except ValueError:  # an unbalanced brace: no placeholder set can match
        return {"{"}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Merge translations from JSON files into the catalogs.")
    parser.add_argument("files", nargs="+", type=Path, help='{"English msgid": {"de": "...", ...}, ...}')
    args = parser.parse_args(argv)
    try:
        translations: dict[str, dict[str, str | list[str]]] = {}
        for path in args.files:
            translations.update(load(path))
    except BadFile as error:
        print(error)
        return 2
    found, _ = extract()
    write(found)  # the code's new strings into the catalogs first
    skipped: list[str] = []
    for language in TRANSLATED:
        catalog = update(language, found)
        skipped += merge(catalog, language, translations)
        po_path(language).write_text(render(catalog), encoding="utf-8")
    for reason in skipped:
        print(f"skipped {reason}")
    missing_any = False
    for language in TRANSLATED:
        missing, stale = problems(language, found)
        missing_any |= bool(missing)
        print(f"{language}: {len(found) - len(missing)}/{len(found)} translated, {len(stale)} stale")
        for msgid in missing:
            print(f"  missing: {msgid!r}")
    return 1 if skipped or missing_any else 0


if __name__ == "__main__":
    sys.exit(main())
