"""MFRC522 driver over SPI: ISO 14443-3A activation (4-, 7- and 10-byte UIDs), HALT, NTAG21x READ and WRITE.

Hardware comes in as objects: `spi` (write, write_readinto), `cs` (a Pin with value()) and `clock` (ticks_ms,
ticks_diff, ticks_add, as MicroPython's time module). Tests pass fakes. Buffers are allocated once so the
polling path allocates little.
"""

# Registers (datasheet section 9).
CommandReg = 0x01
ComIrqReg = 0x04
DivIrqReg = 0x05
ErrorReg = 0x06
FIFODataReg = 0x09
FIFOLevelReg = 0x0A
ControlReg = 0x0C
BitFramingReg = 0x0D
ModeReg = 0x11
TxModeReg = 0x12
RxModeReg = 0x13
TxControlReg = 0x14
TxASKReg = 0x15
CRCResultRegH = 0x21
CRCResultRegL = 0x22
ModWidthReg = 0x24
TModeReg = 0x2A
TPrescalerReg = 0x2B
TReloadRegH = 0x2C
TReloadRegL = 0x2D
VersionReg = 0x37

# Commands.
CMD_IDLE = 0x00
CMD_CALC_CRC = 0x03
CMD_TRANSMIT = 0x04
CMD_TRANSCEIVE = 0x0C
CMD_SOFT_RESET = 0x0F

# ComIrqReg / DivIrqReg bits.
TX_IRQ = 0x40
RX_IRQ = 0x20
TIMER_IRQ = 0x01
CRC_IRQ = 0x04
# ErrorReg bits that spoil an answer: BufferOvfl, CollErr, ParityErr, ProtocolErr.
ANSWER_ERRORS = 0x10 | 0x08 | 0x02 | 0x01

# MFRC522 v1/v2 and the common FM17522 clones; 0x00 / 0xFF mean nothing is driving MISO.
KNOWN_VERSIONS = (0x88, 0x90, 0x91, 0x92, 0xB2, 0x12)

# ISO 14443-3A and NTAG21x commands.
WUPA = 0x52  # wakes IDLE and HALT tags; REQA (0x26) would not wake a halted tag
SEL_LEVELS = (0x93, 0x95, 0x97)
NTAG_READ = 0x30
NTAG_WRITE = 0xA2
CASCADE_BIT = 0x04  # in SAK: the UID continues at the next cascade level

# Timer: 13.56 MHz / (2 * 67 + 1) = 100.4 kHz, one tick ~ 10 us. The timer starts when transmission ends
# (TAuto) and stops at the first bit of an answer, so it only bounds the wait for the tag to start answering.
PRESCALER = 67
TIMEOUT_SHORT = 100  # ticks: ~1 ms; ISO 14443-3 answers start 86 us after our frame ends
TIMEOUT_WRITE = 1000  # ticks: ~10 ms; NTAG21x answers a WRITE after programming, about 4.1 ms

# transceive() results.
OK = 0
NO_ANSWER = 1
BAD_ANSWER = 2

# reselect() results.
ABSENT = 0  # no tag answered WUPA
OTHER = 1  # some tag answered, but not the one we selected
SELECTED = 2


class ReaderFault(Exception):
    """The chip itself misbehaves (a command never finished, no chip on the bus); .code is a READER_ERROR code."""

    def __init__(self, code):
        super().__init__(code)
        self.code = code


READER_NO_CHIP = 1
READER_TIMEOUT = 2


class MFRC522:
    def __init__(self, spi, cs, clock):
        self._spi = spi
        self._cs = cs
        self._clock = clock
        cs.value(1)
        self._w = bytearray(2)
        self._r = bytearray(2)
        self._tx = bytearray(65)
        self._rx = bytearray(65)
        self.buf = bytearray(64)  # the last answer's bytes
        self.n = 0  # ... and how many there are
        self.last_bits = 0  # valid bits in the last byte of a short answer (4 for an NTAG ACK)
        self.select_frames = None  # SELECT frames (with CRC) of the last identify(), for reselect()
        self.sak = -1  # SAK of the last identify(): 0x00 is an NFC Forum Type 2 tag (NTAG, Ultralight)
        self._timeout = -1
        self._halt = None
        self._read_cmds = {}
        self._wupa = bytes((WUPA,))

    # ---- registers ----------------------------------------------------------------------------------------

    def _write(self, reg, value):
        w = self._w
        w[0] = reg << 1  # address byte: bit 7 = 0 for write, bits 6..1 = register
        w[1] = value
        self._cs.value(0)
        self._spi.write(w)
        self._cs.value(1)

    def _read(self, reg):
        w = self._w
        w[0] = 0x80 | (reg << 1)
        w[1] = 0
        self._cs.value(0)
        self._spi.write_readinto(w, self._r)
        self._cs.value(1)
        return self._r[1]

    def _write_fifo(self, data):
        n = len(data)
        tx = self._tx
        tx[0] = FIFODataReg << 1
        tx[1 : n + 1] = data
        self._cs.value(0)
        self._spi.write(memoryview(tx)[: n + 1])
        self._cs.value(1)

    def _read_fifo(self, n):
        """Burst read: send the FIFO address n times (then 0); each answer byte is the previous address's data."""
        tx = self._tx
        for i in range(n):
            tx[i] = 0x80 | (FIFODataReg << 1)
        tx[n] = 0
        self._cs.value(0)
        self._spi.write_readinto(memoryview(tx)[: n + 1], memoryview(self._rx)[: n + 1])
        self._cs.value(1)
        self.buf[:n] = memoryview(self._rx)[1 : n + 1]

    def _deadline(self, ms):
        c = self._clock
        return c.ticks_add(c.ticks_ms(), ms)

    def _late(self, deadline):
        c = self._clock
        return c.ticks_diff(c.ticks_ms(), deadline) > 0

    # ---- set-up -------------------------------------------------------------------------------------------

    def version_ok(self):
        return self._read(VersionReg) in KNOWN_VERSIONS

    def init(self, reset=True):
        """Configure the chip and switch the antenna on. False when no MFRC522 answers on this chip select.
        `reset` does a soft reset first, which waits up to 50 ms: only at boot, never in the polling loop."""
        if not self.version_ok():
            return False
        if reset:
            self._write(CommandReg, CMD_SOFT_RESET)
            deadline = self._deadline(50)
            while self._read(CommandReg) & 0x10:  # PowerDown stays set until the oscillator runs
                if self._late(deadline):
                    return False
        self._write(TModeReg, 0x80)  # TAuto, prescaler high nibble 0
        self._write(TPrescalerReg, PRESCALER)
        self._timeout = -1
        self._write(TxModeReg, 0x00)  # 106 kbit/s, no hardware CRC: we append CRC_A from the coprocessor
        self._write(RxModeReg, 0x00)
        self._write(ModWidthReg, 0x26)
        self._write(TxASKReg, 0x40)  # force 100 % ASK, as ISO 14443A needs
        self._write(ModeReg, 0x3D)  # CRC coprocessor preset 0x6363 (CRC_A)
        self._write(TxControlReg, self._read(TxControlReg) | 0x03)  # antenna drivers TX1 and TX2 on
        self._halt = self._with_crc(b"\x50\x00")
        self._read_cmds = {}
        return self.version_ok()

    # ---- coprocessor and transceive ----------------------------------------------------------------------

    def crc_a(self, data):
        """CRC_A of `data` from the chip's CRC coprocessor, as the two bytes sent after a frame (low first)."""
        self._write(CommandReg, CMD_IDLE)
        self._write(DivIrqReg, CRC_IRQ)  # Set2 = 0: clear CRCIRq
        self._write(FIFOLevelReg, 0x80)  # flush the FIFO
        self._write_fifo(data)
        self._write(CommandReg, CMD_CALC_CRC)
        deadline = self._deadline(5)
        while not self._read(DivIrqReg) & CRC_IRQ:
            if self._late(deadline):
                self._write(CommandReg, CMD_IDLE)
                raise ReaderFault(READER_TIMEOUT)
        self._write(CommandReg, CMD_IDLE)
        return bytes((self._read(CRCResultRegL), self._read(CRCResultRegH)))

    def _with_crc(self, data):
        return bytes(data) + self.crc_a(data)

    def _set_timeout(self, ticks):
        if ticks != self._timeout:  # cached: most commands share one timeout
            self._write(TReloadRegH, ticks >> 8)
            self._write(TReloadRegL, ticks & 0xFF)
            self._timeout = ticks

    def transceive(self, data, tx_last_bits=0, timeout=TIMEOUT_SHORT, deadline_ms=5):
        """Send a frame and wait for the answer: OK (bytes in self.buf[:self.n]), NO_ANSWER or BAD_ANSWER.
        Raises ReaderFault when the chip does not finish within `deadline_ms` (its own timer should fire first).
        """
        self._set_timeout(timeout)
        self._write(BitFramingReg, tx_last_bits)  # also clears a StartSend left over from the last frame
        self._write(CommandReg, CMD_IDLE)
        self._write(ComIrqReg, 0x7F)  # Set1 = 0: clear every interrupt bit
        self._write(FIFOLevelReg, 0x80)
        self._write_fifo(data)
        self._write(CommandReg, CMD_TRANSCEIVE)
        self._write(BitFramingReg, 0x80 | tx_last_bits)  # StartSend
        deadline = self._deadline(deadline_ms)
        while True:
            irq = self._read(ComIrqReg)
            if irq & (RX_IRQ | TIMER_IRQ):
                break
            if self._late(deadline):
                self._write(CommandReg, CMD_IDLE)
                raise ReaderFault(READER_TIMEOUT)
        self.n = 0
        if not irq & RX_IRQ:
            return NO_ANSWER
        if self._read(ErrorReg) & ANSWER_ERRORS:
            return BAD_ANSWER
        n = self._read(FIFOLevelReg) & 0x7F
        if n > 64:
            return BAD_ANSWER
        self.last_bits = self._read(ControlReg) & 0x07 if n == 1 else 0
        self._read_fifo(n)
        self.n = n
        return OK

    # ---- ISO 14443-3A ------------------------------------------------------------------------------------

    def wupa(self):
        """True when a tag answers WUPA with an ATQA (wakes tags in IDLE and in HALT)."""
        return self.transceive(self._wupa, tx_last_bits=7) == OK and self.n == 2

    def _select(self, frame):
        """SAK of a SELECT frame, or -1."""
        if self.transceive(frame) != OK or self.n != 3:
            return -1
        return self.buf[0]

    def identify(self):
        """WUPA, then anticollision and select through the cascade levels. Returns the UID (4, 7 or 10 bytes)
        with the tag left ACTIVE, or None. Two tags on one reader (a collision) also give None."""
        if not self.wupa():
            return None
        uid = bytearray()
        frames = []
        for sel in SEL_LEVELS:
            if self.transceive(bytes((sel, 0x20))) != OK or self.n != 5:
                return None
            b = self.buf
            if b[0] ^ b[1] ^ b[2] ^ b[3] != b[4]:  # BCC check
                return None
            part = bytes(b[:5])
            frame = self._with_crc(bytes((sel, 0x70)) + part)
            sak = self._select(frame)
            if sak < 0:
                return None
            frames.append(frame)
            if sak & CASCADE_BIT:
                uid.extend(part[1:4])  # part[0] is the cascade tag 0x88
            else:
                uid.extend(part[:4])
                self.select_frames = frames
                self.sak = sak
                return bytes(uid)
        return None

    def reselect(self, frames):
        """WUPA, then SELECT a known UID directly with its cached frames (no anticollision needed).
        ABSENT: nothing answered; OTHER: a tag answered WUPA but not our UID; SELECTED: ours is ACTIVE."""
        if not self.wupa():
            return ABSENT
        for frame in frames:
            if self._select(frame) < 0:
                return OTHER
        return SELECTED

    def halt(self):
        """HLTA. A tag does not answer HALT, so send it with the Transmit command instead of waiting."""
        self._write(BitFramingReg, 0)
        self._write(CommandReg, CMD_IDLE)
        self._write(ComIrqReg, 0x7F)
        self._write(FIFOLevelReg, 0x80)
        self._write_fifo(self._halt)
        self._write(CommandReg, CMD_TRANSMIT)
        deadline = self._deadline(5)
        while not self._read(ComIrqReg) & TX_IRQ:
            if self._late(deadline):
                self._write(CommandReg, CMD_IDLE)
                raise ReaderFault(READER_TIMEOUT)

    # ---- NTAG21x -----------------------------------------------------------------------------------------

    def ntag_read(self, page):
        """16 bytes (4 pages from `page`) of an ACTIVE NTAG, CRC checked by the coprocessor; None on failure."""
        cmd = self._read_cmds.get(page)
        if cmd is None:
            cmd = self._read_cmds[page] = self._with_crc(bytes((NTAG_READ, page)))
        if self.transceive(cmd) != OK or self.n != 18:
            return None
        data = bytes(self.buf[:16])
        crc = bytes(self.buf[16:18])
        if self.crc_a(data) != crc:
            return None
        return data

    def ntag_write(self, page, data4):
        """Write one 4-byte page of an ACTIVE NTAG; True when it answered ACK (4 bits, 0xA)."""
        frame = self._with_crc(bytes((NTAG_WRITE, page)) + bytes(data4))
        st = self.transceive(frame, timeout=TIMEOUT_WRITE, deadline_ms=20)
        return st == OK and self.n == 1 and self.last_bits == 4 and (self.buf[0] & 0x0F) == 0x0A
