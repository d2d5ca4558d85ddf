"""Shorter forms of the words on the screen, for a box too narrow for the usual ones at the type scale's minimum.

A text is never cut: where it does not fit even on two lines at the smallest size, the typesetter takes its short
form, if it has one here (keyed by the English message id; the short form takes the same arguments, or fewer).
The short forms are messages of their own, so each language's catalog translates them. The display's own are here;
a game's views add theirs when imported (`add_short_forms`); a button gives its own (`Button.short`).
"""

from __future__ import annotations

from collections.abc import Mapping

from table.core.text import Text, Translator, text

SHORT_FORMS = {
    "Round": text("No."),  # the score pad's narrow column of round numbers
}


def add_short_forms(short_forms: Mapping[str, Text]) -> None:
    """A game's short forms, keyed by the English message id of the text they shorten."""
    SHORT_FORMS.update(short_forms)


def forms(words: Text | str, catalog: Translator | None) -> tuple[str, ...]:
    """`words` in the catalog's language, then its short form if it has one: longest first, for `fit_text`."""
    if not isinstance(words, Text):
        return (words,)
    short = SHORT_FORMS.get(words.msgid)
    said = words.render(catalog)
    if short is None:
        return (said,)
    return (said, Text(short.msgid, words.args).render(catalog))
