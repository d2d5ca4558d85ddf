"""Words for the players, kept translatable: a flow says *what* to show, the scoreboard says it in the table's
language.

`text("Round {round}: {dealer} deals {round} cards each", round=3, dealer="Anna")` keeps the English source
(the gettext message id) and its arguments apart. The scoreboard looks the id up in the language's catalog and
fills in the arguments; an argument that is itself a `Text` (a suit's name, say) is translated too. `str()` gives
the English, for the log and for tests.

When a count decides the words, `plural("{n} card", "{n} cards", n, n=n)` keeps both English forms and the count:
the catalog picks the form through gettext's ngettext and the language's own Plural-Forms rule (French says
"0 carte", German "0 Karten"), never by hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

LANGUAGES = ("en", "de", "fr", "nl", "it")  # the rulebooks' languages; English is the source, the others have catalogs
LANGUAGE_NAMES = {"en": "English", "de": "Deutsch", "fr": "Français", "nl": "Nederlands", "it": "Italiano"}  # endonyms
assert tuple(LANGUAGE_NAMES) == LANGUAGES


class Translator(Protocol):
    def gettext(self, message: str, /) -> str: ...
    def __hash__(self) -> int: ...  # a translator is a cache key (the card art drawn in its language)


@runtime_checkable
class PluralTranslator(Translator, Protocol):
    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...


@dataclass(frozen=True)
class Text:
    msgid: str  # the English source, with {name} placeholders (the singular, for a plural text)
    args: tuple[tuple[str, object], ...] = ()
    msgid_plural: str | None = None  # the English plural: set when `count` decides the words
    count: int = 0

    def render(self, catalog: Translator | None = None) -> str:
        """The text in `catalog`'s language (English without one), arguments filled in."""
        english = self._english()
        template = self._template(catalog) if catalog is not None else english
        values = {name: value.render(catalog) if isinstance(value, Text) else value for name, value in self.args}
        try:
            return template.format(**values)
        except (KeyError, IndexError, ValueError):  # a broken translation must never stop the scoreboard
            return english.format(**values)

    def _english(self) -> str:
        if self.msgid_plural is None or self.count == 1:
            return self.msgid
        return self.msgid_plural

    def _template(self, catalog: Translator) -> str:
        if self.msgid_plural is None:
            return catalog.gettext(self.msgid)
        if isinstance(catalog, PluralTranslator):
            return catalog.ngettext(self.msgid, self.msgid_plural, self.count)
        return self._english()  # a catalog without plurals (a test's stand-in) keeps the English

    def __str__(self) -> str:
        return self.render()


def text(msgid: str, /, **args: object) -> Text:
    """A translatable text; `msgid` is a literal so the catalog extractor finds it."""
    return Text(msgid, tuple(args.items()))


def plural(singular: str, plural_msgid: str, count: int, /, **args: object) -> Text:
    """A translatable text whose words depend on `count` ("1 card", "3 cards"); both forms literal, for the
    extractor. `count` only picks the form: pass it as an argument too if the text shows it."""
    return Text(singular, tuple(args.items()), plural_msgid, count)


def verbatim(words: str) -> Text:
    """Words that are never translated (a player's name, a number): a Text that renders as itself."""
    return Text("{words}", (("words", words),))


# The four colours of Skull King's suits and number dice: the card game and the dice game name them alike.
COLOUR_NAMES = {"yellow": text("yellow"), "red": text("red"), "blue": text("blue"), "black": text("black")}


def and_list(names: Sequence[Text | str]) -> Text:
    """ "Anna", "Anna and Ben", "Anna, Ben and Cleo": names joined the table's language's way."""
    if len(names) <= 1:
        return _joined(names, "")
    return text("{names} and {last}", names=_joined(names[:-1], ", "), last=names[-1])


def comma_list(names: Sequence[Text | str]) -> Text:
    """ "Anna, Ben, Cleo": a list the same in every language."""
    return _joined(names, ", ")


def _joined(parts: Sequence[Text | str], separator: str) -> Text:
    # Built directly, not with text(): the template is no message, so catalogs never see it.
    template = separator.join(f"{{p{n}}}" for n in range(len(parts)))
    return Text(template, tuple((f"p{n}", part) for n, part in enumerate(parts)))
