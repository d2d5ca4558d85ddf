"""A URL as a QR code on a pygame surface, for a phone's camera: dark modules on a light ground, each module a whole
number of pixels (a blurred edge between modules hampers the reading), with the quiet zone of 4 modules the
standard asks for around it. The code itself is segno's (pure Python)."""

from __future__ import annotations

from functools import lru_cache

import pygame
import segno

from table.display.card_art import INK, PAPER

QUIET_ZONE = 4  # modules of light ground on every side (ISO/IEC 18004)
ERROR_LEVEL = "m"  # 15 % of the code may be lost (a reflection on the glass) and it still reads


def modules(url: str) -> int:
    """How many modules wide the code of `url` is, quiet zone included."""
    return int(segno.make(url, error=ERROR_LEVEL, micro=False).symbol_size(scale=1, border=QUIET_ZONE)[0])


@lru_cache(maxsize=8)
def qr_surface(url: str, module: int) -> pygame.Surface:
    """The QR code of `url`, `module` pixels per module, quiet zone included (a square surface)."""
    if module < 1:
        raise ValueError(f"a QR module is at least 1 pixel, not {module}")
    code = segno.make(url, error=ERROR_LEVEL, micro=False)
    rows = [list(row) for row in code.matrix_iter(scale=1, border=QUIET_ZONE)]
    small = pygame.Surface((len(rows[0]), len(rows)))
    small.fill(PAPER)
    for y, row in enumerate(rows):
        for x, dark in enumerate(row):
            if dark:
                small.set_at((x, y), INK)
    return pygame.transform.scale(small, (small.get_width() * module, small.get_height() * module))  # no smoothing


def fitted_qr(url: str, side: int) -> pygame.Surface | None:
    """The largest QR code of `url` whose modules are whole pixels and that fits a `side` x `side` square; None if
    not even one pixel per module fits."""
    module = side // modules(url)
    return qr_surface(url, module) if module >= 1 else None
