"""The dice game's screens: drawn at the table's sizes in every language, without cutting any text short."""

from __future__ import annotations

import pygame
import pytest

from table.display import typeset
from table.display.dice_art import DIE_LETTERS, draw_die
from table.display.dice_views import draw_dice_table, register_dice_screens
from table.display.language import catalog
from table.display.typeset import watch_overflows
from table.display.views import PAD, Paint, find_view
from table.games.dice_inputs import CameraDown
from table.games.text import LANGUAGES
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


def test_every_kind_of_die_has_its_own_letter_and_looks_different() -> None:
    assert len(set(DIE_LETTERS.values())) == len(DIE_LETTERS) == 7
    pictures = {pygame.image.tobytes(draw_die(kind, "skull", 64), "RGBA") for kind in DIE_LETTERS}
    assert len(pictures) == 7
    assert pygame.image.tobytes(draw_die("black", "6", 64), "RGBA") != pygame.image.tobytes(
        draw_die("black", "7", 64), "RGBA"
    )
