"""main.py on stand-in `machine`, `micropython` and `time` modules, with stdin and stdout on real OS pipes:
the wiring, Ctrl-C switched off, non-blocking reads through select.poll, binary frames on stdout.buffer."""

import importlib
import os
import sys
import types

import protocol as P
import pytest
from fw_fakes import FakeClock, FakeMFRC522, FakePin, FakeSPI, FakeTag

CS_PINS = (17, 20, 21, 22, 26, 27)


class StopLoop(Exception):
    pass


class PipeStdin:
    def __init__(self, fd):
        self.buffer = os.fdopen(fd, "rb", buffering=0)

    def fileno(self):
        return self.buffer.fileno()


class Recorder:
    def __init__(self):
        self.data = bytearray()

    def write(self, b):
        self.data.extend(b)
        return len(b)


def run_main(monkeypatch, host_bytes, jumper=False):
    """Import main.py with stand-ins; returns (what it configured, the bytes it wrote to stdout)."""
    clock = FakeClock()
    spi = FakeSPI(clock)
    chips = {p: FakeMFRC522(clock) for p in CS_PINS}
    chips[20].field.place(FakeTag(bytes.fromhex("04a1b2c3d4e5f6"), code="yellow:12"), 0)
    seen = {}

    class Pin:
        IN, OUT, PULL_UP, PULL_DOWN = PIN_IN, PIN_OUT, PIN_PULL_UP, PIN_PULL_DOWN

        def __new__(cls, n, mode=None, pull=None, value=None):
            seen.setdefault("pins", []).append([n, mode, pull])
            pin = spi.cs_for(chips[n]) if n in chips else FakePin()
            if value is not None:
                pin.value(value)
            if n == 14 and jumper:
                pin.value(0)
            return pin

    def make_spi(bus, **kw):
        seen["spi"] = (bus, kw["baudrate"])
        return spi

    class WDT:
        def __init__(self, timeout):
            seen["wdt"] = timeout

        def feed(self):
            if clock.ms > 400:
                raise StopLoop

    machine = types.ModuleType("machine")
    machine.Pin, machine.SPI, machine.WDT = Pin, make_spi, WDT
    micropython = types.ModuleType("micropython")
    micropython.kbd_intr = lambda c: seen.setdefault("kbd_intr", c)
    fake_time = types.ModuleType("time")
    fake_time.ticks_ms, fake_time.ticks_add, fake_time.ticks_diff = clock.ticks_ms, clock.ticks_add, clock.ticks_diff

    r, w = os.pipe()
    os.write(w, host_bytes)
    stdout = types.SimpleNamespace(buffer=Recorder())
    monkeypatch.setattr(sys, "stdin", PipeStdin(r))
    monkeypatch.setattr(sys, "stdout", stdout)
    for name, mod in (("machine", machine), ("micropython", micropython), ("time", fake_time)):
        monkeypatch.setitem(sys.modules, name, mod)
    monkeypatch.delitem(sys.modules, "main", raising=False)
    try:
        if jumper:
            importlib.import_module("main")
        else:
            with pytest.raises(StopLoop):
                importlib.import_module("main")
    finally:
        sys.modules.pop("main", None)
        os.close(w)
        sys.stdin.buffer.close()
    return seen, bytes(stdout.buffer.data)


# A Ctrl-C, then the host's greeting: these must reach the hub as data, not interrupt it.
HOST = b"\x03\x03" + b"\x00" + P.encode_message(P.HOST_HELLO, 0, {"protocol": 1})
HOST += P.encode_message(P.SNAPSHOT_REQUEST, 1, {})


# machine.Pin's constants in the stand-ins (here and in mpy/run_main.py), so the pins main.py sets up can be checked.
PIN_IN, PIN_OUT, PIN_PULL_UP, PIN_PULL_DOWN = 0, 1, 2, 3


def check_pins(pins, jumper=False):
    """The pins main.py set up ([GP, mode, pull] each): the same on the Pico (RP2040) and the Pico 2 (RP2350).

    The RP2350's erratum E9 (A2 stepping) can hold an input with only the internal pull-down at about 2.2 V once
    it has been driven high, so it reads high: the firmware must never rely on a pull-down. Its one input, the
    maintenance jumper, has the pull-up and the jumper pulls it hard to GND; MISO is driven by the selected reader.
    """
    assert all(pull != PIN_PULL_DOWN for _, _, pull in pins), pins
    inputs = [[n, pull] for n, mode, pull in pins if mode == PIN_IN]
    assert inputs == [[14, PIN_PULL_UP]], inputs
    if jumper:
        assert pins == [[14, PIN_IN, PIN_PULL_UP]]
        return
    assert sorted(n for n, mode, _ in pins if mode == PIN_OUT) == sorted([15, *CS_PINS])
    assert sorted(n for n, mode, _ in pins if mode is None) == [16, 18, 19]  # the SPI bus's pins: SPI sets them up


def check_main_run(seen, data):
    """What main.py configured and sent for HOST (test_fw_micropython.py checks its MicroPython run with this)."""
    check_pins(seen.pop("pins"))
    assert seen == {"kbd_intr": -1, "spi": (0, 1_000_000), "wdt": 5000}
    out = []
    for item in P.Decoder().feed(data):
        assert not isinstance(item, int)
        out.append((P.NAMES[item[0]], item[1], P.decode_payload(item[0], item[2])))
    names = [(n, s) for n, s, _ in out]
    # One garbage chunk (the two 0x03 bytes) -> ERROR; the greeting restarts the sequence at 0.
    assert names[0] == ("HELLO", 0)
    assert ("ERROR", 1) in names
    i = names.index(("HELLO", 0), 1)
    assert names[i + 1] == ("SNAPSHOT", 1)
    # The host's frames are served before the first reader poll, so the snapshot predates the card's
    # PLACED, which follows it: the host applies both as state, as PROTOCOL.md says.
    assert out[i + 1][2]["readers"][1] == {"state": P.STATE_EMPTY}
    placed = [(k, f) for k, (n, _, f) in enumerate(out) if n == "PLACED"]
    assert placed == [(placed[0][0], {"reader": 1, "uid": bytes.fromhex("04a1b2c3d4e5f6"), "code": "yellow:12"})]
    assert placed[0][0] > i + 1


def test_main_runs_the_hub_on_usb_serial(monkeypatch):
    check_main_run(*run_main(monkeypatch, HOST))


def test_maintenance_jumper_leaves_the_repl_alone(monkeypatch):
    seen, data = run_main(monkeypatch, b"", jumper=True)
    check_pins(seen.pop("pins"), jumper=True)
    assert seen == {} and data == b""  # Ctrl-C still works, nothing started, nothing sent
