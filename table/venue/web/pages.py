"""The read-only pages: / (the live tables and today's results), /results, /standings, /wall, /games/<game_id>,
/players/<key>. Their live parts are live.py's, rendered once for everyone."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, render_template, request
from markupsafe import Markup

from table.venue.web.live import game_view, part
from table.venue.web.qr import qr_svg
from table.venue.web.site import site

blueprint = Blueprint("pages", __name__)


def page(template: str, parts: tuple[str, ...], game_id: str = "", **extra: Any) -> str:
    rendered = {name: Markup(part(name, game_id)) for name in parts}
    return render_template(template, parts=rendered, game_id=game_id, **extra)


@blueprint.get("/")
def live() -> str:
    return page("live.html", ("tables", "results"))


@blueprint.get("/results")
def results() -> str:
    return page("results.html", ("results",))


@blueprint.get("/standings")
def standings() -> str:
    return page("standings.html", ("standings",))


@blueprint.get("/wall")
def wall() -> str:
    """The QR leads phones to the first LAN address (a name like venue.local needs mDNS, which many Android phones
    lack); the caption prints every address."""
    addresses = site().addresses or [request.host_url]
    return page("wall.html", ("tables", "standings", "results"), qr=qr_svg(addresses[0]), addresses=addresses)


@blueprint.get("/games/<game_id>")
def game(game_id: str) -> str:
    return page("game.html", ("game",), game_id=game_id, game=game_view(game_id)["game"])


@blueprint.get("/players/<path:key>")
def player(key: str) -> str:
    store = site().store
    name = store.player_name(key)
    if name is None:
        abort(404)
    games = store.games(player=key)
    key = store.resolve(key)
    rows = [(game, next(p for p in game.players if p.key == key)) for game in games]
    return render_template("player.html", name=name, rows=rows, parts={}, game_id="")
