"""Why a Skull King 2013 trick went where it went, in the players' words: its rules' `Reason` (`explain`) said the way
the rulebook says it. Every rule of the 2013 game is one both editions share, so the phrases are the trick games'
(table.games.tricks.why)."""

from __future__ import annotations

from table.core.text import Text
from table.games.skullking import rules as sk
from table.games.tricks.why import Name, said


def why_2013(reason: sk.Reason, name: Name) -> Text:
    """The 2013 edition's trick, said."""
    return said(reason, name)
