"""`pirate-table venue`: plain messages for a bad config, a port in use; the admin password asked twice."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from table.commands.cli import main
from table.venue.venue_config import check_password, load_venue_config


def answers(monkeypatch: pytest.MonkeyPatch, *typed: str | type[BaseException]) -> None:
    queue = list(typed)

    def getpass(prompt: str = "") -> str:
        answer = queue.pop(0)
        if isinstance(answer, type):
            raise answer
        return answer

    monkeypatch.setattr("getpass.getpass", getpass)


def test_the_admin_password_is_asked_twice_and_kept_as_a_hash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "venue.toml"
    path.write_text('# our venue\n[web]\nport = 8081\n\n[admin]\npassword_hash = ""\n')
    answers(monkeypatch, "tr3asure map", "tr3asure map")
    assert main(["venue", "--config", str(path), "--set-admin-password"]) == 0
    config = load_venue_config(path)
    assert check_password("tr3asure map", config.password_hash) and not check_password("treasure", config.password_hash)
    assert path.read_text().startswith("# our venue") and config.web.port == 8081
    assert "tr3asure" not in path.read_text()
    assert "The admin password is set" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        (("one password", "another one"), "differ"),
        (("short", "short"), "at least 8"),
        ((EOFError,), "no password given"),
        (("first one!", KeyboardInterrupt), "no password given"),
    ],
)
def test_a_password_not_given_changes_nothing(
    typed: tuple[str | type[BaseException], ...],
    said: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    _own_data_folder: Path,
) -> None:
    answers(monkeypatch, *typed)
    assert main(["venue", "--set-admin-password"]) in (1, 2)
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err
    assert not (_own_data_folder / "venue.toml").exists()


def test_a_bad_config_is_said_plainly(
    _own_data_folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (_own_data_folder / "venue.toml").write_text("[league]\npoints = [10, six]\n")
    assert main(["venue"]) == 2
    assert "venue.toml is damaged" in capsys.readouterr().err
    (_own_data_folder / "venue.toml").write_text('[broker]\npassword_file = "/no/such/file"\n')
    assert main(["venue"]) == 2
    assert "the broker password file /no/such/file cannot be read" in capsys.readouterr().err
    assert main(["venue", "--config", str(tmp_path / "missing.toml")]) == 2
    assert "does not exist" in capsys.readouterr().err


def test_a_port_in_use_is_said_plainly(_own_data_folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        (_own_data_folder / "venue.toml").write_text(f'[web]\nhost = "127.0.0.1"\nport = {port}\n[broker]\nport = 1\n')
        assert main(["venue"]) == 2
    err = capsys.readouterr().err
    assert f"port {port} is in use" in err and "Traceback" not in err
