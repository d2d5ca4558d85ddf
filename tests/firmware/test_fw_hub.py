"""The hub loop on simulated hardware: six MFRC522 fakes on one SPI bus, tags coming and going on a timeline,
time moving only by what the firmware does (fw_fakes.TIMING). Latency figures here are simulated time."""

import hub as H
import protocol as P
from fw_fakes import Bench, FakeTag, Rng, pairs

PROMISE_MS = 60
CODES = ["pirate:harry-the-giant", "yellow:12", "scarymary", "black:13", "pirate:tortuga-jack"]


def uid(n):
    return bytes((0x04, 0x10, 0x20, 0x30, 0x40, 0x50 + n // 256, n % 256))


def bench(held=(0, 1, 2, 3, 4), code="pirate:harry-the-giant", until=300):
    """A started hub whose readers in `held` hold a tag from the start (the heaviest polling load)."""
    b = Bench()
    for i in held:
        b.fields[i].place(FakeTag(uid(i), code=code), 0)
    b.start()
    b.run_until(until)
    return b


def after(b, name, reader, t):
    return [m for m in b.messages(name, reader) if m[0] >= t]


# ---- start, heartbeat, sequence numbers ---------------------------------------------------------------------


def test_hello_first_then_the_cards_already_there():
    b = bench(held=(1, 3))
    msgs = b.link.messages()
    assert msgs[0][1:] == ("HELLO", 0, {"protocol": 1, "firmware": [1, 0, 0], "readers": 6})
    placed = b.messages("PLACED")
    assert [(m[3]["reader"], m[3]["uid"], m[3]["code"]) for m in placed] == [
        (1, uid(1), "pirate:harry-the-giant"),
        (3, uid(3), "pirate:harry-the-giant"),
    ]


def test_heartbeat_every_500ms_and_sequence_numbers_run_on_across_the_wrap():
    b = bench()
    b.run_until(6000)  # the fake clock's ticks_ms wraps about 3 s in: uptime and timers must not notice
    beats = b.messages("HEARTBEAT")
    assert len(beats) == 11  # 500, 1000, ... 5500
    gaps = [q[0] - p[0] for p, q in pairs(beats)]
    assert all(500 - 20 <= g <= 500 + 20 for g in gaps), gaps
    for t, _, _, f in beats:
        assert f["interval_ms"] == 500
        if t > 600:  # after the first cycle, which read all five cards
            assert 20 <= f["max_cycle_ms"] <= 27  # 5 x 4.8 ms checks + 1.5 ms for the empty reader
        assert abs(f["uptime_ms"] - t) <= 20  # uptime counts from power-up, across the ticks wrap
    assert beats[0][3]["max_cycle_ms"] >= 5 * 15  # the first: five new cards, ~15 ms each
    seqs = [m[2] for m in b.link.messages()]
    assert seqs == [i % 256 for i in range(len(seqs))]


def test_sequence_numbers_wrap_after_255():
    b = bench(held=())
    for k in range(300):
        b.link.host_sends(P.PING, (k + 1) % 256, {})
        b.run_until(b.clock.ms + 3)
    seqs = [m[2] for m in b.link.messages()]
    assert len(seqs) > 300
    assert seqs == [i % 256 for i in range(len(seqs))]
    assert [m[3]["ref"] for m in b.messages("PONG")] == [(k + 1) % 256 for k in range(300)]


def test_polling_rate_is_at_least_20_hz_per_reader():
    b = bench(held=(0, 1, 2, 3, 4, 5))
    b.run_until(2000)
    for chip in b.chips:
        times = [t for t in chip.wupa_times if t > 500]
        assert max(q - p for p, q in pairs(times)) <= 50


# ---- placement and removal latency --------------------------------------------------------------------------


def test_placement_within_60ms_and_removal_within_60ms_after_debounce():
    rng = Rng(3)
    b = bench()
    t = 300.0
    worst_place = worst_remove = 0.0
    for k in range(30):
        t += rng.uniform(0, 60)  # a random phase against the poll cycle
        tag = FakeTag(uid(100 + k), code=rng.choice(CODES))
        off = t + rng.uniform(200, 300)
        b.fields[5].place(tag, t, off)
        b.run_until(off + H.DEBOUNCE_MS + 150)
        placed = after(b, "PLACED", 5, t)
        removed = after(b, "REMOVED", 5, t)
        assert [m[3]["uid"] for m in placed] == [tag.uid]
        assert placed[0][3]["code"] in CODES
        assert len(removed) == 1
        worst_place = max(worst_place, placed[0][0] - t)
        worst_remove = max(worst_remove, removed[0][0] - off)
        assert removed[0][0] - off > 60  # a loss this short would still count as a flicker
        t = b.clock.ms
    assert 15 <= worst_place <= PROMISE_MS  # (a read alone takes ~15 ms: the fakes make time pass)
    assert worst_remove <= H.DEBOUNCE_MS + PROMISE_MS
    assert not b.messages("REMOVED", 0) and len(b.messages("PLACED", 0)) == 1  # neighbours undisturbed


def test_two_cards_settling_together_are_both_within_60ms():
    rng = Rng(5)
    b = bench(held=(0, 1, 2, 3))
    t = 300.0
    for k in range(10):
        t += rng.uniform(0, 60)
        for r in (4, 5):
            b.fields[r].place(FakeTag(uid(200 + 2 * k + r), code="pirate:harry-the-giant"), t, t + 200)
        b.run_until(t + 200 + H.DEBOUNCE_MS + 100)
        for r in (4, 5):
            placed = after(b, "PLACED", r, t)
            assert len(placed) == 1
            assert placed[0][0] - t <= PROMISE_MS
        t = b.clock.ms


def test_longest_code_is_within_60ms():
    b = bench()
    code = "z" * P.MAX_CODE
    for k in range(8):
        t = 300 + k * 400 + 7.3 * k
        b.fields[5].place(FakeTag(uid(300 + k), code=code), t, t + 150)
        b.run_until(t + 390)
        placed = after(b, "PLACED", 5, t)
        assert placed[0][3]["code"] == code
        assert placed[0][0] - t <= PROMISE_MS


def test_swapped_card_is_removed_and_placed_at_once():
    b = bench()
    first = FakeTag(uid(400), code="yellow:1")
    second = FakeTag(uid(401), code="yellow:2")
    b.fields[5].place(first, 400, 1000)
    b.fields[5].place(second, 1010)  # 10 ms without a card: well inside the debounce
    b.run_until(1200)
    events = [(m[1], m[3].get("code")) for m in b.link.messages() if m[3].get("reader") == 5]
    assert events == [("PLACED", "yellow:1"), ("REMOVED", None), ("PLACED", "yellow:2")]
    assert after(b, "PLACED", 5, 1010)[0][0] - 1010 <= PROMISE_MS


# ---- HALT, flicker ------------------------------------------------------------------------------------------


def test_resting_card_is_halted_between_polls_and_reported_once():
    b = bench(held=(2,))
    tag = b.fields[2].spans[0][2]
    b.run_until(3000)
    assert len(b.messages("PLACED", 2)) == 1 and not b.messages("REMOVED", 2)
    assert tag.state == "HALT"  # after every presence check the hub halts it; WUPA wakes it for the next
    assert len([t for t in b.chips[2].wupa_times if t > 1000]) >= 40  # and it was checked all along


def test_flickering_card_is_reported_once():
    rng = Rng(11)
    b = bench()
    tag = FakeTag(uid(500), code="mermaid")
    t = 400.0
    while t < 3400:  # present for 20..150 ms, then gone for 1..50 ms, over and over
        on = rng.uniform(20, 150)
        b.fields[5].place(tag, t, t + on)
        t += on + rng.uniform(1, 50)
    b.fields[5].place(tag, t, 4000)
    b.run_until(4300)
    assert [m[3]["code"] for m in b.messages("PLACED", 5)] == ["mermaid"]
    removed = b.messages("REMOVED", 5)
    assert len(removed) == 1 and removed[0][0] > 4000


def test_a_long_loss_is_a_removal():
    b = bench()
    tag = FakeTag(uid(501), code="escape")
    b.fields[5].place(tag, 400, 800)
    b.fields[5].place(tag, 800 + H.DEBOUNCE_MS + 70, 2000)
    b.run_until(2300)
    assert [m[1] for m in b.link.messages() if m[3].get("reader") == 5] == ["PLACED", "REMOVED", "PLACED", "REMOVED"]


# ---- a reader that fails ------------------------------------------------------------------------------------


def test_dead_reader_is_reported_others_stay_on_time_and_it_comes_back():
    b = bench(held=(0, 1, 2, 3))
    b.chips[2].kill(1000, 3000)  # unplugged: MISO reads 0x00
    b.fields[5].place(FakeTag(uid(600), code="yellow:5"), 1500.0, 1800.0)
    b.fields[4].place(FakeTag(uid(601), code="yellow:6"), 2222.2)
    b.run_until(4500)
    err = b.messages("READER_ERROR", 2)
    assert len(err) == 1 and err[0][3]["error"] == P.READER_NO_CHIP
    assert 1000 < err[0][0] <= 1000 + 100
    assert after(b, "PLACED", 5, 1500)[0][0] - 1500 <= PROMISE_MS
    assert after(b, "PLACED", 4, 2222.2)[0][0] - 2222.2 <= PROMISE_MS
    assert after(b, "REMOVED", 5, 1800)[0][0] - 1800 <= H.DEBOUNCE_MS + PROMISE_MS
    ok = b.messages("READER_OK", 2)
    assert len(ok) == 1 and 3000 < ok[0][0] <= 3000 + H.RETRY_MS + 60
    back = after(b, "PLACED", 2, ok[0][0])  # its card is read again once the reader is back
    assert len(back) == 1 and back[0][3]["uid"] == uid(2)
    assert not b.messages("REMOVED", 0) and not b.messages("REMOVED", 2)


def test_hung_reader_is_reported_with_timeout_and_others_stay_on_time():
    b = bench(held=(0, 1, 2, 3))
    b.chips[3].hang(1000)
    b.fields[5].place(FakeTag(uid(700), code="red:7"), 1003.0)
    b.fields[4].place(FakeTag(uid(701), code="red:8"), 2500.0)
    b.run_until(3500)
    err = b.messages("READER_ERROR", 3)
    assert len(err) == 1 and err[0][3]["error"] == P.READER_TIMEOUT
    assert after(b, "PLACED", 5, 1003)[0][0] - 1003 <= PROMISE_MS
    assert after(b, "PLACED", 4, 2500)[0][0] - 2500 <= PROMISE_MS
    assert not b.messages("READER_OK")


def test_reader_missing_at_boot_is_named_after_hello():
    b = Bench()
    b.chips[4].kill(0)
    b.start()
    names = [(m[1], m[3]) for m in b.link.messages()]
    assert names[0][0] == "HELLO"
    assert names[1] == ("READER_ERROR", {"reader": 4, "error": P.READER_NO_CHIP})


# ---- host requests ------------------------------------------------------------------------------------------


def test_snapshot_answers_the_state_of_every_reader():
    b = bench(held=(0, 3))
    b.chips[5].kill(0)
    b.run_until(600)
    b.link.host_sends(P.SNAPSHOT_REQUEST, 9, {})
    b.run_until(700)
    snaps = b.messages("SNAPSHOT")
    assert len(snaps) == 1
    assert snaps[0][3] == {
        "ref": 9,
        "readers": [
            {"state": P.STATE_TAG, "uid": uid(0), "code": "pirate:harry-the-giant"},
            {"state": P.STATE_EMPTY},
            {"state": P.STATE_EMPTY},
            {"state": P.STATE_TAG, "uid": uid(3), "code": "pirate:harry-the-giant"},
            {"state": P.STATE_EMPTY},
            {"state": P.STATE_FAILED, "error": P.READER_NO_CHIP},
        ],
    }


def test_host_hello_restarts_the_hub_sequence_and_snapshot_follows():
    b = bench(held=(1,))
    b.run_until(1200)
    assert b.link.messages()[-1][2] >= 3
    b.link.inbox.extend(b"\x00")  # the host's first byte after opening the port: ends any partial frame
    b.link.host_sends(P.HOST_HELLO, 0, {"protocol": 1})
    b.link.host_sends(P.SNAPSHOT_REQUEST, 1, {})
    t = b.clock.ms
    b.run_until(t + 50)
    new = [m for m in b.link.messages() if m[0] >= t]
    assert [(m[1], m[2]) for m in new[:2]] == [("HELLO", 0), ("SNAPSHOT", 1)]
    assert new[1][3]["readers"][1]["uid"] == uid(1)


def test_sequence_rules_of_the_vectors(vectors):
    for case in vectors["sequence"]["cases"]:
        b = bench(held=())
        b.link.host_sends(P.HOST_HELLO, 0, {"protocol": 1})
        b.link.host_sends(P.PING, case["last"], {})
        b.run_until(b.clock.ms + 5)
        before = len(b.messages("PONG"))
        b.link.host_sends(P.PING, case["seq"], {})
        b.run_until(b.clock.ms + 5)
        answered = len(b.messages("PONG")) - before
        assert answered == (0 if case["action"] == "duplicate" else 1), case
        assert b.hub.dup_frames == (1 if case["action"] == "duplicate" else 0), case
        assert b.hub.lost_frames == case["lost"] + (case["last"] - 1) % 256, case  # HELLO 0 -> PING last


def test_write_tag_round_trip():
    b = bench(held=())
    blank = FakeTag(uid(800))
    b.fields[1].place(blank, 0)
    b.run_until(500)
    assert b.messages("PLACED", 1)[0][3]["code"] == ""  # a blank card: UID, no code
    b.link.host_sends(P.WRITE_TAG, 4, {"reader": 1, "text": "pirate:betty-brave"})
    b.run_until(1000)
    res = b.messages("WRITE_RESULT")
    assert [r[3] for r in res] == [{"ref": 4, "reader": 1, "status": P.WRITE_OK, "uid": uid(800)}]
    assert blank.user(28).startswith(b"\x03\x19\xd1\x01\x15T\x02en" + b"pirate:betty-brave\xfe")
    b.link.host_sends(P.SNAPSHOT_REQUEST, 5, {})
    b.run_until(1100)
    assert b.messages("SNAPSHOT")[0][3]["readers"][1]["code"] == "pirate:betty-brave"
    assert len(b.messages("PLACED", 1)) == 1  # the write itself is no new placement
    # Lifted and laid down again, the card now reads with its new code.
    b.fields[1].remove(blank, 1200)
    b.fields[1].place(blank, 1500)
    b.run_until(1700)
    assert [m[3]["code"] for m in b.messages("PLACED", 1)] == ["", "pirate:betty-brave"]


def test_write_tag_failures_are_reported():
    b = bench(held=(0,))
    b.chips[3].kill(0)
    nak = FakeTag(uid(900))
    nak.fail_writes = True
    b.fields[4].place(nak, 0)
    b.run_until(500)
    for seq, reader in ((1, 1), (2, 9), (3, 3), (4, 4)):
        b.link.host_sends(P.WRITE_TAG, seq, {"reader": reader, "text": "yellow:3"})
    b.run_until(1000)
    got = [(r[3]["ref"], r[3]["status"]) for r in b.messages("WRITE_RESULT")]
    assert got == [(1, P.WRITE_NO_TAG), (2, P.WRITE_BAD_READER), (3, P.WRITE_READER_FAILED), (4, P.WRITE_FAILED)]
    assert b.fields[0].spans[0][2].writes == 0


def test_garbage_from_the_host_never_stops_the_hub():
    rng = Rng(7)
    b = bench()
    t = 300.0
    for k in range(20):
        junk = bytes(rng.choice((0x00, 0x03, 0xFF, rng.randrange(256))) for _ in range(rng.randrange(1, 200)))
        b.link.inbox.extend(junk)
        if k % 5 == 0:
            b.link.inbox.extend(b"\x41" * 700)  # oversized
        b.fields[5].place(FakeTag(uid(1000 + k), code=f"blue:{k % 13 + 1}"), t + 5, t + 150)
        b.run_until(t + 400)
        placed = after(b, "PLACED", 5, t + 5)
        assert len(placed) == 1 and placed[0][0] - (t + 5) <= PROMISE_MS
        t = b.clock.ms
    b.link.host_sends(P.PING, 77, {})  # the hub still understands the host
    b.run_until(t + 600)
    assert b.messages("PONG")[-1][3] == {"ref": 77}
    errors = b.messages("ERROR")
    assert errors and len(errors) <= (t + 600) / H.ERROR_GAP_MS + 1  # rate-limited
    assert b.messages("HEARTBEAT")[-1][3]["bad_frames"] >= len(errors)


def test_unknown_and_wrong_direction_frames_get_an_error_frame():
    b = bench(held=())
    body = bytes((0x7E, 5))
    crc = P.crc16(body)
    b.link.inbox.extend(b"\x00" + P.cobs_encode(body + bytes((crc >> 8, crc & 0xFF))) + b"\x00")
    b.run_until(b.clock.ms + 5)
    b.clock.advance(H.ERROR_GAP_MS * 1000)
    b.link.host_sends(P.REMOVED, 6, {"reader": 1})
    b.run_until(b.clock.ms + 5)
    assert [m[3] for m in b.messages("ERROR")] == [
        {"error": P.UNKNOWN_TYPE, "ref_type": 0x7E, "ref": 5},
        {"error": P.UNKNOWN_TYPE, "ref_type": P.REMOVED, "ref": 6},
    ]


# ---- cards whose pages cannot be read -----------------------------------------------------------------------


def test_card_that_is_not_an_ntag_is_reported_by_uid_alone():
    b = bench()
    classic = FakeTag(bytes.fromhex("a1b2c3d4"), sak=0x08, read_fails=-1)
    b.fields[5].place(classic, 400.0)
    b.run_until(700)
    placed = b.messages("PLACED", 5)
    assert [(m[3]["uid"], m[3]["code"]) for m in placed] == [(classic.uid, "")]
    assert placed[0][0] - 400 <= PROMISE_MS


def test_reads_that_fail_while_settling_are_retried():
    b = bench()
    b.fields[5].place(FakeTag(uid(1100), code="red:3", read_fails=2), 400.0)
    b.run_until(800)
    assert [m[3]["code"] for m in b.messages("PLACED", 5)] == ["red:3"]


def test_ntag_that_never_reads_is_reported_once_without_code():
    b = bench()
    b.fields[5].place(FakeTag(uid(1101), code="red:4", read_fails=-1), 400.0)
    b.run_until(1500)
    assert [(m[3]["uid"], m[3]["code"]) for m in b.messages("PLACED", 5)] == [(uid(1101), "")]


def test_known_card_replaced_by_an_unreadable_one_is_still_removed():
    b = bench()
    b.fields[5].place(FakeTag(uid(1102), code="red:5"), 400.0, 800.0)
    b.fields[5].place(FakeTag(uid(1103), code="red:6", read_fails=-1), 805.0)
    b.run_until(1500)
    events = [(m[1], m[3].get("uid")) for m in b.link.messages() if m[3].get("reader") == 5]
    assert events == [("PLACED", uid(1102)), ("REMOVED", None), ("PLACED", uid(1103))]
    assert after(b, "REMOVED", 5, 800)[0][0] - 800 <= H.DEBOUNCE_MS + PROMISE_MS
