"""The dice game's screens: drawn at the table's sizes in every language, without cutting any text short."""

from __future__ import annotations

import itertools
import re

import pygame
import pytest

from table.core.inputs import CameraDown
from table.core.text import LANGUAGES
from table.display import typeset
from table.display.card_art import INK
from table.display.language import catalog
from table.display.typeset import watch_overflows
from table.display.views import PAD, Paint, find_view
from table.games.skullking_dice import art as dice_art
from table.games.skullking_dice.art import DIE_KINDS, draw_die, kind_mark
from table.games.skullking_dice.views import draw_dice_table, register_dice_screens
from tests.display.paints import Recorder
from tests.games.dice_driver import DiceTable


def six_players_mid_trick() -> DiceTable:
    table = DiceTable(players=(0, 1, 2, 3, 4, 5), seats=6)
    table.bid_all({0: 1, 1: 0, 2: 1, 3: 0, 4: 1, 5: 0})
    table.throw("pirate:skull")
    table.throw("black:6")
    table.throw("yellow:flag", confidence=0.3)  # in doubt
    table.throw("red:2", together=1)  # an extra die: seat 2's die lies there already
    return table


def finished_round() -> DiceTable:
    table = DiceTable()
    table.bid_all({0: 1, 1: 0, 2: 0})
    for code in ("black:6", "black:7", "red:2"):
        table.throw(code)
    return table


@pytest.mark.parametrize("size", [(1920, 1080), (800, 480)])
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_dice_screen_fits_in_every_language(size: tuple[int, int], language: str) -> None:
    register_dice_screens()
    models = [six_players_mid_trick().screen, finished_round().screen, DiceTable().screen]
    ended = six_players_mid_trick()
    ended.send(CameraDown("unplugged"))
    models.append(ended.screen)
    paint = Paint(catalog=catalog(language))
    with watch_overflows() as overflows, typeset.screen(size):
        for model in models:
            for kind in ("main", PAD):
                view = find_view(model, kind)
                assert view is not None
                assert view.draw(model, size, paint).get_size() == size
    assert overflows == []


def test_the_round_summary_follows_a_rounds_last_trick() -> None:
    register_dice_screens()
    assert find_view(finished_round().screen).draw.__name__ == "draw_round_summary"
    assert find_view(six_players_mid_trick().screen).draw is draw_dice_table


def test_every_kind_of_die_has_its_own_mark_and_looks_different() -> None:
    assert len(DIE_KINDS) == 7
    pictures = {pygame.image.tobytes(draw_die(kind, "skull", 64), "RGBA") for kind in DIE_KINDS}
    assert len(pictures) == 7
    assert pygame.image.tobytes(draw_die("black", "6", 64), "RGBA") != pygame.image.tobytes(
        draw_die("black", "7", 64), "RGBA"
    )
    masks = {}
    for kind in DIE_KINDS:  # in one ink: the mark alone tells the kind, for colour-blind players
        surface = pygame.Surface((60, 60), pygame.SRCALPHA)
        kind_mark(surface, kind, pygame.Rect(5, 5, 50, 50), INK)
        masks[kind] = pygame.mask.from_surface(surface)
    for a, b in itertools.combinations(DIE_KINDS, 2):
        overlap = masks[a].overlap_area(masks[b], (0, 0))
        assert masks[a].count() + masks[b].count() - 2 * overlap > 200, f"{a} and {b} look alike in one colour"


def test_a_die_s_kind_is_a_drawn_mark_never_an_english_letter(monkeypatch: pytest.MonkeyPatch) -> None:
    """ "noir (K)" in French, and black's K read as the King while the Skull King die is S: no letters at all."""
    written: list[str] = []
    real = dice_art.fit_text
    monkeypatch.setattr(dice_art, "fit_text", lambda words, *a, **k: written.append(words) or real(words, *a, **k))
    dice_art._draw_die.cache_clear()
    for kind in DIE_KINDS:
        for face in ("skull", "", "5"):
            draw_die(kind, face, 64)
    dice_art._draw_die.cache_clear()
    assert set(written) <= {"5"}  # the numeral; the kind is a shape
    for language in ("en", "fr"):
        for screen in (six_players_mid_trick().screen, finished_round().screen):
            paint = Recorder(catalog(language))
            for kind in ("main", PAD):
                find_view(screen, kind).draw(screen, (1280, 720), paint)
            assert not [words for words in paint.said if re.search(r"\([A-Z]\)|#\d+ [A-Z] ", words)], language


def test_the_die_that_led_the_trick_is_marked() -> None:
    table = six_players_mid_trick()
    trick = table.screen.trick
    assert trick is not None
    paint = Recorder()
    draw_dice_table(table.screen, (1280, 720), paint)
    led = [words for words in paint.said if words.endswith("(led)")]
    leader = table.screen.seats[trick.leader]
    assert led == [f"{leader.label or leader.name} (led)"]
