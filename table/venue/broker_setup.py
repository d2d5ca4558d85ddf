"""`pirate-table venue-broker`: the real broker's files for a venue, written into Mosquitto's folder.

    <folder>/conf.d/pirate-table.conf            listeners, no anonymous clients, the accounts and the ACL, persistence
    <folder>/pirate-table/passwd                 the accounts (hashed by mosquitto_passwd), readable by the broker only
    <folder>/pirate-table/acl                    a table writes its own topic, reads its own acks (broker.acl_text)
    <folder>/pirate-table/venue.password         the venue service's password
    <folder>/pirate-table/watch.password         the read-only "watch" account's, for mosquitto_sub (root only)
    <folder>/pirate-table/tables/<id>.password   one table's password, to copy to that table (root only)
    <folder>/pirate-table/tls/                   the broker's certificate, key and CA, when TLS is on
    <folder>/pirate-table/ca/                    the venue's own CA and certificates, with --own-ca (own_ca.py)

The plain password files are the source of truth: a password is generated once, when its account is made, and never
changed by a later run; the passwd file is rebuilt from them only when an account came or went. Running it twice
changes nothing. `hardware/pi/install.sh --venue` runs it; the operator guide ("Running a venue") says the rest.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import grp
import os
import pwd
import shutil
import socket
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from table.venue.broker import (
    MAX_PACKET_BYTES,
    VENUE_USER,
    WATCH_USER,
    acl_text,
    new_password,
    table_user,
    write_passwd,
)
from table.venue.own_ca import CaError, OwnCa, default_names
from table.venue.topics import valid_table_id

DEFAULT_FOLDER = Path("/etc/mosquitto")
PORT = 1883
TLS_PORT = 8883
BROKER_USER = "mosquitto"  # Debian's broker drops to this user, then reads the passwd and ACL files
AUTOSAVE_SECONDS = 60  # how much a broker crash (not a restart: that saves) can lose of what it holds for the venue
MAX_QUEUED = 100_000  # messages held for the venue's session while it is down (Mosquitto's default, 1000, is an hour)
TABLE_PASSWORD_FILE = "/etc/pirate-table/venue-password"  # where a table reads its password (its [venue] section)
TABLE_CA_FILE = "/etc/pirate-table/venue-ca.crt"  # where a table reads the venue's CA, with TLS (its tls_ca)


class SetupError(Exception):
    """Something the operator can fix, said in plain words."""


@dataclass(frozen=True)
class Layout:
    """Where venue-broker keeps each file under Mosquitto's folder."""

    folder: Path

    @property
    def conf(self) -> Path:
        return self.folder / "conf.d" / "pirate-table.conf"

    @property
    def state(self) -> Path:
        return self.folder / "pirate-table"

    @property
    def passwd(self) -> Path:
        return self.state / "passwd"

    @property
    def acl(self) -> Path:
        return self.state / "acl"

    @property
    def venue_password(self) -> Path:
        return self.state / "venue.password"

    @property
    def watch_password(self) -> Path:
        return self.state / "watch.password"

    @property
    def tables_folder(self) -> Path:
        return self.state / "tables"

    @property
    def tls_folder(self) -> Path:
        return self.state / "tls"

    @property
    def own_ca(self) -> OwnCa:
        return OwnCa(self.state / "ca")

    @property
    def db(self) -> Path:
        return self.state / "db"

    def table_password(self, table: str) -> Path:
        return self.tables_folder / f"{table}.password"

    def tables(self) -> list[str]:
        if not self.tables_folder.is_dir():
            return []
        if not os.access(self.tables_folder, os.R_OK | os.X_OK):  # glob would see an empty folder
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(self.tables_folder))
        found = (path.name.removesuffix(".password") for path in self.tables_folder.glob("*.password"))
        return sorted(table for table in found if valid_table_id(table))

    def tls_files(self) -> tuple[Path, Path, Path]:
        """The CA, the broker's certificate and its key, as the broker config names them."""
        return self.tls_folder / "ca.crt", self.tls_folder / "broker.crt", self.tls_folder / "broker.key"

    def tls_on(self) -> bool:
        return all(path.exists() for path in self.tls_files())


@dataclass
class Outcome:
    new_tables: list[str] = field(default_factory=list)
    removed_tables: list[str] = field(default_factory=list)
    accounts_changed: bool = False  # passwd or ACL rewritten: a reload takes them
    config_changed: bool = False  # listeners or TLS: a restart takes them


def broker_config(
    layout: Layout, port: int = PORT, tls_port: int = TLS_PORT, persistence_location: Path | None = None
) -> str:
    """conf.d/pirate-table.conf. `persistence_location` only when Mosquitto's main config has none (Debian's has
    one, and Mosquitto refuses a second)."""
    lines = [
        "# Written by `pirate-table venue-broker` (table/venue/broker_setup.py): run it again rather than edit this.",
        "# The venue's broker: every client logs in with its own account; each table may publish only under its",
        "# own topic (the ACL); the venue service reads them all.",
        "allow_anonymous false",
        f"password_file {layout.passwd}",
        f"acl_file {layout.acl}",
        "",
        "# What the broker holds for the venue service (QoS 1, while it is down) survives a broker restart.",
        "persistence true",
    ]
    if persistence_location is not None:
        lines.append(f"persistence_location {persistence_location}/")
    lines += [f"autosave_interval {AUTOSAVE_SECONDS}", f"max_queued_messages {MAX_QUEUED}", ""]
    lines += [
        "# No packet beyond this (bytes): the largest result a table sends fits some twenty times (broker.py).",
        f"max_packet_size {MAX_PACKET_BYTES}",
        "",
        "# On every listener a client's id is its account's name, whatever it asks for: no table can take the",
        "# venue service's id (and so its session) or another table's.",
    ]
    own_id = "use_username_as_clientid true"
    if not layout.tls_on():
        lines += ["# The tables on the local network.", f"listener {port}", own_id]
    else:
        ca, cert, key = layout.tls_files()
        lines += [
            "# With TLS on, the plain port is for this Pi only (the venue service): no password crosses the network",
            "# in clear. The tables use the TLS port and check the broker's certificate against the CA (tls_ca).",
            f"listener {port} localhost",
            own_id,
            "",
            f"listener {tls_port}",
            f"cafile {ca}",
            f"certfile {cert}",
            f"keyfile {key}",
            "tls_version tlsv1.2",
            own_id,
        ]
    return "\n".join(lines) + "\n"


def main_config_has_persistence_location(folder: Path) -> bool:
    main = folder / "mosquitto.conf"
    if not main.exists():
        return False
    words = (line.split() for line in main.read_text(encoding="utf-8", errors="replace").splitlines())
    return any(word[:1] == ["persistence_location"] for word in words)


def check_table_ids(tables: list[str]) -> None:
    for table in tables:
        if not valid_table_id(table):
            raise SetupError(f"a table's id is 1 to 32 letters, digits, - or _ (like t1 or window-2), not {table!r}")


def mosquitto_passwd() -> str:
    tool = shutil.which("mosquitto_passwd")
    if tool is None:
        raise SetupError("mosquitto_passwd is missing: install Mosquitto first (sudo apt install mosquitto)")
    return tool


def set_up(
    layout: Layout,
    *,
    add: Sequence[str] = (),
    remove: Sequence[str] = (),
    port: int = PORT,
    tls_port: int = TLS_PORT,
    tls: tuple[Path, Path, Path] | None = None,
    no_tls: bool = False,
    venue_group: str | None = None,
    broker_user: str = BROKER_USER,
) -> Outcome:
    """Makes the accounts in `add` that are missing, removes those in `remove`, and (re)writes every file that
    differs from what it should be. Never changes an existing password."""
    check_table_ids([*add, *remove])
    tool = mosquitto_passwd()
    broker = _owner(broker_user)
    venue_gid = _group(venue_group) if venue_group else None
    if tls is not None:
        for path in tls:
            if not path.is_file():
                raise SetupError(f"{path} is not a file (--tls-cert, --tls-key and --tls-ca name the TLS files)")
    outcome = Outcome()
    _folder(layout.folder, 0o755)
    _folder(layout.state, 0o755)  # the broker and the venue's user pass through; each file keeps its own mode
    _folder(layout.tables_folder, 0o700)
    for table in remove:
        if not layout.table_password(table).exists():
            raise SetupError(f"there is no table {table!r} at this venue (venue-broker --list shows them)")
    for table in remove:
        layout.table_password(table).unlink()
        outcome.removed_tables.append(table)

    new = False
    if not layout.venue_password.exists():
        _write(layout.venue_password, new_password() + "\n", 0o600)
        new = True
    if not layout.watch_password.exists():
        _write(layout.watch_password, new_password() + "\n", 0o600)
        new = True
    if venue_gid is not None:
        os.chown(layout.venue_password, -1, venue_gid)
        layout.venue_password.chmod(0o640)
    for table in add:
        if not layout.table_password(table).exists():
            _write(layout.table_password(table), new_password() + "\n", 0o600)
            outcome.new_tables.append(table)
            new = True

    tables = layout.tables()
    accounts = {VENUE_USER: _read_password(layout.venue_password), WATCH_USER: _read_password(layout.watch_password)}
    accounts |= {table_user(table): _read_password(layout.table_password(table)) for table in tables}
    if new or _passwd_accounts(layout.passwd) != set(accounts):
        _build_passwd(tool, layout.passwd, accounts, broker)
        outcome.accounts_changed = True
    outcome.accounts_changed |= _write(layout.acl, acl_text(tables), 0o640, broker)

    if no_tls and layout.tls_folder.exists():
        shutil.rmtree(layout.tls_folder)
    if tls is not None:
        _folder(layout.tls_folder, 0o755)
        for source, target in zip(tls, layout.tls_files(), strict=True):
            is_key = target.name.endswith(".key")
            text = source.read_text(encoding="utf-8", errors="replace")
            outcome.config_changed |= _write(target, text, 0o600 if is_key else 0o644, broker if is_key else None)
    location = None
    if not main_config_has_persistence_location(layout.folder):
        location = layout.db
        _folder(location, 0o700, broker)
    _folder(layout.conf.parent, 0o755)
    outcome.config_changed |= _write(layout.conf, broker_config(layout, port, tls_port, location), 0o644)
    return outcome


def _read_password(path: Path) -> str:
    try:
        password = path.read_text(encoding="utf-8").strip()
    except UnicodeDecodeError:
        password = ""
    if not password or ":" in password or "\n" in password:
        raise SetupError(f"{path} does not hold one password on one line: delete it and run venue-broker again")
    return password


def _passwd_accounts(passwd: Path) -> set[str]:
    if not passwd.exists():
        return set()
    lines = passwd.read_text(encoding="utf-8", errors="replace").splitlines()
    return {line.split(":", 1)[0] for line in lines if ":" in line}


def _build_passwd(tool: str, passwd: Path, accounts: dict[str, str], owner: tuple[int, int] | None) -> None:
    """A fresh passwd file from the plain passwords, put in place in one step (the broker never reads half of it)."""
    handle, name = tempfile.mkstemp(prefix=".passwd-", dir=passwd.parent)  # mode 0600: nobody else reads it
    os.close(handle)
    try:
        try:
            write_passwd(tool, Path(name), accounts)  # hashed in the file: no password on a command line
        except RuntimeError as error:
            raise SetupError(f"mosquitto_passwd could not hash the passwords: {error}") from None
        _settle(Path(name), 0o640, owner)
        os.replace(name, passwd)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(name)


def _write(path: Path, text: str, mode: int, owner: tuple[int, int] | None = None) -> bool:
    """Writes `text` to `path` in one step if it differs; the mode and owner are set either way. True if written."""
    changed = not path.exists() or path.read_text(encoding="utf-8", errors="replace") != text
    if changed:
        handle, name = tempfile.mkstemp(prefix=f".{path.name}-", dir=path.parent)
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as file:
                file.write(text)
            _settle(Path(name), mode, owner)
            os.replace(name, path)
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(name)
    _settle(path, mode, owner)
    return changed


def _folder(path: Path, mode: int, owner: tuple[int, int] | None = None) -> None:
    path.mkdir(parents=True, exist_ok=True)
    _settle(path, mode, owner)


def _settle(path: Path, mode: int, owner: tuple[int, int] | None) -> None:
    path.chmod(mode)
    if owner is not None:
        os.chown(path, *owner)


def _owner(user: str) -> tuple[int, int] | None:
    """The broker's user and group, when we may hand files to it (as root, and the user exists)."""
    if os.geteuid() != 0:
        return None
    try:
        entry = pwd.getpwnam(user)
    except KeyError:
        return None
    return entry.pw_uid, entry.pw_gid


def _group(name: str) -> int:
    try:
        return grp.getgrnam(name).gr_gid
    except KeyError:
        raise SetupError(f"there is no group {name!r} here (--venue-group names the venue service's group)") from None


# The command line.


def register(commands: argparse._SubParsersAction) -> None:
    command = commands.add_parser(
        "venue-broker", help="a venue's Mosquitto: accounts, passwords and ACL for its tables (run as root)"
    )
    command.add_argument("--folder", type=Path, default=DEFAULT_FOLDER, help="Mosquitto's folder (/etc/mosquitto)")
    command.add_argument("--tables", nargs="+", default=[], metavar="ID", help="the venue's tables (made if missing)")
    command.add_argument("--add-table", nargs="+", default=[], metavar="ID", help="add tables; others are kept")
    command.add_argument("--remove-table", nargs="+", default=[], metavar="ID", help="remove tables and their accounts")
    command.add_argument("--list", action="store_true", help="the tables, their accounts and password files")
    command.add_argument("--port", type=int, default=PORT, help=f"the broker's port (default {PORT})")
    command.add_argument("--tls-port", type=int, default=TLS_PORT, help=f"the TLS port (default {TLS_PORT})")
    command.add_argument("--tls-cert", type=Path, help="the broker's certificate (with --tls-key and --tls-ca)")
    command.add_argument("--tls-key", type=Path, help="the broker certificate's private key")
    command.add_argument("--tls-ca", type=Path, help="the CA certificate that signed it (the tables' tls_ca)")
    command.add_argument(
        "--own-ca", action="store_true", help="TLS with the venue's own CA, made once here (install.sh --venue does)"
    )
    command.add_argument(
        "--tls-name", nargs="+", default=[], metavar="NAME", help="more names or addresses for --own-ca's certificates"
    )
    command.add_argument("--no-tls", action="store_true", help="switch the TLS listener off")
    command.add_argument("--venue-group", help="the venue service's group, which may read its password")
    command.add_argument("--broker-user", default=BROKER_USER, help=f"the broker's user (default {BROKER_USER})")


def run(args: argparse.Namespace) -> int:
    layout = Layout(args.folder)
    tls_given = [args.tls_cert, args.tls_key, args.tls_ca]
    try:
        if any(tls_given) and not all(tls_given):
            raise SetupError("TLS needs all three: --tls-cert, --tls-key and --tls-ca")
        if sum([all(tls_given), args.no_tls, args.own_ca]) > 1:
            raise SetupError("--no-tls, --own-ca and the --tls-* files contradict each other: give one of them")
        if args.tls_name and not args.own_ca:
            raise SetupError("--tls-name names the certificates --own-ca makes: give --own-ca too")
        changes = args.tables or args.add_table or args.remove_table or all(tls_given) or args.no_tls or args.own_ca
        tls = (args.tls_ca, args.tls_cert, args.tls_key) if all(tls_given) else None
        made: list[str] = []
        if args.own_ca:
            ca = layout.own_ca
            layout.state.mkdir(parents=True, exist_ok=True)
            made = ca.ensure([*default_names(), *args.tls_name])
            tls = (ca.cert, *ca.server("broker"))
        if args.list and not changes:
            _print_list(layout)
            return 0
        outcome = set_up(
            layout,
            add=[*args.tables, *args.add_table],
            remove=args.remove_table,
            port=args.port,
            tls_port=args.tls_port,
            tls=tls,
            no_tls=args.no_tls,
            venue_group=args.venue_group,
            broker_user=args.broker_user,
        )
    except (SetupError, CaError) as error:
        print(f"pirate-table venue-broker: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        where = f"{error.filename}: " if error.filename else ""
        hint = " (run it as root: sudo)" if isinstance(error, PermissionError) else ""
        print(f"pirate-table venue-broker: {where}{error.strerror or error}{hint}", file=sys.stderr)
        return 2
    if made:
        print(f"The venue's own CA in {layout.own_ca.folder} made: {', '.join(made)} (for {', '.join(default_names())}"
              f"{', ' if args.tls_name else ''}{', '.join(args.tls_name)}).")  # fmt: skip
    _report(layout, outcome)
    if args.list:
        _print_list(layout)
    return 0


def _report(layout: Layout, outcome: Outcome) -> None:
    for table in outcome.removed_tables:
        print(f"Removed table {table} and its account {table_user(table)}.")
    for table in outcome.new_tables:
        print(f"Table {table}: account {table_user(table)}, password in {layout.table_password(table)}")
    if outcome.new_tables:
        host = f"{socket.gethostname()}.local"
        tls = layout.tls_on()
        port = TLS_PORT if tls else PORT
        print(
            f"Copy each new table's password file to that table's {TABLE_PASSWORD_FILE} (owner root, group pirate,\n"
            + (f"mode 0640) and {layout.tls_files()[0]} to its {TABLE_CA_FILE} (mode 0644)" if tls else "mode 0640)")
            + ", and give its config.toml a [venue] section, for example:\n"
            f'  [venue]\n  table = "{outcome.new_tables[0]}"\n  broker = "{host}"\n  port = {port}\n'
            f'  password_file = "{TABLE_PASSWORD_FILE}"\n'
            + (f'  tls_ca = "{TABLE_CA_FILE}"\n' if tls else "")
            + "then restart the table (docs/operator-guide.md, Running a venue)."
        )
    if outcome.config_changed:
        print(f"Wrote {layout.conf}. Restart the broker to use it: sudo systemctl restart mosquitto")
    elif outcome.accounts_changed:
        print("The accounts changed. Reload the broker to use them: sudo systemctl reload mosquitto")
    else:
        print("Nothing changed: every account, password and file was already as it should be.")


def _print_list(layout: Layout) -> None:
    tables = layout.tables()
    print(f"Tables at this venue ({len(tables)}):" if tables else "No tables at this venue yet (--add-table ID).")
    width = max((len(table) for table in tables), default=0)
    for table in tables:
        print(f"  {table.ljust(width)}  account {table_user(table)}  password file {layout.table_password(table)}")
    if layout.venue_password.exists():
        print(f"The venue service: account {VENUE_USER}, password file {layout.venue_password}")
    if layout.watch_password.exists():
        print(f"Watching (read only): account {WATCH_USER}, password file {layout.watch_password}")
    print(f"TLS: {'on' if layout.tls_on() else 'off'}; broker config {layout.conf}")
