"""Skull King, the card game: every rule of docs/rules/skullking.md and every worked example of the rulebooks."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from table.games.skullking import rules as sk
from tests.rules.strategies import hand_and_trick, tricks


def cards(*codes: str) -> list[sk.Card]:
    return sk.parse_cards(codes)


def winner(*codes: str) -> int:
    return sk.trick_winner(cards(*codes))


# --- The deck --------------------------------------------------------------------------------------------------


def test_the_deck_has_66_cards_as_printed() -> None:
    kinds = [card.kind for card in sk.DECK]
    assert len(sk.DECK) == 66
    for suit in sk.Suit:
        assert sorted(card.number for card in sk.DECK if card.suit is suit) == list(range(1, 14))
    assert kinds.count(sk.Kind.ESCAPE) == 5
    assert sorted(card.name for card in sk.DECK if card.kind is sk.Kind.PIRATE) == sorted(sk.PIRATE_NAMES)
    assert kinds.count(sk.Kind.SCARY_MARY) == 1
    assert kinds.count(sk.Kind.MERMAID) == 2
    assert kinds.count(sk.Kind.SKULL_KING) == 1


def test_every_card_code_reads_back_as_the_same_card() -> None:
    for card in [*sk.DECK, sk.PIRATE, sk.SCARY_MARY_AS_PIRATE, sk.SCARY_MARY_AS_ESCAPE]:
        assert sk.parse_card(card.code) == card
        assert str(card) == card.code


@pytest.mark.parametrize(
    ("code", "card"),
    [
        ("yellow:12", sk.number_card(sk.Suit.YELLOW, 12)),
        ("black:1", sk.number_card(sk.Suit.BLACK, 1)),
        (" Red:3 ", sk.number_card(sk.Suit.RED, 3)),
        ("BLUE:13", sk.number_card(sk.Suit.BLUE, 13)),
        ("escape", sk.ESCAPE),
        ("pirate", sk.PIRATE),
        ("pirate:tortuga-jack", sk.named_pirate("tortuga-jack")),
        ("scarymary", sk.SCARY_MARY),
        ("scarymary:pirate", sk.SCARY_MARY_AS_PIRATE),
        ("scarymary:escape", sk.SCARY_MARY_AS_ESCAPE),
        ("mermaid", sk.MERMAID),
        ("skullking", sk.SKULL_KING),
    ],
)
def test_card_codes(code: str, card: sk.Card) -> None:
    assert sk.parse_card(code) == card


@pytest.mark.parametrize(
    ("code", "message"),
    [
        ("yellow:14", "numbered 1 to 13"),
        ("black:0", "numbered 1 to 13"),
        ("red", "needs its number"),
        ("blue:seven", "needs its number"),
        ("green:3", "unknown card 'green:3'"),
        ("kraken", "unknown card"),
        ("", "unknown card"),
        ("pirate:long-john", "no pirate called 'long-john'"),
        ("scarymary:mermaid", "scarymary:pirate"),
    ],
)
def test_bad_card_codes_say_what_is_wrong(code: str, message: str) -> None:
    with pytest.raises(sk.CardError, match=message):
        sk.parse_card(code)


def test_a_card_code_must_be_text() -> None:
    with pytest.raises(sk.CardError, match="written as text"):
        sk.parse_card(12)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("codes", "message"),
    [
        (["skullking", "skullking"], "only one skullking, not 2"),
        (["yellow:5", "escape", "yellow:5"], "only one yellow:5"),
        (["mermaid"] * 3, "only 2 mermaid"),
        (["escape"] * 6, "only 5 escape"),
        (["scarymary:pirate", "scarymary:escape"], "only one scarymary"),
        (["pirate:evil-emmy", "pirate:evil-emmy"], "only one pirate:evil-emmy"),
        (["pirate"] * 6, "5 pirates"),
        (["pirate"] * 5 + ["pirate:betty-brave"], "5 pirates"),
    ],
)
def test_cards_one_deck_cannot_hold_are_refused(codes: list[str], message: str) -> None:
    with pytest.raises(sk.CardError, match=message):
        sk.check_from_one_deck(cards(*codes))


def test_cards_one_deck_can_hold_pass() -> None:
    sk.check_from_one_deck(sk.DECK)
    sk.check_from_one_deck(cards(*["pirate"] * 4, "pirate:betty-brave", "scarymary:pirate", *["escape"] * 5))


# --- Following suit --------------------------------------------------------------------------------------------


def test_the_lead_suit_is_the_first_suit_card_played() -> None:
    assert sk.lead_suit(cards("yellow:2", "red:9")) is sk.Suit.YELLOW
    assert sk.lead_suit(cards("black:3", "yellow:9")) is sk.Suit.BLACK


def test_special_cards_led_set_no_suit_the_first_suit_card_after_them_does() -> None:
    assert sk.lead_suit(cards("escape", "pirate", "blue:4", "red:9")) is sk.Suit.BLUE
    assert sk.lead_suit(cards("escape", "mermaid")) is None
    assert sk.lead_suit([]) is None


def test_who_holds_the_lead_suit_must_play_it_or_a_special_card() -> None:
    hand = cards("yellow:3", "red:5", "escape", "black:9", "scarymary", "skullking")
    assert sk.legal_plays(hand, cards("yellow:9")) == cards("yellow:3", "escape", "scarymary", "skullking")


def test_who_lacks_the_lead_suit_may_play_any_card() -> None:
    hand = cards("red:5", "blue:1", "mermaid")
    assert sk.legal_plays(hand, cards("yellow:9")) == hand


def test_on_a_black_lead_a_player_without_black_may_play_any_suit_and_need_not_play_a_pirate() -> None:
    hand = cards("red:5", "yellow:1", "pirate:badeye-joe")
    assert sk.legal_plays(hand, cards("black:2")) == hand


def test_black_led_must_be_followed_by_who_holds_black() -> None:
    hand = cards("red:5", "black:1", "pirate:badeye-joe")
    assert sk.legal_plays(hand, cards("black:12")) == cards("black:1", "pirate:badeye-joe")


def test_after_special_cards_the_first_suit_card_sets_what_must_be_followed() -> None:
    hand = cards("red:5", "blue:1")
    assert sk.legal_plays(hand, cards("pirate", "escape")) == hand
    assert sk.legal_plays(hand, cards("pirate", "blue:7")) == cards("blue:1")


def test_the_leader_may_play_anything() -> None:
    hand = cards("red:5", "blue:1", "escape")
    assert sk.legal_plays(hand, []) == hand


# --- Who wins the trick: the rulebook's order, rule by rule ----------------------------------------------------


def test_worked_example_black_trumps_and_without_it_the_highest_of_the_lead_suit_wins() -> None:
    # Rulebook: yellow 2, yellow 12, blue 13, black 1 -> black 1 wins; without the black 1, yellow 12 wins.
    assert winner("yellow:2", "yellow:12", "blue:13", "black:1") == 3
    assert winner("yellow:2", "yellow:12", "blue:13") == 1


def test_rule_1_a_mermaid_beats_the_skull_king_whatever_else_lies_there() -> None:
    assert winner("skullking", "pirate", "mermaid", "black:13") == 2
    assert winner("mermaid", "skullking") == 0
    assert winner("pirate:evil-emmy", "skullking", "scarymary:pirate", "mermaid") == 3


def test_rule_1_the_first_mermaid_played_takes_the_skull_king() -> None:
    assert winner("yellow:3", "skullking", "mermaid", "mermaid") == 2


def test_rule_2_the_skull_king_beats_the_pirates() -> None:
    assert winner("pirate:tortuga-jack", "skullking", "scarymary:pirate") == 1
    assert winner("black:13", "yellow:1", "skullking") == 2


def test_rule_3_the_first_pirate_played_wins_scary_mary_as_a_pirate_included() -> None:
    assert winner("yellow:1", "pirate:betty-brave", "pirate:evil-emmy") == 1
    assert winner("scarymary:pirate", "pirate:harry-the-giant") == 0
    assert winner("pirate:harry-the-giant", "scarymary:pirate") == 0


def test_rule_3_pirates_beat_mermaids_and_black() -> None:
    assert winner("mermaid", "black:13", "pirate") == 2


def test_rule_4_the_first_mermaid_wins_over_every_suit_card_black_included() -> None:
    assert winner("black:13", "mermaid", "mermaid") == 1


def test_rule_5_the_highest_black_card_wins_even_when_black_was_not_led() -> None:
    assert winner("red:13", "black:2", "black:11", "red:12") == 2


def test_rule_6_only_the_lead_suit_counts_among_the_coloured_suits() -> None:
    assert winner("blue:3", "red:13", "yellow:13", "blue:4") == 3
    assert winner("escape", "red:2", "blue:13") == 1


def test_rule_7_only_escapes_the_first_card_played_wins() -> None:
    assert winner("escape", "escape", "escape") == 0
    assert winner("scarymary:escape", "escape") == 0
    assert winner("escape", "scarymary:escape") == 0


def test_scary_mary_as_an_escape_loses_to_any_suit_card() -> None:
    assert winner("scarymary:escape", "yellow:1") == 1


def test_an_empty_trick_has_no_winner() -> None:
    with pytest.raises(sk.CardError):
        sk.trick_winner([])


# --- Bonuses ---------------------------------------------------------------------------------------------------


def test_the_skull_king_earns_30_for_every_pirate_in_his_trick() -> None:
    assert sk.trick_bonus(cards("pirate:badeye-joe", "skullking", "pirate:evil-emmy", "yellow:4")) == 60


def test_scary_mary_counts_as_a_pirate_for_the_bonus_even_when_played_as_an_escape() -> None:
    assert sk.trick_bonus(cards("skullking", "scarymary:escape")) == 30
    assert sk.trick_bonus(cards("scarymary:pirate", "skullking", "pirate")) == 60


def test_a_mermaid_taking_the_skull_king_earns_50_and_no_pirate_bonus() -> None:
    assert sk.trick_bonus(cards("pirate", "skullking", "mermaid", "pirate:evil-emmy")) == 50


def test_other_tricks_pay_no_bonus() -> None:
    assert sk.trick_bonus(cards("pirate", "mermaid", "black:13")) == 0
    assert sk.trick_bonus(cards("skullking", "black:13")) == 0
    assert sk.trick_bonus(cards("yellow:2", "yellow:12")) == 0


# --- Scoring ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bid", "won", "round_number", "bonus", "score"),
    [
        (3, 3, 3, 0, 60),  # David bids 3 tricks and wins them: 60
        (5, 1, 5, 0, -40),  # Simon bids 5 and wins 1: four off, -40
        (0, 0, 4, 0, 40),  # Eloise bids no tricks in round 4 and wins none: 40
        (0, 2, 9, 0, -90),  # David bids no tricks in round 9 and takes two: -90
        (3, 3, 5, 30, 90),  # the referee's example: bid met, 30 bonus
        (2, 3, 5, 30, -10),  # bid missed: no bonus
        (0, 1, 7, 50, -70),  # a zero bid missed pays no bonus either
    ],
)
def test_round_score(bid: int, won: int, round_number: int, bonus: int, score: int) -> None:
    assert sk.round_score(bid, won, round_number, bonus) == score


def test_missing_a_zero_bid_costs_the_same_however_many_tricks_were_taken() -> None:
    assert sk.round_score(0, 1, 9) == sk.round_score(0, 3, 9) == -90


@pytest.mark.parametrize(
    ("bid", "won", "round_number", "bonus", "message"),
    [
        (6, 5, 5, 0, "bid is 0 to 5"),
        (-1, 0, 5, 0, "bid is 0 to 5"),
        (1, 1, 11, 0, "rounds 1 to 10"),
        (1, 1, 0, 0, "rounds 1 to 10"),
        (1, 6, 5, 0, "wins 0 to 5"),
        (1, 1, 5, 40, "bonus is one of"),
        (1, 1, 5, -30, "bonus is one of"),
        (0, 0, 5, 30, "needs a trick won"),
        (True, 1, 5, 0, "bid is 0 to 5"),
        (1.0, 1, 5, 0, "bid is 0 to 5"),
    ],
)
def test_impossible_scores_are_refused(bid: int, won: int, round_number: int, bonus: int, message: str) -> None:
    with pytest.raises(sk.CardError, match=message):
        sk.round_score(bid, won, round_number, bonus)


# --- Rounds, dealer and leader ---------------------------------------------------------------------------------


@pytest.mark.parametrize("players", range(2, 7))
def test_the_dealer_moves_one_seat_clockwise_each_round(players: int) -> None:
    dealers = [sk.dealer(r, players) for r in range(1, 11)]
    assert dealers[0] == 0
    assert all(b == (a + 1) % players for a, b in itertools.pairwise(dealers))
    assert sk.dealer(1, players, first_dealer=players - 1) == players - 1


def test_round_r_deals_r_cards_and_a_game_has_ten_rounds() -> None:
    assert [sk.cards_dealt(r) for r in range(1, sk.ROUNDS + 1)] == list(range(1, 11))
    with pytest.raises(sk.CardError):
        sk.cards_dealt(11)


def test_the_player_left_of_the_dealer_leads_and_play_goes_clockwise() -> None:
    assert sk.first_leader(2, 4) == 3
    assert sk.first_leader(3, 4) == 0
    assert sk.play_order(2, 4) == [2, 3, 0, 1]


@pytest.mark.parametrize("players", [1, 7, 0])
def test_skull_king_is_for_two_to_six_players(players: int) -> None:
    with pytest.raises(sk.CardError, match="2 to 6 players"):
        sk.check_players(players)


def test_the_winner_of_a_trick_leads_the_next() -> None:
    play = sk.Round(number=2, players=3, dealer=0)
    assert play.leader == 1 and play.to_play == 1
    play.play(1, sk.parse_card("yellow:5"))
    play.play(2, sk.parse_card("yellow:9"))
    trick = play.play(0, sk.parse_card("red:13"))
    assert trick is not None and trick.winner == 2
    assert play.leader == 2 and play.to_play == 2
    assert play.tricks_won(2) == 1


def test_a_round_tallies_tricks_bonuses_and_scores() -> None:
    play = sk.Round(number=2, players=2, dealer=1)  # seat 0 leads
    play.play(0, sk.parse_card("pirate:evil-emmy"))
    play.play(1, sk.parse_card("skullking"))  # seat 1 takes a pirate with the Skull King: +30
    play.play(1, sk.parse_card("yellow:3"))
    play.play(0, sk.parse_card("yellow:4"))
    assert play.is_over and play.to_play is None
    assert [play.tricks_won(seat) for seat in (0, 1)] == [1, 1]
    assert play.bonus(1) == 30
    assert play.score(1, bid=1) == 50
    assert play.score(0, bid=2) == -10


def test_playing_out_of_turn_changes_nothing() -> None:
    play = sk.Round(number=1, players=3, dealer=0)
    with pytest.raises(sk.NotYourTurn, match="seat 1's turn, not seat 2's"):
        play.play(2, sk.parse_card("yellow:5"))
    assert play.current == [] and play.to_play == 1


def test_a_card_played_twice_in_a_round_is_refused() -> None:
    play = sk.Round(number=3, players=2, dealer=0)
    play.play(1, sk.parse_card("mermaid"))
    play.play(0, sk.parse_card("yellow:5"))
    with pytest.raises(sk.CardError, match="only one yellow:5"):
        play.play(1, sk.parse_card("yellow:5"))
    assert play.current == []
    play.play(1, sk.parse_card("mermaid"))  # the second Mermaid is another card


def test_scary_mary_must_be_announced_when_played() -> None:
    play = sk.Round(number=1, players=2, dealer=0)
    with pytest.raises(sk.IllegalPlay, match="announced"):
        play.play(1, sk.SCARY_MARY)


def test_nothing_is_played_after_the_last_trick() -> None:
    play = sk.Round(number=1, players=2, dealer=0)
    play.play(1, sk.parse_card("yellow:5"))
    play.play(0, sk.parse_card("yellow:6"))
    with pytest.raises(sk.IllegalPlay, match="over"):
        play.play(0, sk.parse_card("yellow:7"))


# --- Revokes ---------------------------------------------------------------------------------------------------


def trick(leader: int, *codes: str) -> sk.Trick:
    return sk.Trick(leader, tuple(cards(*codes)))


def test_playing_a_suit_one_did_not_follow_earlier_in_the_round_is_a_revoke() -> None:
    revokes = sk.find_revokes(
        [
            trick(0, "yellow:2", "red:9", "yellow:5"),  # seat 1 shows no yellow
            trick(2, "blue:1", "blue:9", "yellow:7"),  # ... and plays yellow:7 here (seat order 2, 0, 1)
        ]
    )
    assert revokes == [sk.Revoke(seat=1, suit=sk.Suit.YELLOW, trick=0, shown=1, card=sk.parse_card("yellow:7"))]


def test_a_special_card_played_on_a_lead_suit_proves_nothing() -> None:
    assert sk.find_revokes([trick(0, "yellow:2", "pirate", "yellow:5"), trick(1, "yellow:9", "red:1", "red:2")]) == []


def test_leading_the_suit_one_did_not_follow_is_a_revoke_too() -> None:
    revokes = sk.find_revokes([trick(0, "black:2", "red:9"), trick(1, "black:5", "black:6")])
    assert [(r.seat, r.suit, r.trick, r.shown) for r in revokes] == [(1, sk.Suit.BLACK, 0, 1)]


def test_following_suit_is_never_a_revoke() -> None:
    tricks_played = [trick(0, "yellow:2", "yellow:9"), trick(1, "red:5", "red:6"), trick(1, "yellow:1", "yellow:3")]
    assert sk.find_revokes(tricks_played) == []


def test_a_revoke_is_reported_once() -> None:
    revokes = sk.find_revokes(
        [trick(0, "yellow:2", "red:9"), trick(1, "yellow:7", "red:1"), trick(0, "black:1", "yellow:8")]
    )
    assert len(revokes) == 1


# --- Properties ------------------------------------------------------------------------------------------------


@given(tricks())
def test_exactly_one_card_of_the_trick_wins(trick_cards: list[sk.Card]) -> None:
    position = sk.trick_winner(trick_cards)
    assert 0 <= position < len(trick_cards)
    # Its claim is explained by the rulebook: nothing stronger lies in the trick.
    won = trick_cards[position]
    has = {card.kind for card in trick_cards}
    if sk.Kind.SKULL_KING in has and sk.Kind.MERMAID in has:
        assert won.kind is sk.Kind.MERMAID
    elif sk.Kind.SKULL_KING in has:
        assert won.kind is sk.Kind.SKULL_KING
    elif any(card.rank == sk.PIRATE_RANK for card in trick_cards):
        assert won.rank == sk.PIRATE_RANK
    elif sk.Kind.MERMAID in has:
        assert won.kind is sk.Kind.MERMAID
    elif any(card.suit is sk.Suit.BLACK for card in trick_cards):
        assert won.number == max(card.number for card in trick_cards if card.suit is sk.Suit.BLACK)
    elif sk.lead_suit(trick_cards) is not None:
        lead = sk.lead_suit(trick_cards)
        assert won.suit is lead
        assert won.number == max(card.number for card in trick_cards if card.suit is lead)
    else:
        assert position == 0


def _order_that_matters(trick_cards: list[sk.Card]) -> tuple[object, ...]:
    """What the rules let depend on the order of play: the lead suit, and who came first among equals."""
    first_among = {
        rank: [card for card in trick_cards if card.rank == rank] for rank in (sk.PIRATE_RANK, sk.MERMAID_RANK)
    }
    escapes_first = trick_cards[0] if all(card.rank == sk.ESCAPE_RANK for card in trick_cards) else None
    return sk.lead_suit(trick_cards), first_among[sk.PIRATE_RANK][:1], first_among[sk.MERMAID_RANK][:1], escapes_first


@given(tricks(min_size=2), st.randoms(use_true_random=False))
def test_the_order_of_play_matters_only_where_the_rules_say(trick_cards: list[sk.Card], rng: object) -> None:
    shuffled = list(trick_cards)
    rng.shuffle(shuffled)  # type: ignore[attr-defined]
    assume(_order_that_matters(shuffled) == _order_that_matters(trick_cards))
    assert shuffled[sk.trick_winner(shuffled)] == trick_cards[sk.trick_winner(trick_cards)]


@given(tricks(max_size=sk.MAX_PLAYERS - 1))
def test_an_escape_played_last_never_changes_who_wins(trick_cards: list[sk.Card]) -> None:
    assume(sum(card.kind is sk.Kind.ESCAPE for card in trick_cards) < sk.ESCAPES_IN_DECK)
    assert sk.trick_winner([*trick_cards, sk.ESCAPE]) == sk.trick_winner(trick_cards)


@given(tricks())
def test_a_bonus_is_paid_only_on_the_trick_holding_the_skull_king(trick_cards: list[sk.Card]) -> None:
    bonus = sk.trick_bonus(trick_cards)
    assert bonus in sk.POSSIBLE_BONUSES
    if sk.SKULL_KING not in trick_cards:
        assert bonus == 0


@given(hand_and_trick())
def test_legal_plays_are_never_empty_and_always_from_the_hand(case: tuple[list[sk.Card], list[sk.Card]]) -> None:
    hand, trick_cards = case
    legal = sk.legal_plays(hand, trick_cards)
    assert legal and all(card in hand for card in legal)
    lead = sk.lead_suit(trick_cards)
    if lead is not None and any(card.suit is lead for card in hand):
        assert all(card.suit is lead or card.is_special for card in legal)
        assert all(card in legal for card in hand if card.is_special or card.suit is lead)
    else:
        assert legal == hand


@given(
    st.integers(1, 10).flatmap(
        lambda r: st.tuples(
            st.integers(0, r), st.integers(0, r), st.just(r), st.sampled_from(sorted(sk.POSSIBLE_BONUSES))
        )
    )
)
def test_round_scores_follow_the_formula(case: tuple[int, int, int, int]) -> None:
    bid, won, round_number, bonus = case
    assume(won > 0 or bonus == 0)
    score = sk.round_score(bid, won, round_number, bonus)
    if bid == 0:
        assert score == (10 if won == 0 else -10) * round_number
    elif won == bid:
        assert score == 20 * bid + bonus > 0
    else:
        assert score == -10 * abs(won - bid) < 0
        assert score == sk.round_score(bid, won, round_number, 0)  # a missed bid pays no bonus


# --- Why a trick went where it went -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("codes", "rule", "winner", "rivals", "pirates", "bonus"),
    [
        (("yellow:5", "yellow:12", "red:13"), sk.Rule.LEAD_SUIT, 1, 0, 0, 0),
        (("yellow:5", "black:3", "yellow:12"), sk.Rule.TRUMP, 1, 0, 0, 0),
        (("escape", "pirate:harry-the-giant", "pirate:evil-emmy"), sk.Rule.PIRATE, 1, 1, 2, 0),
        (("mermaid", "yellow:5", "mermaid"), sk.Rule.MERMAID, 0, 1, 0, 0),
        (("pirate:badeye-joe", "skullking", "scarymary:escape"), sk.Rule.SKULL_KING, 1, 0, 2, 60),
        (("skullking", "yellow:2", "mermaid"), sk.Rule.MERMAID_CATCHES_KING, 2, 0, 0, 50),
        (("escape", "scarymary:escape", "escape"), sk.Rule.ESCAPES, 0, 0, 1, 0),
    ],
)
def test_explain_names_the_rule_that_decided_and_the_bonus(
    codes: tuple[str, ...], rule: sk.Rule, winner: int, rivals: int, pirates: int, bonus: int
) -> None:
    reason = sk.explain(cards(*codes))
    assert (reason.rule, reason.winner, reason.rivals, reason.pirates, reason.bonus) == (
        rule,
        winner,
        rivals,
        pirates,
        bonus,
    )


@given(tricks())
def test_explain_agrees_with_the_winner_and_the_bonus(trick: list[sk.Card]) -> None:
    reason = sk.explain(trick)
    assert reason.winner == sk.trick_winner(trick)
    assert reason.bonus == sk.trick_bonus(trick)
    assert reason.card == trick[reason.winner]
