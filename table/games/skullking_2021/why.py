"""Why a 2021 trick went where it went: the 2013 edition's phrases (table.games.skullking.why), and the Kraken, the
White Whale, the 14s and the Loot."""

from __future__ import annotations

from table.core.text import Text, text
from table.games.skullking.why import Name, _bonus, _said, _then, _whose
from table.games.skullking_2021 import rules as sk21


def why_2021(reason: sk21.Reason, name: Name) -> Text:
    """The 2021 edition's trick, said: the Kraken, the White Whale, the 14s and the Loot besides 2013's."""
    rule = reason.rule
    if rule is sk21.Rule.KRAKEN:
        return text(
            "The Kraken takes the trick: nobody wins it; {name} would have won and leads next",
            name=name(reason.next_leader),
        )
    if rule is sk21.Rule.WHALE_NO_NUMBER:
        return text("The White Whale and no number: nobody wins it; {name} leads next", name=name(reason.next_leader))
    assert reason.winner is not None and reason.card is not None
    winner = name(reason.winner)
    if rule is sk21.Rule.WHALE:
        said = text(
            "The White Whale: special cards are Escapes, the highest number wins: {whose}",
            whose=_whose(name, reason.winner, reason.card),
        )
        if reason.bonus:
            said = _then(said, _bonus(reason.bonus, winner))
    elif rule is sk21.Rule.PIRATE and reason.mermaids:
        said = text("A Pirate catches the Mermaid: {whose}", whose=_whose(name, reason.winner, reason.card))
        said = _then(said, _bonus(reason.bonus, winner))
    else:
        said = _said(rule.value, reason.winner, reason.card, reason.lead, reason.rivals, reason.pirates,
                     reason.bonus, name)  # fmt: skip
    for ally in reason.allies:
        loot = text(
            "Loot: {ally} and {name} are allies (+20 each if both meet their bids)", ally=name(ally), name=winner
        )
        said = _then(said, loot)
    return said
