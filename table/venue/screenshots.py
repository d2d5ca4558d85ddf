"""The venue page's screenshots for the README (docs/screenshots/venue-*.png), taken by Debian's Chromium through
Playwright from a made-up evening (table.venue.samples.an_evening): `scripts/venue-screenshots`.

`launch(playwright)` is the one way the venue starts Chromium (the browser tests use it too)."""

from __future__ import annotations

import sys
import tempfile
from datetime import datetime
from pathlib import Path
from typing import Any

from table.venue.samples import an_evening
from table.venue.store import Store
from table.venue.venue_config import VenueConfig
from table.venue.web import WebServer, create_app

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


def take_screenshots(browser: Any, folder: Path) -> list[Path]:
    """Every picture into `folder`, with `browser`; returns their paths."""
    written = []
    with tempfile.TemporaryDirectory() as work:
        store = Store(Path(work) / "venue.sqlite3", clock=lambda: EVENING)
        played = an_evening(store, EVENING)
        config = VenueConfig(Path(work) / "venue.toml")
        server = WebServer(create_app(store, config, Path(work), clock=lambda: EVENING), "127.0.0.1", 0)
        game = played["t1"][-1].game_id  # Élodie's win at table t1
        shots = {
            "venue-live-phone.png": ("/", PHONE, True),
            "venue-standings-phone.png": ("/standings", PHONE, True),
            "venue-game-phone.png": (f"/games/{game}", PHONE, True),
            "venue-wall-tv.png": ("/wall", TV, False),
            "venue-standings-tv.png": ("/standings?tv=1", TV, False),
            "venue-game-tv.png": (f"/games/{game}?tv=1", TV, False),
        }
        try:
            for name, (url, size, full) in shots.items():
                page = browser.new_page(viewport=size, locale="en-GB")
                page.goto(server.url + url)
                page.screenshot(path=str(folder / name), full_page=full)
                page.close()
                written.append(folder / name)
        finally:
            server.stop()
            store.close()
    return written


if __name__ == "__main__":
    sys.exit(main(*(Path(arg) for arg in sys.argv[1:2])))
