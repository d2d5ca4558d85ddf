"""The face every screen of the table draws with, shipped with it, and which characters it can draw.

DejaVu Sans Condensed Bold (Bitstream Vera licence, LICENSE-DejaVu.txt beside it): kerned, and it has the
letters of Latin (with Vietnamese), Greek (with polytonic Greek) and Cyrillic. Condensed, so the texts fitted to
the scale take about the room pygame's own face (FreeSans Bold, 641 glyphs, no kerning worth the name) took.

`missing_glyphs` reads the face's character map (the TrueType 'cmap' table, formats 4 and 12) with the standard
library alone, so the core can refuse a name the screen would draw as empty boxes without importing pygame.
"""

from __future__ import annotations

import struct
import unicodedata
from functools import cache
from pathlib import Path

FACE = Path(__file__).parent / "DejaVuSansCondensed-Bold.ttf"


def missing_glyphs(words: str) -> str:
    """The characters of `words` (composed, NFC) that the face has no glyph for, each once, in order."""
    covered = code_points()
    missing: list[str] = []
    for char in unicodedata.normalize("NFC", words):
        if ord(char) not in covered and not char.isspace() and char not in missing:  # a space is drawn as one
            missing.append(char)
    return "".join(missing)


@cache
def code_points(face: Path = FACE) -> frozenset[int]:
    """Every character the face maps to a glyph."""
    data = face.read_bytes()
    return frozenset(_code_points(data, _cmap_subtable(data)))


def _cmap_subtable(data: bytes) -> int:
    """The offset of the Unicode subtable of the 'cmap' table: the full one (format 12) if there is one."""
    count = struct.unpack_from(">H", data, 4)[0]
    tables = dict(struct.unpack_from(">4s4xI4x", data, 12 + 16 * n) for n in range(count))
    cmap = tables.get(b"cmap")
    if cmap is None:
        raise ValueError("the font has no character map")
    subtables = struct.unpack_from(">H", data, cmap + 2)[0]
    offsets = {}
    for n in range(subtables):
        platform, encoding, offset = struct.unpack_from(">HHI", data, cmap + 4 + 8 * n)
        offsets[(platform, encoding)] = cmap + offset
    for wanted in ((3, 10), (0, 4), (3, 1), (0, 3)):  # Windows full Unicode, Unicode full, then the BMP ones
        if wanted in offsets:
            return offsets[wanted]
    raise ValueError("the font has no Unicode character map")


def _code_points(data: bytes, at: int) -> set[int]:
    kind = struct.unpack_from(">H", data, at)[0]
    if kind == 12:
        groups = struct.unpack_from(">I", data, at + 12)[0]
        out: set[int] = set()
        for n in range(groups):
            first, last, _ = struct.unpack_from(">III", data, at + 16 + 12 * n)
            out.update(range(first, last + 1))
        return out
    if kind == 4:
        return _format_4(data, at)
    raise ValueError(f"the font's character map is of format {kind}, not 4 or 12")


def _format_4(data: bytes, at: int) -> set[int]:
    """The characters of a format 4 subtable that lead to a glyph other than the missing one (glyph 0)."""
    segments = struct.unpack_from(">H", data, at + 6)[0] // 2
    ends = struct.unpack_from(f">{segments}H", data, at + 14)
    starts_at = at + 16 + 2 * segments
    starts = struct.unpack_from(f">{segments}H", data, starts_at)
    deltas = struct.unpack_from(f">{segments}h", data, starts_at + 2 * segments)
    ranges_at = starts_at + 4 * segments
    ranges = struct.unpack_from(f">{segments}H", data, ranges_at)
    out: set[int] = set()
    for n in range(segments):
        for char in range(starts[n], ends[n] + 1):
            if char == 0xFFFF:
                continue
            if ranges[n] == 0:
                glyph = (char + deltas[n]) & 0xFFFF
            else:
                where = ranges_at + 2 * n + ranges[n] + 2 * (char - starts[n])
                glyph = struct.unpack_from(">H", data, where)[0]
                glyph = (glyph + deltas[n]) & 0xFFFF if glyph else 0
            if glyph:
                out.add(char)
    return out
