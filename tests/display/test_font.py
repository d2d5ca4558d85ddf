"""The face the table draws with: shipped with it, kerned, whole letters, and every script a player's name may use."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from table.core.text import LANGUAGES
from table.display import typeset
from table.display.typeset import TOUCH, TV, font, render, text_width
from table.fonts import FACE, missing_glyphs
from table.locale import po_path, read_catalog

SIZES = sorted({*TV.steps, *TOUCH.steps, 20, 44})


def _gap(pair: str, size: int) -> int:
    """Blank columns between the ink of the pair's two letters, drawn as one word."""
    drawn = font(size).render(pair, True, (255, 255, 255))
    first = font(size).render(pair[0], True, (255, 255, 255)).get_bounding_rect()
    columns = [x for x in range(drawn.get_width()) if any(drawn.get_at((x, y)).a for y in range(drawn.get_height()))]
    left = [x for x in columns if x < first.right + 1]
    right = [x for x in columns if x > max(left)]
    return min(right) - max(left) - 1


def test_the_face_is_shipped_with_its_licence() -> None:
    assert FACE.is_file() and FACE.parent.name == "fonts"
    assert "Bitstream Vera" in (FACE.parent / "LICENSE-DejaVu.txt").read_text()
    assert font(30).size("H") != pygame.font.Font(pygame.font.get_default_font(), 30).size("H")  # not pygame's own


@pytest.mark.parametrize("size", SIZES)
def test_blackbeard_is_one_word(size: int) -> None:
    """pygame's own face pushed "k" and "b" apart ("Black beard"): between them now, no more room than between
    the other letters of the name, and the name no wider than its letters' advances added up."""
    gaps = {pair: _gap(pair, size) for pair in ("la", "ac", "ck", "kb", "be", "ea", "ar", "rd")}
    assert gaps["kb"] <= max(gap for pair, gap in gaps.items() if pair != "kb"), gaps
    assert font(size).size("Blackbeard")[0] <= sum(font(size).size(letter)[0] for letter in "Blackbeard")


def test_pairs_are_kerned() -> None:
    face = font(60)
    for pair in ("AV", "To", "Yo"):
        assert face.size(pair)[0] < face.size(pair[0])[0] + face.size(pair[1])[0], pair


@pytest.mark.parametrize("size", SIZES)
def test_tails_and_accents_are_drawn_whole(size: int) -> None:
    """ "Lead suit: yellow" lost its "y" tail: a line is as tall as its letters, from an accent over a capital to
    the tail of a g or y."""
    for words in ("Lead suit: yellow", "Égalité", "Ñandú gypsy", "Übersicht"):
        drawn = render(words, size, (255, 255, 255))
        ink = drawn.get_bounding_rect()
        metrics = [m for m in font(size).metrics(words) if m is not None]
        tallest = max(m[3] for m in metrics) - min(m[2] for m in metrics)
        assert ink.height >= tallest - 1, (words, size, ink, tallest)  # antialiasing may leave a row blank
        assert ink.width >= text_width(words, size) - 2, (words, size)


def test_a_plain_line_is_as_tall_as_its_size() -> None:
    """Trimmed to its letters, a line takes the height pygame's face gave it, so the layouts keep their room."""
    for size in SIZES:
        assert size - 1 <= typeset.line_height(size) <= size + 2, size


@pytest.mark.parametrize(
    "name",
    ["Жанна Д'Арк", "Ἀλέξανδρος", "Αθηνά Παπαδοπούλου", "Nguyễn Thị Ánh", "Đặng Quốc Bảo", "Łukasz Żółć", "Çağla"],
)
def test_names_in_latin_greek_cyrillic_and_vietnamese_have_every_letter(name: str) -> None:
    assert missing_glyphs(name) == ""
    assert all(metrics is not None for metrics in font(30).metrics(name))


def test_a_cjk_name_lacks_its_letters() -> None:
    assert missing_glyphs("李小龍 Bruce") == "李小龍"
    assert missing_glyphs("さくら") == "さくら"


def test_the_face_has_every_letter_of_every_catalog() -> None:
    for language in LANGUAGES:
        if language == "en":
            continue
        for message in read_catalog(po_path(language), language):
            if not message.id:
                continue
            forms = [message.string] if isinstance(message.string, str) else list(message.string)
            for form in forms:
                assert missing_glyphs(form) == "", (language, form)


def test_every_font_of_the_table_is_made_by_the_typesetter() -> None:
    """One face for every screen: no module but typeset.py makes a pygame font (pygame's own face, FreeSans, would
    come back with its boxes and its "Black beard")."""
    root = Path(__file__).parents[2]
    makers = ("pygame.font.Font(", "font.SysFont(", "pygame.freetype", "get_default_font(")
    found = [
        str(path.relative_to(root))
        for folder in ("table", "vision", "bench")
        for path in sorted((root / folder).rglob("*.py"))
        if path.name != "typeset.py" and any(maker in path.read_text(encoding="utf-8") for maker in makers)
    ]
    assert found == []
