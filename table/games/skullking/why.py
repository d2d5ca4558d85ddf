"""Why a Skull King trick went where it went, in the players' words: the rules' `Reason` (table.games.skullking.rules's
and table.games.skullking_2021.rules's `explain`) said the way the rulebook says it.

"Highest yellow (the suit led): Cleo's yellow 12", "Trump: Ben's black 3 beats the yellow", "The Mermaid catches
the Skull King: +50 for Cleo if the bid is met". Both editions share the phrases; 2021 adds the Kraken, the White
Whale, the 14s and the Loot (table.games.skullking_2021.why). The rules stay free of words; here nothing is judged.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from table.core.text import COLOUR_NAMES, Text, text, verbatim
from table.games.skullking import rules as sk

if TYPE_CHECKING:  # the 2021 edition's cards are said the same way (table.games.skullking_2021.why)
    from table.games.skullking_2021 import rules as sk21

Name = Callable[[int], Text]  # a position in the trick -> its player's name

SUIT_NAMES = {**COLOUR_NAMES, "green": text("green"), "purple": text("purple")}
PIRATES = {  # the pirates' printed names, never translated
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


def card_words(card: sk.Card | sk21.Card) -> Text:
    """A card as players name it: "yellow 12", "Tortuga Jack", "Mermaid" (either edition)."""
    if card.suit is not None:
        return text("{suit} {number}", suit=SUIT_NAMES[card.suit.value], number=card.number)
    if card.name is not None and card.name in PIRATES:
        return verbatim(PIRATES[card.name])
    return KINDS[card.kind.value]


def _whose(name: Name, position: int, card: sk.Card | sk21.Card) -> Text:
    return text("{name}'s {card}", name=name(position), card=card_words(card))


def _then(first: Text, second: Text, joiner: str = "; ") -> Text:
    """Two clauses of one line; built directly (no message id), the same in every language."""
    return Text(f"{{p0}}{joiner}{{p1}}", (("p0", first), ("p1", second)))


def _bonus(bonus: int, name: Text) -> Text:
    return text("+{bonus} for {name} if the bid is met", bonus=bonus, name=name)


def why_2013(reason: sk.Reason, name: Name) -> Text:
    """The 2013 edition's trick, said."""
    return _said(reason.rule.value, reason.winner, reason.card, reason.lead, reason.rivals, reason.pirates,
                 reason.bonus, name)  # fmt: skip


def _said(
    rule: str,
    winner: int,
    card: sk.Card | sk21.Card,
    lead: sk.Suit | sk21.Suit | None,
    rivals: int,
    pirates: int,
    bonus: int,
    name: Name,
) -> Text:
    """The rules both editions share (by the rule's value), with the bonus the trick carries."""
    whose = _whose(name, winner, card)
    taker = name(winner)
    match rule:
        case "mermaid_catches_king":
            return text("The Mermaid catches the Skull King: +{bonus} for {name} if the bid is met", bonus=bonus,
                        name=taker)  # fmt: skip
        case "skull_king" if pirates:
            return text("The Skull King beats the Pirates: +{bonus} for {name} if the bid is met", bonus=bonus,
                        name=taker)  # fmt: skip
        case "skull_king":
            said = text("The Skull King takes it: {name}", name=taker)
        case "pirate" if rivals:
            said = text("A Pirate takes it: {whose} was played first", whose=whose)
        case "pirate":
            said = text("A Pirate takes it: {whose}", whose=whose)
        case "mermaid" if rivals:
            said = text("A Mermaid takes it: {whose} was played first", whose=whose)
        case "mermaid":
            said = text("A Mermaid takes it: {whose}", whose=whose)
        case "trump" if lead is not None and lead.value != "black":
            said = text("Trump: {whose} beats the {suit}", whose=whose, suit=SUIT_NAMES[lead.value])
        case "trump":
            said = text("Highest black (trump): {whose}", whose=whose)
        case "lead_suit":
            assert lead is not None
            said = text("Highest {suit} (the suit led): {whose}", suit=SUIT_NAMES[lead.value], whose=whose)
        case _:
            said = text("Every card escaped: the leader {name} takes it", name=taker)
    return _then(said, _bonus(bonus, taker)) if bonus else said
