"""The seat hub's loop: poll every reader, report tags placed and removed, answer the host.

Everything physical comes in from outside: `chips` (MFRC522 objects, one per reader), `link` (read() returns
the bytes waiting, possibly none, without blocking; write(data)) and `clock` (ticks_ms, ticks_diff, ticks_add).
One step() polls one reader, so the host link and the heartbeat are served between readers.
"""

import ndef
import protocol as P
from mfrc522 import ABSENT, SELECTED, ReaderFault

FIRMWARE_VERSION = (1, 0, 0)
HEARTBEAT_MS = 500
DEBOUNCE_MS = 100  # a tag must be unseen this long (and by MISS_LIMIT polls in a row) to count as removed
MISS_LIMIT = 2
FAULT_LIMIT = 2  # polls in a row with a chip fault before the reader is declared failed
RETRY_MS = 1000  # how often a failed reader is tried again
ERROR_GAP_MS = 100  # at most one ERROR frame per this many ms; the rest are only counted
NDEF_READ_LIMIT = 64  # bytes of user memory read at most: 4 READs, enough for a 48-byte code
USER_BYTES = 144  # NTAG213 user memory (pages 4..39); NTAG215 has more, we never need it
READ_TRIES = 10  # polls in a row whose READ fails before a card is reported by its UID alone
SAK_TYPE2 = 0x00  # NTAG / Ultralight: the only tags whose pages READ (0x30) can fetch


class Reader:
    """What the hub knows about one reader."""

    def __init__(self, chip):
        self.chip = chip
        self.state = P.STATE_EMPTY
        self.uid = None
        self.code = ""
        self.frames = None  # cached SELECT frames of the tag on it
        self.last_seen = 0
        self.misses = 0
        self.faults = 0
        self.error = 0
        self.retry_at = 0
        self.trying = None  # a new UID whose pages could not be read yet
        self.tries = 0


def read_code(chip):
    """Card code from the NDEF Text record of the ACTIVE tag: the text, "" when the tag carries none (or it is
    not a usable code), None when a READ failed (the tag is not settled yet)."""
    data = chip.ntag_read(4)
    if data is None:
        return None
    buf = bytearray(data)
    while True:
        span = ndef.message_span(buf)
        if span is None:
            return ""
        if span != ndef.MORE and span[0] + span[1] <= len(buf):
            break
        if len(buf) >= NDEF_READ_LIMIT:
            if span == ndef.MORE:
                return ""
            break  # parse what we have: a short first record may still be complete
        data = chip.ntag_read(4 + len(buf) // 4)
        if data is None:
            return None
        buf.extend(data)
    text = ndef.text_of(buf[span[0] : span[0] + span[1]])
    if text is None or len(text.encode("utf-8")) > P.MAX_CODE:
        return ""
    return text


class Hub:
    def __init__(self, chips, link, clock, heartbeat_ms=HEARTBEAT_MS):
        self.readers = [Reader(c) for c in chips]
        self._link = link
        self._clock = clock
        self._heartbeat_ms = heartbeat_ms
        self._decoder = P.Decoder()
        self._tx_seq = 0
        self._rx_seq = None  # seq of the last accepted host frame; None until a HOST_HELLO or first frame
        self.bad_frames = 0
        self.lost_frames = 0
        self.dup_frames = 0
        self._next = 0
        now = clock.ticks_ms()
        self._last_tick = now
        self.uptime_ms = 0
        self._next_heartbeat = now
        self._error_at = None
        self._cycle_start = None
        self.max_cycle_ms = 0  # longest poll cycle (all readers once) since the last heartbeat

    # ---- time ---------------------------------------------------------------------------------------------

    def _now(self):
        """ticks_ms, and uptime kept by summing differences, so it survives the ticks wrap-around."""
        c = self._clock
        now = c.ticks_ms()
        self.uptime_ms += c.ticks_diff(now, self._last_tick)
        self._last_tick = now
        return now

    # ---- start and loop -----------------------------------------------------------------------------------

    def start(self):
        """Bring up every reader (soft reset: boot only), then say HELLO and name the readers that failed."""
        for r in self.readers:
            try:
                ok = r.chip.init(True)
            except ReaderFault:
                ok = False
            if not ok:
                r.state = P.STATE_FAILED
                r.error = P.READER_NO_CHIP
                r.retry_at = self._clock.ticks_add(self._now(), RETRY_MS)
        self._send_hello()
        for i, r in enumerate(self.readers):
            if r.state == P.STATE_FAILED:
                self._send(P.READER_ERROR, {"reader": i, "error": r.error})
        self._next_heartbeat = self._clock.ticks_add(self._now(), self._heartbeat_ms)

    def step(self):
        """One turn of the loop: host input, one reader, heartbeat. Never blocks: returns within ~25 ms
        (after a WRITE_TAG, ~115 ms)."""
        self._service_link()
        if self.readers:
            i = self._next
            self._next = (i + 1) % len(self.readers)
            if i == 0:
                self._cycle_mark()
            self._poll(i, self.readers[i])
        self._heartbeat()

    def run(self, between=None):
        while True:
            self.step()
            if between is not None:
                between()

    # ---- output ---------------------------------------------------------------------------------------------

    def _send(self, mtype, fields):
        self._link.write(P.encode_message(mtype, self._tx_seq, fields))
        self._tx_seq = (self._tx_seq + 1) & 0xFF

    def _send_hello(self):
        self._tx_seq = 0  # a HELLO always starts the hub's sequence again
        hello = {"protocol": P.PROTOCOL_VERSION, "firmware": FIRMWARE_VERSION, "readers": len(self.readers)}
        self._send(P.HELLO, hello)

    def _cycle_mark(self):
        now = self._now()
        if self._cycle_start is not None:
            d = self._clock.ticks_diff(now, self._cycle_start)
            if d > self.max_cycle_ms:
                self.max_cycle_ms = d
        self._cycle_start = now

    def _heartbeat(self):
        c = self._clock
        now = self._now()
        if c.ticks_diff(now, self._next_heartbeat) < 0:
            return
        self._send(
            P.HEARTBEAT,
            {
                "interval_ms": self._heartbeat_ms,
                "uptime_ms": self.uptime_ms & 0xFFFFFFFF,
                "bad_frames": self.bad_frames & 0xFFFF,
                "lost_frames": self.lost_frames & 0xFFFF,
                "dup_frames": self.dup_frames & 0xFFFF,
                "max_cycle_ms": min(self.max_cycle_ms, 0xFFFF),
            },
        )
        self.max_cycle_ms = 0
        self._next_heartbeat = c.ticks_add(self._next_heartbeat, self._heartbeat_ms)
        if c.ticks_diff(now, self._next_heartbeat) >= 0:  # after a long stall: no burst of heartbeats
            self._next_heartbeat = c.ticks_add(now, self._heartbeat_ms)

    def snapshot(self):
        out = []
        for r in self.readers:
            if r.state == P.STATE_TAG:
                out.append({"state": r.state, "uid": r.uid, "code": r.code})
            elif r.state == P.STATE_FAILED:
                out.append({"state": r.state, "error": r.error})
            else:
                out.append({"state": r.state})
        return out

    # ---- input ----------------------------------------------------------------------------------------------

    def _service_link(self):
        data = self._link.read()
        if not data:
            return
        for item in self._decoder.feed(data):
            if isinstance(item, int):
                self._bad(item, 0, 0)
            else:
                self._on_frame(item[0], item[1], item[2])

    def _bad(self, code, mtype, seq):
        """Count a bad frame and tell the host, at most once per ERROR_GAP_MS so garbage cannot flood the link."""
        self.bad_frames += 1
        c = self._clock
        now = self._now()
        if self._error_at is not None and c.ticks_diff(now, self._error_at) < ERROR_GAP_MS:
            return
        self._error_at = now
        self._send(P.ERROR, {"error": code, "ref_type": mtype, "ref": seq})

    def _on_frame(self, mtype, seq, payload):
        if not mtype & 0x80:  # a hub-to-host type sent to the hub
            self._bad(P.UNKNOWN_TYPE, mtype, seq)
            return
        try:
            f = P.decode_payload(mtype, payload)
        except P.ProtocolError as e:
            self._bad(e.code, mtype, seq)
            return
        if mtype == P.HOST_HELLO:  # a (re)connect: both sequences start again
            self._rx_seq = seq
            self._send_hello()
            return
        if self._rx_seq is not None:
            if seq == self._rx_seq:
                self.dup_frames += 1
                return
            self.lost_frames += (seq - self._rx_seq - 1) & 0xFF
        self._rx_seq = seq
        if mtype == P.SNAPSHOT_REQUEST:
            self._send(P.SNAPSHOT, {"ref": seq, "readers": self.snapshot()})
        elif mtype == P.PING:
            self._send(P.PONG, {"ref": seq})
        elif mtype == P.WRITE_TAG:
            status, uid = self._write_tag(f["reader"], f["text"])
            self._send(P.WRITE_RESULT, {"ref": seq, "reader": f["reader"], "status": status, "uid": uid})

    # ---- polling --------------------------------------------------------------------------------------------

    def _poll(self, i, r):
        if r.state == P.STATE_FAILED:
            if self._clock.ticks_diff(self._now(), r.retry_at) >= 0:
                self._retry(i, r)
            return
        try:
            if not r.chip.version_ok():
                raise ReaderFault(P.READER_NO_CHIP)
            self._poll_tag(i, r)
            r.faults = 0
        except ReaderFault as e:
            self._fault(i, r, e.code)

    def _poll_tag(self, i, r):
        chip = r.chip
        if r.uid is not None:
            # The known tag was halted after the last poll: WUPA wakes it, and a direct SELECT of its UID
            # proves it is still there. Only a failed re-select can lead to a removal.
            seen = chip.reselect(r.frames)
            if seen == SELECTED:
                chip.halt()
                self._seen(r)
                return
            if seen == ABSENT:
                self._missed(i, r)
                return
        uid = chip.identify()
        if uid is None:
            if r.uid is not None:
                self._missed(i, r)
            return
        if uid == r.uid:  # our tag after all (the re-select met a bad moment)
            chip.halt()
            self._seen(r)
            return
        code = read_code(chip) if chip.sak == SAK_TYPE2 else ""
        chip.halt()
        if code is None:
            # A READ failed: the card is still settling, so the next poll tries again. A tag that never
            # gives its pages is reported by its UID alone in the end.
            r.tries = r.tries + 1 if r.trying == uid else 1
            r.trying = uid
            if r.tries < READ_TRIES:
                if r.uid is not None:  # some other tag answers here, not ours
                    self._missed(i, r)
                return
            code = ""
        r.trying = None
        if r.uid is not None:  # a different tag replaced ours: the old one is certainly gone
            self._send(P.REMOVED, {"reader": i})
        r.state = P.STATE_TAG
        r.uid = uid
        r.code = code
        r.frames = chip.select_frames
        self._seen(r)
        self._send(P.PLACED, {"reader": i, "uid": uid, "code": code})

    def _seen(self, r):
        r.last_seen = self._now()
        r.misses = 0

    def _missed(self, i, r):
        r.misses += 1
        if r.misses >= MISS_LIMIT and self._clock.ticks_diff(self._now(), r.last_seen) >= DEBOUNCE_MS:
            self._forget(r)
            self._send(P.REMOVED, {"reader": i})

    def _forget(self, r):
        r.state = P.STATE_EMPTY
        r.uid = None
        r.code = ""
        r.frames = None
        r.misses = 0

    def _fault(self, i, r, code):
        r.faults += 1
        if r.faults < FAULT_LIMIT:
            return
        # The reader's contents are now unknown: forget its tag (the host learns it from READER_ERROR).
        self._forget(r)
        r.state = P.STATE_FAILED
        r.error = code
        r.retry_at = self._clock.ticks_add(self._now(), RETRY_MS)
        self._send(P.READER_ERROR, {"reader": i, "error": code})

    def _retry(self, i, r):
        try:
            ok = r.chip.init(False)  # no soft reset: its 50 ms wait would stall the other readers
        except ReaderFault:
            ok = False
        if not ok:
            r.retry_at = self._clock.ticks_add(self._now(), RETRY_MS)
            return
        r.state = P.STATE_EMPTY
        r.faults = 0
        r.error = 0
        self._send(P.READER_OK, {"reader": i})

    # ---- writing a tag ------------------------------------------------------------------------------------

    def _write_tag(self, i, text):
        """Write `text` as an NDEF Text record to the tag on reader i, then read it back.
        Returns (status, uid); polling of the other readers pauses meanwhile (about 100 ms at most)."""
        if i >= len(self.readers):
            return P.WRITE_BAD_READER, b""
        r = self.readers[i]
        if r.state == P.STATE_FAILED:
            return P.WRITE_READER_FAILED, b""
        try:
            data = ndef.build_text(text)
        except ValueError:
            return P.WRITE_TOO_LONG, b""
        if len(data) > USER_BYTES:
            return P.WRITE_TOO_LONG, b""
        chip = r.chip
        try:
            uid = chip.identify()
            if uid is None:
                return P.WRITE_NO_TAG, b""
            status = P.WRITE_OK
            for k in range(0, len(data), 4):
                if not chip.ntag_write(4 + k // 4, data[k : k + 4]):
                    status = P.WRITE_FAILED
                    break
            if status == P.WRITE_OK:
                for k in range(0, len(data), 16):
                    back = chip.ntag_read(4 + k // 4)
                    want = data[k : k + 16]
                    if back is None or back[: len(want)] != want:
                        status = P.WRITE_VERIFY_FAILED
                        break
            chip.halt()
        except ReaderFault as e:
            self._fault(i, r, e.code)
            return P.WRITE_READER_FAILED, b""
        if status == P.WRITE_OK and uid == r.uid:
            r.code = text  # the host knows the new code from its own WRITE_TAG; no second PLACED is sent
            self._seen(r)
        return status, uid
