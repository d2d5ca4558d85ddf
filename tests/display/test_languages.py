"""The catalogs: every string of the code translated in every language, nothing stale, placeholders intact."""

from __future__ import annotations

import re
import string

import pytest

from table.display.language import LANGUAGE_NAMES, catalog
from table.games.text import LANGUAGES, text
from table.locale import parse_po, po_path
from table.locale.extract import extract, problems, update

FOUND, NOT_LITERAL = extract()
TRANSLATED = [language for language in LANGUAGES if language != "en"]


def test_every_text_call_has_a_literal_message() -> None:
    assert NOT_LITERAL == []
    assert "Round {round}: {dealer} deals {round} cards each" in FOUND


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_catalog_has_every_string_and_no_stale_one(language: str) -> None:
    missing, stale = problems(language, FOUND)
    assert missing == [], f"run: .venv/bin/python -m table.locale.extract, then translate {language}"
    assert stale == []


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("language", TRANSLATED)
def test_translations_keep_the_placeholders(language: str) -> None:
    for entry in parse_po(po_path(language).read_text(encoding="utf-8")):
        if entry.msgid and entry.msgstr:
            assert _fields(entry.msgstr) == _fields(entry.msgid), (language, entry.msgid, entry.msgstr)


def test_a_catalog_translates_and_english_needs_none() -> None:
    assert catalog("en") is None
    said = text("{name}: your turn", name=text("Seat {number}", number=3))
    assert said.render(catalog("de")) == "Platz 3: du bist dran"
    assert said.render(catalog("fr")) == "Place 3 : à toi"
    assert str(said) == "Seat 3: your turn"  # the log's English
    assert set(LANGUAGE_NAMES) == set(LANGUAGES)


def test_the_config_offers_the_same_languages() -> None:
    from table import config

    assert config.LANGUAGES is LANGUAGES  # one list, not two kept in step


def test_both_games_name_the_four_colours_with_the_same_words() -> None:
    from table.games import skullking, skullking_dice
    from table.games.text import COLOUR_NAMES
    from table.rules import skullking as sk

    assert {suit.value: name for suit, name in skullking.SUIT_NAMES.items()} == COLOUR_NAMES
    assert {kind: skullking_dice.KIND_NAMES[kind] for kind in COLOUR_NAMES} == COLOUR_NAMES
    assert str(skullking.card_text(sk.Card(sk.Kind.NUMBER, sk.Suit.YELLOW, 7))) == "yellow:7"
    assert COLOUR_NAMES["yellow"].render(catalog("de")) == "Gelb"


def test_updating_adds_new_strings_and_keeps_translations() -> None:
    found = {**FOUND, "A brand new string": ["table/x.py:1"]}
    updated = update("de", found)
    assert 'msgid "A brand new string"\nmsgstr ""' in updated
    assert 'msgstr "Platz {number}"' in updated
    entries = {e.msgid: e for e in parse_po(updated)}
    assert not entries["A brand new string"].msgstr and entries["Seat {number}"].msgstr == "Platz {number}"


def test_a_broken_translation_falls_back_to_english() -> None:
    class Broken:
        def gettext(self, message: str) -> str:
            return "{nonsense}"

    assert text("{name} joins", name="Anna").render(Broken()) == "Anna joins"


def test_po_strings_with_escapes_and_continuation_lines() -> None:
    source = 'msgid ""\nmsgstr "x"\n\nmsgid "a \\"b\\""\nmsgstr ""\n"c\\n"\n"d"\n'
    entries = parse_po(source)
    assert (entries[1].msgid, entries[1].msgstr) == ('a "b"', "c\nd")
    assert re.match(r"^\w", entries[1].msgstr)
