"""The seat hub's link and the seats' card readers, for the flows whose players use the readers: the lobby (a tag
laid joins a seat) and the card games.

While the hub link is lost every LED shows AMBER_LONG_BLINK and the table waits; a reader that is down shows
AMBER_LONG_BLINK at its seat only, and what lay on it can no longer be seen. These are facts of the table
(`TableState`), so a game started while a reader is down knows it. Combine as `class Flow(SeatReaders, ..., GameOn)`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from table.core.effects import LedPattern
from table.core.inputs import LinkLost, LinkRestored, ReaderDown, ReaderUp
from table.core.text import text

if TYPE_CHECKING:
    from table.core.flow import TableFlow as _Flow
else:
    _Flow = object


class SeatReaders(_Flow):
    HAND_ENTRY: ClassVar[bool] = False  # the operator may enter this game's cards by hand (inputs.CardEntered)

    def _common_input(self, event: object) -> bool:
        match event:
            case LinkLost():
                self._link_lost(event.reason)
            case LinkRestored():
                self._link_restored()
            case ReaderDown():
                self._reader_down(event.seat, event.reason)
            case ReaderUp():
                self._reader_up(event.seat)
            case _:
                return super()._common_input(event)
        return True

    def _readers_changed(self) -> None:
        """A reader went down (what lay on it is gone): a flow waiting for clear readers may go on."""

    def _link_lost(self, reason: str) -> None:
        self.link_lost = reason
        said = text("The seat hub is unreachable ({reason}): the game waits until it is back", reason=reason)
        self._say(said, error=True)

    def _link_restored(self) -> None:
        if self.link_lost is not None:
            self.link_lost = None
            self._say(text("The seat hub is back: carry on"))

    def _reader_down(self, seat: int, reason: str) -> None:
        if not self._seat_exists(seat):
            return
        self.readers_down[seat] = reason
        self.on_reader.pop(seat, None)  # what lies there can no longer be seen
        self._readers_changed()
        said = text("{name}'s card reader is down ({reason})", name=self._name(seat), reason=reason)
        self._say(said, seat, error=True)
        if self.HAND_ENTRY and seat in self._playing_seats():
            self._say(text("{name}: the operator enters your cards on the screen", name=self._name(seat)), seat)

    def _reader_up(self, seat: int) -> None:
        if self._seat_exists(seat) and self.readers_down.pop(seat, None) is not None:
            self._say(text("{name}'s card reader works again", name=self._name(seat)), seat)

    def _refuse_for_link(self, seat: int) -> None:
        self._refuse(text("The game waits for the seat hub to come back"), seat)

    def _standing_light(self, seat: int) -> LedPattern:
        if self.link_lost is not None or seat in self.readers_down:
            return LedPattern.AMBER_LONG_BLINK
        return super()._standing_light(seat)
