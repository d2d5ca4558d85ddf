"""Piratenpoker: every rule of docs/rules/piratenpoker.md, the rulebook's cases and the issue's referee examples."""

from __future__ import annotations

from collections import Counter

import pytest

from table.commands import referee
from table.games.piratenpoker import rules as pp

# --- The cards -------------------------------------------------------------------------------------------------


def test_the_deck_has_84_poker_cards_5_pass_cards_and_21_loot_cards() -> None:
    assert len(pp.POKER_DECK) == 84 and len(pp.LOOT_DECK) == 21 and len(pp.DECK_CODES) == 110
    for colour in pp.COLOURS:
        values = Counter(card.value for card in pp.POKER_DECK if card.colour == colour)
        assert [values[v] for v in range(1, 9)] == [1, 2, 4, 7, 7, 4, 2, 1]
        assert sorted(loot.front for loot in pp.LOOT_DECK if loot.colour == colour) == [5, 5, 6, 6, 8, 8, 10]
    assert Counter(pp.DECK_CODES)["pass"] == 5
    assert "loot:red:10" in pp.DECK_CODES and "yellow:8" in pp.DECK_CODES


def test_loot_backs_and_sharks() -> None:
    assert [pp.Loot("red", front).back for front in (5, 6, 8, 10)] == [4, -3, -4, -5]
    assert pp.Loot("blue", 5).shark and not pp.Loot("blue", 6).shark
    assert pp.parse_loot("loot:blue:8") == pp.Loot("blue", 8)
    assert pp.parse_poker(" Red:5 ") == pp.PokerCard("red", 5)


@pytest.mark.parametrize("code", ["red:9", "red:0", "green:3", "pass", "loot:red:5", "red", ""])
def test_what_is_no_poker_card(code: str) -> None:
    with pytest.raises(pp.CardError, match="no poker card"):
        pp.parse_poker(code)


@pytest.mark.parametrize("code", ["loot:red:7", "loot:green:5", "loot:red", "red:5"])
def test_what_is_no_loot_card(code: str) -> None:
    with pytest.raises(pp.CardError, match="no loot card"):
        pp.parse_loot(code)


def test_the_loot_split_is_a_setting() -> None:
    deck = pp.loot_deck((5, 5, 5, 6, 8, 10, 10))
    assert Counter(loot.front for loot in deck if loot.colour == "red") == {5: 3, 6: 1, 8: 1, 10: 2}
    with pytest.raises(ValueError, match="7 cards"):
        pp.loot_deck((5, 6, 8))


# --- Plays ---------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("play", "hand", "kind"),
    [
        ([], 6, "empty"),
        (["pass", "red:3"], 6, "pass_with_cards"),
        (["red:3", "pass"], 6, "pass_with_cards"),
        (["red:1"] * 7, 6, "too_many"),
        (["red:3", "loot:red:5"], 6, "loot"),
        (["red:3", "red:4", "red:5"], 2, "not_in_hand"),
    ],
)
def test_plays_the_rules_refuse(play: list[str], hand: int, kind: str) -> None:
    with pytest.raises(pp.PlayError) as refused:
        pp.check_play(play, hand)
    assert refused.value.kind == kind


def test_plays_the_rules_allow() -> None:
    pp.check_play(["pass"], 0)  # the Pass card may always be played
    pp.check_play(["red:1", "red:2", "red:3", "red:4", "red:5", "red:6"], 6)
    pp.check_play(["blue:8"], 1)


def test_a_pass_is_worth_0() -> None:
    assert pp.play_total(["pass"]) == 0


# --- The showdown --------------------------------------------------------------------------------------------------


def test_the_highest_total_wins() -> None:
    result = pp.showdown([["red:5", "red:3"], ["blue:7"], ["yellow:2", "yellow:2", "yellow:3"]])
    assert result.totals == (8, 7, 7) and result.winner == 0 and result.decided == pp.TOTAL


def test_a_tie_goes_to_the_higher_single_card() -> None:  # the issue's referee example
    result = pp.showdown([["red:5", "red:3"], ["blue:8"], ["pass"]])
    assert result.totals == (8, 8, 0) and result.winner == 1
    assert result.decided == pp.CARDS and result.card == 0 and result.tied == (0, 1) and result.beaten == (0,)


def test_then_the_second_highest_card_and_so_on() -> None:
    result = pp.showdown([["red:6", "red:2", "red:1"], ["blue:6", "blue:3"], ["yellow:4"]])
    assert result.totals == (9, 9, 4) and result.winner == 1 and result.card == 1
    third = pp.showdown([["red:4", "red:3", "red:2"], ["blue:4", "blue:3", "blue:1", "yellow:1"], ["yellow:1"]])
    assert third.winner == 0 and third.card == 2


def test_still_tied_the_next_highest_total_wins() -> None:
    result = pp.showdown([["red:6", "red:3"], ["blue:6", "blue:3"], ["yellow:7"], ["red:2"]])
    assert result.winner == 2 and result.decided == pp.NEXT_TOTAL and result.tied == (0, 1)


def test_the_next_highest_totals_break_their_own_ties_by_the_cards() -> None:
    result = pp.showdown([["red:6", "red:3"], ["blue:6", "blue:3"], ["yellow:5", "yellow:2"], ["red:4", "red:3"]])
    assert result.winner == 2 and result.decided == pp.NEXT_TOTAL


def test_a_whole_tied_group_drops_out_even_a_player_the_cards_beat() -> None:
    # 9, 9, 9: two identical plays and one beaten by the higher card; the whole group of nines drops out.
    result = pp.showdown([["red:6", "red:3"], ["blue:5", "blue:4"], ["yellow:6", "yellow:3"], ["red:2"]])
    assert result.winner == 3 and result.tied == (0, 1, 2)


def test_all_tie_no_winner() -> None:
    result = pp.showdown([["red:5"], ["blue:5"], ["yellow:5"]])
    assert result.winner is None and result.decided == pp.ALL_TIE
    assert pp.showdown([["pass"], ["pass"], ["pass"]]).winner is None
    assert pp.showdown([["red:5"], ["blue:5"], ["pass"], ["pass"]]).winner is None  # two Passes stay tied too


def test_a_pass_worth_0_wins_as_the_second_highest_total_as_printed() -> None:
    # "If the tie still cannot be broken, the player who has the second-highest total wins"; a Pass is worth 0.
    result = pp.showdown([["red:4", "red:3"], ["blue:4", "blue:3"], ["pass"]])
    assert (result.winner, result.decided, result.tied) == (2, pp.NEXT_TOTAL, (0, 1))
    assert pp.showdown([["red:5"], ["blue:5"], ["pass"]]).winner == 2
    assert pp.showdown([["red:5"], ["blue:3"], ["pass"]]).winner == 0  # a Pass wins only a tie


def test_a_pass_never_wins_by_the_setting() -> None:
    result = pp.showdown([["red:4", "red:3"], ["blue:4", "blue:3"], ["pass"]], pass_wins=False)
    assert (result.winner, result.decided) == (None, pp.ALL_TIE)
    assert pp.settings(pass_wins=False).pass_wins is False and pp.DEFAULT_SETTINGS.pass_wins is True
    with pytest.raises(ValueError, match="pass_wins is true"):
        pp.settings(pass_wins="no")


def test_round_3_the_loot_colour_counts_double_also_in_the_tie_break() -> None:
    plays = [["red:5", "red:3"], ["blue:8"], ["red:4", "blue:4"]]
    result = pp.showdown(plays, loot="red")
    assert result.totals == (16, 8, 12) and result.winner == 0
    tie = pp.showdown([["red:4"], ["blue:7", "yellow:1"], ["yellow:3"]], loot="red")
    assert tie.totals == (8, 8, 3) and tie.winner == 0  # the doubled red 4 is an 8 and beats the blue 7
    assert pp.play_order(["red:4"], "red") == (8,)


def test_the_stakes_of_the_three_rounds() -> None:
    assert pp.ROUND_STAKES == {1: pp.OVERBOARD, 2: pp.BELOW_DECK, 3: pp.TAKE}
    assert pp.loot_colour_counts(3, "blue") == "blue" and pp.loot_colour_counts(2, "blue") is None


# --- The piles: deal, refill, reshuffle ----------------------------------------------------------------------------


def test_deal_six_each() -> None:
    piles = pp.deal(4)
    assert piles == pp.Piles((6, 6, 6, 6), 60, 0)
    with pytest.raises(ValueError, match="3 to 5"):
        pp.deal(2)


def test_played_cards_go_to_the_discard_pile_and_refill_to_six() -> None:
    piles = pp.discard(pp.discard(pp.deal(3), 0, 3), 2, 1)
    assert piles == pp.Piles((3, 6, 5), 66, 4)
    refilled, reshuffled = pp.refill(piles, (0, 1, 2))
    assert refilled == pp.Piles((6, 6, 6), 62, 4) and not reshuffled
    with pytest.raises(pp.PlayError):
        pp.discard(piles, 0, 4)


def test_the_discard_pile_is_reshuffled_when_the_draw_pile_runs_out() -> None:
    piles = pp.Piles((1, 6, 4), 2, 71)
    refilled, reshuffled = pp.refill(piles, (0, 1, 2))
    assert reshuffled and refilled == pp.Piles((6, 6, 6), 71 - 5, 0)


def test_the_match_ends_when_a_loot_stack_is_empty() -> None:
    assert pp.match_over((0, 3, 4)) and not pp.match_over((1, 1, 1))


# --- The final score ----------------------------------------------------------------------------------------------


def held(front: int, up: bool, colour: str = "red") -> pp.Held:
    return pp.Held(pp.Loot(colour, front), up)


def test_fronts_plus_sharks_minus_backs() -> None:
    score = pp.final_score([held(10, True), held(5, False), held(8, False), held(6, False)])
    assert (score.fronts, score.sharks, score.backs, score.total) == (10, 1, -7, 10 + 4 - 7)


def test_three_sharks_pay_five_more_and_every_set_counts() -> None:
    assert pp.final_score([held(5, False)] * 3).total == 12 + 5
    assert pp.final_score([held(5, False)] * 6).total == 24 + 10
    assert pp.final_score([held(5, False)] * 6, pp.ONE_SET).total == 24 + 5


def test_three_fronts_of_one_value_in_any_colours_pay_five() -> None:
    score = pp.final_score([held(6, True, "red"), held(6, True, "blue"), held(6, True, "yellow"), held(8, True)])
    assert score.value_sets == 1 and score.total == 18 + 8 + 5
    assert pp.final_score([held(6, True), held(6, True), held(6, False)]).value_sets == 0  # a back is no front


def test_final_ties_go_to_the_higher_loot_card_then_the_next() -> None:
    loot = [[held(10, True), held(6, False)], [held(6, True), held(5, False), held(6, False)], []]
    scores = [pp.final_score(cards).total for cards in loot]
    assert scores == [7, 7, 0]
    assert pp.final_places([7, 7, 0], loot) == [1, 2, 3]
    assert pp.final_places([0, 0, 0], [[], [], []]) == [1, 1, 1]


# --- The referee --------------------------------------------------------------------------------------------------


def ask(request: object) -> dict:
    return referee.answer(request)


def test_the_issue_s_referee_examples() -> None:
    plays = [["red:5", "red:3"], ["blue:8"], ["pass"]]
    answer = ask({"game": "piratenpoker", "showdown": {"plays": plays}})
    assert answer == {"winner": 1, "totals": [8, 8, 0], "decided": "cards"}
    answer = ask({"game": "piratenpoker", "showdown": {"plays": plays, "loot": "red"}})
    assert answer["winner"] == 0 and answer["totals"] == [16, 8, 0]
    all_tie = ask({"game": "piratenpoker", "showdown": {"plays": [["red:5"], ["blue:5"], ["yellow:5"]]}})
    assert all_tie["winner"] is None
    passer = {"plays": [["red:4", "red:3"], ["blue:4", "blue:3"], ["pass"]]}
    assert ask({"game": "piratenpoker", "showdown": passer})["winner"] == 2  # printed: the Pass is the next total
    assert ask({"game": "piratenpoker", "showdown": {**passer, "pass_wins": False}})["winner"] is None
    assert "pass_wins" in ask({"game": "piratenpoker", "showdown": {**passer, "pass_wins": "no"}})["error"]
    loot = [{"value": 10, "side": "front"}, {"value": 5, "side": "back"}]
    assert ask({"game": "piratenpoker", "score": {"loot": loot}}) == {"score": 14}


@pytest.mark.parametrize(
    ("request_", "message"),
    [
        ({"game": "piratenpoker", "showdown": {"plays": [["red:5"], ["blue:8"]]}}, "3 to 5"),
        ({"game": "piratenpoker", "showdown": {"plays": [["red:5"], ["blue:8"], "pass"]}}, "is a list of card codes"),
        ({"game": "piratenpoker", "showdown": {"plays": [["red:5"], ["blue:9"], ["pass"]]}}, "no poker card"),
        ({"game": "piratenpoker", "showdown": {"plays": [["red:5", "pass"], ["blue:8"], ["pass"]]}}, "alone"),
        ({"game": "piratenpoker", "showdown": {"plays": [["red:1"] * 7, ["blue:8"], ["pass"]]}}, "too many"),
        ({"game": "piratenpoker", "showdown": {"plays": [["red:8"], ["red:8"], ["pass"]]}}, "only one red:8"),
        ({"game": "piratenpoker", "showdown": {"plays": [[], ["red:8"], ["pass"]]}}, "one or more"),
        ({"game": "piratenpoker", "showdown": {"plays": [["red:1"], ["red:8"], [3]]}}, "strings"),
        ({"game": "piratenpoker", "showdown": {"plays": [["red:1"], ["red:8"], ["pass"]], "loot": "green"}}, "colour"),
        ({"game": "piratenpoker", "showdown": {"plays": [["loot:red:5"], ["red:8"], ["pass"]]}}, "never played"),
        ({"game": "piratenpoker", "showdown": {"cards": []}}, "lacks plays"),
        ({"game": "piratenpoker", "score": {"loot": [{"value": 7, "side": "front"}]}}, "5, 6, 8 or 10"),
        ({"game": "piratenpoker", "score": {"loot": [{"value": 5, "side": "up"}]}}, '"front" or "back"'),
        ({"game": "piratenpoker", "score": {"loot": {"value": 5}}}, "is a list"),
        ({"game": "piratenpoker", "score": {"loot": [], "sets": "twice"}}, '"sets"'),
        ({"game": "piratenpoker", "bid": 3}, "exactly one of: showdown, score"),
    ],
)
def test_bad_requests_get_a_clear_error(request_: object, message: str) -> None:
    answer = ask(request_)
    assert list(answer) == ["error"]
    assert message in answer["error"]


def test_cards_from_one_deck_follow_its_counts() -> None:
    pp.check_from_one_deck(pp.DECK_CODES)  # the whole deck at once
    with pytest.raises(pp.CardError, match="the deck has only 5 pass, not 6"):
        pp.check_from_one_deck(["pass"] * 6)
    with pytest.raises(pp.CardError, match="the deck has only 2 loot:red:5, not 3"):
        pp.check_from_one_deck(["loot:red:5"] * 3)
    pp.check_loot_fronts([5] * 6 + [10] * 3)
    with pytest.raises(pp.CardError, match=r"the loot stacks hold only 6 loot cards of \+5, not 7"):
        pp.check_loot_fronts([5] * 7)
    pp.check_loot_fronts([5] * 9, stack=(5, 5, 5, 6, 6, 8, 10))  # a printing with three +5 cards a stack
    with pytest.raises(pp.CardError, match=r"the loot stacks hold no loot cards of \+10, not 1"):
        pp.check_loot_fronts([10], stack=(5, 5, 6, 6, 6, 8, 8))
