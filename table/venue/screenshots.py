"""The venue pages' screenshots for the README and docs/venue.md (docs/screenshots/venue-<page>-<phone|tv>.png): every
page at a phone's size (390x844) and the wall TV's (1920x1080), taken by Debian's Chromium through Playwright from a
made-up evening of eight tables (table.venue.samples.a_full_evening): `scripts/venue-screenshots`.

`launch(playwright)` is the one way the venue starts Chromium (the browser tests use it too)."""

from __future__ import annotations

import sys
import tempfile
from datetime import datetime
from pathlib import Path
from typing import Any

from table.venue.palette_png import shrink
from table.venue.samples import a_full_evening
from table.venue.store import Store, player_key
from table.venue.venue_config import VenueConfig, hash_password
from table.venue.web import WebServer, create_app
from table.venue.web.site import EXTENSION, Site

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]  # fmt: skip
PHONE = {"width": 390, "height": 844}
TV = {"width": 1920, "height": 1080}
EVENING = datetime(2026, 11, 21, 22, 30).timestamp()  # a Saturday night: the same pictures every time


def launch(playwright: Any) -> Any:
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)


def main(folder: Path = Path("docs/screenshots")) -> int:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            for path in take_screenshots(browser, folder):
                print(path)
        finally:
            browser.close()
    return 0


# Every page at both sizes: name -> its path ({game}: the eight players' game, {player}: a player's key).
PAGES = {
    "live": "/",
    "results": "/results",
    "standings": "/standings",
    "wall": "/wall",
    "wall-no-broker": "/wall",
    "game": "/games/{game}",
    "player": "/players/{player}",
    "login": "/admin",
    "admin": "/admin",
}
SIZES = {"phone": PHONE, "tv": TV}
ADDRESSES = ["http://192.168.1.20:8080/", "http://venue.local:8080/"]  # what the wall offers phones, made up
PASSWORD = "screenshot admin"


def take_screenshots(browser: Any, folder: Path) -> list[Path]:
    """Every page at a phone's size (the whole page) and the wall TV's (its screen) into `folder`, with `browser`;
    returns their paths."""
    written = []
    with tempfile.TemporaryDirectory() as work:
        store = Store(Path(work) / "venue.sqlite3", clock=lambda: EVENING)
        played = a_full_evening(store, EVENING)
        config = VenueConfig(Path(work) / "venue.toml", password_hash=hash_password(PASSWORD, rounds=1000))
        app = create_app(store, config, Path(work), clock=lambda: EVENING)
        site: Site = app.extensions[EXTENSION]
        site.addresses = ADDRESSES
        server = WebServer(app, "127.0.0.1", 0)
        where = {"game": played["t5"][0].game_id, "player": player_key("Mary Read")}
        try:
            for size, viewport in SIZES.items():
                context = browser.new_context(viewport=viewport, locale="en-GB")
                for name, path in PAGES.items():
                    site.broker_up = (lambda: False) if name == "wall-no-broker" else None
                    page = context.new_page()
                    if name == "admin":
                        log_in(page, server.url)
                    page.goto(server.url + path.format(**where))
                    target = folder / f"venue-{name}-{size}.png"
                    page.screenshot(path=str(target), full_page=size == "phone")
                    shrink(target)
                    page.close()
                    written.append(target)
                context.close()
        finally:
            server.stop()
            store.close()
    return written


def log_in(page: Any, url: str) -> None:
    page.goto(url + "/admin")
    page.fill("input[name=password]", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_selector("form.settings")


if __name__ == "__main__":
    sys.exit(main(*(Path(arg) for arg in sys.argv[1:2])))
