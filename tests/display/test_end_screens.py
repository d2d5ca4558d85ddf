"""The end of every game says the right thing, and the running totals are on the trick screen (issue 27, items 1
and 2): a final screen says why the winners won and nothing stale (the last trick's why, "Next card", "OUT");
Skull King's plates (both editions) show each seat's total so far; numbers side by side are drawn in one size."""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache

import pytest

from table.core.frame import Phase
from table.display import typeset
from table.display.typeset import Drawn
from tests.display.all_screens import Frame, all_frames, draw

SIZES = [(1920, 1080), (1280, 720), (800, 480)]


@cache
def frames(language: str) -> dict[str, Frame]:
    return all_frames(language)


def texts(name: str | Frame, size: tuple[int, int], language: str = "en") -> list[Drawn]:
    """The texts of a frame as the scoreboard shows it (the view's last drawing, the strips and the bar)."""
    frame = frames(language)[name] if isinstance(name, str) else name
    with typeset.record_texts() as found:
        board = draw(frame, size)
    return [d for d in found if d.target in (board.surface, board._board) and d.placed]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", ["final-ranking", "2021-final-ranking", "dice-final-ranking"])
def test_a_final_ranking_in_points_says_why_the_winner_won_and_not_the_last_trick(
    name: str, size: tuple[int, int]
) -> None:
    said = [d.text for d in texts(name, size)]
    winner = frames("en")[name].model.ranking[0]
    assert f"won with {winner.total} points" in " ".join(said)  # "Seat 2 won with -30 points"
    assert any(re.fullmatch(rf"{winner.total} points", words) for words in said)  # each row says what it counts
    why = frames("en")[name].model.why
    assert why is None or why.render() not in said  # the last trick's why is old news at the end


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_hollander_s_end_names_who_went_out_first_and_every_player_s_cards_left(size: tuple[int, int]) -> None:
    model = frames("en")["hollander-final-ranking"].model
    assert model.phase is Phase.GAME_OVER
    said = " ".join(d.text for d in texts("hollander-final-ranking", size))
    assert "Next card" not in said and "OUT" not in said
    assert "went out first" in said and "winner" in said
    for seat in model.players:
        view = model.seats[seat]
        left = view.hand + view.clash + view.final
        assert re.search(rf"\b{left} cards? left", said), view.name


@pytest.mark.parametrize("name", ["trick", "trick-result", "2021-trick", "2021-rosie"])
def test_every_skull_king_plate_shows_the_seat_s_total_so_far(name: str) -> None:
    """On the TV and the demo's window, on every plate alike (a third line, or joined to the state or the name:
    seat_oval.PlateSizes); on the 7-inch screen with six seats the totals are left out where they fit on no plate
    beside "WINS THE TRICK (+30 bonus)" or "Bartholomew (deals)": the score pad (V) has them."""
    model = frames("en")[name].model
    for size in SIZES[:2]:
        said = " ".join(d.text for d in texts(name, size))
        for view in model.seats:
            if view.joined:
                assert f"total {view.total}" in said, (name, size, view.name)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_numbers_side_by_side_are_drawn_in_one_size(size: tuple[int, int]) -> None:
    """ "12" was smaller than "4" on the Hollander's plates; "yellow stack" smaller than "red stack"."""
    mutiny = frames("en")["hollander-mutiny"]
    held = tuple(replace(seat, hand=(12, 4, 7, 10)[seat.seat]) for seat in mutiny.model.seats)
    plates = [d for d in texts(replace(mutiny, model=replace(mutiny.model, seats=held)), size) if d.text.isdigit()]
    assert {"12", "4"} <= {d.text for d in plates} and len({d.size for d in plates}) == 1
    stacks = [d for d in texts("poker-overboard", size) if d.text.endswith(" stack")]
    assert len(stacks) == 3 and len({d.size for d in stacks}) == 1
    loot = [d for d in texts("poker-reveal", size) if re.fullmatch(r"\+\d+", d.text)]
    assert len(loot) >= 2 and len({d.size for d in loot}) == 1
