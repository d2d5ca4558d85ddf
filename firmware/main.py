"""Seat hub entry point on the Raspberry Pi Pico or Pico 2: wire the real hardware to the hub loop and run it.

MicroPython runs main.py at boot. Pin map (change it here, and in hardware/ to match):
  SPI0: SCK GP18, MOSI GP19, MISO GP16; one chip select per reader: GP17, GP20, GP21, GP22, GP26, GP27;
  all readers' RST (NRSTPD) on GP15, held high.
  GP14 to GND at power-up: maintenance, main() returns and leaves the REPL to mpremote.
  No pin relies on a pull-down (RP2350-E9): the jumper's input has the pull-up.
"""

import select
import sys
import time

import machine
import micropython
from hub import Hub
from mfrc522 import MFRC522

SPI_BAUD = 1000000  # conservative for 50 cm of ribbon cable to each seat; the MFRC522 allows 10 MHz
CS_PINS = (17, 20, 21, 22, 26, 27)
RST_PIN = 15
MAINTENANCE_PIN = 14
WATCHDOG_MS = 5000  # a hung loop reboots the hub; the host sees a fresh HELLO and asks for a snapshot


class UsbLink:
    """The USB CDC serial port as a non-blocking byte link.

    stdin is polled with select.poll so reading never blocks; bytes go out raw through sys.stdout.buffer.
    Ctrl-C (0x03) must not interrupt us: micropython.kbd_intr(-1) in main() makes it an ordinary byte.
    """

    def __init__(self, max_read=64):
        self._in = sys.stdin.buffer
        self._out = sys.stdout.buffer
        self._poll = select.poll()
        self._poll.register(sys.stdin, select.POLLIN)
        self._buf = bytearray(max_read)
        self._max = max_read

    def read(self):
        n = 0
        while n < self._max and self._poll.poll(0):
            b = self._in.read(1)
            if not b:
                break
            self._buf[n] = b[0]
            n += 1
        return bytes(self._buf[:n]) if n else b""

    def write(self, data):
        self._out.write(data)


def main():
    # With Ctrl-C switched off, this jumper is the way back to the REPL (to update the firmware).
    if machine.Pin(MAINTENANCE_PIN, machine.Pin.IN, machine.Pin.PULL_UP).value() == 0:
        return
    # The Pi opening the port must not disturb us. USB CDC on the RP2040 and RP2350 does not reset on DTR, but a
    # 0x03 in the stream would raise KeyboardInterrupt here and drop to the REPL: switch that off.
    micropython.kbd_intr(-1)
    rst = machine.Pin(RST_PIN, machine.Pin.OUT, value=1)
    rst.value(1)
    spi = machine.SPI(
        0,
        baudrate=SPI_BAUD,
        polarity=0,
        phase=0,
        sck=machine.Pin(18),
        mosi=machine.Pin(19),
        miso=machine.Pin(16),
    )
    chips = [MFRC522(spi, machine.Pin(p, machine.Pin.OUT, value=1), time) for p in CS_PINS]
    hub = Hub(chips, UsbLink(), time)
    hub.start()
    wdt = machine.WDT(timeout=WATCHDOG_MS)  # started after the boot-time soft resets
    hub.run(wdt.feed)


main()
