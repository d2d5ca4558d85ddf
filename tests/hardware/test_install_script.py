"""hardware/pi/install.sh: its release switching (rollback, status) run for real in a scratch prefix.

The install itself needs Raspberry Pi OS (apt, the Pi's camera packages) and is checked by shellcheck only; the
release bookkeeping it shares with --rollback is exercised here, with systemctl and `id -u` stood in for.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from .support import HARDWARE

SCRIPT = HARDWARE / "pi" / "install.sh"


def release(prefix: Path, name: str, has_run: bool) -> None:
    """A built release whose pirate-table knows `run` (every current one) or not (one built before it existed)."""
    bin_dir = prefix / "releases" / name / "bin"
    bin_dir.mkdir(parents=True)
    program = bin_dir / "pirate-table"
    program.write_text(f'#!/bin/sh\n[ "$1" = run ] && exit {0 if has_run else 2}\nexit 0\n', encoding="utf-8")
    program.chmod(0o755)
    (prefix / "releases" / name / ".complete").write_text(name, encoding="utf-8")


def stand_ins(tmp_path: Path) -> tuple[dict[str, str], Path]:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    calls = tmp_path / "systemctl-calls"
    (bin_dir / "systemctl").write_text(
        f'#!/bin/sh\necho "$*" >> {calls}\n[ "$1" = is-active ] && exit 3\nexit 0\n', encoding="utf-8"
    )
    (bin_dir / "id").write_text('#!/bin/sh\n[ "$1" = -u ] && echo 0 && exit 0\nexec /usr/bin/id "$@"\n')
    for tool in ("systemctl", "id"):
        (bin_dir / tool).chmod(0o755)
    env = {**os.environ, "PATH": f"{bin_dir}:/usr/bin:/bin", "PIRATE_TABLE_TEST_PREFIX": str(tmp_path / "opt")}
    return env, calls


def run(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["bash", str(SCRIPT), *args], env=env, capture_output=True, text=True, check=False)


def links(prefix: Path) -> tuple[str, str]:
    return os.readlink(prefix / "current"), os.readlink(prefix / "previous")


def test_rollback_swaps_current_and_previous_and_restarts_the_table(tmp_path: Path) -> None:
    env, calls = stand_ins(tmp_path)
    prefix = tmp_path / "opt"
    release(prefix, "aaaa", has_run=True)
    release(prefix, "bbbb", has_run=True)
    (prefix / "current").symlink_to("releases/bbbb")
    (prefix / "previous").symlink_to("releases/aaaa")

    result = run(env, "--rollback")
    assert result.returncode == 0, result.stderr
    assert links(prefix) == ("releases/aaaa", "releases/bbbb")
    said = calls.read_text().splitlines()
    assert said.index("stop pirate-table.service") < said.index("restart pirate-table.service")
    assert "enable --quiet pirate-table.service" in said

    assert run(env, "--rollback").returncode == 0  # and back again
    assert links(prefix) == ("releases/bbbb", "releases/aaaa")


def test_a_release_without_pirate_table_run_leaves_the_service_off(tmp_path: Path) -> None:
    env, calls = stand_ins(tmp_path)
    prefix = tmp_path / "opt"
    release(prefix, "old", has_run=False)
    release(prefix, "new", has_run=True)
    (prefix / "current").symlink_to("releases/new")
    (prefix / "previous").symlink_to("releases/old")

    result = run(env, "--rollback")
    assert result.returncode == 0, result.stderr
    assert "release old cannot start the table" in result.stdout and "not enabled" in result.stdout
    said = calls.read_text().splitlines()
    assert "disable --quiet pirate-table.service" in said
    assert not any(call.startswith(("enable", "restart", "start")) for call in said)


def test_no_previous_release_is_said_plainly(tmp_path: Path) -> None:
    env, _ = stand_ins(tmp_path)
    prefix = tmp_path / "opt"
    release(prefix, "only", has_run=True)
    (prefix / "current").symlink_to("releases/only")
    result = run(env, "--rollback")
    assert result.returncode == 1 and "no previous release" in result.stderr
    assert os.readlink(prefix / "current") == "releases/only"


def test_status_and_help_and_a_wrong_option(tmp_path: Path) -> None:
    env, _ = stand_ins(tmp_path)
    prefix = tmp_path / "opt"
    release(prefix, "aaaa", has_run=True)
    (prefix / "current").symlink_to("releases/aaaa")
    status = run(env, "--status")
    assert (
        status.returncode == 0 and "current:  aaaa" in status.stdout and "aaaa" in status.stdout.split("releases")[-1]
    )
    usage = run(env, "--help")
    assert usage.returncode == 0 and "--rollback" in usage.stdout and "set -euo" not in usage.stdout
    wrong = run(env, "--frobnicate")
    assert wrong.returncode == 1 and "unknown option" in wrong.stderr


def test_the_install_asks_for_what_the_table_needs() -> None:
    text = SCRIPT.read_text(encoding="utf-8")
    for package in ("python3-picamera2", "python3-venv", "python3-lgpio", "libsdl2-dev", "rpicam-apps-lite"):
        assert package in text, package
    assert "--system-site-packages" in text and "--no-binary pygame" in text
    groups = text.split("TABLE_GROUPS=(", 1)[1].split(")", 1)[0].split()
    assert {"gpio", "video", "dialout", "input", "render"} <= set(groups)


def test_everything_from_pypi_is_pinned_with_hashes() -> None:
    """install.sh installs from requirements.lock with --require-hashes: each package at one version, its files'
    sha256 listed, and every dependency of the table's pyproject.toml among them."""
    import re
    import tomllib

    lock = (HARDWARE / "pi" / "requirements.lock").read_text(encoding="utf-8")
    pinned = dict(re.findall(r"^([A-Za-z0-9_.-]+)==(\S+) \\$", lock, re.MULTILINE))
    entries = re.split(r"\n(?=[A-Za-z])", lock.strip())
    assert all("--hash=sha256:" in entry for entry in entries if not entry.startswith("#"))
    project = tomllib.loads((HARDWARE.parent / "pyproject.toml").read_text(encoding="utf-8"))
    wanted = {re.split(r"[<>=!; \[]", dependency)[0].lower() for dependency in project["project"]["dependencies"]}
    assert wanted <= {name.lower() for name in pinned}, wanted - set(pinned)
    assert pinned["numpy"].startswith("1.") and "mpremote" in pinned  # picamera2's NumPy; the firmware's flasher
    text = SCRIPT.read_text(encoding="utf-8")
    assert '--require-hashes --no-binary pygame -r "$HERE/requirements.lock"' in text
    assert '--no-deps --no-build-isolation "$COPY"' in text
