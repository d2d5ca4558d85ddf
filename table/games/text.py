"""Words for the players, kept translatable: a flow says *what* to show, the scoreboard says it in the table's
language.

`text("Round {round}: {dealer} deals {round} cards each", round=3, dealer="Anna")` keeps the English source
(the gettext message id) and its arguments apart. The scoreboard looks the id up in the language's catalog and
fills in the arguments; an argument that is itself a `Text` (a suit's name, say) is translated too. `str()` gives
the English, for the log and for tests.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol


class Translator(Protocol):
    def gettext(self, message: str, /) -> str: ...


@dataclass(frozen=True)
class Text:
    msgid: str  # the English source, with {name} placeholders
    args: tuple[tuple[str, object], ...] = ()

    def render(self, catalog: Translator | None = None) -> str:
        """The text in `catalog`'s language (English without one), arguments filled in."""
        template = catalog.gettext(self.msgid) if catalog is not None else self.msgid
        values = {name: value.render(catalog) if isinstance(value, Text) else value for name, value in self.args}
        return template.format(**values)

    def __str__(self) -> str:
        return self.render()


def text(msgid: str, /, **args: object) -> Text:
    """A translatable text; `msgid` is a literal so the catalog extractor finds it."""
    return Text(msgid, tuple(args.items()))
