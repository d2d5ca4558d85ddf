"""Secret bids on the seat buttons, the YO-HO-HO reveal and the bid correction: the same in every Skull King game.

Round r: a seat's tentative bid starts at 0; tap/plus adds one and minus takes one away, wrapping between 0 and r;
each change is flashed back to that seat only (SeatCount), never shown on the screen. Hold/ok locks the bid; hold/ok
again reopens it until every bid is locked. A tap or plus/minus at a locked seat flashes the locked bid again (a
private reminder) and changes nothing. Every bid locked: the countdown (`TableFlow.handle` starts it), and
CountdownDone reveals every bid at once; a CountdownDone outside the countdown is a stale timer, quietly ignored.
After the reveal the operator may correct a bid until the round is scored.

`SecretBids` is mixed into a flow with `TableFlow`; the flow's state keeps `tentative` (seat -> the secret count)
and `bids` (seat -> locked bid), so undo takes bids back with the rest of the game, and says which round it is
(`_bid_round`).

The seat lights of a game of bids and tricks are here too: BLUE_DOUBLE_BLINK until a seat's bid is locked, then steady
until the reveal; while a judged trick is cleared away, GOLD_FLICKER at its winner (`_trick_winner`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from table.core.effects import LedPattern, SeatCount
from table.core.frame import Phase, PrivateView
from table.core.inputs import HOLD, MINUS, OK
from table.core.text import text

if TYPE_CHECKING:
    from table.core.flow import TableFlow as _Flow
else:
    _Flow = object


class SecretBids(_Flow):
    """The bidding part of a flow; combine as `class Flow(SecretBids, GameOn)`."""

    def _bid_round(self) -> int:
        """The round's number r: a bid is 0 to r tricks."""
        raise NotImplementedError

    def _trick_winner(self) -> int:
        """While the judged trick's cards or dice are cleared away: the seat that won it."""
        raise NotImplementedError

    def private(self, seat: int) -> PrivateView:
        """Before the reveal a seat's bid is its own secret: the count so far, or the bid locked."""
        game = self.state
        if game.phase in (Phase.BIDDING, Phase.COUNTDOWN) and seat in self._playing_seats():
            return PrivateView(seat, bid=game.bids.get(seat, game.tentative.get(seat)))
        return super().private(seat)

    def _standing_light(self, seat: int) -> LedPattern:
        if seat in self._playing_seats():
            match self.state.phase:
                case Phase.COUNTDOWN:
                    return LedPattern.BLUE_STEADY
                case Phase.BIDDING:
                    return LedPattern.BLUE_STEADY if seat in self.state.bids else LedPattern.BLUE_DOUBLE_BLINK
                case Phase.LIFTING:
                    return LedPattern.GOLD_FLICKER if self._trick_winner() == seat else LedPattern.DARK
        return super()._standing_light(seat)

    def _bid_button(self, seat: int, key: str) -> None:
        """A seat button while bidding: count (wrapping 0..r), lock, or reopen the seat's bid."""
        game = self.state
        if key in (OK, HOLD):
            if seat in game.bids:
                self._checkpoint(text("{name} reopening the bid", name=self._name(seat)))
                game.tentative[seat] = game.bids.pop(seat)
                self._effects.append(SeatCount(seat, game.tentative[seat]))
            else:
                self._lock_bid(seat, game.tentative[seat])
            return
        if seat in game.bids:
            self._effects.append(SeatCount(seat, game.bids[seat]))  # a private reminder of the locked bid
            return
        step = -1 if key == MINUS else 1
        game.tentative[seat] = (game.tentative[seat] + step) % (self._bid_round() + 1)
        self._effects.append(SeatCount(seat, game.tentative[seat]))

    def _bid_press(self, seat: int, key: str) -> None:
        """A playing seat's button while bidding (count, lock, reopen) or during the countdown (too late)."""
        if self.state.phase is Phase.COUNTDOWN:
            self._refuse(text("Every bid is locked: YO-HO-HO!"), seat)
        else:
            self._bid_button(seat, key)

    def _lock_bid(self, seat: int, value: int) -> None:
        """Lock `seat`'s bid; the last bid locked starts the countdown."""
        game = self.state
        self._checkpoint(text("{name}'s bid", name=self._name(seat)))
        game.bids[seat] = value
        game.tentative[seat] = value
        if len(game.bids) == len(self._playing_seats()):
            game.phase = Phase.COUNTDOWN  # `handle` starts the countdown

    def _countdown_done(self) -> None:
        """YO-HO-HO: every bid is revealed at once."""
        if self.state.phase is not Phase.COUNTDOWN:
            return  # a stale timer: the countdown was cancelled
        self.state.phase = Phase.PLAYING
        self.notes = []

    def _bid_in_range(self, seat: int, value: int) -> bool:
        number = self._bid_round()
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= number:
            self._refuse(
                text("In round {round} a bid is 0 to {round} tricks, not {value}", round=number, value=repr(value)),
                seat,
            )
            return False
        return True

    def _change_bid(self, seat: int, value: int) -> None:
        """The operator corrects a revealed bid (the game has checked that it may be corrected now)."""
        if not self._bid_in_range(seat, value):
            return
        game = self.state
        old = game.bids[seat]
        self._checkpoint(text("the correction of {name}'s bid", name=self._name(seat)))
        game.bids[seat] = value
        self._say(text("{name}'s bid corrected from {old} to {new}", name=self._name(seat), old=old, new=value), seat)
