"""The venue page through Flask's test client: every page in every language, CSV, read-only, the admin's login."""

from __future__ import annotations

import csv
import io
import re
import sqlite3
import threading
import time
import urllib.parse
import urllib.request
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from table.venue.locale.messages import LANGUAGES as TRANSLATED
from table.venue.locale.messages import MESSAGES
from table.venue.samples import SampleTable
from table.venue.store import Store
from table.venue.venue_config import VenueConfig, WebSettings, hash_password, set_password_hash
from table.venue.web import LOCALE, LOGIN_PAUSE, LOGIN_TRIES, WebServer, create_app, translations
from table.venue.web import admin as admin_module
from table.venue.web.guard import GUARD_NAME, SESSION_HOURS

NOW = datetime(2026, 11, 23, 21, 0).timestamp()  # an evening, local time: the evening began at 16:00
PASSWORD = "correct horse"
TEMPLATES = Path(__file__).parents[2] / "table" / "venue" / "templates"
DEADLINE = 10.0  # seconds: a wait for real threads, far longer than they take


@pytest.fixture
def store(tmp_path: Path) -> Store:
    store = Store(tmp_path / "venue.sqlite3", clock=lambda: NOW)
    t1, t2 = SampleTable("t1"), SampleTable("t2")
    for envelope in t1.game(["Anna", "Zoë <script>alert(1)</script>", "=cmd"], [40, 20, 10], NOW - 3600):
        store.add(envelope)
    for envelope in t2.game(["Anna", "Ben"], [10, 30], NOW - 600, finished=False):
        store.add(envelope)
    store.set_status("t1", b'{"v": 1, "table": "t1", "online": true, "at": 0}')
    return store


@pytest.fixture
def client(store: Store, tmp_path: Path) -> FlaskClient:
    config = VenueConfig(tmp_path / "venue.toml", password_hash=hash_password(PASSWORD, rounds=1000))
    return create_app(store, config, tmp_path, clock=lambda: NOW).test_client()


def pages(store: Store) -> list[str]:
    game_id = store.games()[0].game_id
    return ["/", "/results", "/standings", "/wall", "/?tv=1", f"/games/{game_id}", "/players/anna", "/admin"]


@pytest.mark.parametrize("lang", ["en", *TRANSLATED])
def test_every_page_in_every_language(client: FlaskClient, store: Store, lang: str) -> None:
    standings = translations(lang).gettext("Standings")
    assert lang == "en" or standings != "Standings"
    for url in pages(store):
        response = client.get(url + ("&" if "?" in url else "?") + f"lang={lang}")
        page = response.get_data(as_text=True)
        assert response.status_code == 200, url
        assert f'<html lang="{lang}"' in page and standings in page, url
        assert "<script>alert" not in page  # a typed name is escaped
    trick = client.get(pages(store)[0]).get_data(as_text=True)  # the table's own words, in the page's language
    assert {"en": "takes the trick", "de": "gewinnt den Stich", "fr": "remporte le pli", "nl": "wint de slag",
            "it": "vince la presa"}[lang] in trick  # fmt: skip


def test_the_language_is_remembered_else_the_browsers(client: FlaskClient) -> None:
    assert "Tabelle" in client.get("/standings", headers={"Accept-Language": "de-CH,de;q=0.9"}).get_data(True)
    client.get("/", query_string={"lang": "nl"})
    assert "Stand" in client.get("/standings", headers={"Accept-Language": "de"}).get_data(True)  # the cookie's
    assert client.get("/", query_string={"lang": "xx"}).status_code == 200


def test_the_pages_show_the_games(client: FlaskClient, store: Store) -> None:
    live = client.get("/").get_data(as_text=True)
    assert "Table t1" in live and "Table t2" in live and "online" in live and "offline" in live
    assert "round 2" in live  # t2's game is on
    game = client.get(f"/games/{store.games()[0].game_id}").get_data(as_text=True)
    assert "Score pad" in game and "★" in game and "Anna takes the trick" in game
    assert client.get("/standings").get_data(as_text=True).count('class="num points"') == 3
    assert "Zoë" in client.get("/players/zo%C3%AB%20%3Cscript%3Ealert(1)%3C/script%3E").get_data(as_text=True)
    assert client.get("/games/nope").status_code == 404
    assert client.get("/players/nobody").status_code == 404


def test_csv_exports(client: FlaskClient) -> None:
    response = client.get("/export/games.csv")
    assert response.headers["Content-Type"] == "text/csv; charset=utf-8"
    rows = list(csv.DictReader(io.StringIO(response.data.decode("utf-8"))))
    assert [(r["player"], r["place"], r["total"]) for r in rows] == [
        ("Anna", "1", "40"), ("Zoë <script>alert(1)</script>", "2", "20"), ("'=cmd", "3", "10")
    ]  # fmt: skip
    standings = list(csv.reader(io.StringIO(client.get("/export/standings.csv").data.decode("utf-8"))))
    assert standings[0] == ["place", "player", "player_key", "games", "wins", "points"]
    assert standings[1][:2] == ["1", "Anna"] and standings[1][-1] == "10" and standings[3][-1] == "4"


def test_live_parts_come_only_when_something_changed(client: FlaskClient, store: Store) -> None:
    news = client.get("/api/live", query_string={"parts": "tables,results,bogus"}).get_json()
    assert set(news["parts"]) == {"tables", "results"}
    assert client.get("/api/live", query_string={"parts": "tables", "version": news["version"]}).get_json()[
        "parts"
    ] == {}  # fmt: skip
    store.set_status("t2", b'{"online": true}')
    again = client.get("/api/live", query_string={"parts": "tables", "version": news["version"]}).get_json()
    assert again["version"] > news["version"] and again["parts"]["tables"].count("online") >= 2
    german = client.get("/api/live", query_string={"parts": "tables", "lang": "de"})
    assert "Tisch t1" in german.get_json()["parts"]["tables"]
    assert "Set-Cookie" not in german.headers  # a poll still in flight never undoes a language switch


def login(client: FlaskClient, password: str = PASSWORD) -> str:
    page = client.get("/admin").get_data(as_text=True)
    token = re.search(r'name="csrf" value="([^"]+)"', page)[1]  # type: ignore[index]
    client.post("/admin/login", data={"csrf": token, "password": password})
    return re.search(r'name="csrf" value="([^"]+)"', client.get("/admin").get_data(as_text=True))[1]  # type: ignore[index]


def test_nothing_changes_without_the_admin(client: FlaskClient, store: Store) -> None:
    game_id = store.games()[0].game_id
    assert client.post("/admin/void", data={"game_id": game_id, "voided": "1"}).status_code == 400  # no token
    token = re.search(r'name="csrf" value="([^"]+)"', client.get("/admin").get_data(True))[1]  # type: ignore[index]
    wrong = client.post("/admin/login", data={"csrf": token, "password": "wrong"}, follow_redirects=True)
    assert "Wrong password." in wrong.get_data(as_text=True)
    assert client.post("/admin/void", data={"csrf": token, "game_id": game_id, "voided": "1"}).status_code == 403
    assert not store.game(game_id).voided  # type: ignore[union-attr]
    for url in ("/", "/standings", "/export/games.csv"):
        assert client.post(url).status_code == 405  # the pages are read-only


def test_guessing_the_password_is_slowed_down(store: Store, tmp_path: Path) -> None:
    now = [NOW]
    config = VenueConfig(tmp_path / "venue.toml", password_hash=hash_password(PASSWORD, rounds=1000))
    client = create_app(store, config, tmp_path, clock=lambda: now[0]).test_client()
    token = re.search(r'name="csrf" value="([^"]+)"', client.get("/admin").get_data(True))[1]  # type: ignore[index]
    for _ in range(5):
        client.post("/admin/login", data={"csrf": token, "password": "guess"})
    refused = client.post("/admin/login", data={"csrf": token, "password": PASSWORD}, follow_redirects=True)
    assert "Too many wrong passwords" in refused.get_data(as_text=True) and "League settings" not in refused.get_data(
        as_text=True
    )  # fmt: skip
    now[0] += 61
    allowed = client.post("/admin/login", data={"csrf": token, "password": PASSWORD}, follow_redirects=True)
    assert "League settings" in allowed.get_data(as_text=True)


def test_the_admin_voids_merges_renames_and_sets_the_league(client: FlaskClient, store: Store) -> None:
    token = login(client)
    assert "League settings" in client.get("/admin").get_data(as_text=True)
    assert f"Messages stored: {store.envelope_count()} · refused: 0" in client.get("/admin").get_data(True)
    game_id = store.games()[0].game_id
    assert client.post("/admin/void", data={"game_id": game_id, "voided": "1", "csrf": "forged"}).status_code == 400
    client.post("/admin/void", data={"csrf": token, "game_id": game_id, "voided": "1"})
    assert store.game(game_id).voided  # type: ignore[union-attr]
    assert "No game counts yet." in client.get("/standings").get_data(as_text=True)
    client.post("/admin/void", data={"csrf": token, "game_id": game_id, "voided": "0"})
    client.post("/admin/rename", data={"csrf": token, "key": "=cmd", "name": "Carl"})
    assert store.player_name("=cmd") == "Carl"
    client.post("/admin/merge", data={"csrf": token, "key": "ben", "into": "anna"})
    assert store.resolve("ben") == "anna"
    settings = {"csrf": token, "name": "Thursday Cup", "period": "evening", "evening_starts": "18:00",
                "points": "5, 3", "games": "", "min_players": "2"}  # fmt: skip
    client.post("/admin/league", data=settings)
    standings = client.get("/standings").get_data(as_text=True)
    assert "Thursday Cup" in standings and "points by place: 5 3" in standings
    response = client.post("/admin/league", data={**settings, "points": "ten"}, follow_redirects=True)
    assert "Not saved:" in response.get_data(as_text=True)
    client.post("/admin/league", data={"csrf": token, "reset": "1"})
    assert "Thursday Cup" not in client.get("/standings").get_data(as_text=True)
    client.post("/admin/logout", data={"csrf": token})
    assert client.post("/admin/void", data={"csrf": token, "game_id": game_id}).status_code in (400, 403)


def test_the_admin_page_says_how_to_set_a_password(store: Store, tmp_path: Path) -> None:
    client = create_app(store, VenueConfig(tmp_path / "venue.toml"), tmp_path).test_client()
    assert "--set-admin-password" in client.get("/admin").get_data(as_text=True)
    token = re.search(r'name="csrf" value="([^"]+)"', client.get("/").get_data(True))
    assert token is None  # no form for the public


def test_every_word_of_the_page_is_translated() -> None:
    used: set[str] = set()
    for template in TEMPLATES.rglob("*.html"):
        used |= set(re.findall(r'_\(\s*"([^"]+)"', template.read_text()))
        used |= set(re.findall(r"_\(\s*'([^']+)'", template.read_text()))
    for module in (TEMPLATES.parent / "web").glob("*.py"):  # the flashed messages
        used |= set(re.findall(r'g\.tr\.gettext\("([^"]+)"\)', module.read_text()))
    assert used <= set(MESSAGES), sorted(used - set(MESSAGES))
    for index, lang in enumerate(TRANSLATED):
        po = (LOCALE / lang / "LC_MESSAGES" / "venue.po").read_text(encoding="utf-8")
        for english in used:  # the .po files are written from MESSAGES: regenerated after a change
            assert translations(lang).gettext(english) == MESSAGES[english][index], (lang, english)
        assert "fuzzy" not in po


def test_tables_in_natural_order_and_a_game_whose_end_comes_first(client: FlaskClient, store: Store) -> None:
    for table in ("t10", "t3"):
        store.set_status(table, b'{"online": true}')
    live = client.get("/").get_data(as_text=True)
    assert live.index("Table t2") < live.index("Table t3") < live.index("Table t10")
    events = SampleTable("t10").game(["Ada", "  "], [2, 1], NOW - 60, rounds=1)  # a blank name too
    over = events[-1]
    assert not store.add(over)  # its game_started is still on the way: not taken yet, the table sends it again
    assert client.get(f"/games/{over.game_id}").status_code == 404 and store.refusals() == []
    for envelope in events:
        store.add(envelope)
    page = client.get(f"/games/{over.game_id}").get_data(as_text=True)
    assert "Ada" in page and "/players/%3F" in page
    assert client.get("/players/%3F").status_code == 200


def test_a_query_a_guest_makes_up_is_never_an_error(client: FlaskClient, store: Store) -> None:
    game_id = store.games()[0].game_id
    for url in ("/?endpoint=x", "/?_method=POST", f"/games/{game_id}?game_id=x", "/players/anna?key=x",
                "/?_external=1&_anchor=x&_scheme=ftp", "/standings?lang=de&tv=1&endpoint=x"):  # fmt: skip
        response = client.get(url)
        assert response.status_code == 200, url
        path = url.split("?")[0]
        links = re.findall(r'href="([^"]*lang=fr[^"]*)"', response.get_data(as_text=True))
        assert links and all(link.startswith(path + "?") for link in links), (url, links)  # the same page
        assert all("=" in link.split("?")[1] for link in links)
    nl = client.get("/?endpoint=x&lang=de").get_data(as_text=True)
    assert 'href="/?endpoint=x&amp;lang=nl"' in nl  # the query passed on as a query


def test_every_text_cell_of_the_csv_is_kept_from_being_a_formula(client: FlaskClient, store: Store) -> None:
    for envelope in SampleTable("-2").game(["-Ann", "Bo"], [3, 1], NOW - 300, game="-cmd"):  # what a table may send
        store.add(envelope)
    rows = list(csv.reader(io.StringIO(client.get("/export/games.csv").data.decode("utf-8"))))[1:]
    texts = [cell for row in rows for index, cell in enumerate(row) if index in (0, 1, 2, 7, 8)]
    assert "'-cmd" in texts and "'-2" in texts and "'-Ann" in texts
    assert not [cell for cell in texts if cell.startswith(("=", "+", "-", "@", "\t", "\r"))]


def test_the_pages_stand_what_an_older_venue_kept(client: FlaskClient, store: Store) -> None:
    """Rows kept before the venue checked messages (a time no clock reaches, scores that are numbers)."""
    game_id = store.games(finished=False)[0].game_id  # t2's game, still on
    store._db.execute("UPDATE games SET finished_at = 1e300, last_at = 1e300")
    store._db.execute("UPDATE envelopes SET data = '{\"round\": 9, \"scores\": [1, 2, 3]}' WHERE kind = 'round'")
    store.version += 1
    login(client)
    for url in ("/", "/results", "/standings", "/wall", f"/games/{game_id}", "/players/anna", "/admin",
                "/export/games.csv", "/api/live?parts=tables,results,standings"):  # fmt: skip
        assert client.get(url).status_code == 200, url


# The admin's sessions and the wrong-password lockout (issue 24: they could not be revoked, nor held).


def admin_client(store: Store, folder: Path, clock: Callable[[], float] = lambda: NOW, **web: Any) -> FlaskClient:
    config = VenueConfig(
        folder / "venue.toml", web=WebSettings(**web), password_hash=hash_password(PASSWORD, rounds=1000)
    )
    return create_app(store, config, folder, clock=clock).test_client()


def is_admin(client: FlaskClient) -> bool:
    return "League settings" in client.get("/admin").get_data(as_text=True)


def copy_of(client: FlaskClient) -> FlaskClient:
    """Another browser with the same cookie (as copied by someone who had the admin's laptop for a minute)."""
    other = client.application.test_client()
    cookie = client.get_cookie("session")
    assert cookie is not None
    other.set_cookie(cookie.key, cookie.value)
    return other


def test_a_cookie_copied_before_logout_is_no_longer_admin_after_it(store: Store, tmp_path: Path) -> None:
    client = admin_client(store, tmp_path)
    token = login(client)
    thief = copy_of(client)
    assert is_admin(thief)  # the copy works while the admin is logged in
    client.post("/admin/logout", data={"csrf": token})
    assert not is_admin(client) and not is_admin(thief)
    game_id = store.games()[0].game_id
    assert thief.post("/admin/void", data={"csrf": token, "game_id": game_id, "voided": "1"}).status_code == 403
    assert not store.game(game_id).voided  # type: ignore[union-attr]


def test_a_new_admin_password_ends_every_session(store: Store, tmp_path: Path) -> None:
    client = admin_client(store, tmp_path)
    login(client)
    thief = copy_of(client)
    (tmp_path / "venue.toml").write_text(set_password_hash("", hash_password("a new one", rounds=1000)))
    assert not is_admin(thief) and not is_admin(client)
    login(client, "a new one")
    assert is_admin(client)


def test_a_session_lasts_hours_not_days(store: Store, tmp_path: Path) -> None:
    now = [NOW]
    client = admin_client(store, tmp_path, clock=lambda: now[0])
    login(client)
    cookie = client.get_cookie("session")
    assert (
        cookie is not None
        and cookie.expires is not None
        and cookie.expires.timestamp() - time.time() <= SESSION_HOURS * 3600 + 60
    )
    now[0] += SESSION_HOURS * 3600 - 60
    assert is_admin(client)
    now[0] += 120  # the cookie's own expiry is the browser's word; the server's clock decides
    assert not is_admin(client)


def test_the_session_cookie_is_secure_behind_the_https_proxy(store: Store, tmp_path: Path) -> None:
    plain = admin_client(store, tmp_path / "plain")
    login(plain)
    proxied = admin_client(store, tmp_path / "proxied", behind_proxy=True)
    page = proxied.get("/admin", base_url="https://localhost")
    token = re.search(r'name="csrf" value="([^"]+)"', page.get_data(True))[1]  # type: ignore[index]
    answer = proxied.post("/admin/login", data={"csrf": token, "password": PASSWORD}, base_url="https://localhost")
    assert "Secure" in answer.headers["Set-Cookie"] and "HttpOnly" in answer.headers["Set-Cookie"]
    assert "Secure" not in plain.get("/admin").headers.get("Set-Cookie", "")


def test_the_lockout_holds_under_parallel_guesses(
    store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    checked, answered = [], []
    changed, release = threading.Condition(), threading.Event()
    real_check = admin_module.check_password

    def slow_check(password: str, stored: str) -> bool:  # the hash is slow: every guess is in it at once
        with changed:
            checked.append(password)
            changed.notify_all()
        release.wait(timeout=DEADLINE)
        return real_check(password, stored)

    monkeypatch.setattr(admin_module, "check_password", slow_check)
    app = admin_client(store, tmp_path).application
    guessers = []
    for _ in range(30):
        guesser = app.test_client()
        token = re.search(r'name="csrf" value="([^"]+)"', guesser.get("/admin").get_data(True))[1]  # type: ignore[index]
        guessers.append((guesser, token))

    def guess(guesser: FlaskClient, token: str, n: int) -> None:
        guesser.post("/admin/login", data={"csrf": token, "password": f"guess {n}"})
        with changed:
            answered.append(n)
            changed.notify_all()

    threads = [threading.Thread(target=guess, args=(*pair, n)) for n, pair in enumerate(guessers)]
    for thread in threads:
        thread.start()
    with changed:  # every guess is either being hashed or already refused
        assert changed.wait_for(lambda: len(checked) + len(answered) >= 30, timeout=DEADLINE)
    release.set()
    for thread in threads:
        thread.join(timeout=DEADLINE)
    assert len(checked) == LOGIN_TRIES


def test_the_lockout_holds_across_a_restart(store: Store, tmp_path: Path) -> None:
    client = admin_client(store, tmp_path)
    for _ in range(LOGIN_TRIES):
        login(client, "guess")
    restarted = admin_client(store, tmp_path)  # the venue service restarted: a new app on the same folder
    login(restarted)
    assert not is_admin(restarted)
    later = admin_client(store, tmp_path, clock=lambda: NOW + LOGIN_PAUSE + 1)
    login(later)
    assert is_admin(later)


def test_behind_the_proxy_the_client_is_the_one_the_proxy_names(store: Store, tmp_path: Path) -> None:
    app = admin_client(store, tmp_path, behind_proxy=True).application
    server = WebServer(app, "127.0.0.1", 0)
    try:
        forwarded = {"X-Forwarded-For": "192.168.1.23", "X-Forwarded-Proto": "https"}
        with urllib.request.urlopen(urllib.request.Request(f"{server.url}/admin", headers=forwarded)) as first:
            cookie = first.headers["Set-Cookie"]  # Secure: sent back by hand, as the browser does over HTTPS
            token = re.search(r'name="csrf" value="([^"]+)"', first.read().decode())[1]  # type: ignore[index]
        assert "Secure" in cookie
        form = urllib.parse.urlencode({"csrf": token, "password": "guess"}).encode()
        headers = {**forwarded, "Cookie": cookie.split(";")[0]}
        login = urllib.request.Request(f"{server.url}/admin/login", data=form, headers=headers)
        with urllib.request.urlopen(login) as answer:
            assert answer.status == 200  # redirected to /admin: the guess was checked (below: from whom)
    finally:
        server.stop()
    with sqlite3.connect(tmp_path / GUARD_NAME) as db:
        assert db.execute("SELECT address FROM failures").fetchall() == [("192.168.1.23",)]


def test_a_closed_socket_met_while_stopping_ends_the_server_quietly(client: FlaskClient) -> None:
    """stop() closes the sockets from its own thread; the serving loop's select() may meet one closed (EBADF). That
    ends the loop without an error then, and is an error at any other time."""
    server = WebServer(client.application, "127.0.0.1", 0)
    server.stop()

    def closed() -> None:
        raise OSError(9, "Bad file descriptor")

    server._server.run = closed  # the loop as it ends when its socket is closed under it
    server._serve()  # stopping: quiet
    server._stopping.clear()
    with pytest.raises(OSError):
        server._serve()
