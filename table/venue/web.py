"""The venue's web page (Flask, Jinja templates in templates/, CSS and JS in static/), served by waitress.

Pages: / (live tables and today's results), /results, /standings, /wall (the wall TV: every table live, the
standings; `?tv=1` gives any page the TV's large type), /games/<game_id> (score pad, ranking, the tricks' why
lines), /players/<key> (a player's games), /export/games.csv and /export/standings.csv, /admin.
The live parts of a page (`data-live` elements) are refreshed by static/live.js, which asks /api/live every
couple of seconds for the parts that changed (server-rendered, the same templates) - no reload.

Languages: en de fr nl it, from ?lang= (kept in a cookie), else the browser's Accept-Language. The page's own
words are in locale/<lang>/LC_MESSAGES/venue.po (read with Babel, compiled in memory); the tables' words (a
trick's why, a game's name) arrive in all five languages.

Read-only for everyone: only /admin changes anything, after the admin password (`pirate-table venue
--set-admin-password`), with a session cookie signed by a random secret kept in the venue's folder and a CSRF
token on every form. Jinja escapes everything: player names are typed by people.
"""

from __future__ import annotations

import csv
import io
import logging
import re
import secrets
import threading
import time
from collections.abc import Callable
from datetime import datetime
from functools import cache
from gettext import NullTranslations
from pathlib import Path
from typing import Any

from babel.dates import format_datetime, format_time
from flask import Flask, Response, abort, flash, g, redirect, render_template, request, session, url_for
from markupsafe import Markup
from waitress import create_server

from table.core.text import LANGUAGES
from table.display.language import LANGUAGE_NAMES
from table.locale import SOURCE_LANGUAGE, compile_catalog, read_catalog
from table.venue import league as league_rules
from table.venue.store import Game, Store
from table.venue.venue_config import (
    LeagueSettings,
    VenueConfig,
    VenueConfigError,
    check_password,
    league_from_plain,
    load_venue_config,
)

log = logging.getLogger(__name__)
LOCALE = Path(__file__).parent / "locale"
SECRET_NAME = "venue-secret.key"
LANG_COOKIE = "venue_lang"
LIVE_PARTS = ("tables", "results", "standings", "game")
TIME_LOCALES = {"en": "en_GB"}  # the games' home is Europe: 22:30, 21/11/2026
LOGIN_TRIES, LOGIN_PAUSE = 5, 60.0  # wrong admin passwords from one address, then a pause of this many seconds
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")  # what a spreadsheet would take for a formula


@cache
def translations(language: str) -> NullTranslations:
    """The page's words in `language` (English: as written), compiled as the table's catalogs are."""
    path = LOCALE / language / "LC_MESSAGES" / "venue.po"
    if language == SOURCE_LANGUAGE or not path.exists():
        return NullTranslations()
    return compile_catalog(read_catalog(path, language))


def secret_key(folder: Path) -> str:
    """The session cookie's secret: made once, kept in the venue's folder, readable by its owner only."""
    path = folder / SECRET_NAME
    if not path.exists():
        folder.mkdir(parents=True, exist_ok=True)
        path.write_text(secrets.token_hex(32))
        path.chmod(0o600)
    return path.read_text().strip()


def create_app(
    store: Store, config: VenueConfig, folder: Path, clock: Callable[[], float] = time.time, poll_ms: int = 2000
) -> Flask:
    app = Flask(__name__)
    app.config.update(
        SECRET_KEY=secret_key(folder),
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        MAX_CONTENT_LENGTH=64 * 1024,
    )
    app.jinja_env.add_extension("jinja2.ext.i18n")
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
        lambda message: g.tr.gettext(message),
        lambda singular, plural, n: g.tr.ngettext(singular, plural, n),
        newstyle=True,
    )

    def league() -> LeagueSettings:
        """The admin page's league settings when saved, else the config's [league]."""
        saved = store.setting("league")
        if saved is not None:
            try:
                return league_from_plain(saved, "the admin page's league settings")
            except VenueConfigError as error:
                log.warning("venue: %s; the config's [league] is used", error)
        return config.league

    def now() -> datetime:
        return datetime.fromtimestamp(clock())

    def word(texts: Any) -> str:
        """A text the table sent in five languages, in the page's."""
        if isinstance(texts, dict):
            return str(texts.get(g.lang) or texts.get("en") or next(iter(texts.values()), ""))
        return "" if texts is None else str(texts)

    def title(game: Game) -> str:
        """A game's name (its id until its game_started has arrived)."""
        return word(game.game_name) or game.game or game.game_id

    def when(stamp: float | None, date: bool = False) -> str:
        if stamp is None:
            return ""
        moment = datetime.fromtimestamp(stamp)
        where = TIME_LOCALES.get(g.lang, g.lang)
        return format_datetime(moment, "short", locale=where) if date else format_time(moment, "short", locale=where)

    @app.before_request
    def choose_language() -> None:
        asked = request.args.get("lang", "")
        g.lang_asked = asked if asked in LANGUAGES else None
        g.lang = g.lang_asked or request.cookies.get(LANG_COOKIE, "")
        if g.lang not in LANGUAGES:
            g.lang = request.accept_languages.best_match(LANGUAGES) or "en"
        g.tr = translations(g.lang)
        g.wall = request.path == "/wall" or request.args.get("wall") == "1"  # the wall: the newest few only
        g.tv = request.args.get("tv") == "1" or g.wall

    @app.after_request
    def remember(response: Response) -> Response:
        if g.get("lang_asked") and not request.path.startswith("/api/"):  # a late poll must not undo a switch
            response.set_cookie(LANG_COOKIE, g.lang_asked, max_age=365 * 86400, samesite="Lax")
        response.headers["Content-Security-Policy"] = (
            "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'; form-action 'self'"
        )
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "same-origin"
        return response

    @app.context_processor
    def helpers() -> dict[str, Any]:
        return {
            "word": word,
            "title": title,
            "ranked": ranked,
            "when": when,
            "lang": g.lang,
            "languages": LANGUAGE_NAMES,
            "tv": g.tv,
            "wall": g.wall,
            "signed": signed,
            "league": league(),
            "version": store.version,
            "poll_ms": poll_ms,
            "csrf": csrf_token,
            "admin": bool(session.get("admin")),
            "lang_url": lambda code: _with_args(lang=code),
        }

    def _with_args(**changes: str) -> str:
        args = {**request.args.to_dict(), **changes}
        return url_for(request.endpoint or "live", **(request.view_args or {}), **args)

    # --- what the pages show ------------------------------------------------------------------------------------

    def today_games() -> list[Game]:
        return store.games(since=league_rules.day_start(league(), now()).timestamp())

    def period_games() -> list[Game]:
        start, end = league_rules.period(league(), now())
        return store.games(since=start.timestamp(), until=end.timestamp() if end else None)

    def tables_view() -> list[dict[str, Any]]:
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
                    view["totals"] = {s.get("seat"): s.get("total") for s in last_round.get("scores", [])}
                if game.finished:
                    view["totals"] = {p.seat: p.total for p in game.players}
            views.append(view)
        return views

    def game_view(game_id: str) -> dict[str, Any]:
        game = store.game(game_id)
        if game is None:
            abort(404)
        rounds = store.events(game_id, "round")
        tricks = store.events(game_id, "trick")
        by_round: dict[Any, list[dict[str, Any]]] = {}
        for trick in tricks:
            by_round.setdefault(trick.get("round"), []).append(trick)
        pad = [{"round": r.get("round"), "cells": {s.get("seat"): s for s in r.get("scores", [])}} for r in rounds]
        ranking = sorted((p for p in game.players if p.place is not None), key=lambda p: (p.place, p.seat))
        return {"game": game, "pad": pad, "tricks": by_round, "ranking": ranking}

    rendered: dict[tuple[Any, ...], tuple[int, str]] = {}  # a part as last rendered, by the store's version

    def part(name: str, game_id: str = "") -> str:
        """A live part of a page; rendered once per change of the store for all who poll (and per language)."""
        version = store.version
        key = (name, game_id, g.lang, g.wall, league_rules.day_start(league(), now()))
        hit = rendered.get(key)
        if hit is not None and hit[0] == version:
            return hit[1]
        html = render_part(name, game_id)
        if len(rendered) > 1000:
            rendered.clear()
        rendered[key] = (version, html)  # the version from before rendering: a change meanwhile renders again
        return html

    def render_part(name: str, game_id: str) -> str:
        if name == "tables":
            return render_template("parts/tables.html", tables=tables_view())
        if name == "results":
            return render_template("parts/results.html", games=today_games())
        if name == "standings":
            return render_template("parts/standings.html", standings=league_rules.standings(period_games(), league()))
        return render_template("parts/game.html", **game_view(game_id))

    def page(template: str, parts: tuple[str, ...], game_id: str = "", **extra: Any) -> str:
        rendered = {name: Markup(part(name, game_id)) for name in parts}
        return render_template(template, parts=rendered, game_id=game_id, **extra)

    @app.get("/")
    def live() -> str:
        return page("live.html", ("tables", "results"))

    @app.get("/results")
    def results() -> str:
        return page("results.html", ("results",))

    @app.get("/standings")
    def standings() -> str:
        return page("standings.html", ("standings",))

    @app.get("/wall")
    def wall() -> str:
        return page("wall.html", ("tables", "standings", "results"))

    @app.get("/games/<game_id>")
    def game(game_id: str) -> str:
        return page("game.html", ("game",), game_id=game_id, game=game_view(game_id)["game"])

    @app.get("/players/<path:key>")
    def player(key: str) -> str:
        name = store.player_name(key)
        if name is None:
            abort(404)
        games = store.games(player=key)
        key = store.resolve(key)
        rows = [(game, next(p for p in game.players if p.key == key)) for game in games]
        return render_template("player.html", name=name, rows=rows, parts={}, game_id="")

    @app.get("/api/live")
    def api_live() -> Any:
        known = request.args.get("version", "")
        names = [name for name in request.args.get("parts", "").split(",") if name in LIVE_PARTS]
        if known == str(store.version):
            return {"version": store.version, "parts": {}}
        version = store.version  # before rendering: a change meanwhile is fetched next time
        return {"version": version, "parts": {name: part(name, request.args.get("game", "")) for name in names}}

    @app.get("/export/games.csv")
    def games_csv() -> Response:
        rows = [["game_id", "table", "game", "started", "finished", "voided", "seat", "player", "player_key",
                 "place", "total"]]  # fmt: skip
        for game in reversed(store.games()):
            for p in game.players:
                rows.append([game.game_id, game.table, game.game, _iso(game.started_at), _iso(game.finished_at),
                             int(game.voided), p.seat, _cell(p.name), _cell(p.key), p.place, p.total])  # fmt: skip
        return _csv(rows, "games.csv")

    @app.get("/export/standings.csv")
    def standings_csv() -> Response:
        rows: list[list[Any]] = [["place", "player", "player_key", "games", "wins", "points"]]
        for s in league_rules.standings(period_games(), league()):
            rows.append([s.place, _cell(s.name), _cell(s.key), s.games, s.wins, s.points])
        return _csv(rows, "standings.csv")

    @app.errorhandler(404)
    def not_found(_: Exception) -> tuple[str, int]:
        return render_template("missing.html", parts={}, game_id=""), 404

    # --- the admin's ----------------------------------------------------------------------------------------------

    def csrf_token() -> str:
        if "csrf" not in session:
            session["csrf"] = secrets.token_urlsafe(24)
        return str(session["csrf"])

    def check_form(need_admin: bool = True) -> None:
        sent = request.form.get("csrf", "")
        if not sent or not secrets.compare_digest(sent, session.get("csrf", "")):
            abort(400)
        if need_admin and not session.get("admin"):
            abort(403)

    def password_hash() -> str:
        """From the file as it is now (the password may have been set while the venue runs)."""
        if not config.path.exists():
            return config.password_hash
        try:
            return load_venue_config(config.path).password_hash
        except VenueConfigError:
            return config.password_hash

    @app.get("/admin")
    def admin() -> str:
        if not session.get("admin"):
            return render_template("login.html", parts={}, game_id="", has_password=bool(password_hash()))
        return render_template(
            "admin.html", parts={}, game_id="", games=store.games(finished=False)[:100], players=store.players(),
            saved=store.setting("league") is not None, stored=store.envelope_count(), bad=store.bad_messages,
            conflicts=store.counter("seq_conflicts"),
        )  # fmt: skip

    failures: dict[str, list[float]] = {}  # address -> times of its recent wrong passwords

    @app.post("/admin/login")
    def login() -> Any:
        check_form(need_admin=False)
        address, moment = request.remote_addr or "", clock()
        recent = [at for at in failures.get(address, []) if at > moment - LOGIN_PAUSE]
        if len(recent) >= LOGIN_TRIES:  # guessing takes a minute per few tries
            flash(g.tr.gettext("Too many wrong passwords: try again in a minute."))
            return redirect(url_for("admin"))
        if check_password(request.form.get("password", ""), password_hash()):
            failures.pop(address, None)
            session.clear()
            session["admin"] = True
            session["csrf"] = secrets.token_urlsafe(24)  # a new session: a fixed one cannot be planted
            log.info("venue: admin logged in from %s", request.remote_addr)
        else:
            log.warning("venue: a wrong admin password from %s", request.remote_addr)
            failures[address] = [*recent, moment]
            flash(g.tr.gettext("Wrong password."))
        return redirect(url_for("admin"))

    @app.post("/admin/logout")
    def logout() -> Any:
        check_form(need_admin=False)
        session.clear()
        return redirect(url_for("live"))

    @app.post("/admin/league")
    def save_league() -> Any:
        check_form()
        if request.form.get("reset"):
            store.set_setting("league", None)
            flash(g.tr.gettext("The league settings are the config file's again."))
            return redirect(url_for("admin"))
        form = request.form
        try:
            plain: dict[str, Any] = {
                "name": form.get("name", ""),
                "period": form.get("period", ""),
                "evening_starts": form.get("evening_starts", ""),
                "points": [int(p) for p in form.get("points", "").replace(",", " ").split()],
                "games": [k for k in form.get("games", "").replace(",", " ").split()],
                "min_players": int(form.get("min_players", "")),
            }
            for key in ("start", "end"):
                if form.get(key):
                    plain[key] = form[key]
            league_from_plain(plain, "the league settings")
        except (ValueError, VenueConfigError) as error:
            flash(g.tr.gettext("Not saved:") + f" {error}")
            return redirect(url_for("admin"))
        store.set_setting("league", plain)
        flash(g.tr.gettext("Saved."))
        return redirect(url_for("admin"))

    @app.post("/admin/void")
    def void() -> Any:
        check_form()
        store.void_game(request.form.get("game_id", ""), request.form.get("voided") == "1")
        return redirect(url_for("admin"))

    @app.post("/admin/merge")
    def merge() -> Any:
        check_form()
        if not store.merge_players(request.form.get("key", ""), request.form.get("into", "")):
            flash(g.tr.gettext("Not merged: pick two different players."))
        return redirect(url_for("admin"))

    @app.post("/admin/rename")
    def rename() -> Any:
        check_form()
        if not store.rename_player(request.form.get("key", ""), request.form.get("name", "")):
            flash(g.tr.gettext("Not renamed: a name is needed."))
        return redirect(url_for("admin"))

    return app


class WebServer:
    """An app served by waitress in a thread: `.url`, `.stop()` (which also closes open keep-alive connections).
    OSError at creation when the port is taken."""

    def __init__(self, app: Flask, host: str, port: int) -> None:
        self._server: Any = create_server(app, host=host, port=port, threads=8, ident="pirate-table venue")
        local = "127.0.0.1" if host in ("0.0.0.0", "", "::") else host
        self.url = f"http://{local}:{self._server.effective_port}"
        self._thread = threading.Thread(target=self._server.run, name="venue-web", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        server = self._server
        server.close()  # the listening socket and its trigger
        while server._map:  # every open connection left (a browser's keep-alive)
            for channel in list(server._map.values()):
                channel.handle_close()
        server.task_dispatcher.shutdown()
        self._thread.join(timeout=5)


def signed(points: Any) -> str:
    """A round's points as the pad writes them: +20, -10, 0."""
    return f"{points:+d}" if isinstance(points, int) and points else "" if points is None else str(points)


def ranked(game: Game) -> list[Any]:
    """A game's players by place (unplaced last), then seat."""
    return sorted(game.players, key=lambda p: (p.place is None, p.place or 0, p.seat))


def _natural(text: str) -> list[Any]:
    """t2 before t10."""
    return [(0, int(part), "") if part.isdigit() else (1, 0, part) for part in re.split(r"(\d+)", text) if part]


def _iso(stamp: float | None) -> str:
    return datetime.fromtimestamp(stamp).isoformat(timespec="seconds") if stamp is not None else ""


def _cell(text: str) -> str:
    """A typed name, kept from being taken for a formula by a spreadsheet."""
    return "'" + text if text.startswith(FORMULA_START) else text


def _csv(rows: list[list[Any]], name: str) -> Response:
    out = io.StringIO()
    csv.writer(out).writerows(rows)
    return Response(
        out.getvalue().encode("utf-8"),
        mimetype="text/csv",
        headers={"Content-Disposition": f'attachment; filename="{name}"', "Content-Type": "text/csv; charset=utf-8"},
    )
