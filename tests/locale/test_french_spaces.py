"""French sets a space before `: ; ? !` and inside « »: a no-break one (U+00A0, or the narrow U+202F), so a line
never starts with the sign. Every French text of the table's catalog and of the venue page's is checked."""

from __future__ import annotations

from pathlib import Path

import pytest

from table.locale import po_path, read_catalog
from table.locale.typography import NO_BREAK_SPACE, french_spaces, plain_spaces
from table.venue.locale.messages import MESSAGES

VENUE_FRENCH = Path("table/venue/locale/fr/LC_MESSAGES/venue.po")


def _french(path: Path) -> list[tuple[str, str]]:
    out = []
    for message in read_catalog(path, "fr"):
        if message.id:
            english = message.id if isinstance(message.id, str) else message.id[0]
            forms = [message.string] if isinstance(message.string, str) else list(message.string)
            out += [(english, form) for form in forms if form]
    return out


@pytest.mark.parametrize("path", [po_path("fr"), VENUE_FRENCH], ids=["table", "venue"])
def test_no_french_text_has_a_plain_space_before_a_sign_or_inside_guillemets(path: Path) -> None:
    texts = _french(path if path.is_absolute() else Path(__file__).parents[2] / path)
    assert len(texts) > 50
    wrong = [(english, place) for english, said in texts for place in plain_spaces(said)]
    assert wrong == [], f"{len(wrong)} plain spaces; run python -m table.locale.typography: {wrong[:10]}"


def test_the_venue_s_french_words_at_their_source_too() -> None:
    wrong = [(english, said[1]) for english, said in MESSAGES.items() if plain_spaces(said[1])]
    assert wrong == []


def test_the_check_finds_a_plain_space_and_the_fix_puts_a_no_break_one() -> None:
    assert plain_spaces("Place 3 : à toi") == ["Place 3 : à "]
    assert plain_spaces("« oui »") != []
    assert plain_spaces("{value:+d}, vraiment\u00a0?") == []  # a placeholder's format is no sign
    fixed = french_spaces("Vraiment ? « oui » : bien ; fin !")
    assert fixed == "Vraiment\u00a0? «\u00a0oui\u00a0»\u00a0: bien\u00a0; fin\u00a0!"
    assert plain_spaces(fixed) == [] and NO_BREAK_SPACE in fixed
