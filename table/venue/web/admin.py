"""The admin's pages: /admin (the login, else the league settings and the corrections), and the forms it posts:
login (wrong passwords from one address slow it down), logout, the league settings, voiding a game, merging and
renaming players. Every form carries the session's CSRF token; only a session the guard (web/guard.py) still
holds open changes anything: logout, a new admin password or SESSION_HOURS end it, whatever the cookie says."""

from __future__ import annotations

import logging
import secrets
from typing import Any

from flask import Blueprint, abort, flash, g, redirect, render_template, request, session, url_for

from table.venue.venue_config import VenueConfigError, check_password, league_from_plain, load_venue_config
from table.venue.web.guard import LOGIN_PAUSE, LOGIN_TRIES
from table.venue.web.install import set_password_command
from table.venue.web.site import site

__all__ = ["LOGIN_PAUSE", "LOGIN_TRIES", "blueprint", "csrf_token", "is_admin"]
log = logging.getLogger(__package__)  # the web app's one logger: table.venue.web

blueprint = Blueprint("admin", __name__)


def csrf_token() -> str:
    if "csrf" not in session:
        session["csrf"] = secrets.token_urlsafe(24)
    return str(session["csrf"])


def check_form(need_admin: bool = True) -> None:
    sent = request.form.get("csrf", "")
    if not sent or not secrets.compare_digest(sent, session.get("csrf", "")):
        abort(400)
    if need_admin and not is_admin():
        abort(403)


def is_admin() -> bool:
    """This request's session is an admin session the guard still holds open (asked once a request)."""
    if "is_admin" not in g:
        session_id = session.get("admin_session", "")
        g.is_admin = bool(session_id) and site().guard.is_open(str(session_id), password_hash())
    return bool(g.is_admin)


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
    if not is_admin():
        command = set_password_command(site().config.path)
        return render_template("login.html", parts={}, game_id="", has_password=bool(password_hash()), command=command)
    store = site().store
    return render_template(
        "admin.html", parts={}, game_id="", games=store.games(finished=False)[:100], players=store.players(),
        saved=store.setting("league") is not None, stored=store.envelope_count(), bad=store.bad_messages,
        conflicts=store.counter("seq_conflicts"), refusals=store.refusals(),
    )  # fmt: skip


@blueprint.post("/admin/login")
def login() -> Any:
    check_form(need_admin=False)
    guard, address = site().guard, request.remote_addr or ""
    if not guard.reserve_attempt(address):  # counted before the slow hash: parallel guesses wait their turn too
        log.warning("venue: an admin login from %s refused: too many wrong passwords", address)
        flash(g.tr.gettext("Too many wrong passwords: try again in a minute."))
        return redirect(url_for("admin.admin"))
    stored = password_hash()
    if stored and check_password(request.form.get("password", ""), stored):
        guard.forgive(address)
        session.clear()  # a new session: a fixed one cannot be planted
        session.permanent = True  # the cookie lasts the guard's SESSION_HOURS (PERMANENT_SESSION_LIFETIME)
        session["admin_session"] = guard.open_session(stored)
        session["csrf"] = secrets.token_urlsafe(24)
        log.info("venue: admin logged in from %s", address)
    else:
        log.warning("venue: a wrong admin password from %s", address)
        flash(g.tr.gettext("Wrong password."))
    return redirect(url_for("admin.admin"))


@blueprint.post("/admin/logout")
def logout() -> Any:
    check_form(need_admin=False)
    session_id = session.get("admin_session")
    if session_id:
        site().guard.close_session(str(session_id))  # a copy of the cookie is worth nothing from now on
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
