"""Texts for the players: English by str(), translated by a catalog, plural forms picked by the count."""

from __future__ import annotations

import dataclasses

import pytest

from table.core.text import Text, and_list, plural, text


class Catalog:
    """A catalog with German words and German plurals (n != 1), as gettext's ngettext answers."""

    def gettext(self, message: str) -> str:
        return {"{name} joins": "{name} spielt mit"}.get(message, message)

    def ngettext(self, singular: str, plural_msgid: str, n: int) -> str:
        forms = {"{winners} won": ("{winners} hat gewonnen", "{winners} haben gewonnen")}.get(singular)
        if forms is None:
            return singular if n == 1 else plural_msgid
        return forms[0] if n == 1 else forms[1]


def test_a_plural_text_says_its_english_form_by_the_count() -> None:
    for count, said in ((0, "0 cards"), (1, "1 card"), (2, "2 cards")):
        assert str(plural("{n} card", "{n} cards", count, n=count)) == said


def test_a_catalog_picks_the_plural_form_through_ngettext() -> None:
    one = plural("{winners} won", "{winners} won", 1, winners="Anna")
    two = plural("{winners} won", "{winners} won", 2, winners=and_list(["Anna", "Ben"]))
    assert one.render(Catalog()) == "Anna hat gewonnen"
    assert two.render(Catalog()) == "Anna and Ben haben gewonnen"  # and_list has no German here
    assert str(two) == "Anna and Ben won"


def test_a_catalog_without_ngettext_keeps_the_english_form() -> None:
    class Plain:
        def gettext(self, message: str) -> str:
            return "nonsense"

    assert plural("{n} card", "{n} cards", 3, n=3).render(Plain()) == "3 cards"


def test_a_broken_plural_translation_falls_back_to_the_english_form() -> None:
    class Broken(Catalog):
        def ngettext(self, singular: str, plural_msgid: str, n: int) -> str:
            return "{missing} Karten"

    assert plural("{n} card", "{n} cards", 1, n=1).render(Broken()) == "1 card"
    assert plural("{n} card", "{n} cards", 4, n=4).render(Broken()) == "4 cards"


def test_texts_stay_frozen_hashable_and_compare_by_value() -> None:
    first = plural("{n} card", "{n} cards", 2, n=2)
    assert first == plural("{n} card", "{n} cards", 2, n=2)
    assert first != plural("{n} card", "{n} cards", 3, n=3)  # another count is another text
    assert first != text("{n} card", n=2)
    assert len({first, plural("{n} card", "{n} cards", 2, n=2), text("{name} joins", name="Anna")}) == 2
    with pytest.raises(dataclasses.FrozenInstanceError):
        first.count = 5  # type: ignore[misc]
    assert text("{name} joins", name="Anna") == Text("{name} joins", (("name", "Anna"),))  # plain texts as before
