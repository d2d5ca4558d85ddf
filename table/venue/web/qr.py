"""The wall's QR code for phones: segno's (the library under the table's own QR, table/display/qr.py), as inline
SVG, scaled by the page's CSS (its viewBox), dark modules on a light ground with the standard's quiet zone."""

from __future__ import annotations

from functools import lru_cache

import segno
from markupsafe import Markup

QUIET_ZONE = 4  # modules of light ground around the code (ISO/IEC 18004), as the table's
ERROR_LEVEL = "m"  # 15 % of the code may be lost (a reflection on the TV's glass) and it still reads


@lru_cache(maxsize=8)
def qr_svg(url: str) -> Markup:
    code = segno.make(url, error=ERROR_LEVEL, micro=False)
    svg = code.svg_inline(scale=1, border=QUIET_ZONE, omitsize=True, dark="#000", light="#fff")
    return Markup(svg)  # segno's own markup: the URL is encoded in the modules, never written into it
