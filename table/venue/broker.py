"""A Mosquitto broker for the venue: the accounts and the ACL that keeps each table to its own topic, and a local
broker process (with TLS if asked) for the virtual venue and the tests.

The real broker's files are written by `pirate-table venue-broker` (table/venue/broker_setup.py, run by
`hardware/pi/install.sh --venue`) with the same accounts and ACL: one password per account, generated, never a
default; anonymous clients refused; a table may publish only under its own topic.
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

from table.venue.topics import ACKS_ROOT, TOPIC_ROOT, ack_topic, table_topic

VENUE_USER = "venue"  # the venue service's account: reads every table's topics, writes the acknowledgements


def table_user(table: str) -> str:
    """A table's broker account."""
    return f"table-{table}"


def new_password() -> str:
    return secrets.token_urlsafe(18)


def acl_text(tables: list[str]) -> str:
    """Mosquitto's ACL: each table publishes under its own topic only and reads only the venue's acknowledgements
    to it; the venue reads everything and writes the acknowledgements."""
    lines = ["# Written by Pirate Table (table/venue/broker.py): each table may publish only under its own topic.", ""]
    lines += [f"user {VENUE_USER}", f"topic read {TOPIC_ROOT}/#", f"topic write {ACKS_ROOT}/#", ""]
    for table in tables:
        user = table_user(table)
        lines += [f"user {user}", f"topic write {table_topic(table)}/#", f"topic read {ack_topic(table)}", ""]
    return "\n".join(lines)


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
        passwd.write_text("")
        for account, password in self.passwords.items():
            subprocess.run(["mosquitto_passwd", "-b", str(passwd), account, password], check=True, capture_output=True)
        passwd.chmod(0o600)
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
