"""NDEF TLV and Text record handling (ndef.py) and the hub's read_code() over a simulated tag."""

import hub
import mfrc522
import ndef
from fw_fakes import FakeClock, FakeMFRC522, FakeSPI, FakeTag, Field


def test_build_text_layout():
    data = ndef.build_text("yellow:12")
    # TLV 0x03 len | D1 (MB ME SR, TNF 1) | type len 1 | payload len | 'T' | status: UTF-8, lang len 2 | en | text
    assert data[:9] == bytes((0x03, 16, 0xD1, 0x01, 12, 0x54, 0x02)) + b"en"
    assert data[9:18] == b"yellow:12"
    assert data[18] == 0xFE
    assert len(data) % 4 == 0 and set(data[19:]) <= {0}


def test_round_trip_of_codes():
    for code in ("yellow:12", "scarymary", "pirate:harry-the-giant", "x", "flying:holländer", "a" * 48):
        data = ndef.build_text(code)
        start, length = ndef.message_span(data)
        assert ndef.text_of(data[start : start + length]) == code


def test_build_text_refuses_what_does_not_fit_a_short_record():
    try:
        ndef.build_text("a" * 300)
    except ValueError:
        return
    raise AssertionError("a 300-byte text was accepted")


def test_span_skips_null_and_lock_control_tlvs_and_reads_long_lengths():
    record = ndef.build_text("black:1")[2 : 2 + 14]
    data = b"\x00\x00" + b"\x01\x03\xa0\x0c\x34" + b"\x03\xff\x00\x0e" + record + b"\xfe"
    assert ndef.message_span(data) == (11, 14)
    assert ndef.text_of(data[11:25]) == "black:1"


def test_span_of_blank_and_partial_data():
    assert ndef.message_span(b"\x03\x00\xfe\x00") == (2, 0)  # factory-fresh NTAG: an empty NDEF message
    assert ndef.message_span(b"\xfe\x00\x00\x00") is None
    assert ndef.message_span(b"\x00\x00\x00\x03") is ndef.MORE
    assert ndef.message_span(b"\x03\xff\x00") is ndef.MORE


def test_text_of_finds_text_after_another_record_and_ignores_utf16():
    uri = bytes((0x91, 0x01, 0x05, 0x55, 0x04)) + b"x.io"  # MB SR, 'U' record
    text = bytes((0x51, 0x01, 0x0A, 0x54, 0x02)) + b"en" + b"mermaid"  # ME SR, 'T' record
    assert ndef.text_of(uri + text) == "mermaid"
    utf16 = bytes((0xD1, 0x01, 0x07, 0x54, 0x82)) + b"en" + "ab".encode("utf-16-be")
    assert ndef.text_of(utf16) is None
    assert ndef.text_of(text[:-3]) is None  # truncated record
    assert ndef.text_of(bytes((0xD1, 0x01, 0x04, 0x54, 0x02)) + b"en\xff") is None  # bad UTF-8


def _active_chip(tag):
    clock = FakeClock()
    spi = FakeSPI(clock)
    field = Field()
    field.place(tag, 0)
    fake = FakeMFRC522(clock, field)
    chip = mfrc522.MFRC522(spi, spi.cs_for(fake), clock)
    assert chip.init(True)
    clock.advance(5000)
    assert chip.identify() == tag.uid
    return chip


def test_read_code_from_tags():
    assert hub.read_code(_active_chip(FakeTag(b"\x04\x01\x02\x03\x04\x05\x06", code="yellow:12"))) == "yellow:12"
    assert hub.read_code(_active_chip(FakeTag(b"\x04\x01\x02\x03\x04\x05\x06", code="b" * 48))) == "b" * 48
    ntag215 = FakeTag(b"\x04\x01\x02\x03\x04\x05\x08", pages=135, code="skullking")
    assert hub.read_code(_active_chip(ntag215)) == "skullking"
    blank = FakeTag(b"\x04\x01\x02\x03\x04\x05\x07")
    assert hub.read_code(_active_chip(blank)) == ""


def test_read_code_rejects_codes_longer_than_the_protocol_allows():
    tag = FakeTag(b"\x04\x01\x02\x03\x04\x05\x06", code="c" * 49)
    assert hub.read_code(_active_chip(tag)) == ""
