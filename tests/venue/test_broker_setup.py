"""`pirate-table venue-broker`: the real broker's files, checked as files and then run by a real Mosquitto.

The folder stands in for /etc/mosquitto, with a main mosquitto.conf like Debian's (persistence on, conf.d
included); the broker is started on it with test ports (`--port`, `--tls-port`).
"""

from __future__ import annotations

import getpass
import grp
import os
import shutil
import stat
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from table.commands import cli
from table.venue.broker import (
    MAX_PACKET_BYTES,
    VENUE_USER,
    WATCH_USER,
    acl_text,
    free_port,
    make_test_certificates,
    start_mosquitto,
    table_user,
)
from table.venue.broker_setup import Layout
from table.venue.topics import ack_topic, events_topic
from table.venue.venue_config import BrokerSettings

from .broker_clients import connect, heard, published, subscribed


def venue_broker(folder: Path, *args: str) -> int:
    return cli.main(["venue-broker", "--folder", str(folder), *args])


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """Mosquitto's folder, its main config as Debian ships it (with the broker's user as the test's own)."""
    etc = tmp_path / "etc-mosquitto"
    (etc / "conf.d").mkdir(parents=True)
    (tmp_path / "var").mkdir()
    lines = [
        f"persistence true\npersistence_location {tmp_path / 'var'}/",
        "log_dest stderr",
        f"include_dir {etc / 'conf.d'}",
    ]
    if os.geteuid() == 0:  # as root, mosquitto drops to the user "mosquitto", who cannot enter the test's folder
        lines.insert(0, f"user {getpass.getuser()}")
    (etc / "mosquitto.conf").write_text("\n".join(lines) + "\n")
    return etc


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    return {
        str(p.relative_to(folder)): (p.read_bytes(), p.stat().st_mtime_ns) for p in folder.rglob("*") if p.is_file()
    }


def passwd_accounts(layout: Layout) -> set[str]:
    return {line.split(":")[0] for line in layout.passwd.read_text().splitlines()}


def test_the_files_refuse_anonymous_clients_and_keep_each_table_to_its_topic(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert venue_broker(folder, "--tables", "t1", "t2") == 0
    layout = Layout(folder)
    conf = layout.conf.read_text()
    for line in ("allow_anonymous false", f"password_file {layout.passwd}", f"acl_file {layout.acl}",
                 "persistence true", "listener 1883"):  # fmt: skip
        assert f"\n{line}\n" in conf, line
    assert "persistence_location" not in conf  # Debian's main config has it, and Mosquitto refuses a second
    assert "8883" not in conf  # no TLS unless asked
    assert layout.acl.read_text() == acl_text(["t1", "t2"])
    assert passwd_accounts(layout) == {VENUE_USER, WATCH_USER, table_user("t1"), table_user("t2")}
    assert mode(layout.passwd) == mode(layout.acl) == 0o640
    assert mode(layout.tables_folder) == 0o700
    assert mode(layout.table_password("t1")) == mode(layout.venue_password) == 0o600
    passwords = {path.read_text() for path in [layout.venue_password, *layout.tables_folder.iterdir()]}
    assert len(passwords) == 3 and all(len(password.strip()) >= 20 for password in passwords)  # generated, each its own
    out = capsys.readouterr().out
    assert f"password in {layout.table_password('t2')}" in out and "/etc/pirate-table/venue-password" in out


def test_running_it_again_changes_nothing(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert venue_broker(folder, "--tables", "t1", "t2") == 0
    before = snapshot(folder)
    assert venue_broker(folder, "--tables", "t1", "t2") == 0
    assert venue_broker(folder) == 0
    assert snapshot(folder) == before
    assert capsys.readouterr().out.endswith(
        "Nothing changed: every account, password and file was already as it should be.\n"
    )


def test_adding_and_removing_tables_keeps_the_other_passwords(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    layout = Layout(folder)
    assert venue_broker(folder, "--tables", "t1", "t2") == 0
    t1, venue = layout.table_password("t1").read_text(), layout.venue_password.read_text()
    assert venue_broker(folder, "--add-table", "t3") == 0
    assert passwd_accounts(layout) == {VENUE_USER, WATCH_USER, table_user("t1"), table_user("t2"), table_user("t3")}
    assert layout.acl.read_text() == acl_text(["t1", "t2", "t3"])
    assert venue_broker(folder, "--remove-table", "t2") == 0
    assert not layout.table_password("t2").exists()
    assert passwd_accounts(layout) == {VENUE_USER, WATCH_USER, table_user("t1"), table_user("t3")}
    assert layout.acl.read_text() == acl_text(["t1", "t3"])
    assert (layout.table_password("t1").read_text(), layout.venue_password.read_text()) == (t1, venue)
    out = capsys.readouterr().out
    assert "Removed table t2" in out and "sudo systemctl reload mosquitto" in out


def test_list_names_the_tables_and_writes_nothing(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert venue_broker(folder, "--list") == 0
    assert "No tables at this venue yet" in capsys.readouterr().out
    assert not Layout(folder).state.exists()
    venue_broker(folder, "--tables", "bar-2", "t1")
    capsys.readouterr()
    assert venue_broker(folder, "--list") == 0
    out = capsys.readouterr().out
    assert "Tables at this venue (2):" in out and "bar-2  account table-bar-2" in out and "TLS: off" in out


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--tables", "t1", "table 2"], "a table's id is 1 to 32 letters, digits, - or _"),
        (["--add-table", "t/1"], "not 't/1'"),
        (["--remove-table", "t9"], "there is no table 't9' at this venue"),
        (["--tls-cert", "x.crt"], "TLS needs all three"),
        (["--tables", "t1", "--venue-group", "no-such-group-here"], "there is no group 'no-such-group-here'"),
    ],
)
def test_mistakes_are_said_plainly(
    folder: Path, args: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert venue_broker(folder, *args) == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err
    assert not Layout(folder).table_password("t1").exists()


def test_a_missing_mosquitto_passwd_is_said(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    assert venue_broker(folder, "--tables", "t1") == 2
    assert "mosquitto_passwd is missing: install Mosquitto first" in capsys.readouterr().err


def test_a_damaged_password_file_is_said(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert venue_broker(folder, "--tables", "t1") == 0
    Layout(folder).table_password("t1").write_bytes(b"\xff\xfe")
    assert venue_broker(folder) == 2
    assert "t1.password does not hold one password on one line: delete it" in capsys.readouterr().err


def test_a_folder_that_cannot_be_written_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "a-file").write_text("")
    assert venue_broker(tmp_path / "a-file" / "mosquitto", "--tables", "t1") == 2
    err = capsys.readouterr().err
    assert "venue-broker: " in err and "a-file/mosquitto: Not a directory" in err and "Traceback" not in err


def test_persistence_has_a_place_of_its_own_only_without_debians_main_config(tmp_path: Path) -> None:
    bare = tmp_path / "bare"
    assert venue_broker(bare, "--tables", "t1") == 0
    assert f"persistence_location {Layout(bare).db}/\n" in Layout(bare).conf.read_text()


def test_the_venue_services_group_may_read_its_password(folder: Path) -> None:
    group = grp.getgrgid(os.getgid()).gr_name
    assert venue_broker(folder, "--tables", "t1", "--venue-group", group) == 0
    layout = Layout(folder)
    assert mode(layout.venue_password) == 0o640 and layout.venue_password.stat().st_gid == os.getgid()
    assert mode(layout.table_password("t1")) == 0o600


# The files run by a real Mosquitto.


@pytest.fixture
def ports() -> tuple[int, int]:
    return free_port(), free_port()


@pytest.fixture
def running(folder: Path, ports: tuple[int, int]) -> Iterator[subprocess.Popen[bytes]]:
    assert venue_broker(folder, "--tables", "t1", "t2", "--port", str(ports[0]), "--tls-port", str(ports[1])) == 0
    process = start_mosquitto(folder / "mosquitto.conf", ports[0], folder / "mosquitto.log")
    yield process
    stop(process)


def stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.terminate()  # as systemctl stop or restart does: the broker saves what it holds
        process.wait(timeout=10)


def password(folder: Path, table: str | None = None) -> str:
    layout = Layout(folder)
    return (layout.table_password(table) if table else layout.venue_password).read_text().strip()


def test_the_real_broker_admits_only_its_accounts(
    folder: Path, ports: tuple[int, int], running: subprocess.Popen[bytes]
) -> None:
    _, anonymous = connect(ports[0])
    _, wrong = connect(ports[0], table_user("t1"), "not-the-password")
    _, swapped = connect(ports[0], table_user("t1"), password(folder, "t2"))
    assert anonymous is not None and wrong is not None and swapped is not None
    assert anonymous.is_failure and wrong.is_failure and swapped.is_failure
    venue, code = connect(ports[0], VENUE_USER, password(folder))
    assert code is not None and not code.is_failure
    table, code = connect(ports[0], table_user("t1"), password(folder, "t1"))
    assert code is not None and not code.is_failure
    subscribed(venue)
    published(venue, events_topic("t1"), b"the venue only reads")  # dropped by the ACL, heard by no one
    attempts = [(events_topic("t2"), b"forged"), (events_topic("t1"), b"own")]
    assert heard(venue, table, attempts, events_topic("t1")) == [events_topic("t1")]


def test_what_waits_for_the_venue_survives_a_broker_restart(
    folder: Path, ports: tuple[int, int], running: subprocess.Popen[bytes]
) -> None:
    venue, code = connect(ports[0], VENUE_USER, password(folder), client_id="venue-test")
    assert code is not None and not code.is_failure
    subscribed(venue)
    venue.disconnect()  # the venue service is down; its session stays
    table, code = connect(ports[0], table_user("t1"), password(folder, "t1"))
    assert code is not None and not code.is_failure
    published(table, events_topic("t1"), b"result")
    table.disconnect()
    stop(running)
    again = start_mosquitto(folder / "mosquitto.conf", ports[0], folder / "mosquitto.log")
    try:
        got: list[bytes] = []
        venue, code = connect(ports[0], VENUE_USER, password(folder), client_id="venue-test")
        assert code is not None and not code.is_failure
        venue.on_message = lambda c, u, message: got.append(message.payload)
        for _ in range(200):
            if got:
                break
            venue.loop(timeout=0.05)
        assert got == [b"result"]
    finally:
        stop(again)


def test_the_real_brokers_tls_listener(folder: Path, ports: tuple[int, int], tmp_path: Path) -> None:
    tls = make_test_certificates(tmp_path / "tls")
    args = ["--tables", "t1", "--port", str(ports[0]), "--tls-port", str(ports[1])]
    assert (
        venue_broker(folder, *args, "--tls-cert", str(tls.cert), "--tls-key", str(tls.key), "--tls-ca", str(tls.ca))
        == 0
    )
    layout = Layout(folder)
    conf = layout.conf.read_text()
    assert f"\nlistener {ports[1]}\ncafile {layout.tls_folder / 'ca.crt'}\n" in conf
    assert f"\nlistener {ports[0]} localhost\n" in conf  # the plain port for this Pi only
    assert mode(layout.tls_folder / "broker.key") == 0o600
    process = start_mosquitto(folder / "mosquitto.conf", ports[0], folder / "mosquitto.log")
    try:
        venue, code = connect(ports[0], VENUE_USER, password(folder))
        assert code is not None and not code.is_failure
        table, code = connect(ports[1], table_user("t1"), password(folder, "t1"), ca=tls.ca, host="localhost")
        assert code is not None and not code.is_failure
        assert heard(subscribed(venue), table, [(events_topic("t1"), b"own")], events_topic("t1")) == [
            events_topic("t1")
        ]
        _, plain = connect(ports[1], table_user("t1"), password(folder, "t1"))
        assert plain is None  # no TLS on the TLS port: hung up on
    finally:
        stop(process)
    assert venue_broker(folder, *args, "--no-tls") == 0
    conf = layout.conf.read_text()
    assert f"listener {ports[1]}" not in conf and f"\nlistener {ports[0]}\n" in conf and not layout.tls_folder.exists()


def test_the_real_broker_limits_sizes_and_ties_each_client_id_to_its_account(folder: Path) -> None:
    assert venue_broker(folder, "--tables", "t1") == 0
    conf = Layout(folder).conf.read_text()
    assert f"\nmax_packet_size {MAX_PACKET_BYTES}\n" in conf
    assert conf.count("\nlistener ") == conf.count("\nuse_username_as_clientid true\n") == 1


def test_a_table_with_the_venues_client_id_does_not_take_the_venues_place(
    folder: Path, ports: tuple[int, int], running: subprocess.Popen[bytes]
) -> None:
    venue_id = BrokerSettings().client_id
    venue, code = connect(ports[0], VENUE_USER, password(folder), client_id=venue_id)
    assert code is not None and not code.is_failure
    subscribed(venue)
    kicked: list[object] = []
    venue.on_disconnect = lambda c, u, flags, reason, props: kicked.append(reason)
    thief, code = connect(ports[0], table_user("t2"), password(folder, "t2"), client_id=venue_id)
    assert code is not None and not code.is_failure  # let in, but under its own account's id
    for _ in range(10):
        venue.loop(timeout=0.05)
        thief.loop(timeout=0.01)
    assert kicked == []
    assert heard(venue, thief, [(events_topic("t2"), b"own")], events_topic("t2")) == [events_topic("t2")]
    assert kicked == []


def test_no_password_is_on_a_command_line(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[str] = []
    real = subprocess.Popen.__init__

    def recording(self: subprocess.Popen[bytes], args: Any, *rest: Any, **options: Any) -> None:
        seen.extend(str(arg) for arg in ([args] if isinstance(args, (str, bytes, Path)) else args))
        real(self, args, *rest, **options)

    monkeypatch.setattr(subprocess.Popen, "__init__", recording)
    assert venue_broker(folder, "--tables", "t1", "t2") == 0
    layout = Layout(folder)
    assert any(arg.endswith("mosquitto_passwd") for arg in seen)
    for path in (layout.venue_password, layout.table_password("t1"), layout.table_password("t2")):
        secret = path.read_text().strip()
        assert not any(secret in arg for arg in seen)
        assert secret not in layout.passwd.read_text()  # hashed
    assert mode(layout.passwd) == 0o640 and not list(layout.state.glob(".passwd-*"))  # no plain copy left


def test_own_ca_puts_tls_on_with_a_ca_made_once(
    folder: Path, ports: tuple[int, int], capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["--own-ca", "--tables", "t1", "--port", str(ports[0]), "--tls-port", str(ports[1])]
    assert venue_broker(folder, *args) == 0
    layout = Layout(folder)
    ca = layout.own_ca
    assert layout.tls_on() and f"\nlistener {ports[0]} localhost\n" in layout.conf.read_text()
    assert mode(ca.folder) == 0o700 and mode(ca.key) == mode(ca.server("web")[1]) == 0o600
    for name in ("broker", "web"):
        verified = subprocess.run(["openssl", "verify", "-CAfile", str(ca.cert), str(ca.server(name)[0])], check=False)
        assert verified.returncode == 0, name
    out = capsys.readouterr().out
    assert "own CA" in out and "port = 8883" in out and 'tls_ca = "/etc/pirate-table/venue-ca.crt"' in out
    before = snapshot(folder)
    assert venue_broker(folder, *args) == 0
    assert snapshot(folder) == before  # the CA and the certificates are kept: nothing to copy to the tables again
    process = start_mosquitto(folder / "mosquitto.conf", ports[0], folder / "mosquitto.log")
    try:
        _, code = connect(ports[1], table_user("t1"), password(folder, "t1"), ca=ca.cert, host="localhost")
        assert code is not None and not code.is_failure
    finally:
        stop(process)
    ca_cert = ca.cert.read_bytes()
    assert venue_broker(folder, *args, "--tls-name", "venue.example", "192.168.1.10") == 0
    assert (
        ca.cert.read_bytes() == ca_cert
        and "DNS:venue.example"
        in subprocess.run(
            ["openssl", "x509", "-noout", "-text", "-in", str(ca.server("broker")[0])], capture_output=True, text=True
        ).stdout
    )


def test_own_ca_and_plain_contradict(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert venue_broker(folder, "--own-ca", "--no-tls") == 2
    assert "contradict" in capsys.readouterr().err
    assert venue_broker(folder, "--tls-name", "x") == 2
    assert "--own-ca" in capsys.readouterr().err


def test_the_watch_account_reads_everything_writes_nothing_and_leaves_the_venue_be(
    folder: Path, ports: tuple[int, int], running: subprocess.Popen[bytes]
) -> None:
    layout = Layout(folder)
    assert mode(layout.watch_password) == 0o600
    venue, _ = connect(ports[0], VENUE_USER, password(folder), client_id=BrokerSettings().client_id)
    subscribed(venue)
    kicked: list[object] = []
    venue.on_disconnect = lambda c, u, flags, reason, props: kicked.append(reason)
    watcher, code = connect(ports[0], WATCH_USER, layout.watch_password.read_text().strip())
    assert code is not None and not code.is_failure
    table, _ = connect(ports[0], table_user("t1"), password(folder, "t1"))
    assert heard(subscribed(watcher), table, [(events_topic("t1"), b"own")], events_topic("t1")) == [events_topic("t1")]
    for _ in range(10):  # the venue takes the table's message too
        venue.loop(timeout=0.05)
    forged = [(ack_topic("t1"), b"forged"), (events_topic("t1"), b"forged")]
    assert heard(venue, watcher, forged, events_topic("t1")) == []  # the watcher writes nothing
    assert kicked == []


def test_own_ca_without_openssl_is_said(
    folder: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real_which = shutil.which
    monkeypatch.setattr(shutil, "which", lambda tool: None if tool == "openssl" else real_which(tool))
    assert venue_broker(folder, "--own-ca", "--tables", "t1") == 2
    assert "openssl is missing" in capsys.readouterr().err
    assert not Layout(folder).conf.exists()  # nothing half made
