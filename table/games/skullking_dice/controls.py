"""The dice game's bar of actions on the scoreboard: the operator's fixes and the seats' actions, by touch or key.

Registered for DiceScreen models (table.display.controls.register_controls) by `register_dice_screens()`. The bar
offers what can be done now, for the selected seat (touch its plate, or Tab) or for the table:

    0-9 bid (while bidding, for the selected seat)
    A   keep the read the table doubts (the selected seat's die; as holding its button)
    D   correct a die: choose the die in the trick (1-6), then its kind (1-7 in the bar's order: black, blue, red,
        yellow, Skull King, Pirate, Mermaid), then its face (the number, S skull, F flag). While a thrower's die is
        missing (the camera cannot see it, or it rolled off the tray) the choice offers to enter that die.
    X   the tray is empty (when the camera did not see the dice taken out; offered while the table waits for it)
    C   then 0-9: correct a revealed bid
    U   undo (Y confirms, N cancels)
    G   new game: back to the lobby (asks Y / N while a game is on)
    Esc closes a choice that is open (else it quits, as in the card game)

The keys mean the same as in the card game's bar, or are keys the card game does not use (D, A, X).
"""

from __future__ import annotations

from typing import Any

from table.core import inputs
from table.core.frame import Phase, seat_label
from table.core.text import text, verbatim
from table.display.controls import (
    BarControls,
    Button,
    Opens,
    bid_corrections,
    digit_key,
    register_controls,
    undo_question,
)
from table.games.skullking_dice.art import DIE_KINDS
from table.games.skullking_dice.inputs import CorrectDie, TrayEmptied
from table.games.skullking_dice.screen import DiceScreen, DieFace

FACE_KEYS = {"skull": "s", "flag": "f"}  # numerals are their own keys

DIE, KIND, FACE, BID, NEW, BACK = "die", "kind", "face", "bid", "new", "back"


def faces_of(kind: str, screen: DiceScreen) -> tuple[DieFace, ...]:
    """The faces a die of `kind` can show in this printing, each once and in words, in the order the flow gives."""
    return next((known.faces for known in screen.kinds if known.kind == kind), ())


class DiceControls(BarControls):
    def __init__(self) -> None:
        super().__init__()
        self.choice: tuple[Any, ...] | None = None  # (DIE,), (KIND, seat), (FACE, seat, kind), (BID,), (NEW,)

    # --- The selected seat and the choices -------------------------------------------------------------------

    def seat(self, screen: DiceScreen) -> int:
        if self.selected is not None and self.selected < len(screen.seats):
            return self.selected
        if screen.phase is Phase.BIDDING:
            waiting = [view.seat for view in screen.seats if view.joined and not view.bid_locked]
            if waiting:
                return waiting[0]
        return super().seat(screen)

    def open(self, button: Button) -> list[Any]:
        opens: Opens = button.action
        self.choice = None if opens.what == BACK else (opens.what, *(opens.detail or ()))
        return []

    def choosing(self) -> bool:
        return self.choice is not None

    def cancel(self) -> None:
        self.choice = None

    def extra_state(self) -> tuple[object, ...]:
        return (self.choice,)

    # --- What the bar offers -----------------------------------------------------------------------------------

    def buttons(self, screen: DiceScreen) -> list[Button]:
        if screen.undo:
            return undo_question(screen.undo)
        back = Button(text("Back"), Opens(BACK), "")
        match self.choice:
            case ("die",):
                return [*self._dice(screen), back]
            case ("kind", seat):
                return [*self._kinds(screen, seat), back]
            case ("face", seat, kind):
                return [*self._faces(screen, seat, kind), back]
            case ("bid",):
                return [*self._bids(screen), back]
            case ("new",):
                return [
                    Button(text("Yes: end this game and go back to the lobby"), inputs.NewGame(), "y"),
                    Button(text("No"), Opens(BACK), "n"),
                ]
        return self._main(screen)

    def _main(self, screen: DiceScreen) -> list[Button]:
        seat = self.seat(screen)
        view = screen.seats[seat]
        name = seat_label(view)
        chosen: list[Button] = []
        if screen.phase is Phase.BIDDING and view.joined and not view.bid_locked:
            for value in range(screen.round + 1):
                said = verbatim(str(value)) if value else text("{name} bids 0", name=name)
                chosen.append(Button(said, inputs.ChooseBid(seat, value), digit_key(value)))
        mine = next((die for die in screen.trick.dice if die.seat == seat), None) if screen.trick else None
        if screen.phase is Phase.PLAYING and mine is not None and mine.doubt is not None:
            chosen.append(Button(text("{name}: keep the read", name=name), inputs.Press(seat, inputs.HOLD), "a"))
        if self._dice(screen):
            chosen.append(Button(text("Correct a die"), Opens(DIE), "d"))
        if self._tray_to_empty(screen):
            chosen.append(Button(text("The tray is empty"), TrayEmptied(), "x"))
        if self._bid_correctable(screen, seat):
            chosen.append(Button(text("Correct {name}'s bid", name=name), Opens(BID), "c", text("Correct the bid")))
        chosen.append(Button(text("Undo"), inputs.Undo(), "u"))
        if screen.phase is Phase.GAME_OVER:
            chosen.append(Button(text("New game"), inputs.NewGame(), "g"))
        else:
            chosen.append(Button(text("New game"), Opens(NEW), "g"))
        return chosen

    @staticmethod
    def _tray_to_empty(screen: DiceScreen) -> bool:
        """The table waits for an empty tray (after a judged trick, or with extra dice in it) and dice lie there,
        as far as the table knows: the operator may say the camera missed them being taken out."""
        dice = screen.trick.dice if screen.trick is not None else ()
        lying = bool(screen.loose) or any(die.order is not None for die in dice)
        return lying and (screen.phase is Phase.LIFTING or (screen.phase is Phase.PLAYING and bool(screen.loose)))

    @staticmethod
    def _bid_correctable(screen: DiceScreen, seat: int) -> bool:
        """A revealed bid, before its round is scored (the flow refuses a correction after that)."""
        view = screen.seats[seat]
        if view.bid is None or screen.phase not in (Phase.PLAYING, Phase.LIFTING):
            return False
        scored = screen.phase is Phase.LIFTING and screen.trick is not None and screen.trick.number == screen.round
        return not scored

    def _dice(self, screen: DiceScreen) -> list[Button]:
        """The dice of the trick on view, to correct; and the die of the thrower the camera has not seen."""
        if screen.trick is None or screen.phase not in (Phase.PLAYING, Phase.LIFTING, Phase.GAME_OVER):
            return []
        names = {view.seat: seat_label(view) for view in screen.seats}
        chosen = [
            Button(text("{name}'s die: {die}", name=names[die.seat], die=said), Opens(KIND, (die.seat,)), str(n + 1))
            for n, (die, said) in enumerate(zip(screen.trick.dice, screen.trick.said, strict=True))
        ]
        acting = next((view.seat for view in screen.seats if view.acting), None)
        if screen.phase is Phase.PLAYING and acting is not None and all(d.seat != acting for d in screen.trick.dice):
            chosen.append(
                Button(text("Enter {name}'s die", name=names[acting]), Opens(KIND, (acting,)), str(len(chosen) + 1))
            )
        return chosen

    def _kinds(self, screen: DiceScreen, seat: int) -> list[Button]:
        names = {known.kind: known.name for known in screen.kinds}
        # By name alone: a letter would stay English in every language ("noir (K)"); the keys are 1-7 in order.
        return [
            Button(names.get(kind, verbatim(kind)), Opens(FACE, (seat, kind)), str(n))
            for n, kind in enumerate(DIE_KINDS, start=1)
        ]

    def _faces(self, screen: DiceScreen, seat: int, kind: str) -> list[Button]:
        name = seat_label(screen.seats[seat])
        return [
            Button(
                text("{name}'s die: {die}", name=name, die=face.said),
                CorrectDie(seat, kind, face.face),
                FACE_KEYS.get(face.face, face.face),
            )
            for face in faces_of(kind, screen)
        ]

    def _bids(self, screen: DiceScreen) -> list[Button]:
        seat = self.seat(screen)
        return bid_corrections(seat, seat_label(screen.seats[seat]), screen.round)


def register() -> None:
    register_controls(DiceScreen, DiceControls)
