"""The league's points and standings, worked by hand."""

from __future__ import annotations

from datetime import date, datetime, time

from table.venue.league import counts, day_start, period, points_for, standings
from table.venue.store import Game, PlayerResult
from table.venue.venue_config import LeagueSettings

LEAGUE = LeagueSettings(points=(10, 6, 4, 2, 1))


def game(places: dict[str, int | None], voided: bool = False, kind: str = "skull-king") -> Game:
    players = [PlayerResult(name.lower(), name, seat, place, 0) for seat, (name, place) in enumerate(places.items())]
    return Game(f"g{id(places)}", "t1", kind, {}, 0.0, 1.0, 1.0, voided, players)


def test_points_by_place_beyond_the_list_score_nothing() -> None:
    assert [points_for(place, (10, 6, 4)) for place in (1, 2, 3, 4, None)] == [10, 6, 4, 0, 0]


def test_standings_worked_by_hand() -> None:
    games = [
        game({"Anna": 1, "Ben": 2, "Cleo": 3}),  # Anna 10, Ben 6, Cleo 4
        game({"Ben": 1, "Cleo": 1, "Dan": 3}),  # a tie for first: Ben 10, Cleo 10, Dan 4
        game({"Anna": 2, "Dan": 1}),  # Anna 6, Dan 10
    ]
    table = [(s.place, s.name, s.games, s.wins, s.points) for s in standings(games, LEAGUE)]
    # Anna 16 (1 win), Ben 16 (1 win), Cleo 14 (1 win), Dan 14 (1 win): level pairs share places
    assert table == [(1, "Anna", 2, 1, 16), (1, "Ben", 2, 1, 16), (3, "Cleo", 2, 1, 14), (3, "Dan", 2, 1, 14)]


def test_wins_break_a_tie_on_points() -> None:
    games = [game({"Anna": 1, "Ben": 2}), game({"Ben": 2, "Anna": 3}), game({"Ben": 3, "Cleo": 1})]
    # Anna 10 + 4 = 14 with a win, Ben 6 + 6 + 4 = 16, Cleo 10
    league = LeagueSettings(points=(10, 6, 4))
    assert [(s.name, s.points, s.place) for s in standings(games, league)] == [
        ("Ben", 16, 1), ("Anna", 14, 2), ("Cleo", 10, 3)
    ]  # fmt: skip
    level = [game({"Anna": 1, "Ben": 3}), game({"Ben": 2, "Anna": 4})]  # both 10 points with (10,6,4,...)
    league = LeagueSettings(points=(10, 6, 4, 0))
    assert [(s.name, s.points, s.wins, s.place) for s in standings(level, league)] == [
        ("Anna", 10, 1, 1), ("Ben", 10, 0, 2)
    ]  # fmt: skip


def test_which_games_count() -> None:
    league = LeagueSettings(games=("skull-king",), min_players=3)
    assert counts(game({"A": 1, "B": 2, "C": 3}), league)
    assert not counts(game({"A": 1, "B": 2}), league)  # too few players
    assert not counts(game({"A": 1, "B": 2, "C": 3}, voided=True), league)
    assert not counts(game({"A": 1, "B": 2, "C": 3}, kind="piratenpoker"), league)
    unfinished = game({"A": 1, "B": 2, "C": None})
    assert not counts(unfinished, league)
    assert standings([game({"A": 1, "B": 2}, voided=True)], LEAGUE) == []


def test_the_evening_began_at_its_hour_today_or_yesterday() -> None:
    league = LeagueSettings(evening_starts=time(16, 0))
    assert day_start(league, datetime(2026, 11, 23, 20, 5)) == datetime(2026, 11, 23, 16, 0)
    assert day_start(league, datetime(2026, 11, 24, 1, 30)) == datetime(2026, 11, 23, 16, 0)
    assert day_start(league, datetime(2026, 11, 23, 16, 0)) == datetime(2026, 11, 23, 16, 0)
    assert period(league, datetime(2026, 11, 23, 20, 5)) == (datetime(2026, 11, 23, 16, 0), None)


def test_a_season_runs_from_its_first_morning_to_its_last_midnight() -> None:
    league = LeagueSettings(period="season", start=date(2026, 9, 1), end=date(2026, 11, 30))
    assert period(league, datetime(2026, 11, 23, 20, 5)) == (datetime(2026, 9, 1), datetime(2026, 12, 1))
