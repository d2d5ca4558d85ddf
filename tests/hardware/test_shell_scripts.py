"""shellcheck finds nothing in any shell script of the repository.

shellcheck is a Debian package; `scripts/install-test-tools` installs it when the test command runs as root. It
can exist on every machine the tests run on, so a missing shellcheck fails this check rather than skipping it.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from .support import ROOT

SKIP_DIRS = {".git", ".venv", "node_modules", "__pycache__", ".pytest_cache", ".ruff_cache", ".hypothesis"}
SHEBANG = re.compile(rb"^#!\s*(/usr)?/bin/(env\s+)?(ba|da|k)?sh\b")


def shell_scripts() -> list[Path]:
    """Every *.sh file and every file whose first line is a sh/bash/dash/ksh shebang, outside caches and venvs."""
    found = []
    for path in sorted(ROOT.rglob("*")):
        if set(path.relative_to(ROOT).parts) & SKIP_DIRS or not path.is_file() or path.is_symlink():
            continue
        with path.open("rb") as file:
            first = file.readline(200)
        if path.suffix == ".sh" or SHEBANG.match(first):
            found.append(path)
    return found


def shellcheck() -> str:
    tool = shutil.which("shellcheck")
    if tool is None:
        pytest.fail("shellcheck is missing: run `sudo scripts/install-test-tools` (or `sudo apt install shellcheck`)")
    return tool


def test_the_finder_sees_the_known_scripts() -> None:
    names = {str(path.relative_to(ROOT)) for path in shell_scripts()}
    assert {
        "scripts/setup-venv",
        "scripts/flash-firmware",
        "scripts/install-test-tools",
        "scripts/lock-pi-requirements",
        ".ci/run",
        "hardware/pi/install.sh",
        "hardware/pi/pirate-table",
    } <= names
    assert not any(name.endswith(".py") for name in names)


def test_shellcheck_finds_nothing() -> None:
    scripts = [str(path.relative_to(ROOT)) for path in shell_scripts()]
    result = subprocess.run(
        [shellcheck(), "--external-sources", *scripts], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, f"shellcheck findings:\n{result.stdout}{result.stderr}"


def test_shellcheck_would_catch_a_mistake(tmp_path: Path) -> None:
    script = tmp_path / "bad.sh"
    script.write_text("#!/usr/bin/env bash\nrm -rf $1/*\n", encoding="utf-8")
    result = subprocess.run([shellcheck(), str(script)], capture_output=True, text=True, check=False)
    assert result.returncode != 0 and "SC2086" in result.stdout
