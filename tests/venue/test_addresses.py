"""The addresses phones can open the venue page at (table.venue.addresses), with made-up interface lists; what
`pirate-table venue` prints; a venue service that has them and says when it cannot reach its broker."""

from __future__ import annotations

import socket
import urllib.request
from pathlib import Path

import pytest

from table.commands.venue import address_lines
from table.venue.addresses import interface_addresses, phone_urls
from table.venue.service import Venue
from table.venue.venue_config import BrokerSettings, VenueConfig, WebSettings

A_PI = [("lo", "127.0.0.1"), ("eth0", "192.168.1.20"), ("wlan0", "10.0.0.5")]


def test_every_network_address_but_loopback_then_the_mdns_name() -> None:
    assert phone_urls("0.0.0.0", 8080, False, A_PI, "venue") == [
        "http://192.168.1.20:8080/", "http://10.0.0.5:8080/", "http://venue.local:8080/"
    ]  # fmt: skip


def test_the_lan_comes_first_the_rest_after() -> None:
    interfaces = [("eth1", "81.2.69.160"), ("usb0", "169.254.3.4"), ("eth0", "172.16.0.2"), ("lo", "127.0.0.1")]
    assert phone_urls("", 8080, False, interfaces, "cafe.example.org") == [
        "http://172.16.0.2:8080/", "http://81.2.69.160:8080/", "http://169.254.3.4:8080/", "http://cafe.local:8080/"
    ]  # fmt: skip


def test_behind_the_installers_proxy_phones_use_port_80() -> None:
    assert phone_urls("127.0.0.1", 8080, True, A_PI, "venue") == [
        "http://192.168.1.20/", "http://10.0.0.5/", "http://venue.local/"
    ]  # fmt: skip


def test_a_page_on_this_computer_only_has_no_address_for_phones() -> None:
    assert phone_urls("127.0.0.1", 8080, False, A_PI, "venue") == []
    assert phone_urls("0.0.0.0", 8080, False, [("lo", "127.0.0.1")], "venue") == []  # no network at all


def test_a_page_on_one_address_is_offered_there() -> None:
    assert phone_urls("192.168.1.20", 8080, False, A_PI, "venue") == ["http://192.168.1.20:8080/"]
    assert phone_urls("fd00::7", 8080, False, A_PI, "venue") == ["http://[fd00::7]:8080/"]


def test_the_command_prints_every_address_and_says_what_mdns_needs() -> None:
    lines = address_lines("http://127.0.0.1:8080", phone_urls("0.0.0.0", 8080, False, A_PI, "venue"), False)
    assert "for phones on this network" in lines[0]
    assert lines[1].strip() == "http://192.168.1.20:8080/" and lines[2].strip() == "http://10.0.0.5:8080/"
    assert lines[3].strip().startswith("http://venue.local:8080/") and "not every phone" in lines[3]
    assert lines[4].endswith("http://127.0.0.1:8080")


def test_the_command_says_when_no_phone_can_open_the_page() -> None:
    (line,) = address_lines("http://127.0.0.1:8080", [], False)
    assert "this computer only" in line and "http://127.0.0.1:8080" in line


def test_this_machines_interfaces_are_read() -> None:
    found = interface_addresses()
    assert ("lo", "127.0.0.1") in found  # every Linux has it
    assert all(socket.inet_aton(address) for _, address in found)


def test_a_venue_offers_its_addresses_and_says_it_cannot_reach_its_broker(tmp_path: Path) -> None:
    with socket.socket() as spare:  # a port nobody listens on: the broker is not there
        spare.bind(("127.0.0.1", 0))
        port = spare.getsockname()[1]
    config = VenueConfig(tmp_path / "venue.toml", broker=BrokerSettings(host="127.0.0.1", port=port),
                         web=WebSettings(host="0.0.0.0", port=0))  # fmt: skip
    venue = Venue(config, tmp_path, interfaces=lambda: A_PI, hostname=lambda: "venue")
    venue.start()
    try:
        web_port = venue.web_url.rsplit(":", 1)[1]
        assert venue.phone_urls == [f"http://192.168.1.20:{web_port}/", f"http://10.0.0.5:{web_port}/",
                                    f"http://venue.local:{web_port}/"]  # fmt: skip
        with urllib.request.urlopen(venue.web_url + "/wall?lang=en", timeout=10) as response:
            wall = response.read().decode()
        assert f"http://192.168.1.20:{web_port}/" in wall
        assert "The venue cannot reach its broker" in wall and "No table has reported yet" not in wall
    finally:
        venue.stop()


def test_a_machine_whose_interfaces_cannot_be_listed_has_no_address(monkeypatch: pytest.MonkeyPatch) -> None:
    def refused() -> list[tuple[int, str]]:
        raise OSError(97, "Address family not supported by protocol")

    monkeypatch.setattr(socket, "if_nameindex", refused)
    assert interface_addresses() == []
