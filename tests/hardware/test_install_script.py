"""hardware/pi/install.sh: its release switching (rollback, status) and a whole install (a table joining a venue,
a venue with --venue) run for real in a scratch prefix and root folder.

Building a release needs Raspberry Pi OS (apt, the Pi's camera packages) and is not run: the release is one
already built (`make pi-install-check` builds real ones, in Debian 13 and 12 roots: hardware/pi/install-check).
What needs root or the system (systemctl, apt-get, dpkg, useradd, chown, `id -u`, git, the owner options of
`install`, python3's version) is stood in for, each stand-in writing its calls to a log; the system is Raspberry
Pi OS Bookworm (64-bit) unless a test says otherwise (`root/etc/os-release`, $ARCH, $PYTHON_VERSION).
"""

from __future__ import annotations

import os
import re
import stat
import subprocess
import tomllib
from pathlib import Path

import pytest

from .support import HARDWARE

SCRIPT = HARDWARE / "pi" / "install.sh"


def release(prefix: Path, name: str, has_run: bool) -> None:
    """A built release whose pirate-table knows `run` (every current one) or not (one built before it existed).
    It writes each command it is given to `pirate-table-calls` beside the prefix."""
    bin_dir = prefix / "releases" / name / "bin"
    bin_dir.mkdir(parents=True)
    program = bin_dir / "pirate-table"
    log = prefix.parent / "pirate-table-calls"
    program.write_text(
        f'#!/bin/sh\necho "$*" >> {log}\n[ "$1" = run ] && exit {0 if has_run else 2}\nexit 0\n', encoding="utf-8"
    )
    program.chmod(0o755)
    (prefix / "releases" / name / ".complete").write_text(name, encoding="utf-8")


STAND_INS = {
    # systemctl: a unit is enabled when listed in the file `enabled`; nothing is active.
    "systemctl": """echo "$*" >> "$LOGS/systemctl-calls"
case "$1" in
is-active) exit 3 ;;
is-enabled) grep -qx "${@: -1}" "$LOGS/enabled" 2>/dev/null ;;
get-default) echo multi-user.target ;;
esac""",
    "id": '[ "$1" = -u ] && echo 0 && exit 0\nexec /usr/bin/id "$@"',
    # git: the checkout is at commit "testrelease", with no local changes.
    "git": 'case "$*" in *--short=12*) echo testrelease ;; esac',
    "dpkg-query": "exit 1",  # nothing installed: every package is asked for
    "dpkg": '[ "$1" = --print-architecture ] && echo "${ARCH:-arm64}"',
    # python3: the release's version when asked for it (Bookworm's 3.11 unless said), else the real one.
    "python3": """case "$*" in
*sys.version_info*) echo "${PYTHON_VERSION:-3.11}" ;;
*) exec /usr/bin/python3 "$@" ;;
esac""",
    "apt-cache": "exit 0",
    "apt-get": 'echo "$*" >> "$LOGS/apt-calls"',
    "useradd": 'echo "$*" >> "$LOGS/user-calls"',
    "usermod": 'echo "$*" >> "$LOGS/user-calls"',
    "runuser": "exit 0",
    "nginx": 'echo "$*" >> "$LOGS/nginx-calls"',  # nginx -t: the site as written is taken
    "chown": 'echo "$*" >> "$LOGS/chown-calls"',
    # install: as it is, without -o and -g (the users do not exist here).
    "install": '''args=()
while [ $# -gt 0 ]; do case "$1" in -o | -g) shift 2 ;; *) args+=("$1"); shift ;; esac; done
exec /usr/bin/install "${args[@]}"''',
}


OS_RELEASES = {
    "bookworm": 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nVERSION_CODENAME=bookworm\nID=debian\n',
    "trixie": 'PRETTY_NAME="Debian GNU/Linux 13 (trixie)"\nVERSION_CODENAME=trixie\nID=debian\n',
    "bullseye": 'PRETTY_NAME="Debian GNU/Linux 11 (bullseye)"\nVERSION_CODENAME=bullseye\nID=debian\n',
    "noble": 'PRETTY_NAME="Ubuntu 24.04 LTS"\nVERSION_CODENAME=noble\nID=ubuntu\n',
}


def stand_ins(tmp_path: Path, release: str = "bookworm") -> tuple[dict[str, str], Path]:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for tool, body in STAND_INS.items():
        (bin_dir / tool).write_text(f"#!/bin/bash\n{body}\n", encoding="utf-8")
        (bin_dir / tool).chmod(0o755)
    (tmp_path / "root" / "etc").mkdir(parents=True)
    (tmp_path / "root" / "etc" / "os-release").write_text(OS_RELEASES[release], encoding="utf-8")
    return stand_ins_env(tmp_path), tmp_path / "systemctl-calls"


def lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines() if path.exists() else []


def run(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["bash", str(SCRIPT), *args], env=env, capture_output=True, text=True, check=False)


def links(prefix: Path) -> tuple[str, str]:
    return os.readlink(prefix / "current"), os.readlink(prefix / "previous")


def test_rollback_swaps_current_and_previous_and_restarts_the_table(tmp_path: Path) -> None:
    env, calls = stand_ins(tmp_path)
    (tmp_path / "enabled").write_text("pirate-table.service\n")
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


@pytest.mark.parametrize(("release", "numpy"), [("bookworm", "1."), ("trixie", "2.2.")])
def test_everything_from_pypi_is_pinned_with_hashes(release: str, numpy: str) -> None:
    """install.sh installs from the release's lock with --require-hashes: each package at one version, its files'
    sha256 listed, and every dependency of the table's pyproject.toml among them, NumPy of the release's apt one."""
    lock = (HARDWARE / "pi" / f"requirements-{release}.lock").read_text(encoding="utf-8")
    pinned = dict(re.findall(r"^([A-Za-z0-9_.-]+)==(\S+) \\$", lock, re.MULTILINE))
    entries = re.split(r"\n(?=[A-Za-z])", lock.strip())
    assert all("--hash=sha256:" in entry for entry in entries if not entry.startswith("#"))
    project = tomllib.loads((HARDWARE.parent / "pyproject.toml").read_text(encoding="utf-8"))
    wanted = {re.split(r"[<>=!; \[]", dependency)[0].lower() for dependency in project["project"]["dependencies"]}
    assert wanted <= {name.lower() for name in pinned}, wanted - set(pinned)
    assert pinned["numpy"].startswith(numpy) and "mpremote" in pinned  # picamera2's NumPy; the firmware's flasher
    assert int(pinned["setuptools"].split(".")[0]) >= 77  # builds the table without build isolation
    text = SCRIPT.read_text(encoding="utf-8")
    assert 'LOCK="$HERE/requirements-$RELEASE.lock"' in text
    assert '--require-hashes --no-binary pygame -r "$LOCK"' in text
    assert '--no-deps --no-build-isolation "$COPY"' in text


@pytest.mark.parametrize(("release", "python"), [("bookworm", "3.11"), ("trixie", "3.13")])
def test_each_release_is_installed_with_its_own_lock(tmp_path: Path, release: str, python: str) -> None:
    env, _ = stand_ins(tmp_path, release)
    release_dir(tmp_path)
    (tmp_path / "opt/releases/testrelease/.system").write_text(f"{release}\n")
    result = run({**env, "PYTHON_VERSION": python})
    assert result.returncode == 0, result.stderr
    assert f"Python {python}, requirements-{release}.lock" in result.stdout
    assert any("python3-picamera2" in call for call in lines(tmp_path / "apt-calls"))  # the camera stack from apt


@pytest.mark.parametrize(
    ("release", "arch", "said"),
    [
        ("bullseye", "arm64", "this is Debian GNU/Linux 11 (bullseye); the table installs on Raspberry Pi OS (64-bit)"),
        (
            "noble",
            "arm64",
            "this is Ubuntu 24.04 LTS; the table installs on Raspberry Pi OS (64-bit) Trixie or Bookworm",
        ),
        (
            "trixie",
            "armhf",
            "this is the 32-bit Raspberry Pi OS (Debian GNU/Linux 13 (trixie)); the table needs the 64-bit",
        ),
        ("bookworm", "amd64", "this system is for amd64 machines, not a Raspberry Pi's 64-bit system"),
    ],
)
def test_any_other_system_is_refused_before_anything_is_done(
    tmp_path: Path, release: str, arch: str, said: str
) -> None:
    env, calls = stand_ins(tmp_path, release)
    release_dir(tmp_path)
    result = run({**env, "ARCH": arch, "PYTHON_VERSION": "3.13" if release == "trixie" else "3.11"})
    assert result.returncode == 1 and said in result.stderr, result.stderr
    assert "Traceback" not in result.stderr and result.stderr.count("\n") <= 3  # a plain message, not a dump
    assert not lines(tmp_path / "apt-calls") and not lines(calls) and not lines(tmp_path / "user-calls")
    assert not (tmp_path / "opt" / "current").exists()


def test_a_release_built_on_bookworm_is_built_again_on_trixie(tmp_path: Path) -> None:
    """After a move from Bookworm to Trixie the same commit's release (Python 3.11's packages) is not reused."""
    env, _ = stand_ins(tmp_path, "trixie")
    release_dir(tmp_path)  # built before .system existed: Bookworm's
    (tmp_path / "bin" / "python3").write_text(
        '#!/bin/bash\ncase "$*" in *sys.version_info*) echo 3.13 ;; *"-m venv"*) echo "venv: not here" >&2; exit 1 ;;'
        ' *) exec /usr/bin/python3 "$@" ;; esac\n'
    )
    result = run(env)
    assert "release testrelease was built for bookworm: building it again for trixie" in result.stdout
    assert result.returncode != 0 and "venv: not here" in result.stderr  # it tried to build (not here: no venv)
    assert not (tmp_path / "opt" / "current").exists()


def test_a_python_other_than_the_releases_is_refused(tmp_path: Path) -> None:
    env, _ = stand_ins(tmp_path, "trixie")
    release_dir(tmp_path)
    result = run({**env, "PYTHON_VERSION": "3.11"})
    assert result.returncode == 1
    assert "python3 is 3.11 here, but trixie's is 3.13" in result.stderr
    assert not (tmp_path / "opt" / "current").exists()


def release_dir(tmp_path: Path) -> None:
    release(tmp_path / "opt", "testrelease", has_run=True)


# A whole install: a venue (--venue), and a table joining one.


def installed(
    tmp_path: Path, *args: str, enabled: tuple[str, ...] = ()
) -> tuple[subprocess.CompletedProcess[str], Path]:
    """install.sh run with `args` on a Pi whose release "testrelease" is built; returns the run and the root."""
    env, _ = stand_ins(tmp_path)
    release(tmp_path / "opt", "testrelease", has_run=True)
    (tmp_path / "enabled").write_text("".join(f"{unit}\n" for unit in enabled))
    return run(env, *args), tmp_path / "root"


def test_venue_sets_up_mosquitto_and_the_venue_service(tmp_path: Path) -> None:
    result, root = installed(tmp_path, "--venue", "t1", "t2")
    assert result.returncode == 0, result.stderr
    assert any("mosquitto mosquitto-clients" in call for call in lines(tmp_path / "apt-calls"))
    assert any(call.startswith("--system --user-group --home-dir /var/lib/pirate-table-venue") and
               call.endswith(" pirate-venue") for call in lines(tmp_path / "user-calls"))  # fmt: skip
    assert f"venue-broker --folder {root}/etc/mosquitto --venue-group pirate-venue --own-ca --tables t1 t2" in lines(
        tmp_path / "pirate-table-calls"
    )  # TLS with the venue's own CA unless --plain
    unit = root / "etc/systemd/system/pirate-table-venue.service"
    assert unit.read_text() == (HARDWARE / "pi" / "pirate-table-venue.service").read_text()
    settings = tomllib.loads((root / "var/lib/pirate-table-venue/venue.toml").read_text())
    assert settings["broker"]["password_file"] == "/etc/mosquitto/pirate-table/venue.password"
    assert (settings["broker"]["host"], settings["broker"]["port"]) == ("localhost", 1883)
    assert settings["web"] == {"host": "127.0.0.1", "port": 8080, "behind_proxy": True}  # only nginx reaches it
    site = root / "etc/nginx/sites-available/pirate-table-venue"
    assert site.read_text() == (HARDWARE / "pi" / "pirate-table-venue.nginx").read_text()
    assert os.readlink(root / "etc/nginx/sites-enabled/pirate-table-venue") == "../sites-available/pirate-table-venue"
    assert lines(tmp_path / "nginx-calls") == ["-t -q"]
    assert any("nginx" in call.split() for call in lines(tmp_path / "apt-calls"))
    said = lines(tmp_path / "systemctl-calls")
    for call in ("enable --quiet mosquitto.service", "restart mosquitto.service",
                 "enable --quiet pirate-table-venue.service", "restart pirate-table-venue.service"):  # fmt: skip
        assert call in said, call
    assert "enable --quiet nginx.service" in said and "restart nginx.service" in said
    assert said.index("restart mosquitto.service") < said.index("restart pirate-table-venue.service")
    assert not any(call.endswith(" pirate-table.service") and call.startswith(("enable", "restart")) for call in said)
    assert os.readlink(tmp_path / "opt" / "current") == "releases/testrelease"
    assert "venue --set-admin-password" in result.stdout

    (root / "var/lib/pirate-table-venue/venue.toml").write_text("# the café's own\n")
    again = run(stand_ins_env(tmp_path), "--venue")
    assert again.returncode == 0, again.stderr
    assert "venue.toml (kept)" in again.stdout
    assert (root / "var/lib/pirate-table-venue/venue.toml").read_text() == "# the café's own\n"
    broker_calls = [call for call in lines(tmp_path / "pirate-table-calls") if call.startswith("venue-broker --folder")]
    assert broker_calls[-1] == f"venue-broker --folder {root}/etc/mosquitto --venue-group pirate-venue --own-ca"
    assert "behind_proxy = true" in again.stderr  # the café's own settings are kept, and told what this one wants


def test_a_plain_venue_has_no_tls_and_no_https_proxy(tmp_path: Path) -> None:
    result, root = installed(tmp_path, "--venue", "--plain", "t1")
    assert result.returncode == 0, result.stderr
    assert f"venue-broker --folder {root}/etc/mosquitto --venue-group pirate-venue --no-tls --tables t1" in lines(
        tmp_path / "pirate-table-calls"
    )
    settings = tomllib.loads((root / "var/lib/pirate-table-venue/venue.toml").read_text())
    assert settings["web"] == {"host": "0.0.0.0", "port": 8080, "behind_proxy": False}
    assert not (root / "etc/nginx").exists() and not lines(tmp_path / "nginx-calls")
    assert not any("nginx" in call for call in lines(tmp_path / "apt-calls") + lines(tmp_path / "systemctl-calls"))
    wrong = run(stand_ins_env(tmp_path), "--plain")
    assert wrong.returncode != 0 and "--plain is for --venue" in wrong.stderr


def stand_ins_env(tmp_path: Path) -> dict[str, str]:
    """The environment of a second run in the same scratch Pi."""
    return {
        **os.environ,
        "PATH": f"{tmp_path / 'bin'}:/usr/bin:/bin",
        "LOGS": str(tmp_path),
        "PIRATE_TABLE_TEST_PREFIX": str(tmp_path / "opt"),
        "PIRATE_TABLE_TEST_ROOT": str(tmp_path / "root"),
    }


def test_a_venue_that_is_also_a_table_restarts_its_table(tmp_path: Path) -> None:
    result, _ = installed(tmp_path, "--venue", enabled=("pirate-table.service",))
    assert result.returncode == 0, result.stderr
    said = lines(tmp_path / "systemctl-calls")
    assert "restart pirate-table.service" in said and "restart pirate-table-venue.service" in said


def test_updating_a_table_restarts_its_venue_service_too(tmp_path: Path) -> None:
    result, _ = installed(tmp_path, enabled=("pirate-table.service", "pirate-table-venue.service"))
    assert result.returncode == 0, result.stderr
    said = lines(tmp_path / "systemctl-calls")
    assert said.index("stop pirate-table-venue.service") < said.index("restart pirate-table-venue.service")
    assert "restart pirate-table.service" in said


def test_rolling_back_a_venue_leaves_the_table_off(tmp_path: Path) -> None:
    env, calls = stand_ins(tmp_path)
    prefix = tmp_path / "opt"
    release(prefix, "aaaa", has_run=True)
    release(prefix, "bbbb", has_run=True)
    (prefix / "current").symlink_to("releases/bbbb")
    (prefix / "previous").symlink_to("releases/aaaa")
    (tmp_path / "enabled").write_text("pirate-table-venue.service\n")
    assert run(env, "--rollback").returncode == 0
    said = lines(calls)
    assert "restart pirate-table-venue.service" in said
    assert not any(call.endswith(" pirate-table.service") and call.startswith(("enable", "restart")) for call in said)


def test_a_table_with_a_venue_section_is_told_what_it_needs(tmp_path: Path) -> None:
    env, _ = stand_ins(tmp_path)
    release(tmp_path / "opt", "testrelease", has_run=True)
    config = tmp_path / "root/var/lib/pirate-table/config.toml"
    config.parent.mkdir(parents=True)
    config.write_text('language = "en"\n\n[venue]\ntable = "t3"\nbroker = "venue.local"\nport = 1883\n')
    first = run(env)
    assert first.returncode == 0, first.stderr
    assert "this table is table t3 of the venue at venue.local" in first.stdout
    assert "needs its broker password in /etc/pirate-table/venue-password" in first.stderr
    assert "/etc/mosquitto/pirate-table/tables/t3.password" in first.stderr
    password = tmp_path / "root/etc/pirate-table/venue-password"
    assert password.parent.is_dir() and not password.exists()

    password.write_text("from-the-venue\n")
    password.chmod(0o644)
    second = run(env)
    assert second.returncode == 0, second.stderr
    assert "its broker password: /etc/pirate-table/venue-password (root:pirate, 0640)" in second.stdout
    assert f"root:pirate {password}" in lines(tmp_path / "chown-calls")
    assert stat.S_IMODE(password.stat().st_mode) == 0o640


def test_a_table_without_a_venue_hears_nothing_of_one(tmp_path: Path) -> None:
    result, root = installed(tmp_path)
    assert result.returncode == 0, result.stderr
    assert "venue" not in result.stdout + result.stderr
    assert not (root / "etc/systemd/system/pirate-table-venue.service").exists()
    assert (root / "etc/systemd/system/pirate-table.service").exists()


def test_a_table_id_needs_venue(tmp_path: Path) -> None:
    env, _ = stand_ins(tmp_path)
    result = run(env, "t1")
    assert result.returncode == 1 and "a table's id comes after --venue" in result.stderr


def check_numpy(tmp_path: Path, apt: str | None, venv: str) -> subprocess.CompletedProcess[str]:
    """install.sh's check_numpy alone, with apt's python3-numpy at version `apt` (None: not installed) and the
    release's NumPy at `venv`."""
    text = SCRIPT.read_text(encoding="utf-8")
    function = "check_numpy() {" + text.split("check_numpy() {", 1)[1].split("\n}\n", 1)[0] + "\n}\n"
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(exist_ok=True)
    (bin_dir / "dpkg-query").write_text("#!/bin/bash\n" + (f"printf '%s' '{apt}'\n" if apt else "exit 1\n"))
    release_bin = tmp_path / "release" / "bin"
    release_bin.mkdir(parents=True, exist_ok=True)
    (release_bin / "python").write_text(f"#!/bin/bash\necho {'.'.join(venv.split('.')[:2])}\n")
    for tool in (bin_dir / "dpkg-query", release_bin / "python"):
        tool.chmod(0o755)
    program = f'say() {{ echo "==> $*"; }}\n{function}check_numpy {tmp_path / "release"}\n'
    env = {**os.environ, "PATH": f"{bin_dir}:/usr/bin:/bin"}
    return subprocess.run(["bash", "-c", program], env=env, capture_output=True, text=True, check=False)


@pytest.mark.parametrize(
    ("apt", "venv", "fits"),
    [
        ("1:1.24.2-1+deb12u1", "1.26.4", True),  # Bookworm and its lock
        ("1:2.2.4+ds-1", "2.2.6", True),  # Trixie and its lock
        (None, "2.2.6", True),  # no NumPy from apt: nothing needs one
        ("1:1.24.2-1+deb12u1", "2.2.6", False),  # NumPy 2 under Bookworm's picamera2: "numpy.dtype size changed"
        ("1:2.2.4+ds-1", "1.26.4", False),  # NumPy 1 under Trixie's
        ("1:2.2.4+ds-1", "2.1.3", False),  # older than what apt's modules were built against
    ],
)
def test_the_releases_numpy_must_fit_apts(tmp_path: Path, apt: str | None, venv: str, fits: bool) -> None:
    result = check_numpy(tmp_path, apt, venv)
    assert (result.returncode == 0) == fits, result.stderr
    if not fits:
        assert result.stderr.startswith(f"install.sh: NumPy {venv.rsplit('.', 1)[0]} in the environment, but apt's")
