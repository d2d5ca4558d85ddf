"""The systemd units (the table's, the venue's) are valid (systemd-analyze verify, with no finding at all), say
what each needs, and stay as hardened as measured (systemd-analyze security --offline=true).

systemd-analyze verify does not need systemd running (this container's PID 1 is not systemd): it parses the
unit, loads the units it refers to from the machine's unit folders, and checks that every Exec*= program
exists. The table's program exists only on an installed table (/opt/pirate-table/current/...), so the test
verifies a copy of the unit whose Exec*= programs point at a stub; every other line is checked as written.
It prints warnings and still exits 0 for many mistakes (an unknown key, a bad value), so any output fails.

systemd-analyze comes with Debian's systemd package (`scripts/install-test-tools` installs it as root). It
cannot exist off Linux: there, and only there, the check is skipped with that reason.
"""

from __future__ import annotations

import configparser
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .support import HARDWARE

UNITS = sorted((HARDWARE / "pi").glob("*.service"))
EXEC = re.compile(r"^(Exec[A-Za-z]+=[-@:+!]*)(\S+)(.*)$", re.MULTILINE)


def systemd_analyze() -> str:
    if not sys.platform.startswith("linux"):
        pytest.skip(f"systemd-analyze exists only on Linux, not on {sys.platform}")
    tool = shutil.which("systemd-analyze")
    if tool is None:
        pytest.fail("systemd-analyze is missing: run `sudo scripts/install-test-tools` (or `sudo apt install systemd`)")
    return tool


def verify(unit: Path, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    stub = tmp_path / "bin" / "program"
    stub.parent.mkdir(exist_ok=True)
    stub.write_text("#!/bin/sh\n", encoding="utf-8")
    stub.chmod(0o755)
    copy = tmp_path / unit.name
    copy.write_text(EXEC.sub(lambda m: f"{m.group(1)}{stub}{m.group(3)}", unit.read_text(encoding="utf-8")))
    return subprocess.run(
        [systemd_analyze(), "verify", "--man=no", str(copy)], capture_output=True, text=True, check=False
    )


def test_there_are_the_two_units() -> None:
    assert [unit.name for unit in UNITS] == ["pirate-table-venue.service", "pirate-table.service"]


@pytest.mark.parametrize("unit", UNITS, ids=lambda unit: unit.name)
def test_systemd_analyze_verify_finds_nothing(unit: Path, tmp_path: Path) -> None:
    result = verify(unit, tmp_path)
    assert (result.returncode, result.stdout + result.stderr) == (0, ""), result.stdout + result.stderr


def test_verify_would_catch_a_mistake(tmp_path: Path) -> None:
    source = tmp_path / "source"
    source.mkdir()
    broken = source / "broken.service"
    broken.write_text("[Unit]\nDescription=x\nStartLimitBurts=5\n\n[Service]\nExecStart=/bin/true\nRestart=often\n")
    result = verify(broken, tmp_path)
    assert result.returncode == 0  # systemd-analyze only warns: hence the check on its output
    assert "Unknown key 'StartLimitBurts'" in result.stderr and "restart specifier" in result.stderr


def unit_settings(name: str = "pirate-table.service") -> configparser.RawConfigParser:
    parser = configparser.RawConfigParser(strict=False, interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(HARDWARE / "pi" / name, encoding="utf-8")
    return parser


def install_setting(name: str) -> str:
    """A NAME=value line of install.sh, its value (a path or a user)."""
    install = (HARDWARE / "pi" / "install.sh").read_text(encoding="utf-8")
    found = re.search(rf"^{name}=(\S+)", install, re.MULTILINE)
    assert found, name
    return found.group(1)


def test_the_unit_starts_the_table_as_the_issue_asks() -> None:
    unit = unit_settings()
    prefix, data, user = (install_setting(name) for name in ("PREFIX", "DATA_HOME", "TABLE_USER"))
    service = unit["Service"]
    assert service["ExecStart"] == f"{prefix}/current/bin/pirate-table run"
    assert service["User"] == user
    environment = (HARDWARE / "pi" / "pirate-table.service").read_text(encoding="utf-8")
    assert f"Environment=PIRATE_TABLE_HOME={data}\n" in environment
    assert "Environment=SDL_VIDEODRIVER=kmsdrm\n" in environment
    assert service["WorkingDirectory"] == data
    assert service["Restart"] == "always"  # also after a clean exit: the TV never stays dark
    assert service["StandardOutput"] == service["StandardError"] == "journal"
    assert unit["Unit"]["StartLimitIntervalSec"] == "0" and "StartLimitBurst" not in unit["Unit"]  # never given up
    # The app's loop feeds the watchdog (table/kiosk.py): a hung loop is restarted.
    assert (service["Type"], service["NotifyAccess"]) == ("notify", "main") and int(service["WatchdogSec"]) >= 15
    assert "/dev/tty1" in service["ExecStopPost"] and "SERVICE_RESULT" in service["ExecStopPost"]
    assert unit["Unit"]["RequiresMountsFor"] == data
    assert unit["Install"]["WantedBy"] == "multi-user.target"


def test_the_venue_unit_runs_the_venue_as_its_own_user() -> None:
    unit = unit_settings("pirate-table-venue.service")
    service = unit["Service"]
    assert service["ExecStart"] == f"{install_setting('PREFIX')}/current/bin/pirate-table venue"
    assert service["User"] == service["Group"] == install_setting("VENUE_USER") != install_setting("TABLE_USER")
    home = install_setting("VENUE_HOME")
    assert service["WorkingDirectory"] == service["ReadWritePaths"] == unit["Unit"]["RequiresMountsFor"] == home
    text = (HARDWARE / "pi" / "pirate-table-venue.service").read_text(encoding="utf-8")
    assert f"Environment=PIRATE_TABLE_HOME={home}\n" in text
    assert service["Restart"] == "always" and unit["Unit"]["StartLimitIntervalSec"] == "0"
    assert "mosquitto.service" in unit["Unit"]["After"] and unit["Install"]["WantedBy"] == "multi-user.target"


PRIVATE = {"localhost", "link-local", "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"}


@pytest.mark.parametrize("name", ["pirate-table.service", "pirate-table-venue.service"])
def test_both_units_reach_the_local_network_only(name: str) -> None:
    """A table reaches its venue's broker, the venue serves its page: both on the café's network, never beyond."""
    service = unit_settings(name)["Service"]
    assert "PrivateNetwork" not in service
    assert {"AF_INET", "AF_INET6"} <= set(service["RestrictAddressFamilies"].split())
    assert service["IPAddressDeny"] == "any"
    assert set(service["IPAddressAllow"].split()) == PRIVATE


def exposure(unit: Path, tmp_path: Path) -> float:
    """systemd-analyze's overall exposure of the unit, 0 (locked down) to 10 (nothing restricted)."""
    copy = tmp_path / unit.name
    copy.write_text(unit.read_text(encoding="utf-8"), encoding="utf-8")
    result = subprocess.run(
        [systemd_analyze(), "security", "--offline=true", copy.name],
        cwd=tmp_path, capture_output=True, text=True, check=False,
    )  # fmt: skip
    found = re.search(r"Overall exposure level for \S+: (\d+\.\d+)", result.stdout)
    assert found, result.stdout + result.stderr
    return float(found.group(1))


@pytest.mark.parametrize(("name", "measured"), [("pirate-table.service", 1.7), ("pirate-table-venue.service", 1.0)])
def test_the_units_stay_as_hardened_as_measured(name: str, measured: float, tmp_path: Path) -> None:
    """The numbers hardware/pi/README.md gives: a change that opens a unit up shows here."""
    assert exposure(HARDWARE / "pi" / name, tmp_path) <= measured
