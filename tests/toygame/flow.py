"""High Card at the table: a flow on the base every game's flow has (GameOn, with SeatReaders for the readers)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from table.core.effects import Sound
from table.core.flow import GameOn, Judging, copy_state
from table.core.frame import JudgedPlay, Phase
from table.core.inputs import CardLaid, CardLifted
from table.core.readers import SeatReaders
from table.core.table_state import TableState
from table.core.text import verbatim
from tests.toygame import rules
from tests.toygame.inputs import Pass
from tests.toygame.screen import HighCardScreen


@dataclass
class _Game(Judging):
    phase: Phase = Phase.PLAYING
    round: int = 1
    laid: list[str | None] = field(default_factory=list)
    points: dict[int, int] = field(default_factory=dict)

    def copy(self) -> _Game:
        return copy_state(self)


class HighCardFlow(SeatReaders, GameOn):
    def __init__(self, table: TableState, players: Sequence[int]) -> None:
        self._init_shell(table)
        self.players = list(players)
        self.state = _Game(points=dict.fromkeys(players, 0))
        self._started()  # undo can take the start back
        self._update_lights()

    def _dispatch(self, event: object) -> None:
        match event:
            case CardLaid(seat, uid, code):
                if self._seat_exists(seat) and self.on_reader.get(seat) != uid:
                    self.on_reader[seat] = uid
                    self._lay(seat, code)
            case CardLifted(seat):
                self.on_reader.pop(seat, None)
            case Pass(seat):
                self._lay(seat, None)
            case _:
                self._unknown_input(event)

    def _lay(self, seat: int, code: str | None) -> None:
        game = self.state
        if game.phase is not Phase.PLAYING or seat != self._acting_seat():
            self._refuse(verbatim("Not your turn"), seat)
            return
        if code is not None and code not in rules.DECK:
            self._refuse(verbatim("Not a star card"), seat)
            return
        self._checkpoint(verbatim(f"seat {seat + 1}'s card"))
        if not game.laid:
            self._next_unit_started()
        game.laid.append(code)
        if len(game.laid) == len(self.players):
            winner = rules.round_winner(game.laid)
            if winner is not None:
                game.points[self.players[winner]] += 1
            seat_won = None if winner is None else self.players[winner]
            why = verbatim("Everybody passed") if winner is None else verbatim(f"Highest card: {game.laid[winner]}")
            laid = zip(self.players, game.laid, strict=True)
            plays = [JudgedPlay(at, self._name(at), verbatim(card or "pass")) for at, card in laid]
            shown = (verbatim("Last round"), verbatim(f"Round {game.round}"))
            self._judged((game.round, 1), seat_won, why, shown, plays)
            game.laid = []
            game.round += 1
            if game.round > rules.ROUNDS:
                game.phase = Phase.GAME_OVER
                self._effects.append(Sound("game_over"))

    def _playing_seats(self) -> Sequence[int]:
        return self.players

    def _acting_seat(self) -> int | None:
        if self.state.phase is not Phase.PLAYING:
            return None
        return self.players[len(self.state.laid)]

    def _totals(self) -> dict[int, int]:
        return dict(self.state.points)

    def screen(self) -> HighCardScreen:
        game = self.state
        return HighCardScreen(
            game.phase,
            game.round,
            tuple(self.players),
            tuple(game.laid),
            tuple(game.points[seat] for seat in self.players),
            tuple(self.notes),
            self._undo_question(),
            self.link_lost,
            self.language,
            **self._why_fields(),
            names=tuple(str(self._name(seat)) for seat in self.players),
        )
