"""Paints for the display's tests: one that keeps every word a view says, a catalog that marks what it translates."""

from __future__ import annotations

from dataclasses import dataclass, field

from table.core.text import Text
from table.display.views import Paint


@dataclass
class Recorder(Paint):
    """A paint that keeps every word the view says, in order."""

    said: list[str] = field(default_factory=list)

    def say(self, words: Text | str) -> str:
        out = super().say(words)
        self.said.append(out)
        return out


class Marked:
    """A catalog that marks every word it translates, to see which words are said in the table's language."""

    def gettext(self, message: str) -> str:
        return f"<{message}>"
