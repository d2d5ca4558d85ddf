"""The venue page through the shipped nginx site (hardware/pi/pirate-table-venue.nginx), run by a real nginx on
test ports, with certificates from the venue's own CA (table/venue/own_ca.py) and the real web server behind it
(`[web] behind_proxy`): /admin only over HTTPS, with a Secure cookie; the guest's address is the one that counts."""

from __future__ import annotations

import getpass
import http.client
import os
import re
import shutil
import sqlite3
import ssl
import subprocess
import time
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest

from table.venue.broker import free_port
from table.venue.own_ca import OwnCa
from table.venue.store import Store
from table.venue.venue_config import VenueConfig, WebSettings, hash_password
from table.venue.web import WebServer, create_app
from table.venue.web.guard import GUARD_NAME

SITE = Path(__file__).parents[2] / "hardware" / "pi" / "pirate-table-venue.nginx"
NOW = datetime(2026, 11, 23, 21, 0).timestamp()
PASSWORD = "correct horse"


def nginx_conf(tmp_path: Path, ca: OwnCa, http_port: int, https_port: int, upstream: int) -> Path:
    """nginx.conf for the test: the shipped site, its ports, certificate paths and upstream moved to the test's."""
    site = SITE.read_text()
    cert, key = ca.server("web")
    for old, new in (("listen 80 ", f"listen 127.0.0.1:{http_port} "),
                     ("listen 443 ", f"listen 127.0.0.1:{https_port} "),
                     ("/etc/mosquitto/pirate-table/ca/web.crt", str(cert)),
                     ("/etc/mosquitto/pirate-table/ca/web.key", str(key)),
                     ("http://127.0.0.1:8080", f"http://127.0.0.1:{upstream}")):  # fmt: skip
        assert old in site, old
        site = site.replace(old, new)
    site = "\n".join(line for line in site.splitlines() if "listen [::]" not in line)  # no IPv6 in a container
    temp = tmp_path / "nginx"
    temp.mkdir()
    user = f"user {getpass.getuser()};\n" if os.geteuid() == 0 else ""
    paths = "".join(
        f"{kind}_temp_path {temp / kind};\n" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    conf = tmp_path / "nginx.conf"
    conf.write_text(
        f"{user}daemon off;\npid {temp / 'nginx.pid'};\nerror_log {temp / 'error.log'};\nevents {{}}\n"
        f"http {{\naccess_log off;\n{paths}{site}\n}}\n"
    )
    return conf


@pytest.fixture
def proxied(tmp_path: Path) -> Iterator[tuple[int, int, Path]]:
    """(http port, https port, CA certificate) of nginx in front of the venue page."""
    ca = OwnCa(tmp_path / "ca")
    ca.ensure(["localhost", "127.0.0.1"])
    store = Store(tmp_path / "venue.sqlite3", clock=lambda: NOW)
    config = VenueConfig(
        tmp_path / "venue.toml",
        web=WebSettings(host="127.0.0.1", port=0, behind_proxy=True),
        password_hash=hash_password(PASSWORD, rounds=1000),
    )
    server = WebServer(create_app(store, config, tmp_path, clock=lambda: NOW), "127.0.0.1", 0)
    http_port, https_port = free_port(), free_port()
    conf = nginx_conf(tmp_path, ca, http_port, https_port, int(server.url.rsplit(":", 1)[1]))
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    checked = subprocess.run([nginx, "-t", "-q", "-c", str(conf)], capture_output=True, text=True, check=False)
    assert checked.returncode == 0, checked.stderr
    process = subprocess.Popen([nginx, "-c", str(conf)], stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 10
        while True:  # a real wait for a real process to listen
            try:
                http.client.HTTPConnection("127.0.0.1", https_port, timeout=1).connect()
                break
            except OSError:
                assert process.poll() is None and time.monotonic() < deadline, tmp_path / "nginx" / "error.log"
                time.sleep(0.02)
        yield http_port, https_port, ca.cert
    finally:
        process.terminate()
        process.wait(timeout=10)
        server.stop()
        store.close()


def https(port: int, ca: Path) -> http.client.HTTPSConnection:
    return http.client.HTTPSConnection("localhost", port, context=ssl.create_default_context(cafile=str(ca)))


def test_admin_only_over_https_with_a_secure_cookie(proxied: tuple[int, int, Path], tmp_path: Path) -> None:
    http_port, https_port, ca = proxied
    plain = http.client.HTTPConnection("127.0.0.1", http_port)
    plain.request("GET", "/standings")
    standings = plain.getresponse()
    assert (
        standings.status == 200 and "Standings" in standings.read().decode()
    )  # a guest's phone reads the pages without a word about the CA
    plain.request("GET", "/admin?lang=de")
    moved = plain.getresponse()
    moved.read()
    assert moved.status == 301 and moved.headers["Location"] == "https://127.0.0.1/admin?lang=de"
    secure = https(https_port, ca)  # the certificate is checked against the venue's CA, for "localhost"
    secure.request("GET", "/admin")
    page = secure.getresponse()
    cookie = page.headers["Set-Cookie"]
    assert page.status == 200 and "; Secure" in cookie and "HttpOnly" in cookie
    token = re.search(r'name="csrf" value="([^"]+)"', page.read().decode())[1]  # type: ignore[index]
    form = f"csrf={token}&password=guess"
    headers = {"Cookie": cookie.split(";")[0], "Content-Type": "application/x-www-form-urlencoded",
               "X-Forwarded-For": "6.6.6.6"}  # fmt: skip  # a client's own header is replaced by the proxy
    secure.request("POST", "/admin/login", body=form, headers=headers)
    answer = secure.getresponse()
    assert answer.status == 302 and answer.headers["Location"] == "/admin"
    with sqlite3.connect(tmp_path / GUARD_NAME) as db:
        assert db.execute("SELECT address FROM failures").fetchall() == [("127.0.0.1",)]
