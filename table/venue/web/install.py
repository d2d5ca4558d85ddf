"""How this venue was installed, for the commands its pages show: a Pi set up by hardware/pi/install.sh --venue (the
release under /opt/pirate-table, run by systemd as the user pirate-venue with its own data folder), or a checkout
or any other install (run by whoever started `pirate-table venue`)."""

from __future__ import annotations

import os
import shlex
import sys
from pathlib import Path

from table.paths import HOME_VARIABLE
from table.venue.venue_config import CONFIG_NAME, default_path

# As hardware/pi/install.sh and pirate-table-venue.service have them (tests/venue/test_install_kind.py checks).
INSTALL_PREFIX = Path("/opt/pirate-table")
VENUE_USER = "pirate-venue"
VENUE_HOME = Path("/var/lib/pirate-table-venue")


def installed_on_a_pi(prefix: Path) -> bool:
    """The running Python is one of install.sh's releases (/opt/pirate-table/releases/<commit>)."""
    return prefix.resolve().is_relative_to(INSTALL_PREFIX)


def set_password_command(config: Path, prefix: Path | None = None, cwd: Path | None = None) -> str:
    """The command that sets the admin password of the venue whose configuration is `config`, for the install at
    hand (`prefix`: the running Python's, sys.prefix; `cwd`: where a checkout's command is run from)."""
    prefix = Path(sys.prefix) if prefix is None else prefix
    if installed_on_a_pi(prefix):
        program = INSTALL_PREFIX / "current" / "bin" / "pirate-table"
        words = ["sudo", "-u", VENUE_USER, "env", f"{HOME_VARIABLE}={VENUE_HOME}", str(program), "venue"]
        if config != VENUE_HOME / CONFIG_NAME:
            words += ["--config", str(config)]
        return shlex.join([*words, "--set-admin-password"])
    program = prefix / "bin" / "pirate-table"
    here = Path.cwd() if cwd is None else cwd
    shown = program.relative_to(here) if program.is_relative_to(here) else program  # .venv/bin/pirate-table
    words = [str(shown), "venue"]
    if HOME_VARIABLE in os.environ or config != default_path():  # not the file a plain command would look for
        words += ["--config", str(config)]
    return shlex.join([*words, "--set-admin-password"])
