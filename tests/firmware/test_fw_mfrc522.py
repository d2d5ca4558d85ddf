"""The MFRC522 driver against the register-level fake: activation of 4-, 7- and 10-byte UIDs, HALT and WUPA,
NTAG READ and WRITE, the CRC coprocessor, and what it does when the chip is absent or hangs."""

import mfrc522
import pytest
from fw_fakes import FakeClock, FakeMFRC522, FakeSPI, FakeTag, Field, crc_a

UID7 = bytes.fromhex("04a1b2c3d4e5f6")


def rig(tag=None):
    clock = FakeClock()
    spi = FakeSPI(clock)
    field = Field()
    if tag is not None:
        field.place(tag, 0)
    fake = FakeMFRC522(clock, field)
    chip = mfrc522.MFRC522(spi, spi.cs_for(fake), clock)
    return clock, fake, chip


def test_init_configures_timer_crc_preset_and_antenna():
    _, fake, chip = rig()
    assert chip.init(True)
    assert fake.regs[0x14] & 0x03 == 0x03  # antenna on
    assert fake.regs[0x2A] & 0x80  # TAuto
    assert fake.regs[0x15] == 0x40  # 100 % ASK
    assert fake.regs[0x11] & 0x03 == 0x01  # CRC preset 0x6363


def test_crc_coprocessor_matches_crc_a():
    _, _, chip = rig()
    chip.init(True)
    for data in (b"\x50\x00", b"\x30\x04", bytes(range(16))):
        assert chip.crc_a(data) == crc_a(data)
    assert chip.crc_a(b"\x50\x00") == b"\x57\xcd"  # the well-known HLTA CRC


def test_no_tag_means_no_answer_quickly():
    clock, _, chip = rig()
    chip.init(True)
    t = clock.us
    assert chip.identify() is None
    assert clock.us - t < 2000  # one WUPA and a ~1 ms timeout


@pytest.mark.parametrize("uid", [bytes.fromhex("deadbeef"), UID7, bytes.fromhex("0411223344556677889a")])
def test_identify_walks_the_cascade_levels(uid):
    _, _, chip = rig(FakeTag(uid))
    chip.init(True)
    assert chip.identify() == uid
    assert len(chip.select_frames) == {4: 1, 7: 2, 10: 3}[len(uid)]


def test_halted_tag_wakes_to_wupa_and_reselects():
    tag = FakeTag(UID7)
    _, _, chip = rig(tag)
    chip.init(True)
    assert chip.identify() == UID7
    chip.halt()
    assert tag.state == "HALT"
    assert chip.reselect(chip.select_frames) == mfrc522.SELECTED
    assert tag.state == "ACTIVE"
    chip.halt()
    assert chip.identify() == UID7  # still the same tag: identify gives its UID again


def test_reselect_tells_absent_from_another_tag():
    tag = FakeTag(UID7)
    clock, fake, chip = rig(tag)
    chip.init(True)
    chip.identify()
    frames = chip.select_frames
    chip.halt()
    fake.field.remove(tag, clock.ms)
    assert chip.reselect(frames) == mfrc522.ABSENT
    fake.field.place(FakeTag(bytes.fromhex("04000000000001")), clock.ms)
    assert chip.reselect(frames) == mfrc522.OTHER


def test_read_and_write_pages():
    tag = FakeTag(UID7)
    _, _, chip = rig(tag)
    chip.init(True)
    chip.identify()
    assert chip.ntag_read(3)[:4] == bytes((0xE1, 0x10, 0x12, 0x00))  # capability container of an NTAG213
    assert chip.ntag_write(4, b"\x03\x00\xfe\x00")
    assert chip.ntag_write(5, b"ABCD")
    assert chip.ntag_read(4)[:8] == b"\x03\x00\xfe\x00ABCD"
    assert tag.writes == 2


def test_write_outside_user_memory_is_refused():
    _, _, chip = rig(FakeTag(UID7))
    chip.init(True)
    chip.identify()
    assert not chip.ntag_write(2, b"\x00\x00\x00\x00")  # lock bytes: the tag NAKs


def test_absent_chip_is_not_initialised():
    _, fake, chip = rig()
    fake.kill(0)
    assert not chip.init(True)
    assert not chip.version_ok()


def test_hung_chip_raises_reader_fault_within_its_deadline():
    clock, fake, chip = rig(FakeTag(UID7))
    chip.init(True)
    fake.hang(clock.ms)
    t = clock.ms
    with pytest.raises(mfrc522.ReaderFault) as e:
        chip.identify()
    assert e.value.code == mfrc522.READER_TIMEOUT
    assert clock.ms - t <= 8
