"""The venue's own certificate authority (`pirate-table venue-broker --own-ca`, run by `install.sh --venue`): a CA
made once on the venue's Pi, and from it a certificate for the broker's TLS listener and one for the venue page's
HTTPS proxy, both for the Pi's names. The tables trust the CA (its ca.crt is their `tls_ca`), and so can a
guest's phone that is given it; nothing here is ever sent anywhere.

    <folder>/ca.key  ca.crt          the CA (ten years); ca.key never leaves this folder (mode 0700, root's)
    <folder>/broker.key broker.crt   the broker's (copied into the broker's tls/ by venue-broker)
    <folder>/web.key  web.crt        the venue page's (read by nginx, which starts as root)
    <folder>/<name>.names            the names a certificate was made for: other names make it again

A certificate is made again only when missing, made for other names, or ending within RENEW_DAYS; the CA never
(a new CA would mean copying ca.crt to every table again). openssl does the work, with no secret on its command
line: the keys are files, created with mode 0600 before openssl writes them.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
from dataclasses import dataclass
from pathlib import Path

CA_DAYS = 3650
SERVER_DAYS = 825  # the longest server certificate browsers accept
RENEW_DAYS = 30


class CaError(Exception):
    """Something the operator can fix, said in plain words."""


def default_names() -> list[str]:
    """The names tables and phones reach this Pi by: its host name, with .local (mDNS), and this Pi itself."""
    host = socket.gethostname()
    return sorted({host, f"{host}.local", "localhost", "127.0.0.1"})


@dataclass(frozen=True)
class OwnCa:
    folder: Path

    @property
    def key(self) -> Path:
        return self.folder / "ca.key"

    @property
    def cert(self) -> Path:
        return self.folder / "ca.crt"

    def server(self, name: str) -> tuple[Path, Path]:
        """A server certificate's files (certificate, key) by its name: "broker" or "web"."""
        return self.folder / f"{name}.crt", self.folder / f"{name}.key"

    def ensure(self, names: list[str]) -> list[str]:
        """The CA and the broker's and the page's certificates for `names`; returns what was made."""
        made: list[str] = []
        self.folder.mkdir(parents=True, exist_ok=True)
        self.folder.chmod(0o700)
        if not (self.key.exists() and self.cert.exists()):
            _new_key(self.key)
            _openssl("req", "-x509", "-new", "-key", self.key, "-days", CA_DAYS, "-out", self.cert,
                     "-subj", f"/CN=Pirate Table venue CA ({socket.gethostname()})",
                     "-addext", "basicConstraints=critical,CA:TRUE",
                     "-addext", "keyUsage=critical,keyCertSign,cRLSign")  # fmt: skip
            self.cert.chmod(0o644)
            made.append("ca")
        for name in ("broker", "web"):
            if self._make_server(name, names):
                made.append(name)
        return made

    def _make_server(self, name: str, names: list[str]) -> bool:
        cert, key = self.server(name)
        listed = self.folder / f"{name}.names"
        wanted = "\n".join(sorted(set(names))) + "\n"
        current = cert.exists() and key.exists() and listed.exists() and listed.read_text(encoding="utf-8") == wanted
        if current and _valid_for(cert, RENEW_DAYS) and _signed_by(cert, self.cert):
            return False
        request, extensions = self.folder / f"{name}.csr", self.folder / f"{name}.ext"
        alt = ",".join(f"IP:{n}" if _is_address(n) else f"DNS:{n}" for n in sorted(set(names)))
        extensions.write_text(
            f"subjectAltName={alt}\nbasicConstraints=critical,CA:FALSE\nextendedKeyUsage=serverAuth\n", encoding="utf-8"
        )
        _new_key(key)
        _openssl("req", "-new", "-key", key, "-subj", f"/CN={sorted(set(names))[0]}", "-out", request)
        _openssl("x509", "-req", "-in", request, "-CA", self.cert, "-CAkey", self.key, "-CAcreateserial",
                 "-days", SERVER_DAYS, "-extfile", extensions, "-out", cert)  # fmt: skip
        cert.chmod(0o644)
        request.unlink()
        extensions.unlink()
        listed.write_text(wanted, encoding="utf-8")
        return True


def _is_address(name: str) -> bool:
    for family in (socket.AF_INET, socket.AF_INET6):
        try:
            socket.inet_pton(family, name)
            return True
        except OSError:
            pass
    return False


def _new_key(path: Path) -> None:
    """A new private key in `path`, the file made 0600 before openssl writes into it."""
    path.unlink(missing_ok=True)
    os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    _openssl("genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", path)
    path.chmod(0o600)


def _valid_for(cert: Path, days: int) -> bool:
    done = subprocess.run(["openssl", "x509", "-checkend", str(days * 86400), "-noout", "-in", str(cert)],
                          capture_output=True, check=False)  # fmt: skip
    return done.returncode == 0


def _signed_by(cert: Path, ca: Path) -> bool:
    done = subprocess.run(["openssl", "verify", "-CAfile", str(ca), str(cert)], capture_output=True, check=False)
    return done.returncode == 0


def _openssl(*args: object) -> None:
    tool = shutil.which("openssl")
    if tool is None:
        raise CaError("openssl is missing: install it first (sudo apt install openssl)")
    done = subprocess.run([tool, *map(str, args)], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise CaError(f"openssl {args[0]} failed: {(done.stderr or done.stdout).strip()}")
