"""The league: which games count and the standings they make (pure functions of the games and the settings).

- The period: "evening" is every game that ended since the last `evening_starts` (16:00 by default, local time;
  at 01:00 the evening that began yesterday at 16:00 is still on); "season" is every game that ended from the
  start date's morning to the end date's midnight, both days counted.
- A game counts when it ended, is not voided, is one of `games` (every game when that list is empty) and had at
  least `min_players` players.
- Points by place: `points[place - 1]` (places beyond the list score 0). Tied players share a place (the table
  ranks 1, 1, 3), and so each scores that shared, higher place's points; the next place is skipped as usual.
  A win is a first place (a shared first place is a win for each).
- Standings: by points, then wins; players level on both share a place. Fewer games breaks no tie: a league
  rewards playing.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from table.venue.store import Game
from table.venue.venue_config import LeagueSettings


@dataclass(frozen=True)
class Standing:
    place: int
    key: str
    name: str
    games: int
    wins: int
    points: int


def day_start(league: LeagueSettings, now: datetime) -> datetime:
    """When the current evening began: the last `evening_starts` at or before `now` (local, naive)."""
    start = datetime.combine(now.date(), league.evening_starts)
    return start if start <= now else start - timedelta(days=1)


def period(league: LeagueSettings, now: datetime) -> tuple[datetime, datetime | None]:
    """The league's period as [from, until) in local time; until None = still open."""
    if league.period == "season" and league.start is not None and league.end is not None:
        return datetime.combine(league.start, datetime.min.time()), datetime.combine(
            league.end + timedelta(days=1), datetime.min.time()
        )
    return day_start(league, now), None


def points_for(place: int | None, points: tuple[int, ...]) -> int:
    if place is None or place < 1 or place > len(points):
        return 0
    return points[place - 1]


def counts(game: Game, league: LeagueSettings) -> bool:
    """Whether a game counts for the league (its period aside, which the store's query takes care of)."""
    return (
        game.finished
        and not game.voided
        and (not league.games or game.game in league.games)
        and len(game.players) >= league.min_players
        and all(player.place is not None for player in game.players)
    )


def standings(games: list[Game], league: LeagueSettings) -> list[Standing]:
    """The standings made by the games that count, best first."""
    tally: dict[str, list[int]] = {}  # key -> [games, wins, points]
    names: dict[str, str] = {}
    for game in games:
        if not counts(game, league):
            continue
        for player in game.players:
            row = tally.setdefault(player.key, [0, 0, 0])
            row[0] += 1
            row[1] += player.place == 1
            row[2] += points_for(player.place, league.points)
            names[player.key] = player.name
    order = sorted(tally, key=lambda key: (-tally[key][2], -tally[key][1], names[key].casefold(), key))
    result: list[Standing] = []
    for index, key in enumerate(order):
        games_played, wins, points = tally[key]
        level = result and (result[-1].points, result[-1].wins) == (points, wins)
        place = result[-1].place if level else index + 1
        result.append(Standing(place, key, names[key], games_played, wins, points))
    return result
