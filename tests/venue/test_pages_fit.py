"""Every venue page in Chromium at a phone's size (390x844) and the wall TV's (1920x1080), with eight tables, long
names and games of six and eight players: nothing off-screen (no sideways scrolling, every element's right edge
inside the window), no text cut (an element narrower than its text with its overflow hidden, clipped or scrolled,
or an ellipsis), and the wall fitting 1080p without scrolling, rotating what does not fit."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import sync_playwright

from table.venue.samples import a_full_evening
from table.venue.screenshots import EVENING, PHONE, TV, launch
from table.venue.store import Store, player_key
from table.venue.venue_config import VenueConfig, hash_password
from table.venue.web import WebServer, create_app
from table.venue.web.site import EXTENSION, Site

PASSWORD = "correct horse"
ROTATE_MS = 300  # the wall's pages turn fast here: a test waits for a turn, never sleeps
SIZES = {"phone": PHONE, "tv": TV}

# What a person cannot see of a page: each problem as "what: the element (its text)".
PROBLEMS = """() => {
  const width = window.innerWidth, problems = [];
  const name = (el) => el.tagName.toLowerCase()
    + (el.className ? "." + String(el.className).trim().replace(/ +/g, ".") : "")
    + " (" + (el.innerText || el.value || "").trim().slice(0, 40).replace(/\\s+/g, " ") + ")";
  const wide = document.documentElement.scrollWidth;
  if (wide > width) problems.push("scrolls sideways: " + wide);
  for (const el of document.body.querySelectorAll("*")) {
    const style = getComputedStyle(el), box = el.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;  // not drawn (display: none here or above)
    if (style.visibility === "hidden") continue;
    if (box.right > width + 0.5 || box.left < -0.5) problems.push("off-screen: " + name(el));
    const clips = style.overflowX !== "visible" || style.textOverflow === "ellipsis";
    if (clips && el.scrollWidth > el.clientWidth + 1) problems.push("cut: " + name(el));
  }
  return problems;
}"""


@dataclass
class Venue:
    url: str
    browser: Any
    games: dict[str, str]  # what a game is: its id


@pytest.fixture(scope="module")
def venue(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Venue]:
    folder = tmp_path_factory.mktemp("venue")
    store = Store(folder / "venue.sqlite3", clock=lambda: EVENING)
    played = a_full_evening(store, EVENING)
    config = VenueConfig(folder / "venue.toml", password_hash=hash_password(PASSWORD, rounds=1000))
    app = create_app(store, config, folder, clock=lambda: EVENING, poll_ms=60_000, rotate_ms=ROTATE_MS)
    server = WebServer(app, "127.0.0.1", 0)
    games = {"four players": played["t1"][-1].game_id, "eight players": played["t5"][0].game_id,
             "six players": played["t4"][0].game_id}  # fmt: skip
    with sync_playwright() as playwright:
        browser = launch(playwright)
        yield Venue(server.url, browser, games)
        browser.close()
    server.stop()
    store.close()


PAGES = {
    "live": "/",
    "live-fr": "/?lang=fr",
    "results": "/results",
    "standings": "/standings",
    "wall": "/wall",
    "wall-de": "/wall?lang=de",
    "game-4": "/games/{four players}",
    "game-6": "/games/{six players}",
    "game-8-it": "/games/{eight players}?lang=it",
    "player": f"/players/{player_key('Mary Read')}",
    "player-nl": f"/players/{player_key('Bartholomew Roberts')}?lang=nl",
    "admin-login": "/admin",
    "missing": "/games/no-such-game",
}


def open_page(venue: Venue, path: str, size: str) -> Any:
    page = venue.browser.new_page(viewport=SIZES[size], locale="en-GB")
    page.goto(venue.url + path.format(**venue.games))
    return page


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", PAGES)
def test_nothing_is_off_screen_or_cut(venue: Venue, name: str, size: str) -> None:
    page = open_page(venue, PAGES[name], size)
    assert page.evaluate(PROBLEMS) == [], f"{name} at {size}"
    page.close()


@pytest.mark.parametrize("size", SIZES)
def test_the_admins_page_shows_everything(venue: Venue, size: str) -> None:
    page = open_page(venue, "/admin", size)
    page.fill("input[name=password]", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_selector("form.settings")
    assert page.evaluate(PROBLEMS) == [], size
    page.close()


def test_the_login_page_shows_the_whole_command(venue: Venue, tmp_path: Path) -> None:
    folder = tmp_path / "venue"
    store = Store(folder / "venue.sqlite3", clock=lambda: EVENING)
    server = WebServer(create_app(store, VenueConfig(folder / "venue.toml"), folder, clock=lambda: EVENING),
                       "127.0.0.1", 0)  # fmt: skip
    try:
        page = venue.browser.new_page(viewport=PHONE)
        page.goto(server.url + "/admin")
        command = page.locator("pre")
        assert "--set-admin-password" in command.inner_text()
        assert page.evaluate(PROBLEMS) == []
        page.close()
    finally:
        server.stop()
        store.close()


def test_a_phone_sees_every_column_of_an_eight_player_score_pad(venue: Venue) -> None:
    page = open_page(venue, "/games/{eight players}", "phone")
    heads = page.locator(".pad thead th")
    assert heads.count() == 9  # the round and eight players
    assert "Bartholomew Roberts" in [heads.nth(n).get_attribute("title") or heads.nth(n).inner_text()
                                     for n in range(9)]  # fmt: skip
    winner = page.locator(".pad thead th.winner")
    assert winner.count() == 1 and winner.bounding_box()["x"] + winner.bounding_box()["width"] <= PHONE["width"]
    page.close()


def test_a_phone_sees_a_players_every_column(venue: Venue) -> None:
    page = open_page(venue, f"/players/{player_key('Mary Read')}", "phone")
    heads = [text.strip() for text in page.locator(".history thead th").all_inner_texts()]
    assert heads == ["When", "Game", "Table", "Place", "Score"]
    for head in page.locator(".history thead th").all():
        box = head.bounding_box()
        assert box["x"] + box["width"] <= PHONE["width"], head.inner_text()
    page.close()


def test_the_wall_fits_1080p_without_scrolling(venue: Venue) -> None:
    page = open_page(venue, "/wall", "tv")
    sizes = page.evaluate("[document.documentElement.scrollHeight, innerHeight, document.documentElement.scrollWidth]")
    assert sizes[0] <= TV["height"] and sizes[2] <= TV["width"], sizes
    page.close()


def test_the_wall_has_no_site_menu_nor_language_links(venue: Venue) -> None:
    page = open_page(venue, "/wall", "tv")
    assert page.locator("nav.pages a:visible, nav.langs a:visible").count() == 0
    page.close()


def test_the_walls_table_text_reads_from_across_the_room(venue: Venue) -> None:
    page = open_page(venue, "/wall", "tv")
    for selector in (".table-card .players li", ".table-card .seen", ".table-card h3", ".table-card .why"):
        sizes = page.locator(selector + ":visible").evaluate_all(
            "els => els.map(el => parseFloat(getComputedStyle(el).fontSize))"
        )
        assert sizes and min(sizes) >= 40, (selector, sizes)
    page.close()


def test_the_wall_uses_the_whole_screen(venue: Venue) -> None:
    """Edge to edge, and the tables and the side column reach the bottom between them: no half-empty wall."""
    page = open_page(venue, "/wall", "tv")
    edges = "[...document.querySelectorAll('.wall > *')].map(el => el.getBoundingClientRect().toJSON())"
    boxes = page.evaluate(edges)
    assert len(boxes) == 2  # the tables, the side column
    assert min(box["left"] for box in boxes) <= 10 and max(box["right"] for box in boxes) >= TV["width"] - 10, boxes
    assert TV["height"] * 0.9 <= max(box["bottom"] for box in boxes) <= TV["height"], boxes
    page.close()


# Every item the wall shows (a table, a standing, a result) whole inside its box, and every box inside the screen.
CLIPPED = """() => {
  const problems = [];
  for (const box of document.querySelectorAll("[data-rotate]")) {
    const edge = box.getBoundingClientRect();
    if (edge.bottom > innerHeight + 0.5) problems.push("below the screen: " + box.className);
    for (const item of box.querySelectorAll(box.dataset.rotate)) {
      const where = item.getBoundingClientRect();
      const text = item.innerText.slice(0, 40);
      if (where.height > 0 && where.bottom > edge.bottom + 0.5) problems.push("cut at the bottom: " + text);
    }
  }
  return problems;
}"""


# On the wall's page `turn` of the box: the first line of each item it shows then (read at once: pages turn fast).
AT_TURN = """([box, item, turn]) => {
  const el = document.querySelector(box);
  if (el.dataset.page !== turn) return false;
  return [...el.querySelectorAll(item)].filter(i => !i.hidden).map(i => i.innerText.split("\\n")[0]);
}"""


def test_the_wall_shows_whole_items_only(venue: Venue) -> None:
    page = open_page(venue, "/wall", "tv")
    assert page.locator("[data-rotate]").count() == 3  # the tables, the standings, today's results
    assert page.evaluate(CLIPPED) == []
    page.close()


def test_what_does_not_fit_the_wall_takes_turns(venue: Venue) -> None:
    page = open_page(venue, "/wall", "tv")
    for box, item in ((".wall-tables", ".table-card"), (".wall-results", ".results > li")):
        pages = int(page.locator(box).get_attribute("data-pages") or 0)
        assert pages >= 2, box  # eight tables and ten games do not fit at once at 40 px
        assert page.locator(f"{box} .pager").inner_text().endswith(f"/{pages}")
        seen: list[str] = []
        for turn in range(1, pages + 1):
            now = page.wait_for_function(AT_TURN, arg=[box, item, str(turn)], timeout=5000).json_value()
            assert now and not set(now) & set(seen), (box, turn, now)
            seen += now
        assert len(seen) == page.locator(f"{box} {item}").count(), box  # every one had its turn
    page.close()


def test_the_wall_offers_phones_a_qr_code(venue: Venue) -> None:
    page = open_page(venue, "/wall", "tv")
    code = page.locator(".wall-qr svg")
    assert code.count() == 1 and code.bounding_box()["width"] >= 200  # a phone reads it from a few metres
    assert venue.url in page.locator(".wall-qr figcaption").inner_text()  # without a known address: the one asked
    page.close()


def test_the_wall_says_at_once_when_the_broker_is_lost_and_back(venue: Venue, tmp_path: Path) -> None:
    store = Store(tmp_path / "venue.sqlite3", clock=lambda: EVENING)
    a_full_evening(store, EVENING)
    app = create_app(store, VenueConfig(tmp_path / "venue.toml"), tmp_path, clock=lambda: EVENING, poll_ms=100)
    link = {"up": True}
    site: Site = app.extensions[EXTENSION]
    site.broker_up = lambda: link["up"]
    server = WebServer(app, "127.0.0.1", 0)
    try:
        page = venue.browser.new_page(viewport=TV)
        page.goto(server.url + "/wall")
        page.evaluate("window.notReloaded = true")
        assert page.locator(".alarm").count() == 0
        link["up"] = False  # nothing else changes: the store's version stays the same
        page.locator(".alarm").wait_for(timeout=5000)
        assert "cannot reach its broker" in page.locator(".alarm").inner_text()
        assert page.locator(".table-card").count() == 8  # what the venue last heard stays up
        link["up"] = True
        page.locator(".alarm").wait_for(state="detached", timeout=5000)
        assert page.evaluate("window.notReloaded")
        assert page.evaluate(PROBLEMS) == [] and page.evaluate(CLIPPED) == []
        page.close()
    finally:
        server.stop()
        store.close()


# Each word of the players' names the wall shows now: [word, the distinct tops of its letters' lines].
BROKEN_WORDS = """() => {
  const found = [];
  for (const link of document.querySelectorAll(".table-card .players li a")) {
    const node = link.firstChild;
    if (!node || link.getBoundingClientRect().height === 0) continue;
    const text = node.textContent, range = document.createRange();
    let start = 0;
    for (const word of text.split(" ")) {
      const tops = new Set();
      for (let i = start; i < start + word.length; i++) {
        range.setStart(node, i); range.setEnd(node, i + 1);
        const rect = range.getBoundingClientRect();
        if (rect.height > 0) tops.add(Math.round(rect.top));
      }
      found.push([word, tops.size]);
      start += word.length + 1;
    }
  }
  return found;
}"""


def test_the_wall_breaks_a_name_between_its_words_only(venue: Venue) -> None:
    """The name "Bartholomew" was drawn as "Bartholo" over "mew": two columns of players in a card left no room."""
    page = open_page(venue, "/wall", "tv")
    words = page.evaluate(BROKEN_WORDS)
    assert "Bartholomew" in [word for word, _ in words]  # the longest name of the evening is on the first page
    assert [word for word, lines in words if lines > 1] == []
    page.close()
