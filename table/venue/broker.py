"""A Mosquitto broker for the venue: the accounts and the ACL that keeps each table to its own topic, and a local
broker process (with TLS if asked) for the virtual venue and the tests.

The real broker's files are written by `pirate-table venue-broker` (table/venue/broker_setup.py, run by
`hardware/pi/install.sh --venue`) with the same accounts and ACL: one password per account, generated, never a
default; anonymous clients refused; a table may publish only its own status and events; no packet larger than
MAX_PACKET_BYTES. Passwords never appear on a command line: the passwd file is written plain, mode 0600, and
hashed in place by `mosquitto_passwd -U` (write_passwd).
"""

from __future__ import annotations

import getpass
import os
import secrets
import shutil
import signal
import socket
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

from table.venue.topics import ACKS_ROOT, TOPIC_ROOT, ack_topic, events_topic, status_topic

VENUE_USER = "venue"  # the venue service's account: reads every table's topics, writes the acknowledgements
WATCH_USER = "watch"  # reads everything, writes nothing: for the operator's mosquitto_sub (the venue's id is its own)
# The largest MQTT packet the broker takes (Mosquitto's max_packet_size: a client sending a larger one is hung up
# on, nothing of it kept). The largest legitimate message is a game_over with its whole score pad: 7.2 KB measured
# for five players (docs/venue.md, Sizes), some 12 KB for eight; 256 KiB leaves a margin of twenty, and keeps a
# table from filling the broker's memory and disk with retained or queued megabytes.
MAX_PACKET_BYTES = 256 * 1024


def table_user(table: str) -> str:
    """A table's broker account."""
    return f"table-{table}"


def new_password() -> str:
    return secrets.token_urlsafe(18)


def acl_text(tables: list[str]) -> str:
    """Mosquitto's ACL: each table publishes its own status and events only (no other topic under its own: nothing
    for it to fill the broker with) and reads only the venue's acknowledgements to it; the venue reads everything
    and writes the acknowledgements."""
    lines = [
        "# Written by Pirate Table (table/venue/broker.py): each table may publish only its own status and events.",
        "",
    ]
    lines += [f"user {VENUE_USER}", f"topic read {TOPIC_ROOT}/#", f"topic write {ACKS_ROOT}/#", ""]
    lines += [f"user {WATCH_USER}", f"topic read {TOPIC_ROOT}/#", ""]
    for table in tables:
        user = table_user(table)
        lines += [f"user {user}", f"topic write {status_topic(table)}", f"topic write {events_topic(table)}"]
        lines += [f"topic read {ack_topic(table)}", ""]
    return "\n".join(lines)


def write_passwd(tool: str, path: Path, accounts: dict[str, str]) -> None:
    """Mosquitto's passwd file for `accounts` (account -> password) at `path`: written plain with mode 0600 from
    the start, then hashed in place by `mosquitto_passwd -U` - no password on any command line (`ps` shows every
    process's arguments to every user). RuntimeError with the tool's words when it fails; the file is then gone."""
    for account, password in accounts.items():
        if not account or ":" in account or "\n" in account or "\n" in password:
            raise ValueError(f"an account name holds no ':' or line break, nor a password a line break: {account!r}")
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.fchmod(descriptor, 0o600)  # an older file may have had another mode
    with os.fdopen(descriptor, "w", encoding="utf-8") as file:
        file.writelines(f"{account}:{password}\n" for account, password in accounts.items())
    done = subprocess.run([tool, "-U", str(path)], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        path.unlink(missing_ok=True)  # never leave the plain passwords behind
        raise RuntimeError((done.stderr or done.stdout).strip() or f"mosquitto_passwd exited with {done.returncode}")


@dataclass(frozen=True)
class Tls:
    """The broker's TLS listener: its certificate and key, and the CA that signed it (which clients check)."""

    ca: Path
    cert: Path
    key: Path


def make_test_certificates(folder: Path, host: str = "localhost") -> Tls:
    """A private CA and a server certificate for `host`, made with openssl: for the tests and the virtual venue
    (a real venue makes its own: docs/operator-guide.md, Running a venue)."""
    folder.mkdir(parents=True, exist_ok=True)
    ca, ca_key = folder / "ca.crt", folder / "ca.key"
    cert, key, request = folder / "broker.crt", folder / "broker.key", folder / "broker.csr"
    run = lambda *args: subprocess.run(["openssl", *args], check=True, capture_output=True)  # noqa: E731
    run("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=Pirate Table test CA",
        "-keyout", str(ca_key), "-out", str(ca))  # fmt: skip
    run("req", "-newkey", "rsa:2048", "-nodes", "-subj", f"/CN={host}", "-keyout", str(key), "-out", str(request))
    extensions = folder / "san.cnf"
    extensions.write_text(f"subjectAltName=DNS:{host},IP:127.0.0.1\n")
    run("x509", "-req", "-in", str(request), "-CA", str(ca), "-CAkey", str(ca_key), "-CAcreateserial", "-days", "2",
        "-extfile", str(extensions), "-out", str(cert))  # fmt: skip
    return Tls(ca, cert, key)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_mosquitto(config: Path, port: int, log: Path, timeout: float = 10.0) -> subprocess.Popen[bytes]:
    """Mosquitto on `config`, in its own session, its output appended to `log`; returns once it accepts a
    connection on 127.0.0.1:`port` (a real wait for a real process, not a test's sleep)."""
    executable = shutil.which("mosquitto") or "/usr/sbin/mosquitto"
    with log.open("ab") as output:
        process = subprocess.Popen(
            [executable, "-c", str(config)], stdout=output, stderr=output, start_new_session=True
        )
    deadline = time.monotonic() + timeout
    while True:
        if process.poll() is not None:
            raise RuntimeError(f"mosquitto stopped at start: {log.read_text(errors='replace')[-500:]}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return process
        except OSError:
            if time.monotonic() > deadline:
                process.kill()
                process.wait(timeout=10)
                raise TimeoutError("mosquitto did not start listening") from None
            time.sleep(0.02)


@dataclass
class LocalBroker:
    """A Mosquitto process on 127.0.0.1 with its own folder: accounts for `tables` and the venue, the ACL, and a
    TLS listener when `tls` is given. `start()`, `stop()`, `kill()` (as a crash would), `restart()` (same port).
    `persistent`: the broker keeps sessions and retained messages in its folder across a restart (saved every
    second); off by default, the hard case: nothing relies on the broker keeping anything."""

    folder: Path
    tables: list[str]
    port: int = field(default_factory=free_port)
    tls: Tls | None = None
    tls_port: int | None = None
    persistent: bool = False
    passwords: dict[str, str] = field(default_factory=dict)  # account -> password
    process: subprocess.Popen[bytes] | None = None

    def __post_init__(self) -> None:
        if shutil.which("mosquitto") is None and not Path("/usr/sbin/mosquitto").exists():
            raise FileNotFoundError("mosquitto is not installed (Debian: sudo apt install mosquitto)")
        self.folder.mkdir(parents=True, exist_ok=True)
        for account in [VENUE_USER, *map(table_user, self.tables)]:
            self.passwords.setdefault(account, new_password())
        if self.tls is not None and self.tls_port is None:
            self.tls_port = free_port()
        self._write_config()

    @property
    def executable(self) -> str:
        return shutil.which("mosquitto") or "/usr/sbin/mosquitto"

    def _write_config(self) -> None:
        passwd = self.folder / "passwd"
        write_passwd(shutil.which("mosquitto_passwd") or "mosquitto_passwd", passwd, self.passwords)
        (self.folder / "acl").write_text(acl_text(self.tables))
        lines = [
            "per_listener_settings false",
            "allow_anonymous false",
            f"password_file {passwd}",
            f"acl_file {self.folder / 'acl'}",
            *(
                ["persistence true", f"persistence_location {self.folder}/", "autosave_interval 1"]
                if self.persistent
                else ["persistence false"]  # the tables' outboxes are the durable copy: a restarted broker is empty
            ),
            "log_dest stderr",
            "log_type error",
            "log_type warning",
            f"max_packet_size {MAX_PACKET_BYTES}",
            f"listener {self.port} 127.0.0.1",
        ]
        if os.geteuid() == 0:  # mosquitto started as root drops to the user "mosquitto", who cannot read our folder
            lines.insert(0, f"user {getpass.getuser()}")
        if self.tls is not None:
            lines += [
                f"listener {self.tls_port} 127.0.0.1",
                f"cafile {self.tls.ca}",
                f"certfile {self.tls.cert}",
                f"keyfile {self.tls.key}",
            ]
        (self.folder / "mosquitto.conf").write_text("\n".join(lines) + "\n")

    def start(self, timeout: float = 10.0) -> None:
        self.process = start_mosquitto(
            self.folder / "mosquitto.conf", self.port, self.folder / "mosquitto.log", timeout
        )

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)
        self.process = None

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)
        self.process = None

    def restart(self) -> None:
        self.stop()
        self.start()

    def __enter__(self) -> LocalBroker:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
