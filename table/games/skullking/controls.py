"""Skull King's bar of actions on the scoreboard: for the selected seat (touch its plate, or Tab; by itself the seat
the table waits for, or the next still to bid) and for the operator. Registered by table.games.skullking.views; the
2021 edition builds on it (table.games.skullking_2021.controls).

    0-9 bid (T: 10)    P / E  Scary Mary as Pirate / Escape    C correct a revealed bid (then 0-9)
    V enter the card the table waits for by hand (then its suit, then the card: table.display.card_entry)
    Z the unknown sticker on the seat's reader is a new sticker: choose its card, the deck learns it
    U undo (Y confirms, N cancels)    G new game (once the game is over)
"""

from __future__ import annotations

from typing import Any

from table.core import inputs
from table.core.frame import Phase, seat_label
from table.core.text import text, verbatim
from table.display.card_entry import CardPicker
from table.display.controls import BarControls, Button, Opens, bid_corrections, digit_key, undo_question
from table.games.skullking.screen import Screen

CORRECT = Opens("correct a bid")  # it opens the choice of value, it sends nothing by itself


class SkullKingControls(BarControls):
    def __init__(self) -> None:
        super().__init__()
        self.correcting = False  # the operator is choosing the corrected bid of the selected seat
        self.picker = CardPicker()  # the operator's card entered by hand

    def seat(self, screen: Screen) -> int:
        """The selected seat: the one chosen, else the one the table waits for."""
        if self.selected is not None and self.selected < len(screen.seats):
            return self.selected
        for view in screen.seats:
            if view.acting or screen.scary_mary == view.seat:
                return view.seat
        waiting = [view.seat for view in screen.seats if view.joined and not view.bid_locked]
        if screen.phase is Phase.BIDDING and waiting:
            return waiting[0]
        return 0

    def buttons(self, screen: Screen) -> list[Button]:
        seat = self.seat(screen)
        view = screen.seats[seat]
        name = seat_label(view)
        if screen.undo:
            return undo_question(screen.undo)
        picking = self.picker.buttons(screen)
        if picking is not None:
            return picking
        revealed = screen.phase in (Phase.PLAYING, Phase.LIFTING) and view.bid is not None
        if self.correcting and revealed:
            return bid_corrections(seat, name, screen.round)
        chosen: list[Button] = []
        if screen.phase is Phase.BIDDING and view.joined and not view.bid_locked:
            for value in range(screen.round + 1):
                chosen.append(
                    Button(
                        verbatim(str(value)) if value else text("{name} bids 0", name=name),
                        inputs.ChooseBid(seat, value),
                        digit_key(value),
                    )
                )
        elif screen.phase is Phase.PLAYING and screen.scary_mary == seat:
            chosen.append(Button(text("Scary Mary: Pirate"), inputs.ChooseScaryMary(seat, True), "p"))
            chosen.append(Button(text("Escape"), inputs.ChooseScaryMary(seat, False), "e"))
        elif screen.phase is Phase.GAME_OVER:
            chosen.append(Button(text("New game"), inputs.NewGame(), "g"))
        chosen += self.picker.entry_buttons(screen, seat)
        if revealed and screen.scary_mary is None:
            chosen.append(Button(text("Correct {name}'s bid", name=name), CORRECT, "c", text("Correct the bid")))
        chosen.append(Button(text("Undo"), inputs.Undo(), "u"))
        return chosen

    def open(self, button: Button) -> list[Any]:
        if not self.picker.open(button.action):
            self.correcting = True  # the correction button only opens the choice of value
        return []

    def choosing(self) -> bool:
        return self.picker.choosing()

    def cancel(self) -> None:
        self.correcting = False
        self.picker.cancel()

    def extra_state(self) -> tuple[object, ...]:
        return (self.correcting, self.picker.choice)
