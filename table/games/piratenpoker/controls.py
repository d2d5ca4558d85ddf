"""Piratenpoker's bar of actions on the scoreboard: what a seat or the operator can do now, by touch or key.

Registered for PokerScreen models by table.games.piratenpoker.views. For the selected seat (touch its plate, or
Tab) or for the table:

    A   the selected seat is done laying its cards (as holding its button)
    the loot cards lying out: the winner's choice overboard / below deck (touch)
    the players: who gets the card overboard (touch)
    H   the winner of round 2 keeps their back-side cards (as holding the button)
    V   enter the selected seat's card by hand: a loot card turned, a card laid face down, a back-side card given
    Z   a new sticker on the selected seat's reader: choose its card, the deck learns it
        (then its colour, then the card: table.display.card_entry)
    U   undo (Y confirms, N cancels)    G   new game: back to the lobby (asks Y / N while a match is on)

The keys mean the same as in the other games' bars, or are keys they do not use (A, H).
"""

from __future__ import annotations

from table.core.frame import Phase
from table.core.text import text
from table.display.card_entry import CardEntryControls
from table.display.controls import Button, register_controls
from table.games.piratenpoker.inputs import ChooseLoot, GiveLoot, KeepLoot, PlayDone
from table.games.piratenpoker.screen import PokerScreen, PokerSeat, card_words


class PokerControls(CardEntryControls):
    def seat(self, screen: PokerScreen) -> int:
        """The selected seat if it plays (else the next one that does), else the one the table waits for."""
        playing = [view.seat for view in screen.seats]
        if self.selected is not None and playing:
            return next((seat for seat in playing if seat >= self.selected), playing[0])
        acting = next((view.seat for view in screen.seats if view.acting), None)
        return acting if acting is not None else (playing[0] if playing else 0)

    def buttons(self, screen: PokerScreen) -> list[Button]:
        if (question := self.question(screen)) is not None:
            return question
        if (picking := self.picker.buttons(screen)) is not None:
            return picking
        chosen: list[Button] = []
        view = _view(screen, self.seat(screen))
        chosen += self.picker.entry_buttons(screen, self.seat(screen))
        laying = screen.step == "laying" and screen.phase is Phase.BIDDING
        if view is not None and laying and view.in_game and view.laid and not view.done:
            chosen.append(Button(text("{name} done", name=view.label), PlayDone(view.seat), "a"))
        names = dict(zip(screen.colours, screen.colour_names, strict=True))
        if screen.step == "choose":
            for code in screen.middle:
                said = (
                    text("{card} overboard", card=card_words(code, names))
                    if screen.round == 1
                    else text("{card} below deck", card=card_words(code, names))
                )
                chosen.append(Button(said, ChooseLoot(code)))
        if screen.step == "give" and screen.pointed is not None:
            for other in screen.seats:
                given = text("{card} given to {name}", card=card_words(screen.pointed, names), name=other.label)
                chosen.append(Button(given, GiveLoot(other.seat), short=text("To {name}", name=other.label)))
        if screen.step == "gift":
            chosen.append(Button(text("no card given"), KeepLoot(), "h"))
        return [*chosen, *self.undo_and_new_game(screen)]


def _view(screen: PokerScreen, seat: int) -> PokerSeat | None:
    return next((view for view in screen.seats if view.seat == seat), None)


def register() -> None:
    register_controls(PokerScreen, PokerControls)
