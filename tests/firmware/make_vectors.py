"""Writes firmware/protocol-vectors.json from firmware/protocol.py.

Run it only when the protocol changes on purpose: .venv/bin/python tests/firmware/make_vectors.py
test_fw_protocol.py checks the file both with protocol.py and with an independent reference decoder.
"""

import json
import sys
from pathlib import Path

FIRMWARE = Path(__file__).resolve().parents[2] / "firmware"
sys.path.insert(0, str(FIRMWARE))

import protocol as P  # noqa: E402

UID7 = bytes.fromhex("04a1b2c3d4e5f6")
UID4 = bytes.fromhex("deadbeef")
UID10 = bytes.fromhex("0411223344556677889a")


def as_json(fields):
    """Field values as stored in the JSON file: bytes become lowercase hex strings."""
    if isinstance(fields, dict):
        return {k: as_json(v) for k, v in fields.items()}
    if isinstance(fields, list | tuple):
        return [as_json(v) for v in fields]
    if isinstance(fields, bytes | bytearray):
        return bytes(fields).hex()
    return fields


FRAMES = [
    ("hello", P.HELLO, 0, {"protocol": 1, "firmware": [1, 0, 0], "readers": 6}),
    ("placed_7_byte_uid", P.PLACED, 1, {"reader": 2, "uid": UID7, "code": "yellow:12"}),
    ("placed_4_byte_uid", P.PLACED, 2, {"reader": 0, "uid": UID4, "code": "scarymary"}),
    ("placed_10_byte_uid", P.PLACED, 3, {"reader": 5, "uid": UID10, "code": "pirate:harry-the-giant"}),
    ("placed_without_code", P.PLACED, 4, {"reader": 1, "uid": UID7, "code": ""}),
    ("placed_utf8_code", P.PLACED, 5, {"reader": 3, "uid": UID7, "code": "flying:holländer"}),
    ("removed", P.REMOVED, 6, {"reader": 2}),
    (
        "heartbeat",
        P.HEARTBEAT,
        7,
        {
            "interval_ms": 500,
            "uptime_ms": 123456789,
            "bad_frames": 2,
            "lost_frames": 1,
            "dup_frames": 0,
            "max_cycle_ms": 26,
        },
    ),
    (
        "snapshot",
        P.SNAPSHOT,
        8,
        {
            "ref": 3,
            "readers": [
                {"state": P.STATE_EMPTY},
                {"state": P.STATE_TAG, "uid": UID7, "code": "black:1"},
                {"state": P.STATE_FAILED, "error": P.READER_NO_CHIP},
                {"state": P.STATE_TAG, "uid": UID4, "code": ""},
                {"state": P.STATE_EMPTY},
                {"state": P.STATE_EMPTY},
            ],
        },
    ),
    (
        # The largest frame there is (368-byte payload); its 254-byte run of non-zero bytes exercises
        # COBS code 0xFF.
        "snapshot_largest",
        P.SNAPSHOT,
        9,
        {
            "ref": 4,
            "readers": [
                {"state": P.STATE_TAG, "uid": bytes(range(0x11 + i, 0x1B + i)), "code": chr(0x61 + i) * 48}
                for i in range(6)
            ],
        },
    ),
    ("write_result_ok", P.WRITE_RESULT, 10, {"ref": 5, "reader": 1, "status": P.WRITE_OK, "uid": UID7}),
    ("write_result_no_tag", P.WRITE_RESULT, 11, {"ref": 6, "reader": 1, "status": P.WRITE_NO_TAG, "uid": b""}),
    ("reader_error", P.READER_ERROR, 12, {"reader": 4, "error": P.READER_TIMEOUT}),
    ("reader_ok", P.READER_OK, 13, {"reader": 4}),
    ("error_unknown_type", P.ERROR, 14, {"error": P.UNKNOWN_TYPE, "ref_type": 0x7E, "ref": 9}),
    ("error_bad_crc", P.ERROR, 15, {"error": P.BAD_CRC, "ref_type": 0, "ref": 0}),
    ("pong", P.PONG, 255, {"ref": 7}),
    ("host_hello", P.HOST_HELLO, 0, {"protocol": 1}),
    ("snapshot_request", P.SNAPSHOT_REQUEST, 1, {}),
    ("write_tag", P.WRITE_TAG, 2, {"reader": 1, "text": "yellow:12"}),
    ("ping", P.PING, 3, {}),
    ("ping_seq_zero_bytes", P.PING, 0, {}),
]


def hub_direction(mtype):
    return "host_to_hub" if mtype & 0x80 else "hub_to_host"


def frame_body(mtype, seq, payload):
    body = bytes((mtype, seq)) + payload
    crc = P.crc16(body)
    return body + bytes((crc >> 8, crc & 0xFF))


def wire_of_body(body):
    return b"\x00" + P.cobs_encode(body) + b"\x00"


def outcomes(direction, wire):
    """What a receiver in `direction` makes of `wire`, in the JSON form."""
    out = []
    for item in P.Decoder().feed(wire):
        if isinstance(item, int):
            out.append({"error": P.ERROR_NAMES[item]})
            continue
        mtype, seq, payload = item
        to_hub = direction == "host_to_hub"
        if mtype not in P.NAMES or bool(mtype & 0x80) != to_hub:
            out.append({"error": "unknown_type"})
            continue
        try:
            fields = P.decode_payload(mtype, payload)
        except P.ProtocolError as e:
            out.append({"error": P.ERROR_NAMES[e.code]})
            continue
        out.append({"type": P.NAMES[mtype], "seq": seq, "fields": as_json(fields)})
    return out


def streams():
    ping = P.encode_message(P.PING, 3, {})
    removed = P.encode_message(P.REMOVED, 2, {"reader": 2})
    placed = P.encode_message(P.PLACED, 1, {"reader": 2, "uid": UID7, "code": "yellow:12"})
    bad_crc = bytearray(frame_body(P.PING, 3, b""))
    bad_crc[-1] ^= 0x01
    unknown = frame_body(0x7E, 4, b"\x01\x02")
    placed_as_command = frame_body(P.PLACED, 4, P.encode_payload(P.PLACED, {"reader": 2, "uid": UID7, "code": ""}))
    uid_too_long = frame_body(P.PLACED, 5, bytes((2, 11)) + bytes(range(1, 12)) + b"\x00")
    removed_long = frame_body(P.REMOVED, 6, b"\x02\x00")
    bad_utf8 = frame_body(P.WRITE_TAG, 7, b"\x01\xff\xfe")
    text_too_long = frame_body(P.WRITE_TAG, 8, b"\x01" + b"a" * 49)
    cases = [
        ("bad_crc", "host_to_hub", wire_of_body(bad_crc) + ping),
        ("truncated", "hub_to_host", placed[:-6] + b"\x00" + removed),
        ("garbage_before_frame", "host_to_hub", b"MPY: soft reboot\r\n" + ping),
        ("garbage_glued_to_frame", "host_to_hub", b"\x55\x55" + ping[1:] + ping),
        ("oversized", "host_to_hub", b"\x41" * 500 + ping),
        ("too_short", "host_to_hub", b"\x00" + P.cobs_encode(b"\x84\x03\x12") + b"\x00"),
        ("unknown_type", "host_to_hub", wire_of_body(unknown)),
        ("wrong_direction", "host_to_hub", wire_of_body(placed_as_command)),
        ("uid_too_long", "hub_to_host", wire_of_body(uid_too_long)),
        ("payload_too_long", "hub_to_host", wire_of_body(removed_long)),
        ("bad_utf8", "host_to_hub", wire_of_body(bad_utf8)),
        ("text_too_long", "host_to_hub", wire_of_body(text_too_long)),
        ("only_delimiters", "host_to_hub", b"\x00\x00\x00"),
        ("cobs_overrun", "hub_to_host", b"\x00\x03\x01\x00"),
        ("back_to_back", "hub_to_host", placed + placed),
    ]
    return [{"name": name, "direction": d, "wire": wire.hex(), "expect": outcomes(d, wire)} for name, d, wire in cases]


SEQUENCE = {
    "note": "Receiver rule for every frame except HELLO / HOST_HELLO, given the seq of the last accepted frame.",
    "cases": [
        {"last": 5, "seq": 6, "action": "accept", "lost": 0},
        {"last": 5, "seq": 5, "action": "duplicate", "lost": 0},
        {"last": 5, "seq": 9, "action": "accept", "lost": 3},
        {"last": 255, "seq": 0, "action": "accept", "lost": 0},
        {"last": 250, "seq": 2, "action": "accept", "lost": 7},
        {"last": 5, "seq": 4, "action": "accept", "lost": 254},
    ],
}


def main():
    frames = []
    for name, mtype, seq, fields in FRAMES:
        wire = P.encode_message(mtype, seq, fields)
        frames.append(
            {
                "name": name,
                "direction": hub_direction(mtype),
                "type": P.NAMES[mtype],
                "seq": seq,
                "fields": as_json(fields),
                "wire": wire.hex(),
            }
        )
    doc = {
        "about": "Seat hub wire protocol test vectors; the format is described at the top of firmware/PROTOCOL.md.",
        "protocol_version": P.PROTOCOL_VERSION,
        "types": {P.NAMES[k]: k for k in sorted(P.NAMES)},
        "frames": frames,
        "streams": streams(),
        "sequence": SEQUENCE,
    }
    path = FIRMWARE / "protocol-vectors.json"
    path.write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print("wrote", path)


if __name__ == "__main__":
    main()
