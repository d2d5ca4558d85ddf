"""Skull King (2013) at the table: the game flow, from the lobby's hand-over to the final ranking.

It is the card game every edition plays (`table.games.tricks.flow`, whose docstring says how the table behaves,
phase by phase) with the rules of `table.games.skullking.rules`: its cards in words, Scary Mary announced at her
seat (tap or plus = Pirate; hold, ok or minus = Escape, or ChooseScaryMary), and its scoring.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from table.core.frame import ScoreCell
from table.core.text import COLOUR_NAMES, Text, plural, text
from table.games.skullking import rules as sk
from table.games.skullking.screen import Screen
from table.games.skullking.why import why_2013
from table.games.tricks import flow as tricks
from table.games.tricks.why import Name

SUIT_NAMES = {suit: COLOUR_NAMES[suit.value] for suit in sk.Suit}  # the words: table.core.text
SPECIAL_NAMES = {
    "escape": text("escape"),
    "pirate": text("pirate"),
    "scarymary": text("scarymary"),
    "scarymary:pirate": text("scarymary:pirate"),
    "scarymary:escape": text("scarymary:escape"),
    "mermaid": text("mermaid"),
    "skullking": text("skullking"),
}


def card_text(card: sk.Card) -> Text:
    """A card in words. The English is the card's code ("yellow:7", "pirate:tortuga-jack"), as in the log;
    a catalog says it its own way ("Gelb 7")."""
    return tricks.card_text(card, SUIT_NAMES, SPECIAL_NAMES)


class SkullKingFlow(tricks.TrickFlow[sk.Round]):
    """A game of Skull King (2013) at the table: the trick flow played by its rules, Scary Mary in its words."""

    RULES = sk
    SUIT_NAMES = SUIT_NAMES
    SPECIAL_NAMES = SPECIAL_NAMES

    def _new_round(self, number: int, players: int, dealer: int) -> sk.Round:
        return sk.Round(number, players, dealer)

    def _why(self, cards: Sequence[Any], name: Name) -> Text:
        return why_2013(sk.explain(cards), name)

    def _score_cell(self, index: int, seat: int, total: int) -> ScoreCell:
        play = self._round()
        bid = self.state.bids[seat]
        points = play.score(index, bid)
        return ScoreCell(bid, play.tricks_won(index), play.bonus(index), points, total + points)

    def _round_title(self) -> Text:
        play = self._round()
        return plural(
            "Round {round}: {dealer} deals {round} card each",
            "Round {round}: {dealer} deals {round} cards each",
            play.number,
            round=play.number,
            dealer=self._name(self.state.players[play.dealer]),
        )

    # --- Scary Mary, in words ---------------------------------------------------------------------------------------

    def _wait_for_announcement(self, acting: int) -> Text:
        return text("Wait: {name} first announces Scary Mary as Pirate or Escape", name=self._name(acting))

    def _announcement_question(self, seat: int) -> Text:
        return text("{name}: Scary Mary as a Pirate (tap or +) or as an Escape (hold, OK or -)?", name=self._name(seat))

    def _announcement_prompt(self, seat: int) -> Text:
        return text("{name}: Scary Mary as a Pirate (tap or +) or an Escape (hold, OK or -)?", name=self._name(seat))

    def _announcement(self, seat: int, as_pirate: bool) -> Text:
        if as_pirate:
            return text("{name}'s Scary Mary as a Pirate", name=self._name(seat))
        return text("{name}'s Scary Mary as an Escape", name=self._name(seat))

    def _taken_back(self, seat: int) -> Text:
        return text("{name} took Scary Mary back: still {name}'s turn", name=self._name(seat))

    def _nothing_to_announce(self, seat: int) -> Text:
        return text("No Scary Mary waits for an announcement at {name}'s seat", name=self._name(seat))

    # --- The screen model -------------------------------------------------------------------------------------------

    def screen(self) -> Screen:
        """What the scoreboard shows now (table.games.tricks.flow: `_screen_fields`)."""
        return Screen(**self._screen_fields())
