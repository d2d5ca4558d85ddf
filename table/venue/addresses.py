"""The addresses a phone on the café's network can open the venue page at: every non-loopback address of this
machine (a LAN's first), then its mDNS name (host.local, which many Android phones cannot resolve: so the wall's
QR code takes the first address). `pirate-table venue` prints them; the wall shows them."""

from __future__ import annotations

import fcntl
import ipaddress
import logging
import socket
import struct
from collections.abc import Iterable

log = logging.getLogger(__name__)
SIOCGIFADDR = 0x8915  # Linux: an interface's IPv4 address (the standard library lists interfaces, not addresses)
ANY_HOST = ("0.0.0.0", "", "::")


def interface_addresses() -> list[tuple[str, str]]:
    """(interface, IPv4 address) of every interface that has one, in the kernel's order."""
    found: list[tuple[str, str]] = []
    try:
        names = [name for _, name in socket.if_nameindex()]
        probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    except OSError as error:  # no network stack to ask: no address for phones, said by the caller's empty list
        log.warning("venue: this machine's network addresses cannot be read: %s", error)
        return found
    with probe:
        for name in names:
            try:
                answer = fcntl.ioctl(probe.fileno(), SIOCGIFADDR, struct.pack("256s", name.encode()[:15]))
            except OSError:  # down, or no IPv4 address
                continue
            found.append((name, socket.inet_ntoa(answer[20:24])))
    return found


def phone_urls(
    host: str, port: int, behind_proxy: bool, interfaces: Iterable[tuple[str, str]], hostname: str
) -> list[str]:
    """The venue page's addresses for phones, best first: the LAN addresses (private ranges), any others, the mDNS
    name. `host`, `port`: where the page listens; `behind_proxy`: the installer's nginx serves it on port 80."""
    suffix = "" if behind_proxy else f":{port}"
    if not behind_proxy and host not in ANY_HOST:
        listening = ipaddress.ip_address(host) if _is_address(host) else None
        if listening is not None and listening.is_loopback:
            return []  # this machine only: no phone can open it
        return [f"http://{_bracketed(host)}{suffix}/"]
    addresses = [ipaddress.ip_address(address) for _, address in interfaces if _is_address(address)]
    usable = [address for address in addresses if not address.is_loopback and not address.is_unspecified]
    lan = [address for address in usable if address.is_private and not address.is_link_local]
    ordered = list(dict.fromkeys(lan + usable))  # the LAN first, each address once
    urls = [f"http://{_bracketed(str(address))}{suffix}/" for address in ordered]
    if urls and hostname and hostname != "localhost":
        urls.append(f"http://{hostname.split('.')[0]}.local{suffix}/")
    return urls


def _is_address(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


def _bracketed(host: str) -> str:
    return f"[{host}]" if ":" in host else host
