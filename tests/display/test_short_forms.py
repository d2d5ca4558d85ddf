"""Short forms: a text's shorter form, in the table's language, for a box too narrow for the usual one."""

from __future__ import annotations

from pathlib import Path

from table.core.text import text, verbatim
from table.display.short_forms import SHORT_FORMS, forms


class German:
    def gettext(self, message: str) -> str:
        return {"Correct {name}'s bid": "Ansage von {name} korrigieren", "Correct the bid": "Ansage korrigieren"}.get(
            message, message
        )


def test_a_text_with_a_short_form_gives_both_longest_first_in_the_table_s_language() -> None:
    said = forms(text("Correct {name}'s bid", name=verbatim("Anna")), German())
    assert said == ("Ansage von Anna korrigieren", "Ansage korrigieren")
    assert forms(text("{card} given to {name}", card="loot red +10", name="Ben"), None) == (
        "loot red +10 given to Ben",
        "To Ben",
    )


def test_a_text_without_one_gives_itself() -> None:
    assert forms(text("Undo"), German()) == ("Undo",)
    assert forms("Anna", German()) == ("Anna",)


def test_every_short_form_is_for_a_message_the_catalogs_have() -> None:
    catalog = (Path(__file__).parents[2] / "table/locale/de/LC_MESSAGES/pirate_table.po").read_text(encoding="utf-8")
    for msgid in SHORT_FORMS:
        assert f'msgid "{msgid}"' in catalog, msgid
