"""The seat hub's wire protocol, Pi side: frames and messages as `firmware/PROTOCOL.md` defines them.

A frame on the wire is 0x00, COBS(type, seq, payload, CRC-16/CCITT-FALSE big-endian), 0x00. The zero bytes
delimit frames, so after garbage the decoder is back in step at the next 0x00. This module is the host's own
implementation; `firmware/protocol-vectors.json` holds both sides to the same bytes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum, IntEnum

PROTOCOL_VERSION = 1
MAX_UID = 10
MAX_CODE = 48
MAX_PAYLOAD = 384
MAX_ENCODED = MAX_PAYLOAD + 4 + 2  # type, seq, CRC; COBS adds one byte per 254


class MessageType(IntEnum):
    # hub -> host
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
    # host -> hub (high bit set: a frame looped back is never taken for a command)
    HOST_HELLO = 0x81
    SNAPSHOT_REQUEST = 0x82
    WRITE_TAG = 0x83
    PING = 0x84


class FrameFault(IntEnum):
    """Why a frame was refused; the same codes travel in the hub's ERROR message."""

    BAD_COBS = 1
    BAD_CRC = 2
    TOO_SHORT = 3
    OVERSIZED = 4
    UNKNOWN_TYPE = 5
    BAD_PAYLOAD = 6


class ReaderState(IntEnum):
    EMPTY = 0
    TAG = 1
    FAILED = 2


class WriteStatus(IntEnum):
    OK = 0
    NO_TAG = 1
    FAILED = 2
    VERIFY_FAILED = 3
    TOO_LONG = 4
    READER_FAILED = 5
    BAD_READER = 6


class ReaderFault(IntEnum):
    NO_CHIP = 1  # the MFRC522 does not answer as one (unplugged, broken wire)
    TIMEOUT = 2  # the chip never finished a command


class ProtocolError(ValueError):
    def __init__(self, fault: FrameFault) -> None:
        super().__init__(fault.name.lower())
        self.fault = fault


# --- Framing --------------------------------------------------------------------------------------------------


def _crc16_table() -> tuple[int, ...]:
    table = []
    for byte in range(256):
        crc = byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) & 0xFFFF if crc & 0x8000 else (crc << 1) & 0xFFFF
        table.append(crc)
    return tuple(table)


_CRC16 = _crc16_table()


def crc16(data: bytes | bytearray | memoryview, crc: int = 0xFFFF) -> int:
    """CRC-16/CCITT-FALSE: polynomial 0x1021, initial 0xFFFF, not reflected, no final XOR. Table-driven."""
    for byte in data:
        crc = ((crc << 8) & 0xFFFF) ^ _CRC16[(crc >> 8) ^ byte]
    return crc


def cobs_encode(data: bytes) -> bytes:
    """Consistent Overhead Byte Stuffing: the result holds no zero byte."""
    out = bytearray()
    block = bytearray()
    for index, byte in enumerate(data):
        if byte == 0:
            out += bytes((len(block) + 1,)) + block
            block = bytearray()
            continue
        block.append(byte)
        if len(block) == 254:
            out += b"\xff" + block
            block = bytearray()
            if index + 1 == len(data):
                return bytes(out)  # a full block that ends the data needs no empty block after it
    out += bytes((len(block) + 1,)) + block
    return bytes(out)


def cobs_decode(data: bytes | bytearray) -> bytes:
    out = bytearray()
    index = 0
    while index < len(data):
        code = data[index]
        end = index + code
        if code == 0 or end > len(data):
            raise ProtocolError(FrameFault.BAD_COBS)
        out += data[index + 1 : end]
        index = end
        if code < 0xFF and index < len(data):
            out.append(0)
    return bytes(out)


@dataclass(frozen=True)
class Frame:
    type: int
    seq: int
    payload: bytes = b""


def encode_frame(frame: Frame) -> bytes:
    if len(frame.payload) > MAX_PAYLOAD:
        raise ValueError(f"a payload holds at most {MAX_PAYLOAD} bytes")
    body = bytes((frame.type, frame.seq & 0xFF)) + frame.payload
    return b"\x00" + cobs_encode(body + crc16(body).to_bytes(2, "big")) + b"\x00"


def check_frame(chunk: bytes | bytearray) -> Frame:
    """The frame inside one delimited chunk, or ProtocolError."""
    if len(chunk) > MAX_ENCODED:
        raise ProtocolError(FrameFault.OVERSIZED)
    body = cobs_decode(chunk)
    if len(body) < 4:
        raise ProtocolError(FrameFault.TOO_SHORT)
    if crc16(body[:-2]) != int.from_bytes(body[-2:], "big"):
        raise ProtocolError(FrameFault.BAD_CRC)
    return Frame(body[0], body[1], body[2:-2])


@dataclass
class FrameDecoder:
    """Cuts a byte stream into frames at 0x00. `feed` returns good frames and the faults of bad ones, in order."""

    _chunk: bytearray = field(default_factory=bytearray)
    _overflow: bool = False

    def feed(self, data: bytes) -> list[Frame | FrameFault]:
        results: list[Frame | FrameFault] = []
        *complete, rest = data.split(b"\x00")
        for piece in complete:
            self._add(piece)
            if self._overflow:
                results.append(FrameFault.OVERSIZED)
            elif self._chunk:
                try:
                    results.append(check_frame(self._chunk))
                except ProtocolError as error:
                    results.append(error.fault)
            self._chunk = bytearray()
            self._overflow = False
        self._add(rest)
        return results

    def _add(self, piece: bytes) -> None:
        """Keep at most one frame's worth; a longer run is one oversized frame, whatever it holds."""
        if len(self._chunk) + len(piece) > MAX_ENCODED:
            self._overflow = True
            self._chunk = bytearray()
        elif not self._overflow:
            self._chunk += piece


class Sequence(Enum):
    ACCEPT = "accept"
    DUPLICATE = "duplicate"


def sequence_step(last: int, seq: int) -> tuple[Sequence, int]:
    """Given the seq of the last frame accepted, is `seq` a repeat, and how many frames went missing before it?"""
    if seq == last:
        return Sequence.DUPLICATE, 0
    return Sequence.ACCEPT, (seq - last - 1) & 0xFF


# --- Messages -------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Hello:
    protocol: int
    firmware: tuple[int, int, int]
    readers: int


@dataclass(frozen=True)
class Placed:
    reader: int
    uid: bytes
    code: str = ""  # the card code of the tag's NDEF text record; empty when it carries none


@dataclass(frozen=True)
class Removed:
    reader: int


@dataclass(frozen=True)
class Heartbeat:
    interval_ms: int
    uptime_ms: int
    bad_frames: int = 0
    lost_frames: int = 0
    dup_frames: int = 0
    max_cycle_ms: int = 0  # the slowest poll of all readers since the last heartbeat


@dataclass(frozen=True)
class ReaderSnapshot:
    state: ReaderState
    uid: bytes = b""
    code: str = ""
    error: int = 0


@dataclass(frozen=True)
class Snapshot:
    ref: int  # the seq of the SNAPSHOT_REQUEST it answers
    readers: tuple[ReaderSnapshot, ...]


@dataclass(frozen=True)
class WriteResult:
    ref: int
    reader: int
    status: WriteStatus
    uid: bytes = b""


@dataclass(frozen=True)
class ReaderError:
    reader: int
    error: int


@dataclass(frozen=True)
class ReaderOk:
    reader: int


@dataclass(frozen=True)
class Error:
    error: int
    ref_type: int
    ref: int


@dataclass(frozen=True)
class Pong:
    ref: int


@dataclass(frozen=True)
class HostHello:
    protocol: int = PROTOCOL_VERSION


@dataclass(frozen=True)
class SnapshotRequest:
    pass


@dataclass(frozen=True)
class WriteTag:
    reader: int
    text: str


@dataclass(frozen=True)
class Ping:
    pass


Message = (
    Hello
    | Placed
    | Removed
    | Heartbeat
    | Snapshot
    | WriteResult
    | ReaderError
    | ReaderOk
    | Error
    | Pong
    | HostHello
    | SnapshotRequest
    | WriteTag
    | Ping
)


def _tag(uid: bytes, code: str) -> bytes:
    text = code.encode()
    if len(uid) > MAX_UID or len(text) > MAX_CODE:
        raise ValueError("a UID has at most 10 bytes and a card code at most 48")
    return bytes((len(uid),)) + uid + bytes((len(text),)) + text


def encode_payload(message: Message) -> tuple[MessageType, bytes]:
    match message:
        case Hello(protocol, (major, minor, patch), readers):
            return MessageType.HELLO, bytes((protocol, major, minor, patch, readers))
        case Placed(reader, uid, code):
            return MessageType.PLACED, bytes((reader,)) + _tag(uid, code)
        case Removed(reader):
            return MessageType.REMOVED, bytes((reader,))
        case Heartbeat(interval, uptime, bad, lost, dup, cycle):
            fields = (
                interval.to_bytes(2, "big"),
                uptime.to_bytes(4, "big"),
                *(n.to_bytes(2, "big") for n in (bad, lost, dup, cycle)),
            )
            return MessageType.HEARTBEAT, b"".join(fields)
        case Snapshot(ref, readers):
            out = bytearray((ref, len(readers)))
            # Not `reader`: the cases above bind that name to a reader's number.
            for snapshot in readers:
                out.append(snapshot.state)
                if snapshot.state is ReaderState.TAG:
                    out += _tag(snapshot.uid, snapshot.code)
                elif snapshot.state is ReaderState.FAILED:
                    out.append(snapshot.error)
            return MessageType.SNAPSHOT, bytes(out)
        case WriteResult(ref, reader, status, uid):
            return MessageType.WRITE_RESULT, bytes((ref, reader, status, len(uid))) + uid
        case ReaderError(reader, error):
            return MessageType.READER_ERROR, bytes((reader, error))
        case ReaderOk(reader):
            return MessageType.READER_OK, bytes((reader,))
        case Error(error, ref_type, ref):
            return MessageType.ERROR, bytes((error, ref_type, ref))
        case Pong(ref):
            return MessageType.PONG, bytes((ref,))
        case HostHello(protocol):
            return MessageType.HOST_HELLO, bytes((protocol,))
        case SnapshotRequest():
            return MessageType.SNAPSHOT_REQUEST, b""
        case WriteTag(reader, text):
            encoded = text.encode()
            if not 1 <= len(encoded) <= MAX_CODE:
                raise ValueError("a tag's text is 1 to 48 bytes of UTF-8")
            return MessageType.WRITE_TAG, bytes((reader,)) + encoded
        case Ping():
            return MessageType.PING, b""
    raise TypeError(f"not a message: {message!r}")


def encode_message(message: Message, seq: int) -> bytes:
    kind, payload = encode_payload(message)
    return encode_frame(Frame(kind, seq, payload))


class _Cursor:
    """Reads a payload front to back; running short, or bytes left over, is a bad payload."""

    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def take(self, count: int) -> bytes:
        if self.at + count > len(self.data):
            raise ProtocolError(FrameFault.BAD_PAYLOAD)
        self.at += count
        return self.data[self.at - count : self.at]

    def u8(self) -> int:
        return self.take(1)[0]

    def number(self, size: int) -> int:
        return int.from_bytes(self.take(size), "big")

    def text(self, count: int) -> str:
        try:
            return self.take(count).decode()
        except UnicodeDecodeError:
            raise ProtocolError(FrameFault.BAD_PAYLOAD) from None

    def tag(self) -> tuple[bytes, str]:
        uid_length = self.u8()
        if uid_length > MAX_UID:
            raise ProtocolError(FrameFault.BAD_PAYLOAD)
        uid = self.take(uid_length)
        code_length = self.u8()
        if code_length > MAX_CODE:
            raise ProtocolError(FrameFault.BAD_PAYLOAD)
        return uid, self.text(code_length)

    def done(self) -> None:
        if self.at != len(self.data):
            raise ProtocolError(FrameFault.BAD_PAYLOAD)


def sent_by_hub(kind: int) -> bool:
    """Hub messages have the high bit clear, host messages set."""
    return kind < 0x80


def decode_message(frame: Frame, from_hub: bool = True) -> Message:
    """The message a good frame carries, or ProtocolError(UNKNOWN_TYPE / BAD_PAYLOAD).

    A type the sender never sends (a host command arriving from the hub, say) is an unknown type.
    """
    try:
        kind = MessageType(frame.type)
    except ValueError:
        raise ProtocolError(FrameFault.UNKNOWN_TYPE) from None
    if sent_by_hub(kind) != from_hub:
        raise ProtocolError(FrameFault.UNKNOWN_TYPE)
    read = _Cursor(frame.payload)
    message: Message
    if kind is MessageType.HELLO:
        message = Hello(read.u8(), (read.u8(), read.u8(), read.u8()), read.u8())
    elif kind is MessageType.PLACED:
        reader = read.u8()
        message = Placed(reader, *read.tag())
    elif kind is MessageType.REMOVED:
        message = Removed(read.u8())
    elif kind is MessageType.HEARTBEAT:
        message = Heartbeat(read.number(2), read.number(4), *(read.number(2) for _ in range(4)))
    elif kind is MessageType.SNAPSHOT:
        ref, count = read.u8(), read.u8()
        readers = []
        for _ in range(count):
            try:
                state = ReaderState(read.u8())
            except ValueError:
                raise ProtocolError(FrameFault.BAD_PAYLOAD) from None
            if state is ReaderState.TAG:
                readers.append(ReaderSnapshot(state, *read.tag()))
            elif state is ReaderState.FAILED:
                readers.append(ReaderSnapshot(state, error=read.u8()))
            else:
                readers.append(ReaderSnapshot(state))
        message = Snapshot(ref, tuple(readers))
    elif kind is MessageType.WRITE_RESULT:
        ref, reader, status = read.u8(), read.u8(), read.u8()
        try:
            message = WriteResult(ref, reader, WriteStatus(status), read.take(read.u8()))
        except ValueError:
            raise ProtocolError(FrameFault.BAD_PAYLOAD) from None
    elif kind is MessageType.READER_ERROR:
        message = ReaderError(read.u8(), read.u8())
    elif kind is MessageType.READER_OK:
        message = ReaderOk(read.u8())
    elif kind is MessageType.ERROR:
        message = Error(read.u8(), read.u8(), read.u8())
    elif kind is MessageType.PONG:
        message = Pong(read.u8())
    elif kind is MessageType.HOST_HELLO:
        message = HostHello(read.u8())
    elif kind is MessageType.SNAPSHOT_REQUEST:
        message = SnapshotRequest()
    elif kind is MessageType.WRITE_TAG:
        reader = read.u8()
        if not 1 <= len(frame.payload) - 1 <= MAX_CODE:
            raise ProtocolError(FrameFault.BAD_PAYLOAD)
        message = WriteTag(reader, read.text(len(frame.payload) - 1))
    else:
        message = Ping()
    read.done()
    return message
