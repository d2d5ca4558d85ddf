"""Why a Skull King trick went where it went, in the players' words: what both editions say alike.

The rules' `Reason` (each edition's `explain`) is said the way the rulebook says it: "Highest yellow (the suit led):
Cleo's yellow 12", "Trump: Ben's black 3 beats the yellow", "The Mermaid catches the Skull King: +50 for Cleo if
the bid is met". Each edition's `why` module says its own tricks with these phrases (table.games.skullking.why,
table.games.skullking_2021.why). The rules stay free of words; here nothing is judged.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from table.core.text import COLOUR_NAMES, Text, text, verbatim

Name = Callable[[int], Text]  # a position in the trick -> its player's name

SUIT_NAMES = {**COLOUR_NAMES, "green": text("green"), "purple": text("purple")}
PIRATES = {  # the pirates' printed names, never translated; Harry the Giant sails in both editions
    "badeye-joe": "Badeye Joe",
    "harry-the-giant": "Harry the Giant",
    "tortuga-jack": "Tortuga Jack",
    "betty-brave": "Betty Brave",
    "evil-emmy": "Evil Emmy",
    "rosie-de-laney": "Rosie D'Laney",
    "bendt-the-bandit": "Bendt the Bandit",
    "rascal-of-roatan": "Rascal of Roatan",
    "juanita-jade": "Juanita Jade",
}
KINDS = {
    "escape": text("Escape"),
    "pirate": text("Pirate"),
    "scarymary": text("Scary Mary"),
    "tigress": text("Tigress"),
    "mermaid": text("Mermaid"),
    "skullking": text("Skull King"),
    "loot": text("Loot"),
    "kraken": text("Kraken"),
    "whale": text("White Whale"),
}


def card_words(card: Any) -> Text:
    """A card of either edition as players name it: "yellow 12", "Tortuga Jack", "Mermaid"."""
    if card.suit is not None:
        return text("{suit} {number}", suit=SUIT_NAMES[card.suit.value], number=card.number)
    if card.name is not None and card.name in PIRATES:
        return verbatim(PIRATES[card.name])
    return KINDS[card.kind.value]


def whose(name: Name, position: int, card: Any) -> Text:
    return text("{name}'s {card}", name=name(position), card=card_words(card))


def then(first: Text, second: Text) -> Text:
    """Two clauses of one line, joined each language's way (French puts a no-break space before the ";")."""
    return text("{first}; {second}", first=first, second=second)


def bonus_if_met(bonus: int, name: Text) -> Text:
    return text("+{bonus} for {name} if the bid is met", bonus=bonus, name=name)


def said(reason: Any, name: Name) -> Text:
    """The rules both editions share (by the rule's value), with the bonus the trick carries. `reason` is either
    edition's `Reason`: its rule, winner, card, lead, rivals, pirates and bonus."""
    whose_card = whose(name, reason.winner, reason.card)
    taker = name(reason.winner)
    lead = reason.lead
    match reason.rule.value:
        case "mermaid_catches_king":
            return text("The Mermaid catches the Skull King: +{bonus} for {name} if the bid is met", bonus=reason.bonus,
                        name=taker)  # fmt: skip
        case "skull_king" if reason.pirates:
            return text("The Skull King beats the Pirates: +{bonus} for {name} if the bid is met", bonus=reason.bonus,
                        name=taker)  # fmt: skip
        case "skull_king":
            line = text("The Skull King takes it: {name}", name=taker)
        case "pirate" if reason.rivals:
            line = text("A Pirate takes it: {whose} was played first", whose=whose_card)
        case "pirate":
            line = text("A Pirate takes it: {whose}", whose=whose_card)
        case "mermaid" if reason.rivals:
            line = text("A Mermaid takes it: {whose} was played first", whose=whose_card)
        case "mermaid":
            line = text("A Mermaid takes it: {whose}", whose=whose_card)
        case "trump" if lead is not None and lead.value != "black":
            line = text("Trump: {whose} beats the {suit}", whose=whose_card, suit=SUIT_NAMES[lead.value])
        case "trump":
            line = text("Highest black (trump): {whose}", whose=whose_card)
        case "lead_suit":
            assert lead is not None
            line = text("Highest {suit} (the suit led): {whose}", suit=SUIT_NAMES[lead.value], whose=whose_card)
        case _:
            line = text("Every card escaped: the leader {name} takes it", name=taker)
    return then(line, bonus_if_met(reason.bonus, taker)) if reason.bonus else line
