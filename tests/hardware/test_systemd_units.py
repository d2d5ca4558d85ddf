"""The systemd unit is valid (systemd-analyze verify, with no finding at all) and says what the table needs.

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


def test_there_is_a_unit() -> None:
    assert [unit.name for unit in UNITS] == ["pirate-table.service"]


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


def unit_settings() -> configparser.RawConfigParser:
    parser = configparser.RawConfigParser(strict=False, interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(HARDWARE / "pi" / "pirate-table.service", encoding="utf-8")
    return parser


def test_the_unit_starts_the_table_as_the_issue_asks() -> None:
    unit = unit_settings()
    install = (HARDWARE / "pi" / "install.sh").read_text(encoding="utf-8")
    prefix = re.search(r"^PREFIX=(\S+)$", install, re.MULTILINE)
    data = re.search(r"^DATA_HOME=(\S+)$", install, re.MULTILINE)
    user = re.search(r"^TABLE_USER=(\S+)$", install, re.MULTILINE)
    assert prefix and data and user
    service = unit["Service"]
    assert service["ExecStart"] == f"{prefix.group(1)}/current/bin/pirate-table run"
    assert service["User"] == user.group(1)
    environment = (HARDWARE / "pi" / "pirate-table.service").read_text(encoding="utf-8")
    assert f"Environment=PIRATE_TABLE_HOME={data.group(1)}\n" in environment
    assert "Environment=SDL_VIDEODRIVER=kmsdrm\n" in environment
    assert service["WorkingDirectory"] == data.group(1)
    assert service["Restart"] == "always"  # also after a clean exit: the TV never stays dark
    assert service["StandardOutput"] == service["StandardError"] == "journal"
    assert unit["Unit"]["StartLimitIntervalSec"] == "0" and "StartLimitBurst" not in unit["Unit"]  # never given up
    # The app's loop feeds the watchdog (table/kiosk.py): a hung loop is restarted.
    assert (service["Type"], service["NotifyAccess"]) == ("notify", "main") and int(service["WatchdogSec"]) >= 15
    assert "/dev/tty1" in service["ExecStopPost"] and "SERVICE_RESULT" in service["ExecStopPost"]
    assert unit["Unit"]["RequiresMountsFor"] == data.group(1)
    assert unit["Install"]["WantedBy"] == "multi-user.target"
