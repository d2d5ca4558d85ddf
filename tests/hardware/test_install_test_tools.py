"""scripts/install-test-tools, with apt-get, id and uname stood in for and a PATH that lacks the tools."""

from __future__ import annotations

import subprocess
from pathlib import Path

from .support import ROOT

SCRIPT = ROOT / "scripts" / "install-test-tools"
VENUE_TOOLS = ("mosquitto", "chromium", "openssl")  # the venue's broker, its page's browser, the TLS certificates


def run(
    tmp_path: Path,
    *,
    root: bool = True,
    system: str = "Linux",
    have: tuple[str, ...] = (),
    apt_fails_once: bool = False,
) -> tuple[int, str, list[str]]:
    """Runs the script; returns its exit code, its output and the apt-get calls. What it had printed when apt-get
    first ran is left in `said-before-apt`."""
    bin_dir = tmp_path / "bin"
    out, before = tmp_path / "stdout", tmp_path / "said-before-apt"
    bin_dir.mkdir()
    log = tmp_path / "apt-calls"
    log.touch()
    flag = tmp_path / "failed-once"
    tools = {
        "id": f'[ "$1" = -u ] && echo {0 if root else 1000}',
        "uname": f"echo {system}",
        "apt-get": (
            f'echo "$*" >> {log}\n[ -e {before} ] || printf "%s" "$(<{out})" > {before}\n'
            + (f'if [ "$1" = install ] && [ ! -e {flag} ]; then : > {flag}; exit 100; fi\n' if apt_fails_once else "")
            + "exit 0"
        ),
        **{tool: "exit 0" for tool in have},
    }
    for name, body in tools.items():
        (bin_dir / name).write_text(f"#!/bin/bash\n{body}\n", encoding="utf-8")
        (bin_dir / name).chmod(0o755)
    with out.open("w") as stdout:
        result = subprocess.run(
            ["/bin/bash", str(SCRIPT)], env={"PATH": str(bin_dir)}, stdout=stdout, stderr=subprocess.PIPE, text=True
        )
    return result.returncode, out.read_text() + result.stderr, log.read_text().splitlines()


def test_as_root_it_installs_what_is_missing(tmp_path: Path) -> None:
    code, out, apt = run(tmp_path)
    assert code == 0, out
    assert apt == ["install -y -qq shellcheck systemd mosquitto chromium openssl"]


def test_it_says_which_packages_and_why_before_apt_runs(tmp_path: Path) -> None:
    code, out, apt = run(tmp_path, have=("shellcheck", "systemd-analyze", "openssl"))
    assert "mosquitto " in out and "chromium " in out
    assert code == 0 and apt == ["install -y -qq mosquitto chromium"]
    announced = (tmp_path / "said-before-apt").read_text().splitlines()
    assert "install-test-tools: the tests need 2 Debian package(s) that are missing here:" in announced
    assert any(line.split()[0] == "mosquitto" and "broker" in line for line in announced[1:])
    assert any(line.split()[0] == "chromium" and "browser" in line for line in announced[1:])
    assert "installing them with apt-get as root" in announced[-1]


def test_stale_package_lists_are_fetched_once(tmp_path: Path) -> None:
    code, out, apt = run(tmp_path, have=("systemd-analyze", *VENUE_TOOLS), apt_fails_once=True)
    assert code == 0, out
    assert apt == ["install -y -qq shellcheck", "update -qq", "install -y -qq shellcheck"]


def test_without_root_it_says_what_to_run(tmp_path: Path) -> None:
    code, out, apt = run(tmp_path, root=False)
    assert code == 0 and apt == []
    assert "sudo apt install shellcheck systemd mosquitto chromium openssl" in out


def test_off_linux_only_shellcheck_is_wanted(tmp_path: Path) -> None:
    code, out, apt = run(tmp_path, system="Darwin", root=False, have=VENUE_TOOLS)
    assert code == 0 and apt == [] and "missing shellcheck." in out and "systemd" not in out.split("brew")[0]


def test_nothing_to_do_when_all_are_there(tmp_path: Path) -> None:
    assert run(tmp_path, have=("shellcheck", "systemd-analyze", *VENUE_TOOLS)) == (0, "", [])
