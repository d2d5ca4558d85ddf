"""The batch judge must give the same winners as the rules module, trick for trick."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given

from table.games.skullking import batch
from table.games.skullking import rules as sk
from tests.rules.strategies import tricks


def single_winners(codes: np.ndarray) -> list[int]:
    return [sk.trick_winner([batch.CARDS[code] for code in row]) for row in codes]


@pytest.mark.parametrize("size", range(2, 7))
def test_the_batch_and_the_single_judge_agree_on_random_tricks(size: int) -> None:
    codes = batch.random_tricks(np.random.default_rng(size), 20_000, size)
    assert batch.judge_tricks(codes).tolist() == single_winners(codes)


def test_random_tricks_are_dealt_from_one_deck() -> None:
    codes = batch.random_tricks(np.random.default_rng(7), 2_000, 6)
    for row in codes:
        sk.check_from_one_deck(batch.CARDS[code] for code in row)
    kinds = {batch.CARDS[code] for code in codes.ravel()}
    assert {sk.SCARY_MARY_AS_PIRATE, sk.SCARY_MARY_AS_ESCAPE, sk.SKULL_KING, sk.MERMAID} <= kinds


@given(tricks())
def test_the_batch_judge_agrees_on_the_tricks_hypothesis_finds(trick: list[sk.Card]) -> None:
    codes = np.array([batch.encode(trick)], dtype=np.uint8)
    assert batch.judge_tricks(codes).tolist() == [sk.trick_winner(trick)]


def test_every_rule_of_the_rulebook_holds_in_the_batch() -> None:
    examples = [
        ("yellow:2", "yellow:12", "blue:13", "black:1"),  # black trumps
        ("yellow:2", "yellow:12", "blue:13", "escape"),  # lead suit
        ("escape", "red:2", "blue:13", "red:3"),  # the lead is set after an Escape
        ("skullking", "pirate", "mermaid", "mermaid"),  # the first Mermaid takes the Skull King
        ("pirate:evil-emmy", "skullking", "pirate"),  # the Skull King beats pirates
        ("yellow:1", "scarymary:pirate", "pirate:betty-brave"),  # the first pirate
        ("black:13", "mermaid", "mermaid"),  # the first Mermaid
        ("escape", "scarymary:escape", "escape"),  # only escapes: the first
    ]
    for example in examples:
        trick = sk.parse_cards(example)
        assert batch.judge_tricks(batch.encode_many([trick])).tolist() == [sk.trick_winner(trick)], example


def test_batches_larger_than_a_chunk_keep_their_order() -> None:
    codes = batch.random_tricks(np.random.default_rng(3), batch.CHUNK * 2 + 5, 4)
    assert batch.judge_tricks(codes).tolist() == single_winners(codes)


def test_an_empty_batch_has_no_winners() -> None:
    assert batch.judge_tricks(np.zeros((0, 4), dtype=np.uint8)).size == 0


@pytest.mark.parametrize("bad", [np.zeros(4, dtype=np.uint8), np.zeros((3, 9), dtype=np.uint8), np.full((1, 2), 63)])
def test_malformed_batches_are_refused(bad: np.ndarray) -> None:
    with pytest.raises(ValueError):
        batch.judge_tricks(bad)
