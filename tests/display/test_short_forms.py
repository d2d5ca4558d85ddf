"""Short forms: a text's shorter form, in the table's language, for a box too narrow for the usual one."""

from __future__ import annotations

from pathlib import Path

import pytest

import table.games.skullking.trick_view  # noqa: F401  (adds Skull King's short forms)
from table.core.text import text, verbatim
from table.display.short_forms import SHORT_FORMS, add_short_forms, forms


class German:
    def gettext(self, message: str) -> str:
        return {"Round": "Runde", "No.": "Nr.", "YOUR TURN": "DU BIST DRAN", "TURN": "DRAN"}.get(message, message)


def test_a_text_with_a_short_form_gives_both_longest_first_in_the_table_s_language() -> None:
    assert forms(text("Round"), German()) == ("Runde", "Nr.")
    assert forms(text("YOUR TURN"), German()) == ("DU BIST DRAN", "DRAN")  # a game's own, added by its views


def test_a_short_form_takes_the_text_s_arguments(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("table.display.short_forms.SHORT_FORMS", dict(SHORT_FORMS))
    add_short_forms({"{card} given to {name}": text("To {name}")})
    said = forms(text("{card} given to {name}", card="loot red +10", name=verbatim("Ben")), None)
    assert said == ("loot red +10 given to Ben", "To Ben")


def test_a_text_without_one_gives_itself() -> None:
    assert forms(text("Undo"), German()) == ("Undo",)
    assert forms("Anna", German()) == ("Anna",)


def test_every_short_form_is_for_a_message_the_catalogs_have() -> None:
    catalog = (Path(__file__).parents[2] / "table/locale/de/LC_MESSAGES/pirate_table.po").read_text(encoding="utf-8")
    for msgid in SHORT_FORMS:
        assert f'msgid "{msgid}"' in catalog, msgid
