"""/api/live and the live parts of a page (`data-live` elements: the tables, today's results, the standings, a
game), which static/live.js asks for every couple of seconds. A part is rendered once per change of the store
for all who poll (and per language); the pages embed the same parts."""

from __future__ import annotations

import re
from typing import Any

from flask import Blueprint, abort, g, render_template, request

from table.venue import league as league_rules
from table.venue.web.site import site

LIVE_PARTS = ("tables", "results", "standings", "game")

blueprint = Blueprint("live", __name__)


@blueprint.get("/api/live")
def api_live() -> Any:
    here = site()
    known = request.args.get("version", "")
    broker = "0" if here.broker_down() else "1"  # the page says when the venue cannot reach its broker
    names = [name for name in request.args.get("parts", "").split(",") if name in LIVE_PARTS]
    if known == str(here.store.version) and request.args.get("broker", "1") == broker:
        return {"version": here.store.version, "broker": broker, "parts": {}}
    version = here.store.version  # before rendering: a change meanwhile is fetched next time
    parts = {name: part(name, request.args.get("game", "")) for name in names}
    return {"version": version, "broker": broker, "parts": parts}


def part(name: str, game_id: str = "") -> str:
    """A live part of a page; rendered once per change of the store for all who poll (and per language)."""
    here = site()
    version = here.store.version
    key = (name, game_id, g.lang, g.wall, here.broker_down(), league_rules.day_start(here.league(), here.now()))
    hit = here.rendered.get(key)
    if hit is not None and hit[0] == version:
        return hit[1]
    html = render_part(name, game_id)
    if len(here.rendered) > 1000:
        here.rendered.clear()
    here.rendered[key] = (version, html)  # the version from before rendering: a change meanwhile renders again
    return html


def render_part(name: str, game_id: str) -> str:
    here = site()
    if name == "tables":
        return render_template("parts/tables.html", tables=tables_view(), broker_down=here.broker_down())
    if name == "results":
        return render_template("parts/results.html", games=here.today_games())
    if name == "standings":
        standings = league_rules.standings(here.period_games(), here.league())
        return render_template("parts/standings.html", standings=standings)
    return render_template("parts/game.html", **game_view(game_id))


def tables_view() -> list[dict[str, Any]]:
    store = site().store
    views = []
    for row in sorted(store.tables(), key=lambda row: _natural(row["table_id"])):
        game = store.game(row["game_id"]) if row["game_id"] else None
        view: dict[str, Any] = {"id": row["table_id"], "online": bool(row["online"]), "game": game,
                                "last_seen": row["last_seen"], "trick": None, "totals": {}}  # fmt: skip
        if game is not None:
            view["trick"] = store.last_event(game.game_id, "trick")
            last_round = store.last_event(game.game_id, "round")
            if last_round is not None:
                view["round"] = last_round.get("round")
                view["totals"] = {s.get("seat"): s.get("total") for s in _scores(last_round)}
            if game.finished:
                view["totals"] = {p.seat: p.total for p in game.players}
        views.append(view)
    return views


def game_view(game_id: str) -> dict[str, Any]:
    store = site().store
    game = store.game(game_id)
    if game is None:
        abort(404)
    rounds = store.events(game_id, "round")
    tricks = store.events(game_id, "trick")
    by_round: dict[Any, list[dict[str, Any]]] = {}
    for trick in tricks:
        by_round.setdefault(trick.get("round"), []).append(trick)
    pad = [{"round": r.get("round"), "cells": {s.get("seat"): s for s in _scores(r)}} for r in rounds]
    ranking = sorted((p for p in game.players if p.place is not None), key=lambda p: (p.place, p.seat))
    return {"game": game, "pad": pad, "tricks": by_round, "ranking": ranking}


def _scores(round_event: dict[str, Any]) -> list[dict[str, Any]]:
    """A round's scores (the venue checks them on arrival: this keeps a page up over what an older venue kept)."""
    scores = round_event.get("scores")
    return [s for s in scores if isinstance(s, dict)] if isinstance(scores, list) else []


def _natural(text: str) -> list[Any]:
    """t2 before t10."""
    return [(0, int(part), "") if part.isdigit() else (1, 0, part) for part in re.split(r"(\d+)", text) if part]
