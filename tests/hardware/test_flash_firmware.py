"""scripts/flash-firmware, run against a stand-in for mpremote that records what it was asked to do."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from .support import ROOT

SCRIPT = ROOT / "scripts" / "flash-firmware"
PICO_LINE = "/dev/ttyACM7 e66038b7131d4f2f 2e8a:0005 MicroPython Board in FS mode"

FAKE_MPREMOTE = """#!/usr/bin/env bash
echo "$*" >> "$MPREMOTE_LOG"
if [ "$1 $2" = "connect list" ]; then printf "%s\\n" "$BOARDS"; exit 0; fi
if [ -n "$FAIL_COPY" ] && [[ " $* " == *" cp "* ]]; then echo "could not enter raw repl" >&2; exit 1; fi
"""


def no_table_running(tmp_path: Path) -> str:
    """A PATH whose systemctl says the table service is not running (it may run on the machine testing this)."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(exist_ok=True)
    (bin_dir / "systemctl").write_text("#!/bin/sh\nexit 3\n", encoding="utf-8")
    (bin_dir / "systemctl").chmod(0o755)
    return f"{bin_dir}:/usr/bin:/bin"  # and no real mpremote


def run(tmp_path: Path, boards: list[str], *args: str, fail_copy: bool = False) -> tuple[int, str, list[str]]:
    """Runs the script with the fake mpremote seeing `boards`; returns its exit code, its output and the calls."""
    fake = tmp_path / "mpremote"
    fake.write_text(FAKE_MPREMOTE, encoding="utf-8")
    fake.chmod(0o755)
    log = tmp_path / "calls"
    log.touch()
    env = {
        **os.environ,
        "MPREMOTE": str(fake),
        "MPREMOTE_LOG": str(log),
        "BOARDS": "\n".join(boards),
        "FAIL_COPY": "1" if fail_copy else "",
        "PATH": no_table_running(tmp_path),
    }
    result = subprocess.run(["bash", str(SCRIPT), *args], env=env, capture_output=True, text=True, check=False)
    return result.returncode, result.stdout + result.stderr, log.read_text().splitlines()


@pytest.fixture(autouse=True)
def _bash() -> None:
    if shutil.which("bash") is None:
        pytest.fail("bash is needed to run scripts/flash-firmware")


def test_it_copies_every_firmware_module_main_last_then_resets(tmp_path: Path) -> None:
    code, out, calls = run(tmp_path, [PICO_LINE])
    assert code == 0, out
    modules = sorted(f"firmware/{p.name}" for p in (ROOT / "firmware").glob("*.py") if p.name != "main.py")
    assert calls == [
        "connect list",
        f"connect /dev/ttyACM7 cp {' '.join(modules)} firmware/main.py :",
        "connect /dev/ttyACM7 reset",
    ]
    assert "pirate-table selftest" in out


def test_a_given_port_is_used_without_searching(tmp_path: Path) -> None:
    code, out, calls = run(tmp_path, [], "--port", "/dev/ttyACM3")
    assert code == 0, out
    assert calls[0].startswith("connect /dev/ttyACM3 cp ") and calls[1] == "connect /dev/ttyACM3 reset"


def test_no_pico_says_how_to_install_micropython(tmp_path: Path) -> None:
    code, out, calls = run(tmp_path, ["/dev/ttyUSB0 0 1a86:7523 QinHeng serial"])
    assert code == 1 and "no Pico running MicroPython found" in out and "BOOTSEL" in out
    assert calls == ["connect list"]


def test_two_picos_ask_which(tmp_path: Path) -> None:
    code, out, _ = run(tmp_path, [PICO_LINE, PICO_LINE.replace("ttyACM7", "ttyACM8")])
    assert code == 1 and "several Picos found" in out and "--port" in out


def test_a_refused_copy_explains_the_maintenance_jumper(tmp_path: Path) -> None:
    code, out, calls = run(tmp_path, [PICO_LINE], fail_copy=True)
    assert code == 1 and "GP14" in out and "GND" in out
    assert not any(call.endswith("reset") for call in calls)


def test_without_mpremote_it_says_how_to_install_it(tmp_path: Path) -> None:
    env = {**os.environ, "PATH": no_table_running(tmp_path), "MPREMOTE": ""}
    copy = tmp_path / "checkout"
    (copy / "scripts").mkdir(parents=True)
    shutil.copytree(ROOT / "firmware", copy / "firmware")
    shutil.copy(SCRIPT, copy / "scripts")
    result = subprocess.run(
        ["bash", str(copy / "scripts" / "flash-firmware")], env=env, capture_output=True, text=True, check=False
    )
    assert result.returncode == 1 and "pip install mpremote" in result.stderr


def test_help_is_the_header_comment(tmp_path: Path) -> None:
    code, out, calls = run(tmp_path, [], "--help")
    assert code == 0 and "--port" in out and "pipx install mpremote" in out and "set -euo" not in out
    assert calls == []


def _fake_lsusb(tmp_path: Path, line: str) -> None:
    """An lsusb (first on the PATH that `run` gives) that lists one USB device."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(exist_ok=True)
    (bin_dir / "lsusb").write_text(f"#!/bin/sh\necho '{line}'\n", encoding="utf-8")
    (bin_dir / "lsusb").chmod(0o755)


def test_a_pico_2_in_bootsel_mode_is_told_to_copy_the_pico_2s_micropython(tmp_path: Path) -> None:
    _fake_lsusb(tmp_path, "Bus 001 Device 009: ID 2e8a:000f Raspberry Pi RP2350 Boot")
    code, out, calls = run(tmp_path, [])
    assert code == 1 and "Pico 2 is in BOOTSEL mode" in out and "RP2350 drive" in out and "RPI_PICO2" in out
    assert calls == ["connect list"]


def test_a_pico_in_bootsel_mode_is_told_to_copy_the_picos_micropython(tmp_path: Path) -> None:
    _fake_lsusb(tmp_path, "Bus 001 Device 009: ID 2e8a:0003 Raspberry Pi RP2 Boot")
    code, out, _ = run(tmp_path, [])
    assert code == 1 and "Pico is in BOOTSEL mode (the RPI-RP2 drive)" in out and "RPI_PICO " in out
    assert "Pico 2" not in out
