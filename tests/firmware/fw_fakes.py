"""Fakes for the firmware host tests: a clock, an SPI bus with chip selects, a register-level MFRC522 with
NTAG21x tags coming and going on a timeline, and the USB link.

They run under CPython and under MicroPython's Unix port alike (tests/firmware/mpy/), so they keep to what both
accept: no itertools or random.Random (see `pairs` and `Rng`), no bytearray.pop/clear or `del` of a slice.

Time only moves when the firmware touches hardware, by realistic amounts (see TIMING), so latency figures
measured here mean something: every SPI call costs MicroPython call overhead plus bit time, every RF exchange
costs ISO 14443A bit times, frame delay times and NTAG programming time.
"""

import protocol as P

PERIOD = 1 << 30  # MicroPython ticks_ms wraps at 2**30 on the RP2040

TIMING = {
    "spi_call_us": 25.0,  # MicroPython: method call + chip select toggles around one spi.write/readinto
    "spi_baud": 1_000_000,  # main.py's SPI clock
    "rf_bit_us": 128 / 13.56,  # 106 kbit/s: 9.44 us per bit
    "fdt_us": 1172 / 13.56,  # ISO 14443-3 frame delay time, 86.4 us
    "ntag_write_us": 4100.0,  # NTAG21x EEPROM programming before the ACK
    "link_read_us": 30.0,  # select.poll on stdin
    "link_write_us": 150.0,  # encoding a frame and handing it to USB CDC
    "soft_reset_us": 500.0,
}


def pairs(seq):
    """Neighbouring pairs (itertools.pairwise, which MicroPython lacks)."""
    return [(seq[k], seq[k + 1]) for k in range(len(seq) - 1)]


class Rng:
    """A seeded random source that draws the same numbers under CPython and MicroPython (which has no
    random.Random): xorshift32, enough to vary test scenarios."""

    def __init__(self, seed):
        self._x = (seed * 2654435761 + 1) & 0xFFFFFFFF or 1

    def _next(self):
        x = self._x
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self._x = x
        return x

    def random(self):
        return self._next() / 4294967296.0

    def uniform(self, a, b):
        return a + (b - a) * self.random()

    def randrange(self, a, b=None):
        lo, hi = (0, a) if b is None else (a, b)
        return lo + self._next() % (hi - lo)

    def choice(self, seq):
        return seq[self.randrange(len(seq))]


class FakeClock:
    """ticks_ms-like clock in microseconds; starts just before the ticks wrap so the firmware meets it."""

    def __init__(self, start_ms=PERIOD - 3000):
        self._offset = start_ms
        self.us = 0.0

    def advance(self, us):
        self.us += us

    @property
    def ms(self):
        return self.us / 1000.0

    def ticks_ms(self):
        return (int(self.us // 1000) + self._offset) % PERIOD

    @staticmethod
    def ticks_add(a, b):
        return (a + b) % PERIOD

    @staticmethod
    def ticks_diff(a, b):
        return ((a - b + PERIOD // 2) % PERIOD) - PERIOD // 2


def crc_a(data):
    """ISO 14443-3 CRC_A (init 0x6363, reflected 0x8408), low byte first. Independent of the driver."""
    crc = 0x6363
    for b in data:
        crc ^= b
        for _ in range(8):
            crc = (crc >> 1) ^ 0x8408 if crc & 1 else crc >> 1
    return bytes((crc & 0xFF, crc >> 8))


class FakeTag:
    """An NTAG213 (or NTAG215 with pages=135): ISO 14443-3A state machine, READ and WRITE."""

    def __init__(self, uid, pages=45, code=None, text_record=None, sak=0x00, read_fails=0):
        self.uid = bytes(uid)
        self.sak = sak  # final SAK: 0x00 NTAG; 0x08 would be a MIFARE Classic, which NAKs a plain READ
        self.read_fails = read_fails  # this many READs are answered with NAK first (-1: all of them)
        self.pages = pages
        self.user_end = 40 if pages == 45 else pages - 5  # first configuration page
        self.mem = bytearray(pages * 4)
        u = self.uid
        if len(u) == 7:
            self.mem[0:4] = bytes((u[0], u[1], u[2], 0x88 ^ u[0] ^ u[1] ^ u[2]))
            self.mem[4:8] = u[3:7]
            self.mem[8] = u[3] ^ u[4] ^ u[5] ^ u[6]
        self.mem[12:16] = bytes((0xE1, 0x10, 0x12 if pages == 45 else 0x3E, 0x00))  # capability container
        self.mem[16:19] = b"\x03\x00\xfe"  # factory state: an empty NDEF message
        if code is not None:
            import ndef

            self.set_user(ndef.build_text(code))
        if text_record is not None:
            self.set_user(text_record)
        self.state = "IDLE"
        self.from_halt = False
        self.writes = 0
        self.fail_writes = False

    def set_user(self, data):
        self.mem[16 : 16 + len(data)] = data

    def user(self, n):
        return bytes(self.mem[16 : 16 + n])

    def reset(self):
        self.state = "IDLE"
        self.from_halt = False

    def _levels(self):
        u = self.uid
        if len(u) == 4:
            return [u]
        if len(u) == 7:
            return [b"\x88" + u[:3], u[3:]]
        return [b"\x88" + u[:3], b"\x88" + u[3:6], u[6:]]

    def _drop(self):
        self.state = "HALT" if self.from_halt else "IDLE"

    def respond(self, frame, tx_bits):
        """Answer (bytes, last_bits, extra_delay_us) or None for silence."""
        if tx_bits == 7 and len(frame) == 1:
            if frame[0] == 0x52 and self.state in ("IDLE", "HALT"):
                self.from_halt = self.state == "HALT"
                self.state = "READY1"
                return (b"\x44\x00", 0, 0.0)
            if frame[0] == 0x26 and self.state == "IDLE":
                self.from_halt = False
                self.state = "READY1"
                return (b"\x44\x00", 0, 0.0)
            self._drop()
            return None
        levels = self._levels()
        sel = (0x93, 0x95, 0x97)
        if self.state.startswith("READY") and len(frame) >= 2:
            lv = int(self.state[5:]) - 1
            part = levels[lv]
            bcc = part[0] ^ part[1] ^ part[2] ^ part[3]
            if frame == bytes((sel[lv], 0x20)):
                return (part + bytes((bcc,)), 0, 0.0)
            body = bytes((sel[lv], 0x70)) + part + bytes((bcc,))
            if frame == body + crc_a(body):
                last = lv == len(levels) - 1
                sak = self.sak if last else 0x04
                self.state = "ACTIVE" if last else f"READY{lv + 2}"
                return (bytes((sak,)) + crc_a(bytes((sak,))), 0, 0.0)
            self._drop()
            return None
        if self.state == "ACTIVE" and len(frame) >= 4 and crc_a(frame[:-2]) == frame[-2:]:
            cmd = frame[0]
            if cmd == 0x50 and frame[1] == 0:
                self.state = "HALT"
                return None
            if cmd == 0x30 and len(frame) == 4:
                page = frame[1]
                if page >= self.pages or self.read_fails:
                    self.read_fails -= self.read_fails > 0
                    self.reset()
                    return (b"\x00", 4, 0.0)
                data = bytes(self.mem[(page * 4 + k) % len(self.mem)] for k in range(16))
                return (data + crc_a(data), 0, 0.0)
            if cmd == 0xA2 and len(frame) == 8:
                page = frame[1]
                if page < 4 or page >= self.user_end or self.fail_writes:
                    self.reset()
                    return (b"\x00", 4, 0.0)
                self.mem[page * 4 : page * 4 + 4] = frame[2:6]
                self.writes += 1
                return (b"\x0a", 4, TIMING["ntag_write_us"])
        self._drop()
        return None


class Field:
    """What lies on one reader over time: intervals [start_ms, end_ms) with a tag each."""

    def __init__(self):
        self.spans = []

    def place(self, tag, start_ms, end_ms=float("inf")):
        self.spans.append([start_ms, end_ms, tag])

    def remove(self, tag, at_ms):
        for s in self.spans:
            if s[2] is tag and s[0] <= at_ms < s[1]:
                s[1] = at_ms

    def span_at(self, ms):
        for s in self.spans:
            if s[0] <= ms < s[1]:
                return s
        return None


IDLE, CALC_CRC, TRANSMIT, TRANSCEIVE, SOFT_RESET = 0x00, 0x03, 0x04, 0x0C, 0x0F


class FakeMFRC522:
    """Register-level MFRC522: FIFO, CommandReg, ComIrqReg, DivIrqReg, ErrorReg, timer, CRC coprocessor.

    `dead_from_ms` / `dead_until_ms`: in that window MISO reads `dead_value` (a broken or unplugged reader).
    """

    def __init__(self, clock, field=None):
        self.clock = clock
        self.field = field or Field()
        self.dead = []  # [start_ms, end_ms, miso value]
        self.hangs = []
        self.wupa_times = []  # when each WUPA went out: the poll rate of this reader
        self.exchanges = 0
        self._reset_regs()
        self._addr = None
        self._antenna_since = None
        self._last_span = None
        self._last_epoch = None

    def _reset_regs(self):
        self.regs = bytearray(64)
        self.regs[0x37] = 0x92  # VersionReg: MFRC522 v2
        self.regs[0x14] = 0x80  # TxControlReg: antenna off
        self.regs[0x11] = 0x3F  # ModeReg
        self.fifo = bytearray()  # MicroPython's bytearray has no pop, clear or del of a slice: slices are assigned
        self.command = IDLE
        self.com_irq = 0
        self.div_irq = 0
        self.error = 0
        self.last_bits = 0
        self.crc = 0
        self.pending = None  # (done_at_us, function)
        self.power_down_until = 0.0
        self._antenna_since = None

    def kill(self, start_ms, end_ms=float("inf"), miso=0x00):
        """MISO reads `miso` in [start_ms, end_ms): the reader is unplugged or its chip select is broken."""
        self.dead.append((start_ms, end_ms, miso))

    def hang(self, start_ms, end_ms=float("inf")):
        """Registers still answer, but commands started in [start_ms, end_ms) never finish."""
        self.hangs.append((start_ms, end_ms))

    def _hung(self):
        return any(s <= self.clock.ms < e for s, e in self.hangs)

    def _dead_value(self):
        for s, e, v in self.dead:
            if s <= self.clock.ms < e:
                return v
        return None

    # ---- SPI byte stream ----------------------------------------------------------------------------------

    def spi_begin(self):
        self._addr = None

    def spi_byte(self, b):
        dead = self._dead_value()
        if dead is not None:
            return dead
        if self._addr is None:
            self._addr = (b >> 1) & 0x3F
            self._reading = bool(b & 0x80)
            return 0
        if self._reading:
            value = self.read_reg(self._addr)
            self._addr = (b >> 1) & 0x3F
            return value
        self.write_reg(self._addr, b)
        return 0

    # ---- registers ------------------------------------------------------------------------------------------

    def _update(self):
        if self.pending is not None and self.clock.us >= self.pending[0]:
            done = self.pending[1]
            self.pending = None
            done()

    def read_reg(self, a):
        self._update()
        if a == 0x09:
            if not self.fifo:
                return 0
            value = self.fifo[0]
            self.fifo[:] = self.fifo[1:]
            return value
        if a == 0x0A:
            return len(self.fifo)
        if a == 0x01:
            pd = 0x10 if self.clock.us < self.power_down_until else 0
            return self.command | pd
        if a == 0x04:
            return self.com_irq
        if a == 0x05:
            return self.div_irq
        if a == 0x06:
            return self.error
        if a == 0x0C:
            return self.last_bits & 0x07
        if a == 0x21:
            return self.crc >> 8
        if a == 0x22:
            return self.crc & 0xFF
        return self.regs[a]

    def write_reg(self, a, v):
        self._update()
        if a == 0x09:
            if len(self.fifo) < 64:
                self.fifo.append(v)
            else:
                self.error |= 0x10
        elif a == 0x0A:
            if v & 0x80:
                self.fifo[:] = b""
        elif a == 0x04:
            if v & 0x80:
                self.com_irq |= v & 0x7F
            else:
                self.com_irq &= ~v & 0x7F
        elif a == 0x05:
            if v & 0x80:
                self.div_irq |= v & 0x7F
            else:
                self.div_irq &= ~v & 0x7F
        elif a == 0x01:
            self._command(v & 0x0F)
        elif a == 0x0D:
            self.regs[a] = v & 0x7F
            if v & 0x80 and self.command == TRANSCEIVE:
                self._start_exchange(transceive=True)
        elif a == 0x14:
            was_on = self.regs[a] & 0x03
            self.regs[a] = v
            if v & 0x03 and not was_on:
                self._antenna_since = self.clock.ms
            elif not v & 0x03:
                self._antenna_since = None
        else:
            self.regs[a] = v

    def _command(self, c):
        if c == IDLE:
            self.pending = None
            self.command = IDLE
        elif c == SOFT_RESET:
            self._reset_regs()
            self.power_down_until = self.clock.us + TIMING["soft_reset_us"]
        elif c == CALC_CRC:
            self.command = CALC_CRC
            data = bytes(self.fifo)
            self.fifo[:] = b""
            if self.regs[0x11] & 0x03 != 0x01:
                raise AssertionError("driver must preset the CRC coprocessor to 0x6363 (ModeReg)")
            c2 = crc_a(data)
            self.crc = c2[1] << 8 | c2[0]

            def done():
                self.div_irq |= 0x04

            self.pending = None if self._hung() else (self.clock.us + 2.0 + 0.5 * len(data), done)
        elif c == TRANSMIT:
            self.command = TRANSMIT
            self._start_exchange(transceive=False)
        else:
            self.command = c

    # ---- RF -------------------------------------------------------------------------------------------------

    def _timeout_us(self):
        if not self.regs[0x2A] & 0x80:
            return None  # TAuto off: the timer never starts, so it never fires
        prescaler = (self.regs[0x2A] & 0x0F) << 8 | self.regs[0x2B]
        reload = self.regs[0x2C] << 8 | self.regs[0x2D]
        return (reload + 1) * (2 * prescaler + 1) / 13.56

    def _tag(self):
        """The tag in the field now, reset to IDLE if it lost power since we last talked to it."""
        if self._antenna_since is None:
            return None
        span = self.field.span_at(self.clock.ms)
        if span is None:
            self._last_span = None
            return None
        if span is not self._last_span or self._last_epoch != self._antenna_since:
            span[2].reset()
        self._last_span = span
        self._last_epoch = self._antenna_since
        return span[2]

    def _start_exchange(self, transceive):
        self.exchanges += 1
        frame = bytes(self.fifo)
        self.fifo[:] = b""
        if self._hung():
            self.pending = None
            return
        if frame == b"\x52" and self.regs[0x0D] & 0x07 == 7:
            self.wupa_times.append(self.clock.ms)
        bits = self.regs[0x0D] & 0x07
        on_air = (len(frame) * 9 if bits == 0 else (len(frame) - 1) * 9 + bits + 1) + 2  # parity, SOF, EOF
        t = TIMING["rf_bit_us"]
        tx_end = self.clock.us + on_air * t
        tag = self._tag()
        answer = tag.respond(frame, bits) if tag is not None else None
        if not transceive:

            def sent():
                self.com_irq |= 0x40 | 0x10  # TxIRq, IdleIRq
                self.command = IDLE

            self.pending = (tx_end, sent)
            return
        timeout = self._timeout_us()
        if answer is not None and (timeout is None or TIMING["fdt_us"] + answer[2] <= timeout):
            data, last_bits, delay = answer
            rx_bits = len(data) * 9 if last_bits == 0 else (len(data) - 1) * 9 + last_bits + 1
            done_at = tx_end + TIMING["fdt_us"] + delay + (rx_bits + 2) * t

            def received():
                self.fifo[:] = data
                self.last_bits = last_bits
                self.error = 0
                self.com_irq |= 0x40 | 0x20  # TxIRq, RxIRq

            self.pending = (done_at, received)
        elif timeout is not None:

            def timed_out():
                self.error = 0
                self.com_irq |= 0x40 | 0x01  # TxIRq, TimerIRq

            self.pending = (tx_end + timeout, timed_out)
        else:
            self.pending = None  # no timer and no answer: the driver's own deadline must save it


class FakePin:
    def __init__(self, bus=None, chip=None):
        self._v = 1
        self._bus = bus
        self._chip = chip

    def value(self, v=None):
        if v is None:
            return self._v
        if self._chip is not None and v != self._v:
            if v == 0:
                self._bus.select(self._chip)
            else:
                self._bus.deselect(self._chip)
        self._v = v
        return None


class FakeSPI:
    """One SPI bus; the chip whose chip select is low hears the bytes."""

    def __init__(self, clock):
        self.clock = clock
        self.selected = []
        self.calls = 0

    def cs_for(self, chip):
        return FakePin(self, chip)

    def select(self, chip):
        self.selected.append(chip)
        chip.spi_begin()

    def deselect(self, chip):
        self.selected.remove(chip)

    def _xfer(self, tx, rx):
        if len(self.selected) != 1:
            raise AssertionError(f"SPI transfer with {len(self.selected)} chips selected")
        self.calls += 1
        self.clock.advance(TIMING["spi_call_us"] + len(tx) * 8e6 / TIMING["spi_baud"])
        chip = self.selected[0]
        for k in range(len(tx)):
            r = chip.spi_byte(tx[k])
            if rx is not None:
                rx[k] = r

    def write(self, buf):
        self._xfer(bytes(buf), None)

    def write_readinto(self, tx, rx):
        if len(tx) != len(rx):
            raise AssertionError("write_readinto needs buffers of one length")
        self._xfer(bytes(tx), rx)


class FakeLink:
    """The USB serial port seen from the hub: bytes from the host wait in `inbox`; frames sent are recorded
    with the time they left."""

    def __init__(self, clock, max_read=64):
        self.clock = clock
        self.inbox = bytearray()
        self.sent = []  # (time_ms, bytes)
        self.max_read = max_read

    def read(self):
        self.clock.advance(TIMING["link_read_us"])
        data = bytes(self.inbox[: self.max_read])
        self.inbox[:] = self.inbox[self.max_read :]
        return data

    def write(self, data):
        self.clock.advance(TIMING["link_write_us"])
        self.sent.append((self.clock.ms, bytes(data)))

    def host_sends(self, mtype, seq, fields):
        self.inbox.extend(P.encode_message(mtype, seq, fields))

    def messages(self):
        """Every frame the hub sent, decoded: (time_ms, type name, seq, fields)."""
        out = []
        dec = P.Decoder()
        for t, data in self.sent:
            for item in dec.feed(data):
                if isinstance(item, int):
                    raise AssertionError(f"hub sent a bad frame: {P.ERROR_NAMES[item]}")
                mtype, seq, payload = item
                out.append((t, P.NAMES[mtype], seq, P.decode_payload(mtype, payload)))
        return out


class Bench:
    """A hub with n readers on fakes. `fields[i]` says what lies on reader i; `chips[i]` is its MFRC522."""

    def __init__(self, n=6, heartbeat_ms=500):
        import hub as hubmod
        import mfrc522

        self.clock = FakeClock()
        self.spi = FakeSPI(self.clock)
        self.fields = [Field() for _ in range(n)]
        self.chips = [FakeMFRC522(self.clock, f) for f in self.fields]
        drivers = [mfrc522.MFRC522(self.spi, self.spi.cs_for(c), self.clock) for c in self.chips]
        self.link = FakeLink(self.clock)
        self.hub = hubmod.Hub(drivers, self.link, self.clock, heartbeat_ms=heartbeat_ms)

    def start(self):
        self.hub.start()
        return self

    def run_until(self, ms, max_steps=2_000_000):
        steps = 0
        while self.clock.ms < ms:
            self.hub.step()
            steps += 1
            if steps > max_steps:
                raise AssertionError("hub loop does not let time pass")

    def messages(self, name=None, reader=None):
        out = []
        for m in self.link.messages():
            if name is not None and m[1] != name:
                continue
            if reader is not None and m[3].get("reader") != reader:
                continue
            out.append(m)
        return out
