"""The Pi's side of the wire protocol against the vectors the firmware is tested with, and a fuzz of the parser."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from table.devices import hub_protocol as wire

VECTORS = json.loads((Path(__file__).parents[2] / "firmware" / "protocol-vectors.json").read_text())


def message_from(kind: str, fields: dict[str, Any]) -> wire.Message:
    """A vector's fields as this side's message value."""
    raw = {key: bytes.fromhex(value) if key == "uid" else value for key, value in fields.items()}
    if kind == "HELLO":
        return wire.Hello(raw["protocol"], tuple(raw["firmware"]), raw["readers"])  # type: ignore[arg-type]
    if kind == "SNAPSHOT":
        readers = tuple(
            wire.ReaderSnapshot(
                wire.ReaderState(r["state"]), bytes.fromhex(r.get("uid", "")), r.get("code", ""), r.get("error", 0)
            )
            for r in raw["readers"]
        )
        return wire.Snapshot(raw["ref"], readers)
    if kind == "WRITE_RESULT":
        raw["status"] = wire.WriteStatus(raw["status"])
    classes = {
        "PLACED": wire.Placed,
        "REMOVED": wire.Removed,
        "HEARTBEAT": wire.Heartbeat,
        "WRITE_RESULT": wire.WriteResult,
        "READER_ERROR": wire.ReaderError,
        "READER_OK": wire.ReaderOk,
        "ERROR": wire.Error,
        "PONG": wire.Pong,
        "HOST_HELLO": wire.HostHello,
        "SNAPSHOT_REQUEST": wire.SnapshotRequest,
        "WRITE_TAG": wire.WriteTag,
        "PING": wire.Ping,
    }
    return classes[kind](**raw)


def test_the_type_codes_are_the_documented_ones() -> None:
    assert {kind.name: kind.value for kind in wire.MessageType} == VECTORS["types"]
    assert VECTORS["protocol_version"] == wire.PROTOCOL_VERSION


@pytest.mark.parametrize("vector", VECTORS["frames"], ids=lambda v: v["name"])
def test_every_message_encodes_to_the_vector_bytes_and_back(vector: dict[str, Any]) -> None:
    message = message_from(vector["type"], vector["fields"])
    assert wire.encode_message(message, vector["seq"]).hex() == vector["wire"]
    (frame,) = wire.FrameDecoder().feed(bytes.fromhex(vector["wire"]))
    assert isinstance(frame, wire.Frame) and frame.seq == vector["seq"]
    assert wire.decode_message(frame, from_hub=vector["direction"] == "hub_to_host") == message


@pytest.mark.parametrize("stream", VECTORS["streams"], ids=lambda v: v["name"])
def test_streams_with_faults_give_the_expected_outcomes(stream: dict[str, Any]) -> None:
    outcomes: list[dict[str, Any]] = []
    for item in wire.FrameDecoder().feed(bytes.fromhex(stream["wire"])):
        if isinstance(item, wire.FrameFault):
            outcomes.append({"error": item.name.lower()})
            continue
        try:
            message = wire.decode_message(item, from_hub=stream["direction"] == "hub_to_host")
        except wire.ProtocolError as error:
            outcomes.append({"error": error.fault.name.lower()})
            continue
        outcomes.append({"type": wire.MessageType(item.type).name, "seq": item.seq, "message": message})
    expected = [
        e if "error" in e else {"type": e["type"], "seq": e["seq"], "message": message_from(e["type"], e["fields"])}
        for e in stream["expect"]
    ]
    assert outcomes == expected


@pytest.mark.parametrize("case", VECTORS["sequence"]["cases"], ids=lambda c: f"{c['last']}->{c['seq']}")
def test_the_sequence_rule(case: dict[str, Any]) -> None:
    assert wire.sequence_step(case["last"], case["seq"]) == (wire.Sequence(case["action"]), case["lost"])


def test_a_stream_split_anywhere_decodes_the_same() -> None:
    wire_bytes = b"".join(bytes.fromhex(v["wire"]) for v in VECTORS["frames"] if v["direction"] == "hub_to_host")
    whole = wire.FrameDecoder().feed(wire_bytes)
    for cut in range(1, len(wire_bytes), 7):
        decoder = wire.FrameDecoder()
        assert decoder.feed(wire_bytes[:cut]) + decoder.feed(wire_bytes[cut:]) == whole


# --- Damage and fuzz ------------------------------------------------------------------------------------------

GOOD = [bytes.fromhex(v["wire"]) for v in VECTORS["frames"]]


def accepted(data: bytes) -> list[wire.Frame]:
    return [item for item in wire.FrameDecoder().feed(data) if isinstance(item, wire.Frame)]


def test_no_frame_damaged_in_one_byte_is_ever_accepted() -> None:
    """Every vector frame, every byte of it, every wrong value: CRC-16 catches them all (and COBS the rest)."""
    tried = 0
    for frame in GOOD:
        for at in range(len(frame)):
            for flip in range(1, 256):
                damaged = bytearray(frame)
                damaged[at] ^= flip
                if damaged[at] == 0 and 0 < at < len(frame) - 1:
                    continue  # a zero inside splits it into two pieces: covered by the truncation test below
                assert accepted(bytes(damaged)) == [], (frame.hex(), at, flip)
                tried += 1
    assert tried > 100_000


def test_no_truncated_frame_is_accepted_and_the_next_frame_still_is() -> None:
    follower = GOOD[0]
    (intact,) = accepted(follower)
    for frame in GOOD:
        for cut in range(1, len(frame) - 1):
            assert accepted(frame[:cut] + follower) == [intact], (frame.hex(), cut)
            # Without the follower's opening 0x00 the two run together: both are lost, nothing else is taken.
            assert accepted(frame[:cut] + follower[1:]) in ([], [intact]), (frame.hex(), cut)


def mangled_stream(seed: int, garbage: bytes) -> bytes:
    """Real frames, some with a byte flipped or cut short, with garbage between them; all chosen by `seed`."""
    pieces = [garbage]
    for _ in range(1 + seed % 4):
        frame = bytearray(GOOD[seed % len(GOOD)])
        seed //= len(GOOD)
        damage, seed = seed % 3, seed // 3
        if damage == 1:
            frame[seed % len(frame)] ^= 1 + (seed >> 8) % 255
        elif damage == 2:
            frame = frame[: 1 + seed % (len(frame) - 1)]
        pieces.append(bytes(frame))
        seed //= 7
    return b"".join(pieces)


FUZZ_EXAMPLES = int(os.environ.get("PIRATE_TABLE_FUZZ", "10000"))  # `make fuzz` runs 100 000 (BENCHMARKS.md)


@settings(max_examples=FUZZ_EXAMPLES, deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(st.integers(0, 2**64), st.binary(max_size=48))
def test_fuzz_nothing_escapes_the_parser(seed: int, garbage: bytes) -> None:
    """Streams of garbage and damaged frames (10 000 in the test suite, 100 000 with `make fuzz`): no exception
    escapes, and what is accepted is exact."""
    for frame in accepted(mangled_stream(seed, garbage)):
        try:
            message = wire.decode_message(frame, from_hub=wire.sent_by_hub(frame.type))
        except wire.ProtocolError:
            continue  # refused by name: fine
        assert wire.encode_message(message, frame.seq) == wire.encode_frame(frame)
