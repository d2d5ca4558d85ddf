"""The kiosk's guards (table.kiosk): one table per data folder, SIGTERM as a clean stop, the systemd watchdog."""

from __future__ import annotations

import os
import signal
import socket
from pathlib import Path

import pytest
from gpiozero import Device

from table.commands.cli import main
from table.kiosk import DataFolderUnusable, TableBusy, TableLock, Watchdog, stop_on_sigterm


def test_one_table_per_data_folder(tmp_path: Path) -> None:
    with TableLock(tmp_path):
        with pytest.raises(TableBusy, match=f"process {os.getpid()}"), TableLock(tmp_path):
            pass
        with TableLock(tmp_path, "demo.lock"):  # the demo's lock is another one
            pass
    with TableLock(tmp_path):  # released: the next table starts
        pass


def test_a_second_run_on_the_same_folder_says_so(_own_data_folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with TableLock(_own_data_folder):
        assert main(["run", "--window"]) == 2
    assert "another Pirate Table" in capsys.readouterr().err


def test_a_second_demo_on_the_same_folder_says_so(_own_data_folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with TableLock(_own_data_folder, "demo.lock"):
        assert main(["demo", "--headless"]) == 2
    assert "another Pirate Table" in capsys.readouterr().out


def test_run_without_gpio_pins_says_so_plainly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(Device, "pin_factory", None)
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "no-such-factory")
    assert main(["run", "--window"]) == 2
    err = capsys.readouterr().err
    assert "no GPIO pins here" in err and "Traceback" not in err


def test_sigterm_stops_a_command_the_way_ctrl_c_does() -> None:
    before = signal.getsignal(signal.SIGTERM)
    try:
        stop_on_sigterm()
        with pytest.raises(KeyboardInterrupt):
            os.kill(os.getpid(), signal.SIGTERM)
    finally:
        signal.signal(signal.SIGTERM, before)


def test_a_stopped_demo_says_how_to_carry_on(monkeypatch: pytest.MonkeyPatch) -> None:
    from table.games.skullking import sim as virtual_table

    def interrupted(self: object, **_: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(virtual_table.VirtualTable, "run", interrupted)
    said: list[str] = []
    from table.sim.demo import run_demo

    assert run_demo(3, 5, say=said.append) == 0
    assert said[-1] == "Stopped. Carry on with: pirate-table demo --resume --players 3 --seed 5"


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_watchdog_says_ready_then_alive_at_most_every_few_seconds(tmp_path: Path) -> None:
    path = str(tmp_path / "notify")
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as systemd:
        systemd.bind(path)
        systemd.setblocking(False)
        clock = Clock()
        watchdog = Watchdog(clock, address=path)
        watchdog.ready()
        for _ in range(30):  # 30 turns of the loop in 6 s of the table's clock
            clock.now += 0.2
            watchdog.alive()
        heard = []
        while True:
            try:
                heard.append(systemd.recv(64).decode())
            except BlockingIOError:
                break
    assert heard == ["READY=1", "WATCHDOG=1"]


def test_outside_systemd_the_watchdog_is_quiet(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NOTIFY_SOCKET", raising=False)
    watchdog = Watchdog(Clock())
    watchdog.ready()
    watchdog.alive()  # nothing to send to, nothing raised


@pytest.mark.parametrize(
    "argv", [["selftest"], ["enroll", "skullking"], ["write-tags", "skullking"], ["dice", "calibrate"]]
)
def test_the_hardware_commands_refuse_to_run_beside_the_table(
    _own_data_folder: Path, capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    with TableLock(_own_data_folder):  # the table runs
        assert main(argv) == 2
    err = capsys.readouterr().err
    assert f"pirate-table {argv[0]}: another Pirate Table" in err and "Traceback" not in err


def test_a_read_only_data_folder_is_played_on_without_a_lock_and_said_in_the_log(
    _own_data_folder: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A failing SD card remounted read-only: nothing can be written there, so no second table can clash; the
    table plays on saving nothing (tests/test_disk.py plays a whole game so)."""
    real_open = os.open

    def read_only(path: str | os.PathLike[str], flags: int, *args: int, **kwargs: int) -> int:
        if str(path).endswith(".lock") and flags & (os.O_RDWR | os.O_WRONLY | os.O_CREAT):
            raise OSError(30, "Read-only file system")  # EROFS: a failing SD card remounted read-only
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", read_only)
    with TableLock(_own_data_folder) as lock, TableLock(_own_data_folder) as second:
        assert lock.skipped == second.skipped == "Read-only file system"
    assert f"the data folder {_own_data_folder} cannot be written (Read-only file system): no table lock" in caplog.text


def test_a_data_folder_that_is_no_folder_is_said_plainly(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    with pytest.raises(DataFolderUnusable, match=f"the data folder {tmp_path / 'file'} cannot be used"):
        TableLock(tmp_path / "file").__enter__()


def test_a_demo_on_a_data_folder_that_cannot_be_written_says_so(
    _own_data_folder: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def read_only(self: Path, *args: object, exist_ok: bool = False, **kwargs: object) -> None:
        if not (exist_ok and self.is_dir()):  # as on a read-only mount: what is there is there, nothing new
            raise OSError(30, "Read-only file system")

    monkeypatch.setattr(Path, "mkdir", read_only)
    assert main(["demo", "--headless"]) == 2
    said = capsys.readouterr().out
    assert f"the demo's folder {_own_data_folder / 'demo'} cannot be written (Read-only file system)" in said
