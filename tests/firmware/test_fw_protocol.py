"""The wire protocol: every vector in firmware/protocol-vectors.json, checked against protocol.py and against
an independent reference decoder written here (binascii.crc_hqx is CRC-16/CCITT-FALSE with init 0xFFFF).

Under MicroPython (tests/firmware/mpy/) `pytest` and `hypothesis` are small stand-ins, and binascii has no crc_hqx:
the bit-by-bit reference below takes its place there, and is checked against binascii here."""

import protocol as P
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st


def ref_crc16(data, crc):
    """CRC-16/CCITT-FALSE bit by bit (polynomial 0x1021, not reflected): protocol.py's CRC, written again."""
    for b in data:
        crc ^= b << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021 if crc & 0x8000 else crc << 1) & 0xFFFF
    return crc


try:
    from binascii import crc_hqx  # CPython's own CRC-16/CCITT: the reference nobody here wrote
except ImportError:  # MicroPython
    crc_hqx = ref_crc16


def ref_cobs_decode(data):
    """Straight from the COBS paper, to check protocol.py against something it did not write."""
    out = bytearray()
    i = 0
    while i < len(data):
        code = data[i]
        assert code != 0
        out += data[i + 1 : i + code]
        assert i + code <= len(data)
        i += code
        if code != 0xFF and i < len(data):
            out.append(0)
    return bytes(out)


def from_json(fields):
    """JSON vector fields -> the values protocol.py uses (hex strings named uid become bytes)."""
    out = {}
    for k, v in fields.items():
        if k == "uid":
            out[k] = bytes.fromhex(v)
        elif k == "readers" and isinstance(v, list):
            out[k] = [from_json(r) for r in v]
        else:
            out[k] = v
    return out


def to_json(fields):
    out = {}
    for k, v in fields.items():
        if isinstance(v, bytes):
            out[k] = v.hex()
        elif isinstance(v, list) and v and isinstance(v[0], dict):
            out[k] = [to_json(r) for r in v]
        else:
            out[k] = v
    return out


def receive(direction, wire):
    """What a receiver makes of a byte stream, in the vectors' JSON form (the rule in PROTOCOL.md)."""
    out = []
    for item in P.Decoder().feed(wire):
        if isinstance(item, int):
            out.append({"error": P.ERROR_NAMES[item]})
            continue
        mtype, seq, payload = item
        if mtype not in P.NAMES or bool(mtype & 0x80) != (direction == "host_to_hub"):
            out.append({"error": "unknown_type"})
            continue
        try:
            fields = P.decode_payload(mtype, payload)
        except P.ProtocolError as e:
            out.append({"error": P.ERROR_NAMES[e.code]})
            continue
        out.append({"type": P.NAMES[mtype], "seq": seq, "fields": to_json(fields)})
    return out


def test_crc_check_value():
    assert P.crc16(b"123456789") == 0x29B1 == crc_hqx(b"123456789", 0xFFFF) == ref_crc16(b"123456789", 0xFFFF)
    for data in (b"", b"\x00", bytes(range(256)), b"\xff" * 40):
        assert ref_crc16(data, 0xFFFF) == crc_hqx(data, 0xFFFF) == P.crc16(data)


def test_type_table_matches_module(vectors):
    assert vectors["protocol_version"] == P.PROTOCOL_VERSION == 1
    assert vectors["types"] == {name: code for code, name in P.NAMES.items()}


def test_every_frame_vector_encodes_to_its_bytes(vectors):
    assert len(vectors["frames"]) >= 20
    for v in vectors["frames"]:
        mtype = P.TYPES[v["type"]]
        wire = P.encode_message(mtype, v["seq"], from_json(v["fields"]))
        assert wire.hex() == v["wire"], v["name"]


def test_every_frame_vector_decodes_to_its_fields(vectors):
    for v in vectors["frames"]:
        assert receive(v["direction"], bytes.fromhex(v["wire"])) == [
            {"type": v["type"], "seq": v["seq"], "fields": v["fields"]}
        ], v["name"]


def test_frame_vectors_agree_with_reference_decoder(vectors):
    for v in vectors["frames"]:
        wire = bytes.fromhex(v["wire"])
        assert wire[0] == 0 and wire[-1] == 0 and 0 not in wire[1:-1], v["name"]
        body = ref_cobs_decode(wire[1:-1])
        assert body[0] == vectors["types"][v["type"]]
        assert body[1] == v["seq"]
        assert crc_hqx(body[:-2], 0xFFFF) == int.from_bytes(body[-2:], "big"), v["name"]
        assert len(body) - 4 <= P.MAX_PAYLOAD


def test_hand_encoded_placed_frame(vectors):
    v = next(v for v in vectors["frames"] if v["name"] == "placed_7_byte_uid")
    body = ref_cobs_decode(bytes.fromhex(v["wire"])[1:-1])
    # type, seq, reader, uid_len, uid, code_len, code, CRC
    assert body[:-2] == bytes.fromhex("02 01 02 07 04a1b2c3d4e5f6 09") + b"yellow:12"


def test_largest_frame_uses_a_full_cobs_block(vectors):
    v = next(v for v in vectors["frames"] if v["name"] == "snapshot_largest")
    wire = bytes.fromhex(v["wire"])
    assert wire[1] == 0xFF  # a 254-byte run without zeros: COBS code 0xFF, no zero implied after it
    assert len(wire) - 2 <= P.MAX_ENCODED
    assert len(ref_cobs_decode(wire[1:-1])) == 4 + 368


def test_every_stream_vector_gives_its_outcomes(vectors):
    names = {v["name"] for v in vectors["streams"]}
    for needed in ("bad_crc", "truncated", "garbage_before_frame", "oversized", "unknown_type", "too_short"):
        assert needed in names
    for v in vectors["streams"]:
        assert receive(v["direction"], bytes.fromhex(v["wire"])) == v["expect"], v["name"]


def test_stream_vectors_byte_by_byte_give_the_same_outcomes(vectors):
    for v in vectors["streams"] + vectors["frames"]:
        dec = P.Decoder()
        items = []
        for b in bytes.fromhex(v["wire"]):
            items.extend(dec.feed(bytes((b,))))
        assert items == P.Decoder().feed(bytes.fromhex(v["wire"])), v["name"]


def test_garbage_before_frame_costs_only_the_garbage(vectors):
    v = next(v for v in vectors["streams"] if v["name"] == "garbage_before_frame")
    assert v["expect"][0] == {"error": "bad_cobs"}
    assert v["expect"][1]["type"] == "PING"


@pytest.mark.parametrize("mtype", [P.PLACED, P.WRITE_TAG])
def test_encoder_refuses_what_a_decoder_would_reject(mtype):
    with pytest.raises(ValueError):
        if mtype == P.PLACED:
            P.encode_payload(mtype, {"reader": 0, "uid": bytes(11), "code": ""})
        else:
            P.encode_payload(mtype, {"reader": 0, "text": "x" * 49})


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=P.MAX_PAYLOAD), st.integers(0, 255), st.integers(0, 255))
def test_any_frame_round_trips(payload, mtype, seq):
    wire = P.encode_frame(mtype, seq, payload)
    assert 0 not in wire[1:-1]
    assert P.Decoder().feed(wire) == [(mtype, seq, payload)]
    assert ref_cobs_decode(wire[1:-1])[2:-2] == payload


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=600))
def test_garbage_never_raises_and_the_next_frame_survives(garbage):
    dec = P.Decoder()
    for item in dec.feed(garbage):
        # Garbage may form a frame only if its CRC is right: then it is a well-formed frame, never an exception.
        assert isinstance(item, int) or len(item) == 3
    good = P.encode_message(P.PING, 7, {})
    assert dec.feed(good)[-1] == (P.PING, 7, b"")


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 255), st.binary(max_size=64))
def test_decode_payload_raises_only_protocol_errors(mtype, payload):
    try:
        P.decode_payload(mtype, payload)
    except P.ProtocolError as e:
        assert e.code in (P.UNKNOWN_TYPE, P.BAD_PAYLOAD)
