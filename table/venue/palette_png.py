"""Screenshots made small for the repository: a PNG rewritten with a palette of its 256 most used colours (a page's
flat colours are kept exactly; the odd anti-aliased edge pixel takes the nearest of them) and zlib's best
compression. Chromium writes fast, large PNGs; these are a third of the size or less."""

from __future__ import annotations

import os
import struct
import zlib
from pathlib import Path

import numpy as np

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # after the variable: no greeting on stdout

COLOURS = 256


def shrink(path: Path) -> None:
    """Rewrite the PNG at `path` with a palette (in place)."""
    pixels = pygame.surfarray.array3d(pygame.image.load(str(path))).transpose(1, 0, 2).astype(np.int32)
    packed = (pixels[..., 0] << 16) | (pixels[..., 1] << 8) | pixels[..., 2]
    colours, counts = np.unique(packed, return_counts=True)
    palette = colours[np.argsort(-counts)[:COLOURS]]
    rgb = lambda packed_colours: np.stack(  # noqa: E731
        [(packed_colours >> 16) & 255, (packed_colours >> 8) & 255, packed_colours & 255], axis=-1
    )
    distance = ((rgb(colours)[:, None, :] - rgb(palette)[None, :, :]) ** 2).sum(axis=-1)
    nearest = distance.argmin(axis=1).astype(np.uint8)  # each colour of the picture -> its palette entry
    indices = nearest[np.searchsorted(colours, packed)]
    height, width = indices.shape
    rows = np.concatenate([np.zeros((height, 1), np.uint8), indices], axis=1)  # filter 0 on every row
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
    plte = rgb(palette).astype(np.uint8).tobytes()
    data = b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"PLTE", plte)
    data += _chunk(b"IDAT", zlib.compress(rows.tobytes(), 9)) + _chunk(b"IEND", b"")
    path.write_bytes(data)


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
