"""NDEF on NTAG21x user memory (from page 4): find the NDEF TLV, read its first Text record, build one.

Only what the seat hub needs: one well-known Text record ('T'), UTF-8, language 'en' when writing.
"""

TLV_NULL = 0x00
TLV_NDEF = 0x03
TLV_TERMINATOR = 0xFE
MORE = -1  # message_span(): the bytes read so far end before the NDEF TLV header does


def message_span(data):
    """(start, length) of the first NDEF message in `data` (user memory from page 4), None if the tag holds
    none, or MORE when more bytes must be read to tell. `start + length` may exceed len(data)."""
    i = 0
    n = len(data)
    while i < n:
        t = data[i]
        if t == TLV_NULL:
            i += 1
            continue
        if t == TLV_TERMINATOR:
            return None
        if i + 1 >= n:
            return MORE
        length = data[i + 1]
        head = 2
        if length == 0xFF:  # three-byte length form
            if i + 3 >= n:
                return MORE
            length = data[i + 2] << 8 | data[i + 3]
            head = 4
        if t == TLV_NDEF:
            return (i + head, length)
        i += head + length  # lock / memory control or proprietary TLV: skip it
    return MORE


def text_of(message):
    """Text of the first Text record of an NDEF message, or None (no Text record, UTF-16, bad UTF-8,
    or a record that runs past the end of `message`)."""
    i = 0
    n = len(message)
    try:
        while i < n:
            hdr = message[i]
            type_len = message[i + 1]
            i += 2
            if hdr & 0x10:  # SR: one-byte payload length
                pay_len = message[i]
                i += 1
            else:
                pay_len = message[i] << 24 | message[i + 1] << 16 | message[i + 2] << 8 | message[i + 3]
                i += 4
            id_len = 0
            if hdr & 0x08:  # IL: an ID length byte follows
                id_len = message[i]
                i += 1
            rtype = bytes(message[i : i + type_len])
            i += type_len + id_len
            payload = message[i : i + pay_len]
            i += pay_len
            if i > n:
                return None
            # TNF 1 (well-known), type 'T', not a chunk (CF clear)
            if (hdr & 0x07) == 0x01 and rtype == b"T" and not (hdr & 0x20) and pay_len >= 1:
                status = payload[0]
                if status & 0x80:  # UTF-16 text: not a card code we write
                    return None
                return bytes(payload[1 + (status & 0x3F) :]).decode("utf-8")
            if hdr & 0x40:  # ME: last record
                return None
    except (IndexError, UnicodeError):
        return None
    return None


def build_text(text, lang="en"):
    """NDEF TLV (0x03, length, one short Text record) plus terminator 0xFE, zero-padded to whole 4-byte
    pages, ready to write from page 4. Raises ValueError when it does not fit one short record."""
    t = text.encode("utf-8")
    lg = lang.encode("utf-8")
    pay_len = 1 + len(lg) + len(t)
    record_len = 4 + pay_len  # header, type length, payload length, type 'T'
    if pay_len > 255 or record_len > 254:
        raise ValueError("text too long")
    out = bytearray((TLV_NDEF, record_len, 0xD1, 0x01, pay_len, 0x54, len(lg)))  # 0xD1: MB ME SR, TNF 1
    out.extend(lg)
    out.extend(t)
    out.append(TLV_TERMINATOR)
    while len(out) % 4:
        out.append(0)
    return bytes(out)
