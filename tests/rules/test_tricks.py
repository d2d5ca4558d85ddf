"""What every game of tricks plays alike (table.games.tricks.rules): written once, for both Skull King editions and
the dice game, each with its own numbers."""

from __future__ import annotations

import pytest

from table.games.skullking import rules as sk
from table.games.skullking_2021 import rules as sk21
from table.games.skullking_dice import rules as dice
from table.games.tricks import rules as tricks


def test_the_trick_games_follow_suit_and_find_revokes_by_the_same_rules() -> None:
    for game in (sk, sk21, dice):
        assert game.find_revokes is tricks.find_revokes
        assert game.Revoke is tricks.Revoke
    for edition in (sk, sk21):
        assert edition.legal_plays is tricks.legal_plays
        assert edition.lead_suit is tricks.lead_suit
        assert issubclass(edition.Round, tricks.Round) and issubclass(edition.Trick, tricks.Trick)
        assert edition.CardError is tricks.CardError


@pytest.mark.parametrize(
    ("check", "bad", "error", "says"),
    [
        (sk.check_players, 7, sk.CardError, "Skull King is played by 2 to 6 players, not 7"),
        (sk21.check_players, 9, sk21.CardError, "Skull King is played by 2 to 8 players, not 9"),
        (dice.check_players, 2, dice.DiceError, "the Skull King dice game is played by 3 to 6 players, not 2"),
        (sk.check_players, True, sk.CardError, "not True"),
        (sk.check_round_number, 11, sk.CardError, "a game has rounds 1 to 10, not 11"),
    ],
)
def test_each_game_checks_its_own_numbers_in_its_own_words(check, bad: object, error: type, says: str) -> None:
    with pytest.raises(error, match=says):
        check(bad)


def test_the_dealer_moves_clockwise_and_the_player_left_of_him_leads() -> None:
    assert [sk.dealer(r, 3) for r in (1, 2, 3, 4)] == [0, 1, 2, 0]
    assert sk21.dealer(1, 8, first_dealer=7) == 7
    assert tricks.first_leader(7, 8) == 0
    assert tricks.play_order(2, 3) == [2, 0, 1]


def test_a_special_card_led_leaves_the_suit_to_the_next_card_unless_it_leaves_no_suit() -> None:
    assert tricks.lead_suit(sk.parse_cards(["pirate", "escape", "red:3"])) is sk.Suit.RED  # 2013: the next suit card
    assert tricks.lead_suit(sk21.parse_cards(["escape", "loot", "green:3"])) is sk21.Suit.GREEN  # Escape-like: passes
    assert tricks.lead_suit(sk21.parse_cards(["pirate", "green:3"])) is None  # 2021: a character led sets no suit
    assert tricks.lead_suit(dice.parse_dice(["mermaid:skull", "red:2"])) == "red"


def test_a_revoke_needs_the_suit_not_followed_then_played() -> None:
    tricks_played = [
        tricks.Trick(0, tuple(sk.parse_cards(["yellow:2", "red:9", "pirate"]))),  # seat 1 shows no yellow
        tricks.Trick(2, tuple(sk.parse_cards(["mermaid", "blue:4", "yellow:7"]))),  # seat 1 plays yellow: a revoke
    ]
    (revoke,) = tricks.find_revokes(tricks_played)
    assert revoke == tricks.Revoke(seat=1, suit=sk.Suit.YELLOW, trick=0, shown=1, card=sk.parse_card("yellow:7"))
