"""scripts/find-python finds a Python of a version, and scripts/test-on-python (which `make test` runs for 3.13)
says plainly when there is none rather than failing or passing in silence."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from .support import ROOT

VERSION = f"{sys.version_info.major}.{sys.version_info.minor}"


def run(script: str, *args: str, path: Path, pyenv: Path) -> subprocess.CompletedProcess[str]:
    """The script with a PATH of `path` and the few tools it uses, so that this machine's Pythons are not seen."""
    tools = path.parent / "tools"
    if not tools.exists():
        tools.mkdir()
        for tool in ("bash", "env", "dirname"):
            found = shutil.which(tool)
            assert found is not None, tool
            (tools / tool).symlink_to(found)
    env = {**os.environ, "PATH": f"{path}:{tools}", "PYENV_ROOT": str(pyenv)}
    return subprocess.run([str(ROOT / "scripts" / script), *args], env=env, capture_output=True, text=True, check=False)


def test_a_python_on_path_is_found(tmp_path: Path) -> None:
    (tmp_path / "bin").mkdir()
    (tmp_path / "bin" / f"python{VERSION}").symlink_to(sys.executable)
    result = run("find-python", VERSION, path=tmp_path / "bin", pyenv=tmp_path / "no-pyenv")
    assert result.returncode == 0 and result.stdout == f"{tmp_path / 'bin' / f'python{VERSION}'}\n"


def test_a_python_in_pyenv_is_found_and_a_wrong_one_is_not(tmp_path: Path) -> None:
    versions = tmp_path / "pyenv" / "versions"
    (versions / f"{VERSION}.99" / "bin").mkdir(parents=True)
    (versions / f"{VERSION}.99" / "bin" / f"python{VERSION}").symlink_to(sys.executable)
    (tmp_path / "bin").mkdir()
    (tmp_path / "bin" / "python3.99").symlink_to(sys.executable)  # says it is 3.99, but is not
    found = run("find-python", VERSION, path=tmp_path / "bin", pyenv=tmp_path / "pyenv")
    assert found.returncode == 0 and found.stdout.strip().endswith(f"{VERSION}.99/bin/python{VERSION}")
    missing = run("find-python", "3.99", path=tmp_path / "bin", pyenv=tmp_path / "pyenv")
    assert missing.returncode == 1 and "no Python 3.99 here" in missing.stderr


def test_without_the_python_the_tests_say_they_were_not_run(tmp_path: Path) -> None:
    (tmp_path / "bin").mkdir()
    result = run("test-on-python", "3.99", path=tmp_path / "bin", pyenv=tmp_path / "no-pyenv")
    assert result.returncode == 0
    assert result.stdout == (
        "test-on-python: no Python 3.99 on this machine: the rules, flows and referee tests were not run on it\n"
    )


def test_the_tests_it_runs_exist_and_make_test_runs_it_for_3_13() -> None:
    script = (ROOT / "scripts" / "test-on-python").read_text()
    listed = script.split("TESTS=(", 1)[1].split(")", 1)[0].split()
    assert listed and all((ROOT / test).exists() for test in listed)
    assert {"tests/rules", "tests/test_referee.py"} <= set(listed) and any("flow" in test for test in listed)
    make_test = (ROOT / "Makefile").read_text().split("\ntest:", 1)[1].split("\n\n", 1)[0]
    assert "scripts/test-on-python 3.13" in make_test
