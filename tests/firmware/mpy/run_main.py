"""Boots firmware/main.py under MicroPython's Unix port: `micropython run_main.py FIRMWARE TESTS [jumper]`.

Stand-ins for `machine`, `micropython` and `time` go into sys.modules (what main.py wires is recorded), the
readers are fw_fakes' MFRC522s on a fake SPI bus; stdin and stdout are the real ones, so main.py's select.poll on
sys.stdin and its frames on sys.stdout.buffer are MicroPython's own. The loop ends when the watchdog is fed after
400 ms of simulated time; what main.py configured is then written to stderr as one line of JSON.
test_fw_micropython.py feeds the host's bytes and checks the frames as test_fw_main.py does under CPython.
"""

import json
import sys

FIRMWARE, TESTS = sys.argv[1], sys.argv[2]
JUMPER = "jumper" in sys.argv[3:]
# The firmware first, as on the Pico; then the fakes and this folder. Nothing else: no ~/.micropython/lib or
# /usr/lib/micropython, where micropython-lib packages (typing, dataclasses, ...) would hide what the Pico lacks.
sys.path[:] = [FIRMWARE, TESTS, sys.path[0]]

from fw_fakes import FakeClock, FakeMFRC522, FakePin, FakeSPI, FakeTag  # noqa: E402

CS_PINS = (17, 20, 21, 22, 26, 27)
clock = FakeClock()
spi = FakeSPI(clock)
chips = {p: FakeMFRC522(clock) for p in CS_PINS}
chips[20].field.place(FakeTag(bytes.fromhex("04a1b2c3d4e5f6"), code="yellow:12"), 0)
seen = {}


class StopLoop(Exception):
    pass


class Module:
    """A module made of attributes (MicroPython has no types.ModuleType)."""


class PinClass:
    IN, OUT, PULL_UP, PULL_DOWN = 0, 1, 2, 3  # as test_fw_main.PIN_*

    def __call__(self, n, mode=None, pull=None, value=None):
        seen.setdefault("pins", []).append([n, mode, pull])
        pin = spi.cs_for(chips[n]) if n in chips else FakePin()
        if value is not None:
            pin.value(value)
        if n == 14 and JUMPER:
            pin.value(0)
        return pin


def make_spi(bus, **kw):
    seen["spi"] = [bus, kw["baudrate"]]
    return spi


class WDT:
    def __init__(self, timeout):
        seen["wdt"] = timeout

    def feed(self):
        if clock.ms > 400:
            raise StopLoop


def kbd_intr(c):
    seen["kbd_intr"] = c


machine = Module()
machine.Pin, machine.SPI, machine.WDT = PinClass(), make_spi, WDT
micropython = Module()
micropython.kbd_intr = kbd_intr
fake_time = Module()
fake_time.ticks_ms, fake_time.ticks_add, fake_time.ticks_diff = clock.ticks_ms, clock.ticks_add, clock.ticks_diff
sys.modules["machine"], sys.modules["micropython"], sys.modules["time"] = machine, micropython, fake_time

try:  # noqa: SIM105 (MicroPython has no contextlib)
    import main  # noqa: F401  (runs the hub)
except StopLoop:
    pass
sys.stderr.write(json.dumps(seen) + "\n")
