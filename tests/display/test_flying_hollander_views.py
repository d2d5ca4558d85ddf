"""The Flying Hollander on the scoreboard: every screen drawn at both sizes, the cards from shapes, the bar."""

from __future__ import annotations

import pytest

from table.core.inputs import NewGame, Undo
from table.display.views import Paint
from table.games.flying_hollander import rules as fh
from table.games.flying_hollander.inputs import ChooseNext, PirateSwap, TakePile
from table.games.flying_hollander.views import HollanderControls, draw_card
from tests.display.hollander_screens import draw, hollander_screens


@pytest.mark.parametrize("size", [(1920, 1080), (800, 480)])
def test_every_screen_is_drawn_at_both_sizes(size: tuple[int, int]) -> None:
    for name, screen in hollander_screens().items():
        surface = draw(screen, size)
        assert surface.get_size() == size, name


def test_every_card_is_drawn_from_shapes() -> None:
    for code in fh.CODES:
        card = draw_card(code, 200, Paint())
        assert card.get_height() == 200


def actions(name: str) -> list[object]:
    return [button.action for button in HollanderControls().buttons(hollander_screens()[name])]


def test_the_bar_offers_the_pile_undo_and_a_new_game() -> None:
    found = actions("ghost")
    assert TakePile(1) in found and Undo() in found and NewGame() not in found  # a new game asks first


def test_the_bar_offers_the_wormhole_choice_for_every_other_player() -> None:
    found = actions("wormhole")
    assert [action for action in found if isinstance(action, ChooseNext)] == [
        ChooseNext(1, 0),
        ChooseNext(1, 2),
        ChooseNext(1, 3),
    ]
    assert not any(isinstance(action, TakePile) for action in found)


def test_the_bar_offers_the_pirate_swap() -> None:
    screens = hollander_screens()
    from dataclasses import replace

    screen = replace(screens["ghost"], swapping=1)
    found = [button.action for button in HollanderControls().buttons(screen)]
    assert PirateSwap(1, 0) in found and PirateSwap(1, None) in found and PirateSwap(1, 1) not in found
