"""The `pirate-table` command line."""

from __future__ import annotations

from pathlib import Path

import pytest

from table.commands.cli import main


def test_enroll_without_a_hub_says_so_and_can_be_stopped(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import table.commands.decks as deck_commands

    monkeypatch.setattr(deck_commands, "find_hub_port", lambda configured: None)
    waits = []

    def interrupt(_link: object) -> None:
        waits.append(1)
        if len(waits) > 3:
            raise KeyboardInterrupt  # the person gives up: Ctrl-C

    monkeypatch.setattr(deck_commands, "_wait", interrupt)
    assert main(["enroll", "skullking", "--deck", "green"]) == 130
    out = capsys.readouterr().out
    assert "[0/66] Tap yellow:1" in out
    assert "seat hub not found: is its USB cable plugged in? (waiting for it; Ctrl-C stops)" in out
    assert "Stopped with 0 of 66 cards done. Run the same command again to go on." in out


def test_enroll_refuses_a_game_without_a_deck(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["write-tags", "skullking-dice"])  # a game of the catalog, played without cards
    assert stopped.value.code == 2
    said = capsys.readouterr().err
    assert "invalid choice: 'skullking-dice' (choose from 'skullking'" in said  # the games with a deck
    assert "'skullking-dice'" not in said.split("choose from")[1]


def test_selftest_with_a_damaged_config_says_what_to_do(
    _own_data_folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (_own_data_folder / "config.toml").write_text("[[seats]\nreader = ")
    assert main(["selftest"]) == 2
    assert "is damaged and cannot be read" in capsys.readouterr().err


def test_a_database_from_a_newer_table_stops_run_with_a_plain_message(
    _own_data_folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from table.store.database import DATABASE_NAME, MIGRATIONS, open_database

    open_database(_own_data_folder / DATABASE_NAME).execute(f"PRAGMA user_version = {len(MIGRATIONS) + 5}")
    assert main(["run", "--window"]) == 2
    err = capsys.readouterr().err
    assert "written by a newer Pirate Table" in err and "Traceback" not in err


def test_a_log_file_that_cannot_be_written_is_named(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import logging

    from table.commands import cli

    def refuse(path: object) -> logging.Handler:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(cli, "GuardedFileHandler", refuse)
    monkeypatch.setattr(logging, "basicConfig", lambda **_: None)
    cli._log_to_data_folder()
    assert "the log file cannot be written in the data folder" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (["--speed", "0"], "argument --speed: more than 0"),
        (["--speed", "-1"], "argument --speed: more than 0"),
        (["--speed", "nan"], "argument --speed: more than 0"),
        (["--speed", "fast"], "argument --speed: a number such as 1"),
        (["--window", "--headless"], "argument --headless: not allowed with argument --window"),
    ],
)
def test_demo_refuses_options_that_make_no_sense(
    options: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["demo", *options])
    assert stopped.value.code == 2
    assert said in capsys.readouterr().err


def test_demo_in_a_window_without_a_screen_says_so_instead_of_waiting(
    _own_data_folder: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")  # what SDL falls back to where nothing can be seen
    assert main(["demo", "--window"]) == 2
    assert "--window needs a screen to play on (SDL's 'dummy' video driver shows nothing)" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["selftest", "run"])
def test_off_a_pi_only_the_table_s_own_words_reach_the_console(command: str, tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    environment = {k: v for k, v in os.environ.items() if not k.startswith("GPIOZERO_")}
    environment |= {"PIRATE_TABLE_HOME": str(tmp_path), "SDL_VIDEODRIVER": "dummy"}
    done = subprocess.run(
        [sys.executable, "-m", "table", command], env=environment, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 2
    (said,) = done.stderr.splitlines()  # one line: the command's own
    assert said.startswith(f"pirate-table {command}: no GPIO pins here. Run it on the table's Raspberry Pi")
    assert "PinFactoryFallback" not in done.stderr and "WARN" not in done.stderr
    assert "gpiozero: Falling back from" in (tmp_path / "pirate-table.log").read_text()  # said in the log instead
