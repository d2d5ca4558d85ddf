"""Skull King, the dice game: every rule of docs/rules/skullking-dice.md and the rulebook's worked examples."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from table.games.skullking_dice import rules as dice


def throw(*codes: str) -> list[dice.Die]:
    return dice.parse_dice(codes)


def winner(*codes: str) -> int:
    return dice.trick_winner(throw(*codes))


def test_the_bag_holds_36_dice_with_the_faces_of_the_rules() -> None:
    bag = dice.STANDARD_BAG
    assert sum(bag.counts.values()) == 36
    assert sorted(set(bag.faces["yellow"])) == ["1", "7", "flag"]
    assert all(len(faces) == 6 for faces in bag.faces.values())


@pytest.mark.parametrize(
    ("code", "message"),
    [
        ("red:7", "a red die cannot show '7'"),
        ("pirate:5", "a pirate die cannot show '5'"),
        ("green:3", "unknown die 'green:3'"),
        ("black", "say which face it shows"),
    ],
)
def test_a_face_the_kind_cannot_show_is_refused(code: str, message: str) -> None:
    with pytest.raises(dice.DiceError, match=message):
        dice.parse_die(code)


def test_more_dice_of_a_kind_than_the_bag_holds_is_refused() -> None:
    with pytest.raises(dice.DiceError, match="only 1 skullking die, not 2"):
        dice.check_from_one_bag(throw("skullking:skull", "skullking:flag"))
    with pytest.raises(dice.DiceError, match="only 3 pirate dice, not 4"):
        dice.check_from_one_bag(throw(*["pirate:skull"] * 4))


# --- The rulebook's worked examples ---------------------------------------------------------------------------


def test_leon_nina_sophie_tobias_jonas_the_last_of_equal_numbers_wins() -> None:
    # Leon black 6, Nina black 7, Sophie red 2, Tobias yellow 7, Jonas black 5: Tobias threw his 7 after Nina.
    trick = throw("black:6", "black:7", "red:2", "yellow:7", "black:5")
    assert dice.trick_winner(trick) == 3
    assert dice.trick_bonus(trick) == 0


def test_jonas_mermaid_takes_ninas_skull_king_for_50() -> None:
    # Leon Pirate skull, Nina Skull King skull, Sophie black 5, Tobias black 7, Jonas Mermaid skull.
    trick = throw("pirate:skull", "skullking:skull", "black:5", "black:7", "mermaid:skull")
    assert dice.trick_winner(trick) == 4
    assert dice.trick_bonus(trick) == 50


def test_without_jonas_skull_nina_takes_the_pirate_skull_for_30() -> None:
    trick = throw("pirate:skull", "skullking:skull", "black:5", "black:7", "mermaid:flag")
    assert dice.trick_winner(trick) == 1
    assert dice.trick_bonus(trick) == 30


# --- Rule by rule -----------------------------------------------------------------------------------------------


def test_rule_1_the_last_mermaid_skull_takes_the_skull_king() -> None:
    assert winner("mermaid:skull", "skullking:skull", "mermaid:skull", "pirate:skull") == 2


def test_rule_2_the_skull_king_skull_beats_pirate_skulls() -> None:
    assert winner("pirate:skull", "skullking:skull", "pirate:skull") == 1


def test_rule_3_the_last_pirate_skull_wins() -> None:
    assert winner("pirate:skull", "pirate:skull", "mermaid:skull", "black:7") == 1


def test_rule_4_the_last_mermaid_skull_beats_every_number() -> None:
    assert winner("mermaid:skull", "black:7", "mermaid:skull") == 2


def test_rule_5_the_highest_number_and_the_last_of_equals() -> None:
    assert winner("red:3", "blue:5", "black:5", "yellow:1") == 2


def test_rule_6_only_flags_the_first_flag_wins() -> None:
    assert winner("yellow:flag", "pirate:flag", "skullking:flag") == 0


def test_a_flag_is_the_lowest_result() -> None:
    assert winner("skullking:flag", "red:1", "pirate:flag") == 1


def test_a_pirate_flag_pays_no_bonus_to_the_skull_king() -> None:
    assert dice.trick_bonus(throw("pirate:flag", "skullking:skull", "pirate:skull", "red:2")) == 30


# --- Following the colour ---------------------------------------------------------------------------------------


def test_the_first_number_die_sets_the_colour_special_dice_before_it_do_not() -> None:
    assert dice.lead_colour(throw("pirate:skull", "skullking:skull", "black:5")) == "black"
    assert dice.lead_colour(throw("yellow:flag", "red:2")) == "yellow"  # a yellow flag is a number die's throw
    assert dice.lead_colour(throw("mermaid:flag")) is None


def test_who_holds_the_colour_must_throw_it_or_a_special_die() -> None:
    assert dice.legal_kinds(["red", "black", "pirate"], throw("black:6")) == ["black", "pirate"]
    assert dice.legal_kinds(["red", "blue"], throw("black:6")) == ["red", "blue"]


def test_a_colour_not_followed_then_thrown_is_a_revoke() -> None:
    round_ = [
        dice.Trick(0, tuple(throw("black:6", "red:2", "black:7"))),
        dice.Trick(1, tuple(throw("black:5", "blue:4", "red:3"))),
    ]
    black_5 = dice.Die("black", "5")
    assert dice.find_revokes(round_) == [dice.Revoke(seat=1, suit="black", trick=0, shown=1, card=black_5)]


# --- Rounds and scoring -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "rounds"), [(3, 8), (4, 8), (5, 7), (6, 6)])
def test_the_number_of_rounds_depends_on_the_players(players: int, rounds: int) -> None:
    assert dice.rounds_for(players) == rounds


@pytest.mark.parametrize("players", [2, 7])
def test_three_to_six_players(players: int) -> None:
    with pytest.raises(dice.DiceError, match="3 to 6 players"):
        dice.rounds_for(players)


def test_the_start_player_moves_clockwise_each_round() -> None:
    assert [dice.start_player(r, 4) for r in range(1, 9)] == [0, 1, 2, 3, 0, 1, 2, 3]


@pytest.mark.parametrize(
    ("bid", "won", "round_number", "bonus", "scoring", "score"),
    [
        (3, 3, 3, 0, "standard", 60),  # the rulebook: three bid and won
        (5, 1, 5, 0, "standard", -40),  # five bid, one won
        (0, 0, 4, 0, "standard", 40),  # round 4, no trick bid and none won
        (0, 2, 6, 0, "standard", -60),  # round 6, no trick bid and two taken
        (2, 2, 4, 50, "standard", 90),
        (2, 2, 4, 50, "landlubber", 40),  # no bonuses for landlubbers
        (2, 1, 4, 0, "landlubber", 0),  # a wrong non-zero bid scores nothing
        (0, 0, 3, 0, "landlubber", 30),
        (0, 1, 4, 0, "landlubber", -40),
    ],
)
def test_round_scores(bid: int, won: int, round_number: int, bonus: int, scoring: str, score: int) -> None:
    assert dice.round_score(bid, won, round_number, bonus, scoring) == score


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ((1, 1, 9, 0, "standard"), "round must be 1 to 8"),
        ((1, 1, 3, 120, "standard"), "bonus is one of"),
        ((1, 1, 3, 0, "pirate"), "scoring is"),
    ],
)
def test_impossible_scores_are_refused(arguments: tuple, message: str) -> None:
    with pytest.raises(dice.DiceError, match=message):
        dice.round_score(*arguments)


# --- Properties -------------------------------------------------------------------------------------------------

ANY_DIE = st.sampled_from(
    [f"{kind}:{face}" for kind, faces in dice.STANDARD_BAG.faces.items() for face in sorted(set(faces))]
)


@given(st.lists(ANY_DIE, min_size=1, max_size=6))
def test_exactly_one_die_wins_and_nothing_beats_it(codes: list[str]) -> None:
    trick = dice.parse_dice(codes)
    won = trick[dice.trick_winner(trick)]
    ranks = [die.rank for die in trick]
    mermaid_with_king = dice.SKULL_KING_RANK in ranks and dice.MERMAID_RANK in ranks
    assert won.rank == (dice.MERMAID_RANK if mermaid_with_king else max(ranks))


# --- Gaps filled: the second worked example's colour, bonuses by count, bonuses only for a met bid ---------------


def test_jonas_example_the_colour_set_after_two_special_dice_and_a_special_may_always_be_thrown() -> None:
    # Leon Pirate skull, Nina Skull King skull: no colour yet; Sophie's black 5 sets black.
    so_far = throw("pirate:skull", "skullking:skull")
    assert dice.lead_colour(so_far) is None
    assert dice.legal_kinds(["red", "black", "blue"], so_far) == ["red", "black", "blue"]  # Sophie: free choice
    so_far = throw("pirate:skull", "skullking:skull", "black:5")
    assert dice.legal_kinds(["black", "red"], so_far) == ["black"]  # Tobias must follow black
    assert dice.legal_kinds(["black", "mermaid"], so_far) == ["black", "mermaid"]  # Jonas may throw the Mermaid


@pytest.mark.parametrize(
    ("codes", "winner", "bonus"),
    [
        (("pirate:skull", "skullking:skull", "pirate:skull"), 1, 60),
        (("pirate:skull", "pirate:skull", "skullking:skull", "pirate:skull"), 2, 90),
        (("pirate:skull", "skullking:flag", "black:7"), 0, 0),  # a Skull King flag is a 0: the Pirate wins
        (("mermaid:skull", "skullking:skull", "mermaid:skull"), 2, 50),  # the last Mermaid skull takes the 50
        (("mermaid:flag", "skullking:skull", "red:3"), 1, 0),  # a Mermaid flag catches nothing
        (("mermaid:skull", "pirate:skull", "black:7"), 1, 0),  # a Pirate beats a Mermaid: no bonus
        (("yellow:flag", "red:1", "yellow:flag"), 1, 0),
    ],
)
def test_winners_and_bonuses(codes: tuple[str, ...], winner: int, bonus: int) -> None:
    trick = throw(*codes)
    assert (dice.trick_winner(trick), dice.trick_bonus(trick)) == (winner, bonus)


def test_a_bonus_is_paid_only_when_the_bid_is_met() -> None:
    assert dice.round_score(2, 2, 5, 30) == 70
    assert dice.round_score(2, 1, 5, 30) == -10
    assert dice.round_score(1, 2, 5, 50) == -10


def test_the_start_player_counts_from_the_first_seat() -> None:
    assert [dice.start_player(r, 3, first=2) for r in (1, 2, 3)] == [2, 0, 1]


def test_players_must_be_a_whole_number() -> None:
    with pytest.raises(dice.DiceError):
        dice.check_players(True)  # type: ignore[arg-type]


def test_the_camera_knows_the_same_dice_as_the_rules() -> None:
    """vision/ may not import the rules, so it keeps its own dice file: it must describe the same bag."""
    from vision.dice import load_dice

    seen = load_dice()
    assert seen.sides == dict(dice.STANDARD_BAG.faces)
    assert seen.counts == dict(dice.STANDARD_BAG.counts)


# --- Why a trick went where it went -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("codes", "rule", "winner", "equals", "bonus"),
    [
        (("skullking:skull", "mermaid:skull", "pirate:skull"), dice.Rule.MERMAID_CATCHES_KING, 1, 0, 50),
        (("pirate:skull", "skullking:skull", "pirate:skull"), dice.Rule.SKULL_KING, 1, 0, 60),
        (("pirate:skull", "black:7", "pirate:skull"), dice.Rule.PIRATE, 2, 1, 0),
        (("mermaid:skull", "black:7"), dice.Rule.MERMAID, 0, 0, 0),
        (("black:7", "yellow:7", "red:3"), dice.Rule.NUMBER, 1, 1, 0),
        (("yellow:flag", "pirate:flag", "mermaid:flag"), dice.Rule.FLAGS, 0, 2, 0),
    ],
)
def test_explain_names_the_rule_that_decided_and_the_bonus(
    codes: tuple[str, ...], rule: dice.Rule, winner: int, equals: int, bonus: int
) -> None:
    trick = throw(*codes)
    reason = dice.explain(trick)
    assert (reason.rule, reason.winner, reason.equals, reason.bonus) == (rule, winner, equals, bonus)
    assert reason.winner == dice.trick_winner(trick)
