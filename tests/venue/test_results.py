"""What the table publishes from what the app sees: starts, tricks, rounds and the end, read from any game's screen."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

from table.core.effects import LOBBY, Judged, Light, RoundOver, Sound, SwitchGame
from table.core.frame import Phase, Placing, ScoreCell, ScoreRow, SeatView
from table.core.table_state import TableState
from table.core.text import text, verbatim
from table.games.flying_hollander.screen import HollanderSeat
from table.games.piratenpoker.screen import FinalView, PokerSeat
from table.venue.results import in_languages, ranking_of, results
from tests.toygame.screen import HighCardScreen


def _table(names: list[str | None], badges: set[int] = frozenset()) -> TableState:
    table = TableState(len(names), names=names)
    table.name_from_badge = [seat in badges for seat in range(len(names))]  # as a badge laid on the seat marks it
    return table


def _session(table: TableState, screen: Any = None) -> Any:
    return SimpleNamespace(table=table, screen=lambda: screen)


@dataclass(frozen=True)
class PadScreen:
    """The score pad part every card and dice game's screen shares."""

    phase: Phase
    players: tuple[int, ...]
    score_pad: tuple[ScoreRow, ...]
    ranking: tuple[Placing, ...] = ()
    seats: tuple[Any, ...] = ()
    title: Any = field(default_factory=lambda: text("Round {round}", round=2))


def _row(number: int, *cells: tuple[int, int]) -> ScoreRow:
    return ScoreRow(number, 0, tuple(ScoreCell(0, 0, 0, points, total) for points, total in cells))


def test_words_are_given_in_the_five_languages() -> None:
    said = in_languages(text("{suit}:{number}", suit=text("yellow"), number=7))
    assert said == {"en": "yellow:7", "de": "Gelb 7", "fr": said["fr"], "nl": said["nl"], "it": said["it"]}
    assert len(set(said.values())) >= 3  # really translated, not English five times
    assert in_languages(verbatim("Anna"))["it"] == "Anna"


def test_a_game_s_start_names_its_players_and_their_badges() -> None:
    table = _table(["Anna", None, "Ben "], badges={2})
    (started,) = results([], [SwitchGame("skullking-dice", (0, 1, 2))], _session(table))
    assert started.kind == "game_started"
    assert started.data["game"] == "skullking-dice"
    assert started.data["game_name"]["en"] == "Skull King: the dice game"
    assert started.data["game_name"]["de"] == "Skull King: das Würfelspiel"
    assert started.data["players"] == [
        {"seat": 0, "name": "Anna", "badge": False},
        {"seat": 1, "name": "Seat 2", "badge": False},
        {"seat": 2, "name": "Ben ", "badge": True},
    ]


def test_the_lobby_and_undoing_publish_nothing() -> None:
    session = _session(_table(["Anna", "Ben"]))
    switches = [SwitchGame(LOBBY, (0, 1)), SwitchGame(LOBBY, (0, 1), back=True), SwitchGame("skullking", (0, 1), True)]
    assert results([Light(0, "DARK"), Sound("error")], switches, session) == []


def test_a_judged_trick_says_who_took_it_and_why() -> None:
    session = _session(_table(["Anna", "Ben"]))
    why = text("{suit}:{number}", suit=text("yellow"), number=14)
    (taken, nobody) = results([Judged(3, 2, 1, why), Judged(3, 3, None, verbatim("—"))], [], session)
    assert taken.kind == "trick"
    assert taken.data == {"round": 3, "number": 2, "winner_seat": 1, "winner": "Ben", "why": in_languages(why)}
    assert (nobody.data["winner_seat"], nobody.data["winner"]) == (None, None)


def test_a_round_of_a_score_pad_game_gives_each_player_s_points_and_total() -> None:
    screen = PadScreen(Phase.BIDDING, (2, 0), (_row(1, (20, 20), (-10, -10)), _row(2, (30, 50), (0, -10))))
    (scored,) = results([RoundOver(2)], [], _session(_table(["Anna", "Ben", "Cleo"]), screen))
    assert scored.data == {
        "round": 2,
        "scores": [
            {"seat": 2, "name": "Cleo", "points": 30, "total": 50},
            {"seat": 0, "name": "Anna", "points": 0, "total": -10},
        ],
    }


def test_the_last_round_also_ends_the_game_with_the_ranking_and_the_final_score_pad() -> None:
    ranking = (Placing(1, 2, "Cleo", 50), Placing(2, 0, "Anna", -10))
    screen = PadScreen(Phase.GAME_OVER, (2, 0), (_row(1, (50, 50), (-10, -10)),), ranking)
    scored, over = results([Sound("game_over"), RoundOver(1)], [], _session(_table(["Anna", "Ben", "Cleo"]), screen))
    assert (scored.kind, over.kind) == ("round", "game_over")
    assert over.data["ranking"] == [
        {"place": 1, "seat": 2, "name": "Cleo", "total": 50},
        {"place": 2, "seat": 0, "name": "Anna", "total": -10},
    ]
    pad = over.data["score_pad"]
    assert pad["phase"] == "game_over" and pad["title"] == "Round 2" and pad["score_pad"][0]["cells"][0]["total"]


def test_piratenpoker_counts_its_loot_score_and_its_finals_rank() -> None:
    def seat(number: int, score: int) -> PokerSeat:
        return PokerSeat(number, verbatim("x"), True, True, True, 0, False, 0, None, 9, False, False, (), score)

    table = _table(["Anna", "Ben"])
    playing = SimpleNamespace(phase=Phase.PLAYING, seats=(seat(0, 12), seat(1, 30)))
    (scored,) = results([RoundOver(1)], [], _session(table, playing))
    assert [(s["seat"], s["points"], s["total"]) for s in scored.data["scores"]] == [(0, None, 12), (1, None, 30)]
    finals = (
        FinalView(1, verbatim("Ben"), 1, 0, 0, 0, 0, 41, ()),
        FinalView(0, verbatim("Anna"), 2, 0, 0, 0, 0, 20, ()),
    )
    assert ranking_of(SimpleNamespace(finals=finals), table) == [
        {"place": 1, "seat": 1, "name": "Ben", "total": 41},
        {"place": 2, "seat": 0, "name": "Anna", "total": 20},
    ]


def test_the_flying_hollander_s_seats_give_the_totals() -> None:
    def seat(number: int, joined: bool, total: int) -> HollanderSeat:
        return HollanderSeat(number, "", None, joined, True, False, 0, 0, 0, "out", verbatim(""), None, total=total)

    screen = SimpleNamespace(
        phase=Phase.PLAYING, players=(0, 2), seats=(seat(0, True, 2), seat(1, False, 0), seat(2, True, 0))
    )
    (scored,) = results([RoundOver(1)], [], _session(_table(["A", "B", "C"]), screen))
    assert [(s["seat"], s["total"]) for s in scored.data["scores"]] == [(0, 2), (2, 0)]


def test_a_game_with_only_points_is_ranked_from_them_equal_totals_sharing_a_place() -> None:
    screen = HighCardScreen(Phase.GAME_OVER, 4, (0, 1, 2), (), (2, 0, 2), (), None, None, "en")
    scored, over = results([RoundOver(3)], [], _session(_table(["Anna", "Ben", "Cleo"]), screen))
    assert [(s["seat"], s["total"]) for s in scored.data["scores"]] == [(0, 2), (1, 0), (2, 2)]
    assert [(p["place"], p["name"]) for p in over.data["ranking"]] == [(1, "Anna"), (1, "Cleo"), (3, "Ben")]
    assert over.data["score_pad"]["points"] == [2, 0, 2]


def test_a_card_game_s_seat_views_give_totals_when_no_round_row_is_there() -> None:
    def seat(number: int, total: int) -> SeatView:
        return SeatView(number, "", True, True, False, False, False, None, 0, total)

    screen = PadScreen(Phase.PLAYING, (0, 1), (), seats=(seat(0, 5), seat(1, 7)))
    (scored,) = results([RoundOver(1)], [], _session(_table(["A", "B"]), screen))
    assert [(s["seat"], s["points"], s["total"]) for s in scored.data["scores"]] == [(0, None, 5), (1, None, 7)]
