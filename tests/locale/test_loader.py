"""The catalogs read by Babel and compiled in memory: gettext's translations, plural forms by each language's rule."""

from __future__ import annotations

import gettext
from pathlib import Path

import pytest
from babel.messages.pofile import PoFileError

from table.core.text import plural, text
from table.locale import PLURAL_FORMS, compile_catalog, load_catalog, po_path, read_catalog

# (language, count) -> the form gettext must pick for "{count} card on the pile"
FORMS = {
    ("de", 0): "0 Karten auf dem Stapel",
    ("de", 1): "1 Karte auf dem Stapel",
    ("de", 2): "2 Karten auf dem Stapel",
    ("fr", 0): "0 carte dans le deck de jeu",  # French counts 0 as singular
    ("fr", 1): "1 carte dans le deck de jeu",
    ("fr", 2): "2 cartes dans le deck de jeu",
    ("nl", 0): "0 kaarten op de stapel",
    ("nl", 1): "1 kaart op de stapel",
    ("nl", 2): "2 kaarten op de stapel",
    ("it", 0): "0 carte nel mazzo di gioco",
    ("it", 1): "1 carta nel mazzo di gioco",
    ("it", 2): "2 carte nel mazzo di gioco",
}


def test_a_catalog_is_gettexts_own_translations() -> None:
    german = load_catalog("de")
    assert isinstance(german, gettext.GNUTranslations)
    assert german.gettext("Seat {number}") == "Platz {number}"
    assert german.gettext("A string nobody wrote") == "A string nobody wrote"  # untranslated: the English
    assert load_catalog("en") is None
    with pytest.raises(ValueError, match="no catalog"):
        load_catalog("xx")


@pytest.mark.parametrize(("language", "count"), sorted(FORMS))
def test_plural_forms_follow_each_languages_rule(language: str, count: int) -> None:
    said = plural("{count} card on the pile", "{count} cards on the pile", count, count=count)
    assert said.render(load_catalog(language)) == FORMS[language, count]


@pytest.mark.parametrize("language", sorted(PLURAL_FORMS))
def test_every_catalog_declares_its_languages_plural_rule(language: str) -> None:
    catalog = read_catalog(po_path(language), language)
    assert catalog.plural_forms == PLURAL_FORMS[language]
    assert catalog.num_plurals == 2


def test_several_winners_take_the_plural_verb() -> None:
    for language, one, several in (
        ("de", "Anna hat gewonnen", "Anna und Ben haben gewonnen"),
        ("nl", "Anna heeft gewonnen", "Anna en Ben hebben gewonnen"),
        ("it", "Ha vinto Anna", "Hanno vinto Anna e Ben"),
        ("fr", "Anna a gagné", "Anna et Ben ont gagné"),
    ):
        catalog = load_catalog(language)
        names = text("{names} and {last}", names="Anna", last="Ben")
        assert plural("{winners} won", "{winners} won", 1, winners="Anna").render(catalog) == one
        assert plural("{winners} won", "{winners} won", 2, winners=names).render(catalog) == several


def _compiled(tmp_path: Path, source: str) -> gettext.GNUTranslations:
    path = tmp_path / "x.po"
    path.write_text(source, encoding="utf-8")
    return compile_catalog(read_catalog(path, "de"))


HEADER = 'msgid ""\nmsgstr ""\n"Language: de\\n"\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'


def test_fuzzy_and_untranslated_entries_say_the_english(tmp_path: Path) -> None:
    catalog = _compiled(
        tmp_path,
        HEADER + '#, fuzzy\nmsgid "Wrong PIN"\nmsgstr "Falsch"\n\n'
        'msgid "{n} card"\nmsgid_plural "{n} cards"\nmsgstr[0] ""\nmsgstr[1] ""\n\n'
        'msgid "a \\"quoted\\" word"\nmsgstr ""\n"zwei\\n"\n"Zeilen"\n',
    )
    assert catalog.gettext("Wrong PIN") == "Wrong PIN"
    assert catalog.ngettext("{n} card", "{n} cards", 3) == "{n} cards"
    assert catalog.gettext('a "quoted" word') == "zwei\nZeilen"  # escapes and continuation lines


def test_a_catalog_babel_cannot_read_is_refused(tmp_path: Path) -> None:
    (tmp_path / "x.po").write_text(HEADER + 'msgid "a"\nmsgstr "b"\nnonsense here\n', encoding="utf-8")
    with pytest.raises(PoFileError, match="misformatted"):
        read_catalog(tmp_path / "x.po", "de")
