"""Whole simulated games: bots play legal cards, every trick is judged, every round adds up."""

from __future__ import annotations

import pytest

from table.rules import skullking as sk
from table.sim.card_game import play_game, score_pad


@pytest.mark.parametrize("players", range(2, 7))
def test_a_whole_game_adds_up(players: int) -> None:
    game = play_game(players, seed=players)
    assert [r.number for r in game.rounds] == list(range(1, 11))
    for r in game.rounds:
        assert sum(r.won) == r.number  # every trick has exactly one winner
        assert r.dealer == sk.dealer(r.number, players)
        assert all(0 <= bid <= r.number for bid in r.bids)
        assert r.scores == [
            sk.round_score(r.bids[seat], r.won[seat], r.number, r.bonuses[seat]) for seat in range(players)
        ]
        assert r.revokes == []  # bots only ever play legal cards


def test_the_same_seed_plays_the_same_game_and_another_seed_another() -> None:
    assert play_game(4, seed=11) == play_game(4, seed=11)
    assert play_game(4, seed=11) != play_game(4, seed=12)


def test_the_score_pad_ends_with_one_final_line_per_player_best_first() -> None:
    game = play_game(3, seed=5)
    lines = score_pad(game).splitlines()
    finals = [line.split() for line in lines[-3:]]
    assert all(words[0] == "FINAL" for words in finals)
    totals = [int(words[-1]) for words in finals]
    assert totals == sorted(totals, reverse=True)
    assert sorted(totals) == sorted(game.totals())
    total_row = next(line for line in lines if line.startswith("total"))
    assert [int(cell) for cell in total_row.split()[1:]] == game.totals()


def test_equal_totals_share_a_place() -> None:
    game = play_game(2, seed=1)
    game.rounds = game.rounds[:1]
    game.rounds[0].scores = [20, 20]
    assert [place for place, _, _ in game.ranking()] == [1, 1]
