"""Skull King 2021: every rule, bonus and scoring mode, with the FAQ cases (docs/rules/skullking-2021.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from table.core.requests import RequestError
from table.games.skullking_2021 import referee
from table.games.skullking_2021 import rules as sk


def cards(*codes: str) -> list[sk.Card]:
    return sk.parse_cards(codes)


def judged(*codes: str) -> sk.Judgement:
    return sk.judge(cards(*codes))


# --- The deck ---------------------------------------------------------------------------------------------------


def test_the_deck_has_70_cards_and_74_with_the_advanced_cards() -> None:
    assert len(sk.BASE_DECK) == 70 and len(sk.DECK) == 74
    numbers = [card for card in sk.DECK if card.kind is sk.Kind.NUMBER]
    assert len(numbers) == 56 and {card.number for card in numbers} == set(range(1, 15))
    kinds = [card.kind for card in sk.DECK]
    assert kinds.count(sk.Kind.ESCAPE) == 5 and kinds.count(sk.Kind.PIRATE) == 5
    assert kinds.count(sk.Kind.MERMAID) == 2 and kinds.count(sk.Kind.LOOT) == 2
    assert kinds.count(sk.Kind.TIGRESS) == kinds.count(sk.Kind.SKULL_KING) == 1
    assert kinds.count(sk.Kind.KRAKEN) == kinds.count(sk.Kind.WHALE) == 1
    assert sk.DECK[-4:] == (sk.LOOT, sk.LOOT, sk.KRAKEN, sk.WHALE)  # enrollment asks for them last


@pytest.mark.parametrize(
    "code",
    [
        "green:14",
        "purple:3",
        "yellow:9",
        "black:1",
        "pirate",
        "pirate:rosie-de-laney",
        "tigress:pirate",
        "tigress:escape",
        "tigress",
        "escape",
        "mermaid",
        "skullking",
        "kraken",
        "whale",
        "loot",
    ],
)
def test_every_code_reads_and_writes_back(code: str) -> None:
    assert sk.parse_card(code).code == code
    assert sk.parse_card(f"  {code.upper()} ").code == code


@pytest.mark.parametrize(
    "code", ["red:3", "blue:4", "green:15", "green:0", "green", "pirate:jack", "tigress:maybe", "scarymary", 7]
)
def test_bad_codes_are_refused(code: object) -> None:
    with pytest.raises(sk.CardError):
        sk.parse_card(code)  # type: ignore[arg-type]


def test_one_deck_holds_one_skull_king_two_loot_five_pirates() -> None:
    sk.check_from_one_deck(cards("loot", "loot", "pirate", "pirate", "tigress:pirate"))
    with pytest.raises(sk.CardError):
        sk.check_from_one_deck(cards("skullking", "skullking"))
    with pytest.raises(sk.CardError):
        sk.check_from_one_deck(cards("loot", "loot", "loot"))
    with pytest.raises(sk.CardError):
        sk.check_from_one_deck(cards("tigress:pirate", "tigress:escape"))
    with pytest.raises(sk.CardError):
        sk.check_from_one_deck(cards(*["pirate"] * 6))


# --- Who wins ------------------------------------------------------------------------------------------------


def test_the_highest_card_of_the_suit_led_wins() -> None:
    assert judged("yellow:9", "yellow:12", "green:14", "purple:13").winner == 1


def test_black_trumps_the_other_suits() -> None:
    assert judged("green:14", "black:1", "green:13").winner == 1
    assert judged("green:3", "black:2", "black:9").winner == 2


def test_pirates_beat_suits_and_the_first_pirate_wins() -> None:
    assert judged("black:14", "pirate:juanita-jade", "tigress:pirate").winner == 1


def test_pirates_beat_mermaids_and_earn_20_for_each() -> None:
    result = judged("mermaid", "pirate:harry-the-giant", "mermaid")
    assert (result.winner, result.bonus) == (1, 40)


def test_the_skull_king_beats_pirates_and_earns_30_for_each() -> None:
    result = judged("pirate", "skullking", "tigress:pirate", "green:3")
    assert (result.winner, result.bonus) == (1, 60)


def test_the_tigress_as_an_escape_earns_nothing_when_taken() -> None:  # the FAQ
    result = judged("tigress:escape", "skullking")
    assert (result.winner, result.bonus) == (1, 0)


def test_a_mermaid_beats_the_skull_king_for_40() -> None:
    result = judged("skullking", "mermaid")
    assert (result.winner, result.bonus) == (1, 40)


def test_a_mermaid_wins_a_trick_holding_all_three() -> None:  # the FAQ: mermaid, Skull King and a pirate
    result = judged("pirate", "skullking", "mermaid", "mermaid")
    assert (result.winner, result.bonus) == (2, 40)


def test_mermaids_beat_suit_cards_and_the_first_mermaid_wins() -> None:
    assert judged("black:14", "mermaid", "mermaid").winner == 1


def test_only_escapes_the_first_card_wins() -> None:
    assert judged("escape", "loot", "tigress:escape").winner == 0


def test_an_escape_led_the_next_suit_card_sets_the_suit() -> None:
    assert judged("escape", "purple:3", "green:14").winner == 1
    assert sk.lead_suit(cards("escape", "purple:3")) is sk.Suit.PURPLE


def test_a_character_led_sets_no_suit() -> None:
    assert sk.lead_suit(cards("pirate", "green:3")) is None
    hand = cards("green:4", "yellow:2")
    assert sk.legal_plays(hand, cards("mermaid", "green:3")) == hand


def test_a_kraken_or_whale_led_sets_no_suit() -> None:  # the FAQ
    assert sk.lead_suit(cards("kraken", "green:3")) is None
    assert sk.lead_suit(cards("whale", "green:3")) is None


def test_a_loot_led_plays_as_an_escape_and_the_next_player_sets_the_suit() -> None:  # the FAQ
    assert sk.lead_suit(cards("loot", "yellow:3")) is sk.Suit.YELLOW


def test_following_suit() -> None:
    hand = cards("yellow:3", "green:5", "escape", "kraken", "loot")
    assert [c.code for c in sk.legal_plays(hand, cards("yellow:9"))] == ["yellow:3", "escape", "kraken", "loot"]
    assert sk.legal_plays(hand, cards("purple:9")) == hand
    assert sk.legal_plays(hand, []) == hand


def test_after_a_whale_mid_trick_the_suit_must_still_be_followed() -> None:  # the FAQ
    hand = cards("green:5", "yellow:2")
    assert [c.code for c in sk.legal_plays(hand, cards("green:9", "whale"))] == ["green:5"]


def test_14s_captured_earn_10_and_the_black_14_earns_20() -> None:
    assert judged("green:14", "green:2", "yellow:14").bonus == 20
    result = judged("green:14", "black:14")
    assert (result.winner, result.bonus) == (1, 30)
    assert judged("purple:14", "pirate", "black:14").bonus == 30


# --- The Kraken and the White Whale ---------------------------------------------------------------------------


def test_the_kraken_nobody_wins_who_would_have_won_leads() -> None:
    result = judged("yellow:12", "kraken", "yellow:13", "black:14")
    assert (result.winner, result.next_leader, result.bonus) == (None, 3, 0)
    assert result.creature is sk.Kind.KRAKEN


def test_the_kraken_takes_the_skull_kings_bonus_away() -> None:
    result = judged("pirate", "skullking", "kraken")
    assert (result.winner, result.next_leader, result.bonus) == (None, 1, 0)


def test_the_white_whale_the_highest_number_wins_whatever_its_suit() -> None:
    result = judged("yellow:12", "black:3", "whale", "green:13", "skullking", "pirate")
    assert (result.winner, result.next_leader, result.bonus) == (3, 3, 0)


def test_the_white_whale_equal_numbers_the_first_wins_and_14s_still_pay() -> None:
    result = judged("green:14", "whale", "black:14", "mermaid")
    assert (result.winner, result.bonus) == (0, 30)


def test_the_white_whale_with_only_specials_nobody_wins_its_player_leads() -> None:
    result = judged("pirate", "skullking", "whale", "mermaid")
    assert (result.winner, result.next_leader) == (None, 2)


def test_kraken_then_whale_the_whale_counts() -> None:  # the FAQ: the later one counts
    result = judged("yellow:12", "kraken", "black:3", "whale")
    assert (result.winner, result.creature) == (0, sk.Kind.WHALE)


def test_whale_then_kraken_the_kraken_counts_and_who_would_have_won_without_both_leads() -> None:
    result = judged("yellow:12", "black:3", "whale", "kraken")  # the FAQ's own example
    assert (result.winner, result.next_leader, result.creature) == (None, 1, sk.Kind.KRAKEN)


# --- Loot ---------------------------------------------------------------------------------------------------


def test_loot_allies_its_player_with_the_winner() -> None:
    result = judged("loot", "green:3", "green:5", "loot")
    assert (result.winner, result.alliances) == (2, (0, 3))


def test_loot_that_wins_its_own_trick_allies_nobody() -> None:
    assert judged("loot", "escape").alliances == ()


def test_loot_under_the_kraken_allies_nobody() -> None:
    assert judged("loot", "kraken", "green:3").alliances == ()


def _round(*tricks: tuple[int, tuple[str, ...]], players: int = 3, number: int = 2) -> sk.Round:
    play = sk.Round(number, players, dealer=players - 1)
    for _leader, codes in tricks:
        for code in codes:
            seat = play.to_play
            assert seat is not None
            play.play(seat, sk.parse_card(code))
    return play


def test_loot_pays_20_to_both_allies_when_both_bids_are_met() -> None:
    play = _round((0, ("loot", "green:9", "green:3")), (1, ("green:4", "escape", "escape")))
    assert play.alliances() == [(0, 1)]
    assert play.loot_bonus(0, [0, 2, 0]) == 20 and play.loot_bonus(1, [0, 2, 0]) == 20
    assert play.score(0, [0, 2, 0]) == 20 + 20
    assert play.score(1, [0, 2, 0]) == 40 + 20
    assert play.loot_bonus(0, [0, 1, 0]) == 0  # the winner missed: neither is paid
    assert play.score(0, [0, 1, 0]) == 20


# --- Rounds --------------------------------------------------------------------------------------------------


def test_the_deal_for_7_and_8_players() -> None:
    assert [sk.cards_dealt(r, 6) for r in range(1, 11)] == list(range(1, 11))
    assert sk.cards_dealt(10, 7) == 10
    assert sk.cards_dealt(10, 7, deck_size=70) == 10
    assert [sk.cards_dealt(r, 8) for r in (8, 9, 10)] == [8, 9, 9]
    assert [sk.cards_dealt(r, 8, deck_size=70) for r in (8, 9, 10)] == [8, 8, 8]
    assert sk.Round(10, 8, 0, options=sk.Options(loot=False, kraken=False, whale=False)).cards == 8


def test_players_2_to_8() -> None:
    sk.check_players(2)
    sk.check_players(8)
    for bad in (1, 9, True):
        with pytest.raises(sk.CardError):
            sk.check_players(bad)  # type: ignore[arg-type]


def test_the_kraken_hands_the_lead_to_who_would_have_won() -> None:
    play = sk.Round(2, 3, dealer=2)  # seat 0 leads
    play.play(0, sk.parse_card("green:3"))
    play.play(1, sk.parse_card("kraken"))
    trick = play.play(2, sk.parse_card("green:9"))
    assert trick is not None and trick.winner is None and play.leader == 2
    assert play.tricks_won(2) == 0


def test_rosie_chooses_who_leads() -> None:
    play = sk.Round(2, 3, dealer=2)
    for seat, code in ((0, "green:3"), (1, "pirate:rosie-de-laney"), (2, "green:9")):
        play.play(seat, sk.parse_card(code))
    assert sk.ability(play.tricks[0], is_last=False) == sk.ROSIE
    play.choose_leader(0)
    assert play.leader == 0 and play.to_play == 0


def test_abilities_only_where_they_still_matter() -> None:
    def trick(*codes: str) -> sk.Trick:
        return sk.Trick(0, tuple(cards(*codes)))

    assert sk.ability(trick("pirate:harry-the-giant", "green:3"), is_last=True) == sk.HARRY
    assert sk.ability(trick("pirate:rascal-of-roatan", "green:3"), is_last=False) == sk.RASCAL
    assert sk.ability(trick("pirate:juanita-jade", "green:3"), is_last=True) is None
    assert sk.ability(trick("pirate:bendt-the-bandit", "green:3"), is_last=False) == sk.BENDT
    assert sk.ability(trick("tigress:pirate", "green:3"), is_last=False) is None
    assert sk.ability(trick("pirate", "green:3"), is_last=False) is None
    assert sk.ability(trick("pirate:harry-the-giant", "skullking"), is_last=False) is None


def test_a_table_without_the_kraken_refuses_it() -> None:
    play = sk.Round(1, 2, dealer=1, options=sk.Options(kraken=False))
    with pytest.raises(sk.IllegalPlay):
        play.play(0, sk.KRAKEN)


def test_the_tigress_must_be_announced() -> None:
    play = sk.Round(1, 2, dealer=1)
    with pytest.raises(sk.IllegalPlay):
        play.play(0, sk.TIGRESS)


def test_turn_order() -> None:
    play = sk.Round(1, 3, dealer=0)
    with pytest.raises(sk.NotYourTurn):
        play.play(0, sk.ESCAPE)


def test_revokes_use_the_2021_lead() -> None:
    tricks = [sk.Trick(0, tuple(cards("green:3", "purple:4"))), sk.Trick(0, tuple(cards("yellow:2", "green:7")))]
    assert [(r.seat, r.suit, r.trick, r.shown) for r in sk.find_revokes(tricks)] == [(1, sk.Suit.GREEN, 0, 1)]
    assert (
        sk.find_revokes(
            [sk.Trick(0, tuple(cards("pirate", "purple:4"))), sk.Trick(0, tuple(cards("green:3", "green:7")))]
        )
        == []
    )


# --- Scoring ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bid", "won", "round_number", "bonus", "expected"),
    [
        (3, 3, 5, 0, 60),
        (3, 3, 5, 30, 90),
        (3, 1, 5, 30, -20),
        (3, 5, 5, 0, -20),
        (0, 0, 5, 0, 50),
        (0, 1, 5, 0, -50),
        (0, 0, 7, 20, 90),  # a Loot alliance paid on a zero bid met
    ],
)
def test_standard_scoring(bid: int, won: int, round_number: int, bonus: int, expected: int) -> None:
    assert sk.round_score(bid, won, round_number, bonus) == expected


@pytest.mark.parametrize(
    ("bid", "won", "bonus", "cannonball", "expected"),
    [
        (2, 2, 0, False, 50),  # a direct hit: all 10 x 5
        (2, 2, 30, False, 80),  # with its bonus
        (2, 3, 30, False, 40),  # a glancing blow: half of the stake and half of the bonus
        (2, 1, 0, False, 25),
        (2, 4, 0, False, 0),  # a miss
        (0, 0, 0, False, 50),
        (2, 2, 20, True, 95),  # the cannonball hits: 15 x 5 and the bonus
        (2, 3, 20, True, 0),  # and misses
    ],
)
def test_rascal_scoring(bid: int, won: int, bonus: int, cannonball: bool, expected: int) -> None:
    assert sk.round_score(bid, won, 5, bonus, sk.RASCAL_SCORING, cannonball) == expected


@pytest.mark.parametrize(
    ("bid", "won", "round_number", "bonus", "expected"),
    [
        (3, 2, 6, 40, 50),  # "The Rascal's Scoring": a glancing blow earns half of the 60 and half of the bonus
        (0, 1, 4, 10, 25),  # half of 40 and half of 10
        (3, 3, 6, 40, 100),  # a direct hit: all of both
        (3, 1, 6, 40, 0),  # a complete miss: nothing
    ],
)
def test_rascal_scoring_pays_half_the_bonus_on_a_glancing_blow(
    bid: int, won: int, round_number: int, bonus: int, expected: int
) -> None:
    assert sk.round_score(bid, won, round_number, bonus, sk.RASCAL_SCORING) == expected


def test_after_the_last_trick_only_harry_acts_as_printed_rascal_too_by_the_setting() -> None:
    def trick(*codes: str) -> sk.Trick:
        return sk.Trick(0, tuple(cards(*codes)))

    rascal = trick("pirate:rascal-of-roatan", "green:3")
    assert sk.ability(rascal, is_last=True) is None  # the 2021 rulebook: only Harry the Giant after the final trick
    assert sk.ability(rascal, is_last=True, rascal_after_last_trick=True) == sk.RASCAL  # the older expansion
    assert (
        sk.ability(trick("pirate:harry-the-giant", "green:3"), is_last=True, rascal_after_last_trick=True) == sk.HARRY
    )
    assert sk.ability(trick("pirate:rosie-de-laney", "green:3"), is_last=True, rascal_after_last_trick=True) is None


def test_who_leads_after_the_kraken_by_the_printing_the_table_plays() -> None:
    trick = cards("yellow:12", "kraken", "yellow:13", "black:14")
    assert sk.judge(trick).next_leader == 3  # the rulebook: who would have won (the black 14)
    assert sk.judge(trick, sk.AFTER_KRAKEN).next_leader == 2  # the other printing: left of the Kraken's player
    assert sk.judge(cards("yellow:12", "black:3", "kraken"), sk.AFTER_KRAKEN).next_leader == 0  # round the table
    assert sk.explain(trick, sk.AFTER_KRAKEN).rule is sk.Rule.KRAKEN_AFTER
    play = sk.Round(1, 2, dealer=1, options=sk.Options(kraken_leader=sk.AFTER_KRAKEN))
    play.play(0, sk.KRAKEN)
    play.play(1, sk.parse_card("green:3"))
    assert play.leader == 1
    with pytest.raises(sk.CardError, match="after the Kraken"):
        sk.Options(kraken_leader="the-captain")


def test_rascal_of_roatan_wager_is_won_only_by_an_exact_bid() -> None:  # the FAQ: even under Rascal scoring
    assert sk.round_score(2, 2, 5, 0, sk.STANDARD, wager=20) == 60
    assert sk.round_score(2, 3, 5, 0, sk.STANDARD, wager=20) == -30
    assert sk.round_score(2, 3, 5, 0, sk.RASCAL_SCORING, wager=10) == 15
    assert sk.round_score(2, 3, 5, 0, sk.RASCAL_SCORING, cannonball=True, wager=10) == -10


def test_the_deal_of_8_players_scores_by_the_cards_dealt() -> None:
    assert sk.round_score(0, 0, 10, cards=8) == 80
    assert sk.round_score(0, 0, 10, scoring=sk.RASCAL_SCORING, cards=8) == 80


@pytest.mark.parametrize(
    "call",
    [
        lambda: sk.round_score(6, 0, 5),
        lambda: sk.round_score(1, 6, 5),
        lambda: sk.round_score(1, 1, 11),
        lambda: sk.round_score(1, 1, 5, 15),
        lambda: sk.round_score(1, 1, 5, scoring="landlubber"),
        lambda: sk.round_score(1, 1, 5, cannonball=True),
        lambda: sk.round_score(1, 1, 5, wager=30),
        lambda: sk.round_score(9, 9, 10, cards=8),
    ],
)
def test_impossible_scores_are_refused(call) -> None:
    with pytest.raises(sk.CardError):
        call()


# --- The referee (table.games.skullking_2021.referee) ---------------------------------------------------------


def test_referee_trick() -> None:
    assert referee.ask_trick(["skullking", "mermaid", "green:2"]) == {
        "winner": 1,
        "bonus": 40,
        "lead_suit": None,
        "next_leader": 1,
        "loot": [],
    }
    assert referee.ask_trick(["green:2", "kraken", "green:9"])["winner"] is None
    assert referee.ask_trick(["green:2", "kraken", "green:9"])["next_leader"] == 2
    assert referee.ask_trick(["loot", "green:9", "green:3"])["loot"] == [{"loot": 0, "winner": 1}]
    assert referee.ask_trick(["escape", "yellow:3"])["lead_suit"] == "yellow"


@pytest.mark.parametrize(
    "value", [["green:2"], ["tigress", "green:2"], ["skullking", "skullking"], "green:2", ["green:2"] * 9]
)
def test_referee_trick_refusals(value: object) -> None:
    with pytest.raises(ValueError):
        referee.ask_trick(value)


def test_referee_score() -> None:
    assert referee.ask_score({"bid": 3, "won": 3, "round": 5, "bonus": 30}) == {"score": 90}
    assert referee.ask_score({"bid": 2, "won": 2, "round": 5, "scoring": "rascal", "cannonball": True}) == {"score": 75}
    assert referee.ask_score({"bid": 0, "won": 0, "round": 10, "cards": 8}) == {"score": 80}
    with pytest.raises(RequestError):
        referee.ask_score({"bid": 2, "won": 2, "round": 5, "cannonball": "yes"})
    with pytest.raises(RequestError):
        referee.ask_score({"bid": 2, "won": 2, "round": 5, "extra": 1})


def test_referee_legal_and_revokes() -> None:
    assert referee.ask_legal({"hand": ["yellow:3", "green:5", "loot"], "trick": ["yellow:9"]}) == {
        "legal": ["yellow:3", "loot"]
    }
    with pytest.raises(RequestError):
        referee.ask_legal({"hand": ["tigress:pirate"], "trick": []})
    answer = referee.ask_revokes(
        [{"leader": 0, "cards": ["green:3", "purple:4"]}, {"leader": 0, "cards": ["yellow:2", "green:7"]}]
    )
    assert answer == {"revokes": [{"seat": 1, "suit": "green", "trick": 0, "shown": 1, "card": "green:7"}]}


def test_the_referee_answers_through_the_catalog() -> None:
    from table.commands.referee import answer_line

    answer = answer_line('{"game": "skullking-2021", "trick": ["green:14", "black:14"]}')
    assert (answer["winner"], answer["bonus"]) == (1, 30)


def test_a_2021_deck_is_enrolled_card_by_card(tmp_path: Path) -> None:
    from table.enrollment import Enrollment, Refused
    from table.store.database import open_database
    from table.store.decks import DeckRegistry

    enrollment = Enrollment(DeckRegistry(open_database(tmp_path / "t.db")), "skullking-2021", "café")
    assert enrollment.progress() == (0, 74)
    assert enrollment.prompt() == "[0/74] Tap green:1"
    for index in range(74):
        assert not isinstance(enrollment.tap(f"04{index:012X}"), Refused)
    assert enrollment.next_code() is None
    assert isinstance(enrollment.tap("04000000000000"), Refused)


def test_loot_under_rascal_scoring_needs_both_bids_exact() -> None:  # the FAQ
    play = sk.Round(2, 3, dealer=2, options=sk.Options(scoring=sk.RASCAL_SCORING))
    for seat, code in ((0, "loot"), (1, "green:9"), (2, "green:3"), (1, "green:4"), (2, "escape"), (0, "escape")):
        play.play(seat, sk.parse_card(code))
    assert play.alliances() == [(0, 1)]
    assert play.score(0, [0, 2, 0]) == 20 + 20  # both exact: the direct hit and the alliance
    assert play.score(0, [0, 1, 0]) == 20  # the winner one off: no alliance for either
    assert play.score(1, [0, 1, 0]) == 10  # a glancing blow: half of 20, no bonus


# --- Why a trick went where it went -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("codes", "rule", "winner", "bonus"),
    [
        (("green:5", "kraken", "pirate:harry-the-giant"), sk.Rule.KRAKEN, None, 0),
        (("whale", "green:3"), sk.Rule.WHALE, 1, 0),
        (("whale", "skullking", "mermaid"), sk.Rule.WHALE_NO_NUMBER, None, 0),
        (("mermaid", "pirate:rosie-de-laney"), sk.Rule.PIRATE, 1, 20),
        (("pirate:juanita-jade", "skullking", "tigress:pirate"), sk.Rule.SKULL_KING, 1, 60),
        (("skullking", "mermaid"), sk.Rule.MERMAID_CATCHES_KING, 1, 40),
        (("green:14", "black:2"), sk.Rule.TRUMP, 1, 10),
        (("purple:3", "purple:9", "black:14"), sk.Rule.TRUMP, 2, 20),
        (("yellow:7", "yellow:14", "green:14"), sk.Rule.LEAD_SUIT, 1, 20),
        (("escape", "loot", "tigress:escape"), sk.Rule.ESCAPES, 0, 0),
    ],
)
def test_explain_names_the_rule_that_decided_and_the_bonus(
    codes: tuple[str, ...], rule: sk.Rule, winner: int | None, bonus: int
) -> None:
    trick = cards(*codes)
    reason = sk.explain(trick)
    assert (reason.rule, reason.winner, reason.bonus) == (rule, winner, bonus)
    assert reason.winner == sk.judge(trick).winner
    assert reason.next_leader == sk.judge(trick).next_leader


def test_explain_counts_what_the_bonus_is_for() -> None:
    reason = sk.explain(cards("mermaid", "pirate:harry-the-giant", "green:14", "black:14", "loot"))
    assert (reason.mermaids, reason.fourteens, reason.black_fourteen, reason.allies) == (1, 1, True, (4,))
    assert reason.bonus == 20 + 10 + 20
    assert sk.explain(cards("pirate:harry-the-giant", "pirate:rosie-de-laney")).rivals == 1


def test_a_two_card_trick_of_the_whale_then_the_kraken() -> None:  # docs/rules/skullking-2021.md, two players
    trick = cards("whale", "kraken")
    assert (sk.judge(trick).winner, sk.judge(trick).next_leader) == (None, 1)  # the Kraken's player: nobody else
    assert sk.judge(trick, sk.AFTER_KRAKEN).next_leader == 0  # left of the Kraken's player
