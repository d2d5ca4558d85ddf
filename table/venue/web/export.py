"""The CSV files: /export/games.csv (every game, a row a player) and /export/standings.csv (the league's period).
Every text a table sent is kept from being taken for a formula by a spreadsheet."""

from __future__ import annotations

import csv
import io
from datetime import datetime
from typing import Any

from flask import Blueprint, Response

from table.venue import league as league_rules
from table.venue.web.site import site

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")  # what a spreadsheet would take for a formula

blueprint = Blueprint("export", __name__)


@blueprint.get("/export/games.csv")
def games_csv() -> Response:
    rows: list[list[Any]] = [["game_id", "table", "game", "started", "finished", "voided", "seat", "player",
                              "player_key", "place", "total"]]  # fmt: skip
    for game in reversed(site().store.games()):
        for p in game.players:
            rows.append([_cell(game.game_id), _cell(game.table), _cell(game.game), _iso(game.started_at),
                         _iso(game.finished_at), int(game.voided), p.seat, _cell(p.name), _cell(p.key), p.place,
                         p.total])  # fmt: skip
    return _csv(rows, "games.csv")


@blueprint.get("/export/standings.csv")
def standings_csv() -> Response:
    here = site()
    rows: list[list[Any]] = [["place", "player", "player_key", "games", "wins", "points"]]
    for s in league_rules.standings(here.period_games(), here.league()):
        rows.append([s.place, _cell(s.name), _cell(s.key), s.games, s.wins, s.points])
    return _csv(rows, "standings.csv")


def _iso(stamp: float | None) -> str:
    if stamp is None:
        return ""
    try:
        return datetime.fromtimestamp(stamp).isoformat(timespec="seconds")
    except (OverflowError, OSError, ValueError):  # a time no table sends now (the venue checks); kept from before
        return "?"


def _cell(text: str) -> str:
    """A text a table sent, kept from being taken for a formula by a spreadsheet (every text cell: a game's id and
    key come from a table as names do)."""
    return "'" + text if text.startswith(FORMULA_START) else text


def _csv(rows: list[list[Any]], name: str) -> Response:
    out = io.StringIO()
    csv.writer(out).writerows(rows)
    return Response(
        out.getvalue().encode("utf-8"),
        mimetype="text/csv",
        headers={"Content-Disposition": f'attachment; filename="{name}"', "Content-Type": "text/csv; charset=utf-8"},
    )
