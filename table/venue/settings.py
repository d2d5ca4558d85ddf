"""The table's `[venue]` settings: where it publishes its results (table.venue.publisher), as the config gives them.

Checked by table.config (plain ConfigError messages); a password file that is missing or unreadable is no error of
the configuration: the publisher says so when it starts, and the table plays on (its results wait in the outbox).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from table.venue.broker import table_user

DEFAULT_PORT = 1883  # MQTT; 8883 is the usual port with TLS


@dataclass(frozen=True)
class VenueSettings:
    table: str  # this table's id at the venue (table.venue.topics.valid_table_id)
    broker: str  # the broker's host name or address
    port: int = DEFAULT_PORT
    password_file: Path | None = None  # holds the account's password (written by install.sh)
    tls_ca: Path | None = None  # the CA that signed the broker's certificate: TLS when set
    url: str = ""  # the venue's page, for the QR code at a game's end ("": none)
    password: str | None = None  # given directly instead of a file (the virtual venue); never in the config file

    @property
    def user(self) -> str:
        """The table's broker account."""
        return table_user(self.table)

    def game_url(self, game_id: str) -> str | None:
        """The venue's page of one game; None without a venue url."""
        return f"{self.url.rstrip('/')}/games/{game_id}" if self.url else None

    def read_password(self) -> str:
        """The account's password; OSError (or ValueError for an empty file) says why it cannot be had."""
        if self.password is not None:
            return self.password
        if self.password_file is None:
            raise ValueError("[venue] gives no password_file")
        password = self.password_file.read_text(encoding="utf-8").strip()
        if not password:
            raise ValueError(f"the password file {self.password_file} is empty")
        return password
