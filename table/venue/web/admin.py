"""The admin's pages: /admin (the login, else the league settings and the corrections), and the forms it posts:
login (wrong passwords from one address slow it down), logout, the league settings, voiding a game, merging and
renaming players. Every form carries the session's CSRF token; only a logged-in session changes anything."""

from __future__ import annotations

import logging
import secrets
from typing import Any

from flask import Blueprint, abort, flash, g, redirect, render_template, request, session, url_for

from table.venue.venue_config import VenueConfigError, check_password, league_from_plain, load_venue_config
from table.venue.web.site import site

log = logging.getLogger(__package__)  # the web app's one logger: table.venue.web
LOGIN_TRIES, LOGIN_PAUSE = 5, 60.0  # wrong admin passwords from one address, then a pause of this many seconds

blueprint = Blueprint("admin", __name__)


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
    config = site().config
    if not config.path.exists():
        return config.password_hash
    try:
        return load_venue_config(config.path).password_hash
    except VenueConfigError:
        return config.password_hash


@blueprint.get("/admin")
def admin() -> str:
    if not session.get("admin"):
        return render_template("login.html", parts={}, game_id="", has_password=bool(password_hash()))
    store = site().store
    return render_template(
        "admin.html", parts={}, game_id="", games=store.games(finished=False)[:100], players=store.players(),
        saved=store.setting("league") is not None, stored=store.envelope_count(), bad=store.bad_messages,
        conflicts=store.counter("seq_conflicts"), refusals=store.refusals(),
    )  # fmt: skip


@blueprint.post("/admin/login")
def login() -> Any:
    check_form(need_admin=False)
    here = site()
    address, moment = request.remote_addr or "", here.clock()
    recent = [at for at in here.failures.get(address, []) if at > moment - LOGIN_PAUSE]
    if len(recent) >= LOGIN_TRIES:  # guessing takes a minute per few tries
        flash(g.tr.gettext("Too many wrong passwords: try again in a minute."))
        return redirect(url_for("admin.admin"))
    if check_password(request.form.get("password", ""), password_hash()):
        here.failures.pop(address, None)
        session.clear()
        session["admin"] = True
        session["csrf"] = secrets.token_urlsafe(24)  # a new session: a fixed one cannot be planted
        log.info("venue: admin logged in from %s", request.remote_addr)
    else:
        log.warning("venue: a wrong admin password from %s", request.remote_addr)
        here.failures[address] = [*recent, moment]
        flash(g.tr.gettext("Wrong password."))
    return redirect(url_for("admin.admin"))


@blueprint.post("/admin/logout")
def logout() -> Any:
    check_form(need_admin=False)
    session.clear()
    return redirect(url_for("pages.live"))


@blueprint.post("/admin/league")
def save_league() -> Any:
    check_form()
    store = site().store
    if request.form.get("reset"):
        store.set_setting("league", None)
        flash(g.tr.gettext("The league settings are the config file's again."))
        return redirect(url_for("admin.admin"))
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
        return redirect(url_for("admin.admin"))
    store.set_setting("league", plain)
    flash(g.tr.gettext("Saved."))
    return redirect(url_for("admin.admin"))


@blueprint.post("/admin/void")
def void() -> Any:
    check_form()
    site().store.void_game(request.form.get("game_id", ""), request.form.get("voided") == "1")
    return redirect(url_for("admin.admin"))


@blueprint.post("/admin/merge")
def merge() -> Any:
    check_form()
    if not site().store.merge_players(request.form.get("key", ""), request.form.get("into", "")):
        flash(g.tr.gettext("Not merged: pick two different players."))
    return redirect(url_for("admin.admin"))


@blueprint.post("/admin/rename")
def rename() -> Any:
    check_form()
    if not site().store.rename_player(request.form.get("key", ""), request.form.get("name", "")):
        flash(g.tr.gettext("Not renamed: a name is needed."))
    return redirect(url_for("admin.admin"))
