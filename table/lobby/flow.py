"""The table's lobby: players take seats, name them, choose the language and the game, and start it.

`LobbyFlow(table, games)` is a flow like a game's (table.core.flow): `handle(event)` gives effects,
`screen()` its own screen model (table.lobby.model). It knows no game's rules, only the catalog's entries
(name, short name, how many players).

- A free seat joins by laying any tag on its reader (even an unknown one) or pressing any of its buttons. A player
  badge (`code` "badge:<name>") joins and names the seat, or renames a seat that joined; the table remembers that
  name as a badge's (TableState.name_from_badge). A badge that names no one is refused (table.core.flow).
  JoinSeat and LeaveSeat do the same from the screen; SetName names a seat at any time.
- ChooseGame picks the game; ChooseLanguage the table's language (both settings of the table, kept after games).
- StartGame needs the chosen game's least number of players, and no more than its most; the seats that joined play,
  clockwise. It hands the table to the game (SwitchGame): the game's flow begins its first round at once.
- Undo takes back a join or a leave. Names, the language and the game chosen are the table's, not actions: a seat
  that leaves keeps its name for when it joins again, but the screen shows a free seat as "Seat 3", never an old
  name.
- While the hub link is lost, tags and buttons are refused (table.core.readers).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from table.core.effects import SwitchGame
from table.core.flow import TableFlow, copy_state
from table.core.frame import Phase
from table.core.inputs import (
    BADGE_PREFIX,
    CardLaid,
    CardLifted,
    ChooseGame,
    JoinSeat,
    LeaveSeat,
    NewGame,
    Press,
    StartGame,
)
from table.core.readers import SeatReaders
from table.core.table_state import TableState
from table.core.text import Text, plural, text
from table.lobby.model import GameChoice, LobbyScreen, LobbySeat

if TYPE_CHECKING:
    from table.core.catalog import GameEntry


@dataclass
class _Lobby:
    """The undoable state of the lobby: who has joined."""

    phase: Phase = Phase.LOBBY
    players: list[int] = field(default_factory=list)  # seats that joined, clockwise

    def copy(self) -> _Lobby:
        return copy_state(self)


class LobbyFlow(SeatReaders, TableFlow):
    def __init__(self, table: TableState, games: Sequence[GameEntry]) -> None:
        self._init_shell(table)
        self.games = {entry.key: entry for entry in games}
        if table.chosen_game not in self.games:
            raise ValueError(f"the game chosen is one of {', '.join(self.games)}, not {table.chosen_game!r}")
        self.state = _Lobby()
        self._update_lights()  # the standing patterns, for resume_effects

    def _dispatch(self, event: object) -> None:
        match event:
            case CardLaid():
                self._card_laid(event.seat, event.uid, event.code)
            case CardLifted():
                if self._seat_exists(event.seat):
                    self.on_reader.pop(event.seat, None)
            case Press():
                self._press(event.seat, event.key)
            case JoinSeat():
                self._join_seat(event.seat, event.name)
            case LeaveSeat():
                self._leave_seat(event.seat)
            case StartGame():
                self._start_game()
            case ChooseGame():
                self._choose_game(event.game)
            case NewGame():
                self._say(text("This is the lobby: take your seats and start the game from the screen"))
            case _:
                self._refuse(text("No game is on: take your seats and start the game from the screen"))

    # --- Seats ----------------------------------------------------------------------------------------------------

    def _join(self, seat: int) -> None:
        self._checkpoint(text("{name} joining", name=self._name(seat)))
        self.state.players = sorted({*self.state.players, seat})

    def _join_seat(self, seat: int, name: str) -> None:
        if not self._seat_exists(seat):
            return
        if seat not in self.state.players:
            self._join(seat)
        if name.strip():
            self._set_name(seat, name)

    def _leave_seat(self, seat: int) -> None:
        if not self._seat_exists(seat):
            return
        if seat not in self.state.players:
            self._refuse(text("{name} can leave only a seat taken in the lobby", name=self._name(seat)), seat)
            return
        self._checkpoint(text("{name} leaving", name=self._name(seat)))
        self.state.players.remove(seat)

    def _card_laid(self, seat: int, uid: str, code: str | None) -> None:
        """Any tag joins its seat; a badge also names it."""
        if not self._seat_exists(seat) or self.on_reader.get(seat) == uid:
            return  # the same tag reported again: nothing happened
        self.on_reader[seat] = uid
        if self.link_lost is not None:
            self._refuse_for_link(seat)
            return
        badge = code is not None and code.startswith(BADGE_PREFIX)
        if seat not in self.state.players:
            self._join(seat)
        elif not badge:
            self._say(text("{name} is in; the game starts from the screen", name=self._name(seat)), seat)
        if code is not None and badge:
            self._set_name(seat, code.removeprefix(BADGE_PREFIX), badge=True)

    def _press(self, seat: int, key: str) -> None:
        if not self._known_button(seat, key):
            return
        if self.link_lost is not None:
            self._refuse_for_link(seat)
        elif seat in self.state.players:
            self._say(text("{name} is in; the game starts from the screen", name=self._name(seat)), seat)
        else:
            self._join(seat)

    # --- The game and the language ----------------------------------------------------------------------------------

    def _start_game(self) -> None:
        chosen = self.games[self.table.chosen_game]
        joined = len(self.state.players)
        if joined < chosen.min_players:
            self._refuse(
                text(
                    "{game} needs at least {count} players: lay a card or press a button to join",
                    game=chosen.name,
                    count=chosen.min_players,
                )
            )
        elif joined > chosen.max_players:
            self._refuse(
                text(
                    "{game} is played by at most {count} players: someone leaves first",
                    game=chosen.name,
                    count=chosen.max_players,
                )
            )
        else:
            self._effects.append(SwitchGame(chosen.key, tuple(self.state.players)))

    def _choose_game(self, game: str) -> None:
        if game not in self.games:
            self._refuse(text("The table does not know the game '{game}'", game=game))
        else:
            self.table.chosen_game = game  # a setting of the table, like the names: undo leaves it alone

    # --- What the shell asks --------------------------------------------------------------------------------------

    def _playing_seats(self) -> Sequence[int]:
        return self.state.players

    def _acting_seat(self) -> int | None:
        return None

    def _totals(self) -> dict[int, int]:
        return {}

    def screen(self) -> LobbyScreen:
        chosen = self.games[self.table.chosen_game]
        return LobbyScreen(
            title=text("{game}: take your seats", game=chosen.name),
            prompt=self._prompt(chosen),
            seats=tuple(self._seat_view(seat) for seat in range(self.seats)),
            players=tuple(self.state.players),
            game=chosen.key,
            games=tuple(GameChoice(entry.key, entry.name, entry.short_name) for entry in self.games.values()),
            messages=tuple(self.notes),
            link_lost=self.link_lost,
            undo=self._undo_question(),
            language=self.language,
        )

    def _prompt(self, chosen: GameEntry) -> Text:
        if self.link_lost is not None:
            return text("The seat hub is disconnected: the game waits until it is back")
        joined = len(self.state.players)
        # Translators: the count that picks the form is {joined}, the players who joined so far
        return plural(
            "Lay a card or press your button to join ({joined} joined); "
            "start the game on the screen once {count} or more have joined",
            "Lay a card or press your button to join ({joined} joined); "
            "start the game on the screen once {count} or more have joined",
            joined,
            joined=joined,
            count=chosen.min_players,
        )

    def _seat_view(self, seat: int) -> LobbySeat:
        joined = seat in self.state.players
        # A free seat is "Seat 3": the name of whoever sat there is the table's still, and comes back if the seat
        # joins again (the leave undone, the player back), but the screen never puts it on an empty seat.
        name = self._name(seat) if joined else text("Seat {number}", number=seat + 1)
        return LobbySeat(seat=seat, name=str(name), label=name, joined=joined, reader_ok=seat not in self.readers_down)
