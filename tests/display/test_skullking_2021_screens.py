"""Skull King 2021's screens at both sizes: drawn headless from the real flow, no text cut short; the bar offers the
Tigress, the pirates' abilities and the cannonball."""

from __future__ import annotations

import pytest

from table.display.controls import ActionBar
from table.display.typeset import watch_overflows
from table.display.views import find_view
from table.games.skullking.trick_view import draw_trick_screen
from table.games.skullking_2021.controls import SkullKing2021Controls
from table.games.skullking_2021.inputs import Cannonball, ChooseLeader
from tests.display.screens import Shot
from tests.display.skullking_2021_shots import shots
from tests.display.test_every_screen import draw

SIZES = [(1920, 1080), (800, 480)]


@pytest.mark.parametrize("size", SIZES)
def test_every_2021_screen_draws_without_overflow(size: tuple[int, int]) -> None:
    for name, screen in shots("en").items():
        with watch_overflows() as overflows:
            draw(Shot(screen, pad=name == "score-pad"), size)  # type: ignore[arg-type]
        assert overflows == [], f"{name} at {size}: {overflows}"


def test_the_2021_views_draw_the_2021_screen() -> None:
    screen = shots("en")["kraken"]
    view = find_view(screen)
    assert view is not None and view.draw.func is draw_trick_screen  # type: ignore[attr-defined]  (its faces given)


def test_the_bar_asks_rosie_who_leads_and_offers_the_cannonball() -> None:
    bar = ActionBar()
    rosie = shots("en")["rosie"]
    assert isinstance(bar.of(rosie), SkullKing2021Controls)
    actions = [button.action for button in bar.buttons(rosie)]
    assert ChooseLeader(1, 0) in actions and ChooseLeader(1, 3) in actions
    rascal = shots("en")["rascal-bidding"]
    own = bar.of(rascal)
    assert own is not None
    own.selected = 2  # the seat chosen on the screen
    assert Cannonball(2, True) in [button.action for button in bar.buttons(rascal)]
    own.selected = 1
    assert Cannonball(1, False) in [button.action for button in bar.buttons(rascal)]


def test_the_bar_offers_bids_up_to_the_cards_dealt() -> None:
    from table.core.inputs import ChooseBid
    from table.core.table_state import TableState
    from table.games.skullking_2021 import rules as sk
    from table.games.skullking_2021.flow import SkullKing2021Flow

    flow = SkullKing2021Flow(TableState(8), list(range(8)), sk.Options(loot=False, kraken=False, whale=False))
    flow._start_round(10)
    bids = [b.action.value for b in ActionBar().buttons(flow.screen()) if isinstance(b.action, ChooseBid)]
    assert bids == list(range(9))
