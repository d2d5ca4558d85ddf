"""Where the typesetter breaks a line: at plain spaces, never before a closing sign (`! ? : ; , . » )`) nor after an
opening one (`« (`), as Unicode's line breaking rules (UAX #14) say; and never at a no-break space."""

from __future__ import annotations

import pytest

from table.display import typeset
from table.display.typeset import NO_BREAK_AFTER, NO_BREAK_BEFORE, wrap
from table.locale import po_path, read_catalog

SIZE = 27


def _bad_breaks(lines: list[str]) -> list[str]:
    starts = [line for line in lines[1:] if line[0] in NO_BREAK_BEFORE]
    ends = [line for line in lines[:-1] if line[-1] in NO_BREAK_AFTER]
    return starts + ends


@pytest.mark.parametrize(
    "words",
    [
        "Anna a gagné ! Bravo à toute la table",
        "Voulez-vous vraiment annuler ? Le pli est perdu",
        "La couleur demandée : jaune ; la carte jouée : rouge",
        "Il dit « pas de pli » et il a raison , enfin .",
        "Three cards ( yellow, red ) and a flag",
    ],
)
def test_no_line_starts_with_a_closing_sign_or_ends_with_an_opening_one(words: str) -> None:
    full = typeset.text_width(words, SIZE)
    for width in range(40, full + 1, 7):
        lines = wrap(words, width, SIZE)
        assert " ".join(lines) == words  # broken only at spaces, nothing lost
        assert _bad_breaks(lines) == [], (width, lines)


def test_a_no_break_space_is_never_a_break() -> None:
    words = "Remettre la carte dans le plateau\u00a0? Oui"
    for width in range(40, typeset.text_width(words, SIZE), 5):
        assert not any(line.startswith("?") for line in wrap(words, width, SIZE))
        assert all("plateau\u00a0?" in line for line in wrap(words, width, SIZE) if "?" in line)


def test_no_french_text_starts_a_line_with_a_sign_at_any_width() -> None:
    """The issue counted 174 French messages that could start a line with ":" or "?"."""
    bad = []
    for message in read_catalog(po_path("fr"), "fr"):
        forms = [message.string] if isinstance(message.string, str) else list(message.string or ())
        for said in forms:
            if not message.id or not said:
                continue
            for width in (120, 200, 320, 500):
                lines = wrap(said, width, SIZE)
                bad += [(said, width, line) for line in lines[1:] if line[0] in NO_BREAK_BEFORE]
    assert bad == []
