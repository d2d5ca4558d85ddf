"""Seat hub wire protocol: COBS framing, CRC-16/CCITT-FALSE, message payloads.

The specification is PROTOCOL.md next to this file; protocol-vectors.json holds the shared test vectors.
Runs under MicroPython and CPython (no typing, no dataclasses).
"""

PROTOCOL_VERSION = 1

MAX_UID = 10  # ISO 14443-3 triple-size UID
MAX_CODE = 48  # bytes of UTF-8 in a card code
MAX_PAYLOAD = 384  # a full SNAPSHOT of 6 readers is at most 1 + 1 + 6 * 61 = 368 bytes
MAX_FRAME = MAX_PAYLOAD + 4  # type, seq, payload, CRC
MAX_ENCODED = MAX_FRAME + 2  # COBS adds one code byte per started block of 254: ceil(388 / 254) = 2

# Hub -> host message types.
HELLO = 0x01
PLACED = 0x02
REMOVED = 0x03
HEARTBEAT = 0x04
SNAPSHOT = 0x05
WRITE_RESULT = 0x06
READER_ERROR = 0x07
READER_OK = 0x08
ERROR = 0x09
PONG = 0x0A
# Host -> hub message types (high bit set, so a looped-back frame is an unknown type, not a command).
HOST_HELLO = 0x81
SNAPSHOT_REQUEST = 0x82
WRITE_TAG = 0x83
PING = 0x84

NAMES = {
    HELLO: "HELLO",
    PLACED: "PLACED",
    REMOVED: "REMOVED",
    HEARTBEAT: "HEARTBEAT",
    SNAPSHOT: "SNAPSHOT",
    WRITE_RESULT: "WRITE_RESULT",
    READER_ERROR: "READER_ERROR",
    READER_OK: "READER_OK",
    ERROR: "ERROR",
    PONG: "PONG",
    HOST_HELLO: "HOST_HELLO",
    SNAPSHOT_REQUEST: "SNAPSHOT_REQUEST",
    WRITE_TAG: "WRITE_TAG",
    PING: "PING",
}
TYPES = {}
for _code in NAMES:
    TYPES[NAMES[_code]] = _code

# Decoder outcomes and the codes carried in an ERROR frame.
BAD_COBS = 1
BAD_CRC = 2
TOO_SHORT = 3
OVERSIZED = 4
UNKNOWN_TYPE = 5
BAD_PAYLOAD = 6
ERROR_NAMES = {
    BAD_COBS: "bad_cobs",
    BAD_CRC: "bad_crc",
    TOO_SHORT: "too_short",
    OVERSIZED: "oversized",
    UNKNOWN_TYPE: "unknown_type",
    BAD_PAYLOAD: "bad_payload",
}

# Reader states in a SNAPSHOT.
STATE_EMPTY = 0
STATE_TAG = 1
STATE_FAILED = 2

# WRITE_RESULT status codes.
WRITE_OK = 0
WRITE_NO_TAG = 1
WRITE_FAILED = 2
WRITE_VERIFY_FAILED = 3
WRITE_TOO_LONG = 4
WRITE_READER_FAILED = 5
WRITE_BAD_READER = 6

# READER_ERROR codes.
READER_NO_CHIP = 1  # VersionReg does not read as an MFRC522 (unplugged, MISO stuck)
READER_TIMEOUT = 2  # the chip never finished a command


class ProtocolError(Exception):
    """A frame or payload that cannot be accepted; .code is one of the outcome codes above."""

    def __init__(self, code):
        super().__init__(ERROR_NAMES.get(code, "error"))
        self.code = code


def crc16(data, crc=0xFFFF):
    """CRC-16/CCITT-FALSE: poly 0x1021, init 0xFFFF, not reflected, no final XOR ("123456789" -> 0x29B1)."""
    for b in data:
        crc ^= b << 8
        for _ in range(8):
            crc = ((crc << 1) ^ (0x1021 if crc & 0x8000 else 0)) & 0xFFFF
    return crc


def cobs_encode(data):
    """COBS without a trailing block: a 254-byte run that ends the data is not followed by 0x01."""
    out = bytearray(1)
    code_at = 0
    code = 1
    n = len(data)
    for i in range(n):
        b = data[i]
        if b:
            out.append(b)
            code += 1
        if b == 0 or code == 0xFF:
            out[code_at] = code
            code = 1
            code_at = len(out)
            if b == 0 or i + 1 < n:
                out.append(0)
    if code_at < len(out):
        out[code_at] = code
    return bytes(out)


def cobs_decode(data):
    """Inverse of cobs_encode; raises ProtocolError(BAD_COBS). `data` holds no 0x00 delimiter."""
    out = bytearray()
    i = 0
    n = len(data)
    while i < n:
        code = data[i]
        if code == 0:
            raise ProtocolError(BAD_COBS)
        end = i + code
        if end > n:
            raise ProtocolError(BAD_COBS)
        out.extend(data[i + 1 : end])
        i = end
        if code < 0xFF and i < n:
            out.append(0)
    return out


def encode_frame(mtype, seq, payload=b""):
    """Wire bytes of one frame: 0x00, COBS(type, seq, payload, CRC big-endian), 0x00."""
    if len(payload) > MAX_PAYLOAD:
        raise ValueError("payload too long")
    body = bytearray((mtype, seq & 0xFF))
    body.extend(payload)
    crc = crc16(body)
    body.append(crc >> 8)
    body.append(crc & 0xFF)
    return b"\x00" + cobs_encode(body) + b"\x00"


class Decoder:
    """Splits a byte stream at 0x00 delimiters and checks each frame.

    feed() returns a list of outcomes: (type, seq, payload) for a good frame, or an int outcome code
    (BAD_COBS, BAD_CRC, TOO_SHORT, OVERSIZED) for a bad one. Empty chunks (two 0x00 in a row) are ignored.
    After garbage the decoder is back in step at the next 0x00.
    """

    def __init__(self):
        self._buf = bytearray()
        self._overflow = False

    def feed(self, data):
        results = []
        for b in data:
            if b == 0:
                if self._overflow:
                    self._overflow = False
                    results.append(OVERSIZED)
                elif self._buf:
                    results.append(self._check(self._buf))
                    self._buf = bytearray()
            elif not self._overflow:
                if len(self._buf) >= MAX_ENCODED:
                    # Stop buffering; the whole chunk up to the next delimiter is one OVERSIZED outcome.
                    self._overflow = True
                    self._buf = bytearray()
                else:
                    self._buf.append(b)
        return results

    @staticmethod
    def _check(chunk):
        try:
            body = cobs_decode(chunk)
        except ProtocolError as e:
            return e.code
        if len(body) < 4:
            return TOO_SHORT
        if crc16(body[:-2]) != (body[-2] << 8 | body[-1]):
            return BAD_CRC
        return (body[0], body[1], bytes(body[2:-2]))


# ---- payloads ---------------------------------------------------------------------------------------------


def _u16(v):
    return bytes(((v >> 8) & 0xFF, v & 0xFF))


def _u32(v):
    return bytes(((v >> 24) & 0xFF, (v >> 16) & 0xFF, (v >> 8) & 0xFF, v & 0xFF))


def _tag_bytes(uid, code):
    """uid_len, uid, code_len, code (UTF-8)."""
    c = code.encode("utf-8") if isinstance(code, str) else bytes(code)
    if len(uid) > MAX_UID or len(c) > MAX_CODE:
        raise ValueError("uid or code too long")
    return bytes((len(uid),)) + bytes(uid) + bytes((len(c),)) + c


def encode_payload(mtype, f):
    """Payload bytes for message type `mtype` with fields dict `f` (see PROTOCOL.md for the layouts)."""
    if mtype == HELLO:
        fw = f["firmware"]
        return bytes((f["protocol"], fw[0], fw[1], fw[2], f["readers"]))
    if mtype == PLACED:
        return bytes((f["reader"],)) + _tag_bytes(f["uid"], f["code"])
    if mtype in (REMOVED, READER_OK):
        return bytes((f["reader"],))
    if mtype == HEARTBEAT:
        return (
            _u16(f["interval_ms"])
            + _u32(f["uptime_ms"])
            + _u16(f["bad_frames"])
            + _u16(f["lost_frames"])
            + _u16(f["dup_frames"])
            + _u16(f["max_cycle_ms"])
        )
    if mtype == SNAPSHOT:
        out = bytearray((f["ref"], len(f["readers"])))
        for r in f["readers"]:
            out.append(r["state"])
            if r["state"] == STATE_TAG:
                out.extend(_tag_bytes(r["uid"], r["code"]))
            elif r["state"] == STATE_FAILED:
                out.append(r["error"])
        return bytes(out)
    if mtype == WRITE_RESULT:
        uid = f["uid"]
        return bytes((f["ref"], f["reader"], f["status"], len(uid))) + bytes(uid)
    if mtype == READER_ERROR:
        return bytes((f["reader"], f["error"]))
    if mtype == ERROR:
        return bytes((f["error"], f["ref_type"], f["ref"]))
    if mtype == PONG:
        return bytes((f["ref"],))
    if mtype == HOST_HELLO:
        return bytes((f["protocol"],))
    if mtype in (SNAPSHOT_REQUEST, PING):
        return b""
    if mtype == WRITE_TAG:
        t = f["text"].encode("utf-8")
        if not t or len(t) > MAX_CODE:
            raise ValueError("text must be 1..48 bytes")
        return bytes((f["reader"],)) + t
    raise ValueError("unknown type")


class _Reader:
    """Cursor over a payload; any overrun or leftover byte is BAD_PAYLOAD."""

    def __init__(self, data):
        self.d = data
        self.i = 0

    def u8(self):
        if self.i >= len(self.d):
            raise ProtocolError(BAD_PAYLOAD)
        self.i += 1
        return self.d[self.i - 1]

    def take(self, n):
        if self.i + n > len(self.d):
            raise ProtocolError(BAD_PAYLOAD)
        self.i += n
        return bytes(self.d[self.i - n : self.i])

    def u16(self):
        b = self.take(2)
        return b[0] << 8 | b[1]

    def u32(self):
        b = self.take(4)
        return b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3]

    def text(self, n):
        raw = self.take(n)
        try:
            return raw.decode("utf-8")
        except UnicodeError:
            pass
        raise ProtocolError(BAD_PAYLOAD)

    def tag(self):
        n = self.u8()
        if n > MAX_UID:
            raise ProtocolError(BAD_PAYLOAD)
        uid = self.take(n)
        n = self.u8()
        if n > MAX_CODE:
            raise ProtocolError(BAD_PAYLOAD)
        return uid, self.text(n)

    def end(self):
        if self.i != len(self.d):
            raise ProtocolError(BAD_PAYLOAD)


def decode_payload(mtype, payload):
    """Fields dict of a payload; raises ProtocolError(UNKNOWN_TYPE or BAD_PAYLOAD)."""
    r = _Reader(payload)
    if mtype == HELLO:
        f = {"protocol": r.u8(), "firmware": [r.u8(), r.u8(), r.u8()], "readers": r.u8()}
    elif mtype == PLACED:
        f = {"reader": r.u8()}
        f["uid"], f["code"] = r.tag()
    elif mtype in (REMOVED, READER_OK):
        f = {"reader": r.u8()}
    elif mtype == HEARTBEAT:
        f = {
            "interval_ms": r.u16(),
            "uptime_ms": r.u32(),
            "bad_frames": r.u16(),
            "lost_frames": r.u16(),
            "dup_frames": r.u16(),
            "max_cycle_ms": r.u16(),
        }
    elif mtype == SNAPSHOT:
        f = {"ref": r.u8(), "readers": []}
        for _ in range(r.u8()):
            state = r.u8()
            entry = {"state": state}
            if state == STATE_TAG:
                entry["uid"], entry["code"] = r.tag()
            elif state == STATE_FAILED:
                entry["error"] = r.u8()
            elif state != STATE_EMPTY:
                raise ProtocolError(BAD_PAYLOAD)
            f["readers"].append(entry)
    elif mtype == WRITE_RESULT:
        f = {"ref": r.u8(), "reader": r.u8(), "status": r.u8()}
        n = r.u8()
        if n > MAX_UID:
            raise ProtocolError(BAD_PAYLOAD)
        f["uid"] = r.take(n)
    elif mtype == READER_ERROR:
        f = {"reader": r.u8(), "error": r.u8()}
    elif mtype == ERROR:
        f = {"error": r.u8(), "ref_type": r.u8(), "ref": r.u8()}
    elif mtype == PONG:
        f = {"ref": r.u8()}
    elif mtype == HOST_HELLO:
        f = {"protocol": r.u8()}
    elif mtype in (SNAPSHOT_REQUEST, PING):
        f = {}
    elif mtype == WRITE_TAG:
        f = {"reader": r.u8()}
        n = len(payload) - 1
        if n < 1 or n > MAX_CODE:
            raise ProtocolError(BAD_PAYLOAD)
        f["text"] = r.text(n)
    else:
        raise ProtocolError(UNKNOWN_TYPE)
    r.end()
    return f


def encode_message(mtype, seq, fields):
    return encode_frame(mtype, seq, encode_payload(mtype, fields))
