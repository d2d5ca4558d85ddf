"""The venue page in a real browser (Debian's Chromium through Playwright): live updates without a reload, no
sideways scrolling on a phone, the language switch. One browser for the module."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import sync_playwright

from table.venue.samples import SampleTable, an_evening
from table.venue.screenshots import EVENING, PHONE, TV, launch, take_screenshots
from table.venue.screenshots import PAGES as SHOT_PAGES
from table.venue.store import Store
from table.venue.venue_config import VenueConfig
from table.venue.web import WebServer, create_app


@dataclass
class Site:
    url: str
    store: Store
    browser: Any
    game_id: str


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    folder = tmp_path_factory.mktemp("venue")
    store = Store(folder / "venue.sqlite3", clock=lambda: EVENING)
    played = an_evening(store, EVENING)
    app = create_app(store, VenueConfig(folder / "venue.toml"), folder, clock=lambda: EVENING, poll_ms=150)
    server = WebServer(app, "127.0.0.1", 0)
    with sync_playwright() as playwright:
        browser = launch(playwright)
        yield Site(server.url, store, browser, played["t1"][-1].game_id)
        browser.close()
    server.stop()
    store.close()


def test_the_live_page_updates_without_reloading(site: Site) -> None:
    page = site.browser.new_page(viewport=PHONE)
    page.goto(site.url + "/")
    page.evaluate("window.notReloaded = 'still here'")
    assert page.locator("text=Table t4").count() == 0
    for envelope in SampleTable("t4").game(["Nora", "Otto"], [10, 20], EVENING - 60, finished=False):
        site.store.add(envelope)
    page.locator("text=Table t4").wait_for(timeout=5000)
    assert page.locator("text=Otto takes the trick").count() == 1  # t4's last trick, in the new part
    assert page.evaluate("window.notReloaded") == "still here"
    page.close()


PHONE_PAGES = ["/", "/standings", "/wall", "/results", "/players/chiara", "GAME", "/?lang=de", "/admin?lang=fr"]


@pytest.mark.parametrize("path", PHONE_PAGES)
def test_a_phone_never_scrolls_sideways(site: Site, path: str) -> None:
    page = site.browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(site.url + path.replace("GAME", f"/games/{site.game_id}"))
    sizes = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert sizes[0] <= sizes[1], path
    page.close()


def test_the_language_switch(site: Site) -> None:
    page = site.browser.new_page(viewport=PHONE, locale="en-GB")
    page.goto(site.url + "/")
    assert page.locator("h1").inner_text() == "Tables"
    page.locator("a[hreflang=de]").click()
    page.wait_for_url("**lang=de")
    assert page.locator("h1").inner_text() == "Tische"
    assert "gewinnt den Stich" in page.locator(".why").first.inner_text()
    page.goto(site.url + "/standings")  # remembered
    assert page.locator("h1").inner_text() == "Tabelle"
    page.locator("a[hreflang=it]").click()
    page.wait_for_url("**lang=it")
    assert page.locator("h1").inner_text() == "Classifica"
    page.close()


def test_the_screenshot_script_writes_every_page_at_both_sizes(site: Site, tmp_path: Path) -> None:
    written = take_screenshots(site.browser, tmp_path)
    assert sorted(path.name for path in tmp_path.glob("venue-*.png")) == sorted(
        f"venue-{page}-{size}.png" for page in SHOT_PAGES for size in ("phone", "tv")
    )
    for path in written:  # small enough for the repository, and a picture (a blank page would be far smaller)
        assert 4_000 < path.stat().st_size < 150_000, (path.name, path.stat().st_size)


def test_thirty_tables_fit_on_the_wall_tv(site: Site) -> None:  # last: it fills the venue
    for number in range(1, 27):  # with t1-t3 (and t4 when the live test ran first): 29 or 30
        table = f"w{number}"
        names = [f"{table} Anna", f"{table} Ben", f"{table} Cleo", f"{table} Dan", f"{table} Eve"]
        for envelope in SampleTable(table).game(names, [5, 4, 3, 2, 1], EVENING - 300, finished=number % 2 == 0):
            site.store.add(envelope)
    page = site.browser.new_page(viewport=TV)
    page.goto(site.url + "/wall")
    assert page.locator(".table-card").count() >= 29
    sizes = page.evaluate("[document.documentElement.scrollHeight, innerHeight, document.documentElement.scrollWidth]")
    assert sizes[0] <= sizes[1] and sizes[2] <= TV["width"], sizes
    page.close()
