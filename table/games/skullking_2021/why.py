"""Why a 2021 trick went where it went: the phrases both editions share (table.games.tricks.why), and the Kraken, the
White Whale, the 14s and the Loot."""

from __future__ import annotations

from table.core.text import Text, text
from table.games.skullking_2021 import rules as sk21
from table.games.tricks.why import Name, bonus_if_met, said, then, whose


def why_2021(reason: sk21.Reason, name: Name) -> Text:
    """The 2021 edition's trick, said: the Kraken, the White Whale, the 14s and the Loot besides 2013's."""
    rule = reason.rule
    if rule is sk21.Rule.KRAKEN:
        return text(
            "The Kraken takes the trick: nobody wins it; {name} would have won and leads next",
            name=name(reason.next_leader),
        )
    if rule is sk21.Rule.KRAKEN_AFTER:
        return text(
            "The Kraken takes the trick: nobody wins it; {name}, after the Kraken's player, leads next",
            name=name(reason.next_leader),
        )
    if rule is sk21.Rule.WHALE_NO_NUMBER:
        return text("The White Whale and no number: nobody wins it; {name} leads next", name=name(reason.next_leader))
    assert reason.winner is not None and reason.card is not None
    winner = name(reason.winner)
    if rule is sk21.Rule.WHALE:
        line = text(
            "The White Whale: special cards are Escapes, the highest number wins: {whose}",
            whose=whose(name, reason.winner, reason.card),
        )
        if reason.bonus:
            line = then(line, bonus_if_met(reason.bonus, winner))
    elif rule is sk21.Rule.PIRATE and reason.mermaids:
        line = text("A Pirate catches the Mermaid: {whose}", whose=whose(name, reason.winner, reason.card))
        line = then(line, bonus_if_met(reason.bonus, winner))
    else:
        line = said(reason, name)
    for ally in reason.allies:
        loot = text(
            "Loot: {ally} and {name} are allies (+20 each if both meet their bids)", ally=name(ally), name=winner
        )
        line = then(line, loot)
    return line
