"""What the table publishes, from what the app sees: a game's start, each judged trick, each scored round and the
final score pad, as the `data` of the venue's events (docs/venue.md; the envelope is table.venue.topics').

`results(effects, switches, session)` reads one input's effects, the flow switches it made and the session
(its screen model and table state) after it:

- a SwitchGame into a game (not the lobby, not `back`) -> "game_started" with the players' names;
- a Judged effect -> "trick";
- a RoundOver effect -> "round" (the totals, read from the screen model), and "game_over" too when the screen's
  phase is GAME_OVER (the ranking and the whole final screen, as table.archive keeps it).

Undo: an undo that takes the table back (`SwitchGame(..., back=True)`) publishes nothing. Undoing a game's start
leaves its game_started at the venue as a game that never went on (the venue shows it unfinished); starting again
is a new game with a new id. Undoing a new game brings the game back under its own id, and what it publishes
from then on carries that id. An undo inside a game publishes nothing either; the round (or the final score pad)
scored again after it is published again, and the venue keeps the latest result for a game's round.

Every game's screen is read the same way, so a new game needs nothing here: the round's row of a `score_pad`
(cells in the order of `players`, with points and total) if it has one, else the totals of its `ranking`, of its
seat views (`total`, or `score`), or of a `points` tuple beside `players`. Words players read are rendered in the
five languages; names typed by people stay as they are.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from gettext import GNUTranslations
from typing import Any, NamedTuple

from table.archive import _plain
from table.core import catalog
from table.core.effects import LOBBY, Judged, RoundOver, SwitchGame
from table.core.frame import Phase
from table.core.text import LANGUAGES, Text, text
from table.locale import load_catalog


class Result(NamedTuple):
    kind: str  # one of table.venue.topics.KINDS
    data: dict[str, Any]


@cache
def _catalog(language: str) -> GNUTranslations | None:
    return load_catalog(language)


def in_languages(words: Text) -> dict[str, str]:
    """{"en": ..., "de": ..., "fr": ..., "nl": ..., "it": ...}: what players read, in every language of the table."""
    return {language: words.render(_catalog(language)) for language in LANGUAGES}


def seat_name(table: Any, seat: int) -> str:
    """The name a person typed (or a badge gave) for `seat`; "Seat 3" for a seat left unnamed."""
    names = getattr(table, "names", ())
    name = names[seat] if 0 <= seat < len(names) else None
    return name or str(text("Seat {number}", number=seat + 1))


def badge_seats(table: Any) -> set[int]:
    """Seats whose name came from a player badge (TableState.name_from_badge), so the same person everywhere."""
    return {seat for seat, badge in enumerate(getattr(table, "name_from_badge", ())) if badge}


def game_started(game: str, players: Sequence[int], table: Any) -> Result:
    try:
        name = in_languages(catalog.game(game).name)
    except (KeyError, ValueError):  # a game the catalog no longer has (a test's): its key is its name
        name = dict.fromkeys(LANGUAGES, game)
    badges = badge_seats(table)
    seated = [{"seat": seat, "name": seat_name(table, seat), "badge": seat in badges} for seat in players]
    return Result("game_started", {"game": game, "game_name": name, "players": seated})


def trick(judged: Judged, table: Any) -> Result:
    winner = None if judged.winner is None else seat_name(table, judged.winner)
    return Result(
        "trick",
        {"round": judged.round, "number": judged.number, "winner_seat": judged.winner, "winner": winner,
         "why": in_languages(judged.why)},
    )  # fmt: skip


def round_scores(number: int, screen: Any, table: Any) -> Result:
    scores = [
        {"seat": seat, "name": seat_name(table, seat), "points": points, "total": total}
        for seat, points, total in scores_of(number, screen)
    ]
    return Result("round", {"round": number, "scores": scores})


def game_over(screen: Any, table: Any) -> Result:
    return Result("game_over", {"ranking": ranking_of(screen, table), "score_pad": _plain(screen)})


def results(effects: Iterable[Any], switches: Iterable[SwitchGame], session: Any) -> list[Result]:
    """The results one input produced, in order (see the module's docstring)."""
    table = session.table
    found = [
        game_started(switch.game, switch.players, table)
        for switch in switches
        if switch.game != LOBBY and not switch.back
    ]
    for effect in effects:
        if isinstance(effect, Judged):
            found.append(trick(effect, table))
        elif isinstance(effect, RoundOver):
            screen = session.screen()
            found.append(round_scores(effect.number, screen, table))
            if getattr(screen, "phase", None) is Phase.GAME_OVER:
                found.append(game_over(screen, table))
    return found


# --- Reading any game's screen -------------------------------------------------------------------------------------


def scores_of(number: int, screen: Any) -> list[tuple[int, int | None, int]]:
    """(seat, this round's points or None, total) for each playing seat."""
    players = tuple(getattr(screen, "players", ()))
    for row in getattr(screen, "score_pad", ()):
        if getattr(row, "round", None) == number and len(row.cells) == len(players):
            return [(seat, cell.points, cell.total) for seat, cell in zip(players, row.cells, strict=True)]
    return [(seat, None, total) for seat, total in totals_of(screen)]


def totals_of(screen: Any) -> list[tuple[int, int]]:
    """(seat, total) for each playing seat, in seat order, from whatever the game's screen holds."""
    players = tuple(getattr(screen, "players", ()))
    pad = getattr(screen, "score_pad", ())
    if pad and len(pad[-1].cells) == len(players):
        return [(seat, cell.total) for seat, cell in zip(players, pad[-1].cells, strict=True)]
    ranking = getattr(screen, "ranking", ())
    if ranking:
        return sorted((placing.seat, placing.total) for placing in ranking)
    seats = [view for view in getattr(screen, "seats", ()) if _plays(view, players)]
    if seats and all(hasattr(view, "total") or hasattr(view, "score") for view in seats):
        return [(view.seat, _seat_total(view)) for view in seats]
    points = getattr(screen, "points", ())
    if len(points) == len(players):
        return list(zip(players, points, strict=True))
    return []


def ranking_of(screen: Any, table: Any) -> list[dict[str, Any]]:
    """The final places: the screen's own ranking (or final views), else the totals, best first, equal totals
    sharing a place."""
    placings = getattr(screen, "ranking", ()) or getattr(screen, "finals", ())
    if placings:
        return [
            {"place": p.place, "seat": p.seat, "name": seat_name(table, p.seat), "total": p.total}
            for p in sorted(placings, key=lambda p: (p.place, p.seat))
        ]
    ranked = sorted(totals_of(screen), key=lambda pair: (-pair[1], pair[0]))
    places: list[dict[str, Any]] = []
    for index, (seat, total) in enumerate(ranked):
        place = places[-1]["place"] if places and places[-1]["total"] == total else index + 1
        places.append({"place": place, "seat": seat, "name": seat_name(table, seat), "total": total})
    return places


def _plays(view: Any, players: tuple[int, ...]) -> bool:
    if players:
        return view.seat in players
    return bool(getattr(view, "playing", getattr(view, "joined", True)))


def _seat_total(view: Any) -> int:
    score = getattr(view, "score", None)  # Piratenpoker's loot score (its `total` is a showdown's cards)
    return score if isinstance(score, int) else int(getattr(view, "total", 0) or 0)
