"""The Pi installs a copy of the project (not an editable install): every data file must be in the package."""

import subprocess
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
