"""The venue's web page (Flask, Jinja templates in ../templates/, CSS and JS in ../static/), served by waitress.

Pages: / (live tables and today's results), /results, /standings, /wall (the wall TV: every table live, the
standings; `?tv=1` gives any page the TV's large type), /games/<game_id> (score pad, ranking, the tricks' why
lines), /players/<key> (a player's games), /export/games.csv and /export/standings.csv, /admin.
The live parts of a page (`data-live` elements) are refreshed by static/live.js, which asks /api/live every
couple of seconds for the parts that changed (server-rendered, the same templates) - no reload.

One Blueprint a concern: `pages` (the read-only pages), `live` (/api/live and the parts it renders), `export`
(the CSV files), `admin` (login, CSRF, league settings, corrections); what they share (the store, the config,
the clock, the rendered parts, the admin's guard) is the app's `extensions["venue"]` (web/site.py). This module
makes the app: its config and secret, the language of each request, the headers, the template helpers, 404.

Languages: en de fr nl it, from ?lang= (kept in a cookie), else the browser's Accept-Language. The page's own
words are in locale/<lang>/LC_MESSAGES/venue.po (read with Babel, compiled in memory); the tables' words (a
trick's why, a game's name) arrive in all five languages.

Read-only for everyone: only /admin changes anything, after the admin password (`pirate-table venue
--set-admin-password`), with a session cookie signed by a random secret kept in the venue's folder and a CSRF
token on every form; the admin's session and the wrong-password count are kept server-side (web/guard.py).
Behind the installer's HTTPS proxy (`[web] behind_proxy`) the cookie is Secure and waitress takes the client's
address and scheme from the proxy's X-Forwarded-* headers, from 127.0.0.1 only. Jinja escapes everything: player
names are typed by people.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Callable
from datetime import datetime, timedelta
from functools import cache
from gettext import NullTranslations
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from babel.dates import format_datetime, format_time
from flask import Flask, Response, g, render_template, request, url_for
from waitress.server import create_server  # waitress re-exports it, but its stubs do not say so

from table.core.text import LANGUAGE_NAMES, LANGUAGES
from table.locale import SOURCE_LANGUAGE, compile_catalog, read_catalog
from table.venue.store import Game, Store
from table.venue.venue_config import VenueConfig
from table.venue.web import admin, export, live, pages
from table.venue.web.admin import LOGIN_PAUSE, LOGIN_TRIES, csrf_token, is_admin
from table.venue.web.export import FORMULA_START
from table.venue.web.guard import GUARD_NAME, SESSION_HOURS, AdminGuard
from table.venue.web.live import LIVE_PARTS
from table.venue.web.site import EXTENSION, Site, site

__all__ = [
    "FORMULA_START",
    "LANG_COOKIE",
    "LIVE_PARTS",
    "LOCALE",
    "LOGIN_PAUSE",
    "LOGIN_TRIES",
    "SECRET_NAME",
    "TIME_LOCALES",
    "WebServer",
    "create_app",
    "ranked",
    "secret_key",
    "signed",
    "translations",
]

VENUE = Path(__file__).parents[1]  # table/venue: its templates/, static/ and locale/ (the package data)
LOCALE = VENUE / "locale"
SECRET_NAME = "venue-secret.key"
LANG_COOKIE = "venue_lang"
TIME_LOCALES = {"en": "en_GB"}  # the games' home is Europe: 22:30, 21/11/2026


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
    store: Store,
    config: VenueConfig,
    folder: Path,
    clock: Callable[[], float] = time.time,
    poll_ms: int = 2000,
    rotate_ms: int = 10_000,
) -> Flask:
    """`poll_ms`: how often a page asks for news; `rotate_ms`: how long the wall shows each page of what does not fit
    at once (the tables, the standings, today's results)."""
    templates, static = str(VENUE / "templates"), str(VENUE / "static")  # beside the package, as pyproject ships them
    app = Flask(__name__, template_folder=templates, static_folder=static, static_url_path="/static")
    app.config.update(
        SECRET_KEY=secret_key(folder),
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_SECURE=config.web.behind_proxy,  # the page is HTTPS through the installer's proxy
        PERMANENT_SESSION_LIFETIME=timedelta(hours=SESSION_HOURS),
        MAX_CONTENT_LENGTH=64 * 1024,
    )
    guard = AdminGuard(folder / GUARD_NAME, clock)
    app.extensions[EXTENSION] = Site(store, config, clock, poll_ms, guard, rotate_ms=rotate_ms)
    app.jinja_env.add_extension("jinja2.ext.i18n")
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]  # added by the i18n extension at run time
        lambda message: g.tr.gettext(message),
        lambda singular, plural, n: g.tr.ngettext(singular, plural, n),
        newstyle=True,
    )
    app.before_request(choose_language)
    app.after_request(remember)
    app.context_processor(helpers)
    app.register_error_handler(404, not_found)
    for blueprint in (pages.blueprint, live.blueprint, export.blueprint, admin.blueprint):
        app.register_blueprint(blueprint)
    return app


# --- every request's --------------------------------------------------------------------------------------------


def choose_language() -> None:
    asked = request.args.get("lang", "")
    g.lang_asked = asked if asked in LANGUAGES else None
    g.lang = g.lang_asked or request.cookies.get(LANG_COOKIE, "")
    if g.lang not in LANGUAGES:
        g.lang = request.accept_languages.best_match(LANGUAGES) or "en"
    g.tr = translations(g.lang)
    g.wall = request.path == "/wall" or request.args.get("wall") == "1"  # the wall: the newest few only
    g.tv = request.args.get("tv") == "1" or g.wall


def remember(response: Response) -> Response:
    if g.get("lang_asked") and not request.path.startswith("/api/"):  # a late poll must not undo a switch
        response.set_cookie(LANG_COOKIE, g.lang_asked, max_age=365 * 86400, samesite="Lax")
    response.headers["Content-Security-Policy"] = (
        "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'; form-action 'self'"
    )
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "same-origin"
    return response


def helpers() -> dict[str, Any]:
    here = site()
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
        "league": here.league(),
        "version": here.store.version,
        "poll_ms": here.poll_ms,
        "rotate_ms": here.rotate_ms,
        "broker": "0" if here.broker_down() else "1",
        "csrf": csrf_token,
        "admin": is_admin(),
        "lang_url": lambda code: _with_args(lang=code),
    }


def not_found(_: Exception) -> tuple[str, int]:
    return render_template("missing.html", parts={}, game_id=""), 404


# --- the templates' helpers -------------------------------------------------------------------------------------


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
    try:
        moment = datetime.fromtimestamp(stamp)
    except (OverflowError, OSError, ValueError):  # a time no table sends now (the venue checks); kept from before
        return "?"
    where = TIME_LOCALES.get(g.lang, g.lang)
    return format_datetime(moment, "short", locale=where) if date else format_time(moment, "short", locale=where)


def signed(points: Any) -> str:
    """A round's points as the pad writes them: +20, -10, 0."""
    return f"{points:+d}" if isinstance(points, int) and points else "" if points is None else str(points)


def ranked(game: Game) -> list[Any]:
    """A game's players by place (unplaced last), then seat."""
    return sorted(game.players, key=lambda p: (p.place is None, p.place or 0, p.seat))


def _with_args(**changes: str) -> str:
    """This page with its query changed: the query is passed on as a query, never as url_for's keywords (a guest's
    ?endpoint=, ?_method= or a view's own argument would be taken for them)."""
    args = {**request.args.to_dict(), **changes}
    return url_for(request.endpoint or "pages.live", **(request.view_args or {})) + "?" + urlencode(args)


class WebServer:
    """An app served by waitress in a thread: `.url`, `.stop()` (which also closes open keep-alive connections).
    OSError at creation when the port is taken."""

    def __init__(self, app: Flask, host: str, port: int, behind_proxy: bool | None = None) -> None:
        """`behind_proxy`: None takes the app's `[web] behind_proxy`."""
        if behind_proxy is None:
            here: Site = app.extensions[EXTENSION]
            behind_proxy = here.config.web.behind_proxy
        proxy: dict[str, Any] = {}
        if behind_proxy:  # the proxy on this Pi says who the client is and that it came over HTTPS; nobody else may
            proxy = {"trusted_proxy": "127.0.0.1", "trusted_proxy_count": 1,
                     "trusted_proxy_headers": {"x-forwarded-for", "x-forwarded-proto"},
                     "clear_untrusted_proxy_headers": True}  # fmt: skip
        self._server: Any = create_server(app, host=host, port=port, threads=8, ident="pirate-table venue", **proxy)
        local = "127.0.0.1" if host in ("0.0.0.0", "", "::") else host
        # One host and port: a TcpWSGIServer, which has effective_port; waitress's stubs leave that attribute out.
        self.port: int = self._server.effective_port  # type: ignore[union-attr]
        self.url = f"http://{local}:{self.port}"
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._serve, name="venue-web", daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        try:
            self._server.run()
        except OSError:
            # stop() closes the sockets from its own thread: the loop's select() may then see a closed one (EBADF).
            if not self._stopping.is_set():
                raise

    def stop(self) -> None:
        self._stopping.set()
        server = self._server
        server.close()  # the listening socket and its trigger
        while server._map:  # every open connection left (a browser's keep-alive)
            for channel in list(server._map.values()):
                channel.handle_close()
        server.task_dispatcher.shutdown()
        self._thread.join(timeout=5)
