"""The admin password's command that /admin shows: the one for the install at hand (a Pi set up by install.sh
--venue, or a checkout)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from table.venue.web.install import INSTALL_PREFIX, VENUE_HOME, VENUE_USER, installed_on_a_pi, set_password_command

HARDWARE = Path(__file__).parents[2] / "hardware" / "pi"


def test_the_install_scripts_names_are_the_ones_the_page_uses() -> None:
    script = (HARDWARE / "install.sh").read_text()
    unit = (HARDWARE / "pirate-table-venue.service").read_text()
    assert re.search(rf"^PREFIX={INSTALL_PREFIX}$", script, re.M)
    assert re.search(rf"^VENUE_USER={VENUE_USER}$", script, re.M)
    assert re.search(rf"^VENUE_HOME={VENUE_HOME}$", script, re.M)
    assert f"User={VENUE_USER}" in unit and f"PIRATE_TABLE_HOME={VENUE_HOME}" in unit
    assert f"ExecStart={INSTALL_PREFIX}/current/bin/pirate-table venue" in unit


def test_a_pi_install_runs_it_as_the_venues_user_with_its_data_folder() -> None:
    release = INSTALL_PREFIX / "releases" / "0123abc"
    assert installed_on_a_pi(release)
    assert set_password_command(VENUE_HOME / "venue.toml", prefix=release) == (
        "sudo -u pirate-venue env PIRATE_TABLE_HOME=/var/lib/pirate-table-venue "
        "/opt/pirate-table/current/bin/pirate-table venue --set-admin-password"
    )


def test_a_pi_install_with_another_config_names_it() -> None:
    command = set_password_command(Path("/etc/venue.toml"), prefix=INSTALL_PREFIX / "releases" / "0123abc")
    assert command.endswith("pirate-table venue --config /etc/venue.toml --set-admin-password")


def test_a_checkout_runs_its_own_venv(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("PIRATE_TABLE_HOME", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    checkout = tmp_path / "pirate-table"
    default = tmp_path / "share" / "pirate-table" / "venue.toml"
    assert not installed_on_a_pi(checkout / ".venv")
    assert set_password_command(default, prefix=checkout / ".venv", cwd=checkout) == (
        ".venv/bin/pirate-table venue --set-admin-password"
    )
    assert set_password_command(tmp_path / "my venue.toml", prefix=checkout / ".venv", cwd=tmp_path) == (
        f"pirate-table/.venv/bin/pirate-table venue --config '{tmp_path / 'my venue.toml'}' --set-admin-password"
    )


def test_a_venue_started_with_its_own_data_folder_names_it(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PIRATE_TABLE_HOME", str(tmp_path))
    command = set_password_command(tmp_path / "venue.toml", prefix=Path("/usr"), cwd=tmp_path)
    assert command == f"/usr/bin/pirate-table venue --config {tmp_path / 'venue.toml'} --set-admin-password"


def test_the_login_page_shows_the_pis_command_on_a_pi(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from table.venue.store import Store
    from table.venue.venue_config import VenueConfig
    from table.venue.web import create_app

    monkeypatch.setattr("sys.prefix", str(INSTALL_PREFIX / "releases" / "0123abc"))
    store = Store(tmp_path / "venue.sqlite3")
    app = create_app(store, VenueConfig(VENUE_HOME / "venue.toml"), tmp_path)
    page = app.test_client().get("/admin").get_data(as_text=True)
    store.close()
    assert "sudo -u pirate-venue env PIRATE_TABLE_HOME=/var/lib/pirate-table-venue" in page
    assert "/opt/pirate-table/current/bin/pirate-table venue --set-admin-password" in page
