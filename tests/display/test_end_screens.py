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
    seat_oval.PlateSizes); on the 7-inch screen too, in short forms where needed (test_plate_totals.py)."""
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


def _over(language: str) -> list[str]:
    return [name for name, frame in frames(language).items() if getattr(frame.model, "phase", None) is Phase.GAME_OVER]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_an_end_screen_says_only_once_that_a_new_game_starts_from_the_screen(size: tuple[int, int]) -> None:
    """The Hollander's subtitle said "A new game starts from the screen" under the banner's "The game is over:
    start a new game on the screen": one sentence in two wordings (too few words alike for the repetition check).
    The bar's "New game" button is the operator's, not a sentence."""
    assert "hollander-final-ranking" in _over("en")
    for name in _over("en"):
        said = [d.text for d in texts(name, size) if "new game" in d.text.casefold() and d.text != "New game"]
        assert len(said) <= 1, (name, said)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_hollander_s_ranking_gives_a_place_only_to_who_went_out(size: tuple[int, int]) -> None:
    """The rules rank the first out (and, playing to the last, the order of going out): three players holding 1, 1
    and 2 cards were all shown "2.", a tie the rules never make. Once a second player is out, it shows "2."."""
    final = frames("en")["hollander-final-ranking"]
    numbered = [d.text for d in texts(final, size) if re.match(r"\d+\.", d.text)]
    winner = final.model.ranking[0]
    assert numbered == [f"1.  {winner.name}"]
    for placing in final.model.ranking[1:]:
        assert placing.name in [d.text for d in texts(final, size)]  # the name alone
    second = final.model.ranking[1]
    seats = tuple(replace(seat, place=2) if seat.seat == second.seat else seat for seat in final.model.seats)
    out = replace(final, model=replace(final.model, seats=seats))
    assert [d.text for d in texts(out, size) if re.match(r"\d+\.", d.text)] == [
        f"1.  {winner.name}",
        f"2.  {second.name}",
    ]
