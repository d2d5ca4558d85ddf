"""Card art: every card of every card game draws at scoreboard sizes, and suits differ in shape as well as colour."""

from __future__ import annotations

import itertools

import pygame
import pytest

from table.display.card_art import (
    CARD_RATIO,
    INK,
    SUIT_COLOURS,
    CardFace,
    card_words,
    draw_card,
    hand_word,
    suit_mark,
)
from table.games.skullking_2021.art import card_face

SPECIALS = ("escape", "pirate:harry-the-giant", "scarymary:escape", "mermaid", "skullking", "tigress:pirate", "kraken")
FACES = [CardFace("number", suit, number) for suit in SUIT_COLOURS for number in (1, 7, 13)] + [
    card_face(code) for code in (*SPECIALS, "whale", "loot", "unknown")
]


@pytest.mark.parametrize("width", [48, 90, 240])
@pytest.mark.parametrize("face", FACES, ids=lambda f: f"{f.kind}-{f.suit}-{f.number}")
def test_every_card_draws_at_every_size(face: CardFace, width: int) -> None:
    card = draw_card(face, width)
    assert card.get_size() == (width, round(width * CARD_RATIO))
    assert len({card.get_at((x, card.get_height() // 2))[:3] for x in range(width)}) > 1  # something is drawn


def test_the_suits_differ_in_shape_not_only_in_colour() -> None:
    masks = {}
    for suit in SUIT_COLOURS:
        surface = pygame.Surface((60, 60), pygame.SRCALPHA)
        suit_mark(surface, suit, pygame.Rect(5, 5, 50, 50), INK)  # all in the same ink
        masks[suit] = pygame.mask.from_surface(surface)
    for a, b in itertools.combinations(SUIT_COLOURS, 2):
        overlap = masks[a].overlap_area(masks[b], (0, 0))
        differ = masks[a].count() + masks[b].count() - 2 * overlap
        assert differ > 300, f"{a} and {b} look alike in one colour"


def test_a_number_card_shows_its_suit_by_shapes_and_no_english_letter(monkeypatch: pytest.MonkeyPatch) -> None:
    """Black's "K" read as a King, and "Y" stayed English in every language: the suit's shape says it instead."""
    from table.display import card_art

    written: list[str] = []
    real = card_art.fit_text
    monkeypatch.setattr(card_art, "fit_text", lambda words, *a, **k: written.append(words) or real(words, *a, **k))
    card_art._draw_card.cache_clear()
    for suit in SUIT_COLOURS:
        draw_card(CardFace("number", suit, 9), 90)
    card_art._draw_card.cache_clear()
    assert set(written) == {"9"}


def test_a_special_card_s_words_go_beside_it_not_on_it() -> None:
    from table.display.typeset import record_texts

    assert card_words(card_face("pirate:tortuga-jack")) == ["Pirate", "Tortuga Jack"]
    assert card_words(card_face("mermaid")) == ["Mermaid"]
    assert card_words(card_face("tigress:escape")) == ["Tigress", "as Escape"]
    assert card_words(card_face("red:7")) == []
    assert card_words(card_face("treasure")) == ["treasure"]  # a card the edition does not know: its code
    with record_texts() as found:
        draw_card(card_face("pirate:harry-the-giant"), 47)  # too small for words at a readable size
    assert found == []


def test_a_hand_says_a_pirate_by_its_own_name_and_another_special_by_its_kind() -> None:
    said = [hand_word(card_face(code)) for code in ("pirate:tortuga-jack", "scarymary:pirate", "kraken", "blue:3")]
    assert said == ["Tortuga Jack", "Scary Mary", "Kraken", ""]
