"""`pirate-table demo --tables 3`: a real broker, the venue service and three virtual tables in their own processes
(table.sim.venue_demo), with and without --faults (the broker killed and restarted, a table cut off)."""

from __future__ import annotations

import html
import os
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from table.commands.cli import main
from table.sim import venue_demo

ROOT = Path(__file__).resolve().parents[2]
SEED = 5


def run(*args: str, home: Path | None = None, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    if home is not None:
        environment["PIRATE_TABLE_HOME"] = str(home)
    return subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, timeout=timeout, cwd=ROOT, env=environment
    )


def demo(home: Path, *options: str) -> subprocess.CompletedProcess[str]:
    return run("-m", "table", "demo", "--tables", "3", "--headless", "--seed", str(SEED), *options, home=home)


def tables_final_lines(output: str) -> dict[str, list[str]]:
    """Each table's FINAL lines, by the table named in the header before them."""
    tables: dict[str, list[str]] = {}
    current = ""
    for line in output.splitlines():
        if line.startswith("== Table "):
            current = line.split()[2].rstrip(":")
            tables[current] = []
        elif line.startswith("FINAL "):
            tables[current].append(line)
    return tables


def standings(output: str) -> list[str]:
    return [line for line in output.splitlines() if line.startswith("STANDING ")]


def processes_of(folder: Path, program: bytes) -> list[str]:
    """The processes whose command line names `program` and a path in `folder` (other tests' are not ours)."""
    found = []
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            words = cmdline.read_bytes().split(b"\0")
        except OSError:  # it ended meanwhile
            continue
        if any(program in word for word in words) and any(str(folder).encode() in word for word in words):
            found.append(cmdline.parent.name)
    return found


def mosquittos_of(folder: Path) -> list[str]:
    return processes_of(folder, b"mosquitto")


@pytest.fixture(scope="module")
def quiet_and_faulty(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str, Path]:
    """The demo's output without and with --faults (one data folder for both, as a person would run them)."""
    home = tmp_path_factory.mktemp("home")
    quiet, faulty = demo(home), demo(home, "--faults")
    assert quiet.returncode == 0, quiet.stdout + quiet.stderr
    assert faulty.returncode == 0, faulty.stdout + faulty.stderr
    return quiet.stdout, faulty.stdout, home


def test_three_tables_each_say_their_final_lines(quiet_and_faulty: tuple[str, str, Path]) -> None:
    quiet, _, _ = quiet_and_faulty
    finals = tables_final_lines(quiet)
    assert sorted(finals) == ["t1", "t2", "t3"]
    assert all(len(lines) == 4 for lines in finals.values())  # four players at each table
    assert "the venue has all" in quiet


def test_the_standings_are_the_leagues_of_all_three_games(quiet_and_faulty: tuple[str, str, Path]) -> None:
    quiet, _, _ = quiet_and_faulty
    lines = standings(quiet)
    assert len(lines) == 4  # the same four names played at every table: one line each
    points = [int(line.split()[3]) for line in lines]
    assert points == sorted(points, reverse=True)
    expected: dict[str, int] = {}  # the league's default points by place, from every table's FINAL lines
    for finals in tables_final_lines(quiet).values():
        for line in finals:
            _, place, name, _ = line.split()
            expected[name] = expected.get(name, 0) + (10, 6, 4, 2, 1)[int(place) - 1]
    assert {line.split()[2]: int(line.split()[3]) for line in lines} == expected


def test_faults_happen_mid_game_and_change_no_standing(quiet_and_faulty: tuple[str, str, Path]) -> None:
    quiet, faulty, _ = quiet_and_faulty
    assert "FAULT: the broker killed (-9)" in faulty
    assert "FAULT: the broker started again" in faulty
    assert "FAULT: table t3 cut off from the broker" in faulty
    assert "FAULT: table t3 connected again" in faulty
    assert standings(faulty) == standings(quiet)
    assert faulty.count("the venue has all") == 3  # nothing lost: the venue acknowledges, the tables resend
    assert tables_final_lines(faulty) == tables_final_lines(quiet)


def test_each_tables_final_lines_are_those_of_the_same_table_without_a_venue(
    quiet_and_faulty: tuple[str, str, Path], tmp_path: Path
) -> None:
    quiet, _, _ = quiet_and_faulty
    alone = {}
    for index, table in enumerate(["t1", "t2", "t3"], start=1):
        result = run("-m", "table.sim.venue_table", "--table", table, "--game", venue_demo.game_of(index),
                     "--seed", str(SEED + index - 1), "--folder", str(tmp_path / table))  # fmt: skip
        assert result.returncode == 0, result.stderr
        alone[table] = [line for line in result.stdout.splitlines() if line.startswith("FINAL ")]
    assert tables_final_lines(quiet) == alone


def test_no_mosquitto_is_left_running(quiet_and_faulty: tuple[str, str, Path]) -> None:
    _, _, home = quiet_and_faulty
    assert (home / "venue-demo" / "broker" / "mosquitto.conf").exists()
    assert mosquittos_of(home) == []


def test_tables_with_a_window_is_refused_plainly(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--tables", "3", "--window"]) == 2
    assert "--tables plays headless only" in capsys.readouterr().err


def test_too_many_tables_is_refused_plainly(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--tables", str(venue_demo.MAX_TABLES + 1)]) == 2
    assert f"--tables takes 1 to {venue_demo.MAX_TABLES} tables" in capsys.readouterr().err


def ctrl_c_heard() -> None:
    """In the demo's process before it starts: Ctrl-C (SIGINT) handled as a terminal would deliver it. A shell that
    starts the tests in the background (`make test &`) ignores SIGINT, the demo would inherit that, and these tests
    would wait for it forever."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_stops_the_tables_the_venue_and_the_broker(tmp_path: Path) -> None:
    environment = {**os.environ, "PYTHONPATH": str(ROOT), "PIRATE_TABLE_HOME": str(tmp_path)}
    command = [sys.executable, "-m", "table", "demo", "--tables", "3", "--headless", "--seed", str(SEED)]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
                          env=environment, preexec_fn=ctrl_c_heard) as demo:  # fmt: skip
        assert demo.stdout is not None
        for line in demo.stdout:
            if line.startswith("Table t3:"):  # every table has started: Ctrl-C now
                demo.send_signal(signal.SIGINT)
                break
        output, errors = demo.communicate(timeout=60)
    assert demo.returncode == 130
    assert "Stopped: the tables, the venue and the broker are stopped" in output
    assert "Traceback" not in errors
    assert mosquittos_of(tmp_path) == []
    assert processes_of(tmp_path, b"table.sim.venue_table") == []


def test_serve_keeps_the_venue_page_up_until_ctrl_c_then_says_goodbye(tmp_path: Path) -> None:
    environment = {**os.environ, "PYTHONPATH": str(ROOT), "PIRATE_TABLE_HOME": str(tmp_path)}
    command = [sys.executable, "-m", "table", "demo", "--tables", "3", "--headless", "--seed", str(SEED), "--serve"]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
                          env=environment, preexec_fn=ctrl_c_heard) as demo:  # fmt: skip
        assert demo.stdout is not None
        said = []
        for line in demo.stdout:
            said.append(line)
            if line.startswith("Serving the venue page at "):
                url = line.split()[5]
                break
        assert any(line.startswith("Venue: ") and "until Ctrl-C" in line for line in said), said
        with urllib.request.urlopen(url + "/standings?lang=en", timeout=10) as response:  # after the evening's end
            page = html.unescape(response.read().decode())
        first = next(line for line in said if line.startswith("STANDING ")).split()[2].replace("_", " ")
        assert first in page
        demo.send_signal(signal.SIGINT)
        output, errors = demo.communicate(timeout=60)
    assert demo.returncode == 0
    assert "Goodbye: the venue page and the broker are stopped" in output
    assert "Traceback" not in errors
    assert mosquittos_of(tmp_path) == []


def test_serve_without_tables_is_refused_plainly(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--serve", "--headless"]) == 2
    assert "--serve keeps a virtual venue's page up: it goes with --tables N" in capsys.readouterr().err
