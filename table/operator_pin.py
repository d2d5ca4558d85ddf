"""The operator's PIN, kept hashed: scrypt (hashlib, the standard library) with a random salt, never the PIN itself.

A stored hash reads `scrypt$<N>$<r>$<p>$<salt>$<key>` (salt and key in base64), so its parameters can be raised
later and the hashes made before still check. N=2**15, r=8, p=1 takes 32 MiB and, measured, 0.09 s per check on
one core of the development machine (an AMD EPYC); a Raspberry Pi 4's core is several times slower (not measured
here; estimated 0.4 to 0.8 s). That sits between scrypt's interactive-login choice (N=2**14) and OWASP's minimum
(N=2**17: four times longer, seconds on a Pi 4, during which the table's one loop would stand still at every PIN).
A PIN has only 10**4 to 10**8 values, so no hash makes a stolen one safe: what keeps it is the config file's mode
(0600: table.operator_config) and the wrong-PIN lockout (table.operator_tries). The hash makes a copy of the file
slow to turn back into the PIN, and keeps the PIN off the screen of anyone who opens the file.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import secrets

SCHEME = "scrypt"
N, R, P = 2**15, 8, 1
SALT_BYTES, KEY_BYTES = 16, 32
# A hash names its own cost: a damaged or hostile file must not make the table spend gigabytes or minutes on it.
MAX_N, MAX_R, MAX_P = 2**20, 16, 16
PIN_DIGITS = range(4, 9)


def valid_pin(pin: str) -> bool:
    return pin.isascii() and pin.isdigit() and len(pin) in PIN_DIGITS


def hash_pin(pin: str, salt: bytes | None = None, n: int = N, r: int = R, p: int = P) -> str:
    salt = secrets.token_bytes(SALT_BYTES) if salt is None else salt
    key = _scrypt(pin, salt, n, r, p)
    encode = lambda raw: base64.b64encode(raw).decode()  # noqa: E731
    return f"{SCHEME}${n}${r}${p}${encode(salt)}${encode(key)}"


def parse_hash(stored: str) -> tuple[int, int, int, bytes, bytes] | None:
    """(N, r, p, salt, key) of a hash this table makes; None for anything else (damaged, another scheme, a cost
    beyond MAX_N/MAX_R/MAX_P)."""
    parts = stored.split("$")
    if len(parts) != 6 or parts[0] != SCHEME or not all(part.isascii() and part.isdigit() for part in parts[1:4]):
        return None
    n, r, p = (int(part) for part in parts[1:4])
    if not (2 <= n <= MAX_N and n & (n - 1) == 0 and 1 <= r <= MAX_R and 1 <= p <= MAX_P):
        return None
    try:
        salt, key = base64.b64decode(parts[4], validate=True), base64.b64decode(parts[5], validate=True)
    except (binascii.Error, ValueError):
        return None
    if len(salt) < SALT_BYTES or len(key) != KEY_BYTES:
        return None
    return n, r, p, salt, key


def check_pin(pin: str, stored: str) -> bool:
    """True when `pin` is the PIN `stored` was made from (False for a hash this table does not make)."""
    parsed = parse_hash(stored)
    if parsed is None:
        return False
    n, r, p, salt, key = parsed
    return hmac.compare_digest(_scrypt(pin, salt, n, r, p), key)


def _scrypt(pin: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    memory = 128 * r * (n + p + 2)  # what OpenSSL asks for, with room: its default limit is 32 MiB
    return hashlib.scrypt(pin.encode(), salt=salt, n=n, r=r, p=p, maxmem=memory + 2**20, dklen=KEY_BYTES)
