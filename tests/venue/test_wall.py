"""The wall page through Flask's test client: what it says when the venue cannot reach its broker, and the QR code
it offers phones (the first LAN address; the caption prints every address)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from table.venue.samples import SampleTable
from table.venue.store import Store
from table.venue.venue_config import VenueConfig
from table.venue.web import create_app
from table.venue.web.qr import qr_svg
from table.venue.web.site import EXTENSION, Site

NOW = 1_795_471_200.0
BROKER_DOWN = "The venue cannot reach its broker"


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    store = Store(tmp_path / "venue.sqlite3", clock=lambda: NOW)
    yield create_app(store, VenueConfig(tmp_path / "venue.toml"), tmp_path, clock=lambda: NOW)
    store.close()


def site_of(app: Flask) -> Site:
    here: Site = app.extensions[EXTENSION]
    return here


def test_a_venue_without_its_broker_says_so_not_that_no_table_reported(app: Flask) -> None:
    link = {"up": False}
    site_of(app).broker_up = lambda: link["up"]
    client = app.test_client()
    for path in ("/wall", "/"):
        page = client.get(path).get_data(as_text=True)
        assert BROKER_DOWN in page and "No table has reported yet" not in page, path
    link["up"] = True
    page = client.get("/wall").get_data(as_text=True)
    assert BROKER_DOWN not in page and "No table has reported yet" in page


def test_a_page_learns_the_broker_came_back_or_went_away(app: Flask) -> None:
    link = {"up": True}
    site_of(app).broker_up = lambda: link["up"]
    for envelope in SampleTable("t1").game(["Anna", "Ben"], [10, 20], NOW - 600):
        site_of(app).store.add(envelope)
    client = app.test_client()
    news = client.get("/api/live", query_string={"parts": "tables", "wall": "1"}).get_json()
    assert news["broker"] == "1" and BROKER_DOWN not in news["parts"]["tables"]
    same = {"parts": "tables", "wall": "1", "version": news["version"], "broker": "1"}
    assert client.get("/api/live", query_string=same).get_json()["parts"] == {}  # nothing new
    link["up"] = False  # the store has not changed: the broker's state alone makes it news
    news = client.get("/api/live", query_string=same).get_json()
    assert news["broker"] == "0" and BROKER_DOWN in news["parts"]["tables"]
    assert "Table t1" in news["parts"]["tables"]  # what the venue already had stays on the wall


def test_the_qr_code_leads_to_the_first_lan_address(app: Flask) -> None:
    addresses = ["http://192.168.1.20:8080/", "http://venue.local:8080/"]
    site_of(app).addresses = addresses
    page = app.test_client().get("/wall").get_data(as_text=True)
    assert str(qr_svg(addresses[0])) in page and str(qr_svg(addresses[1])) not in page
    assert all(address in page for address in addresses)


def test_a_venue_that_knows_no_address_offers_the_one_the_wall_was_opened_at(app: Flask) -> None:
    page = app.test_client().get("/wall", base_url="http://10.0.0.7:8080").get_data(as_text=True)
    assert str(qr_svg("http://10.0.0.7:8080/")) in page


def test_the_wall_has_no_site_menu_nor_language_links(app: Flask) -> None:
    page = app.test_client().get("/wall").get_data(as_text=True)
    assert 'class="pages"' not in page and 'class="langs"' not in page
    assert 'class="langs"' in app.test_client().get("/").get_data(as_text=True)
