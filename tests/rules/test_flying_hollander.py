"""The Flying Hollander: every rule of docs/rules/flying-hollander.md, every special card, the rulebook's examples."""

from __future__ import annotations

import pytest

from table.commands import referee
from table.games.flying_hollander import rules as fh
from table.games.flying_hollander.rules import Kind, Need, Position, Why
from table.games.flying_hollander.settings import HollanderSettings


def legal(pile: list[str], *cards: str) -> bool:
    return fh.judge(pile, list(cards)) is None


def why(pile: list[str], *cards: str) -> fh.Why:
    refusal = fh.judge(pile, list(cards))
    assert refusal is not None
    return refusal.why


# --- The deck ---------------------------------------------------------------------------------------------------


def test_the_default_deck_has_four_of_each_rank_and_two_of_each_special() -> None:
    assert len(fh.DECK) == 12 * 4 + 6 * 2
    assert fh.DECK.count("crew:1") == 4 and fh.DECK.count("hollander") == 2
    assert fh.DECK[0] == "crew:1" and fh.DECK[-1] == "pirate"


def test_a_deck_from_other_counts() -> None:
    deck = fh.deck({"kraken": 1, "crew:12": 3})
    assert deck.count("kraken") == 1 and deck.count("crew:12") == 3 and len(deck) == 58
    with pytest.raises(fh.CardError):
        fh.deck({"crew:13": 2})
    with pytest.raises(fh.CardError):
        fh.deck({"kraken": -1})


def test_codes_and_ranks() -> None:
    assert fh.rank("crew:1") == 1 and fh.rank("crew:12") == 12 and fh.rank("kraken") is None
    assert fh.is_special("island") and not fh.is_special("crew:5")
    for bad in ("crew:0", "crew:13", "ghost", 7):
        with pytest.raises(fh.CardError):
            fh.check_card(bad)


def test_players_two_to_six_and_the_deck_must_deal_nine_each() -> None:
    fh.check_players(2)
    fh.check_players(6)
    for players in (1, 7):
        with pytest.raises(fh.CardError):
            fh.check_players(players)
    with pytest.raises(fh.CardError):
        fh.check_players(6, deck_size=50)


# --- The usual play: equal or higher ------------------------------------------------------------------------------


def test_anything_goes_on_an_empty_pile() -> None:
    assert fh.need([]) == Need()
    assert all(legal([], code) for code in fh.CODES)


def test_equal_or_higher_beats_a_crew_card() -> None:
    assert legal(["crew:7"], "crew:7") and legal(["crew:7"], "crew:12")
    assert why(["crew:7"], "crew:6") is Why.TOO_LOW
    assert fh.judge(["crew:7"], ["crew:6"]).describe() == "a 6 does not beat the 7"  # type: ignore[union-attr]


def test_specials_go_on_anything_but_mutiny_and_island_not_on_a_captain() -> None:
    for code in (fh.HOLLANDER, fh.KRAKEN, fh.WORMHOLE, fh.PIRATE):
        assert legal(["crew:12"], code)
    assert why(["crew:12"], "mutiny") is Why.ON_CAPTAIN
    assert why(["crew:12"], "island") is Why.ON_CAPTAIN
    assert legal(["crew:11"], "mutiny") and legal(["crew:11"], "island")


def test_several_identical_cards_at_once_but_not_different_ones() -> None:
    assert legal(["crew:4"], "crew:5", "crew:5", "crew:5")
    assert why(["crew:4"], "crew:5", "crew:6") is Why.NOT_IDENTICAL
    assert why([], *[]) is Why.NO_CARDS


# --- The Flying Hollander -----------------------------------------------------------------------------------------


def test_the_hollander_is_a_ghost_the_card_beneath_is_beaten() -> None:
    assert fh.need(["crew:7", "hollander"]) == Need(Kind.AT_LEAST, 7, ghost=True)
    assert legal(["crew:7", "hollander"], "crew:8")
    refusal = fh.judge(["crew:7", "hollander"], ["crew:6"])
    assert refusal is not None and refusal.describe() == "a 6 does not beat the 7 under the Flying Hollander"


def test_a_captain_under_the_hollander_still_forbids_mutiny_and_island() -> None:
    assert why(["crew:12", "hollander"], "island") is Why.ON_CAPTAIN
    assert why(["crew:12", "hollander", "hollander"], "mutiny") is Why.ON_CAPTAIN


def test_the_hollander_as_first_card_skips_the_next_player_once_even_two_together() -> None:
    assert fh.play([], ["hollander"]).skip
    assert fh.play(["hollander"], ["hollander"]).skip  # only ghosts beneath: still the first card
    assert not fh.play(["crew:3"], ["hollander"]).skip
    two = fh.play([], ["hollander", "hollander"])
    assert two.skip and two.need == Need(Kind.ANY, 0, ghost=True)


# --- Kraken and four of a kind ------------------------------------------------------------------------------------


def test_the_kraken_clears_the_pile_and_its_player_plays_again() -> None:
    effect = fh.play(["crew:3", "crew:9"], ["kraken"])
    assert effect.clears and effect.again and effect.pile == () and not effect.four_of_a_kind
    assert fh.play(["crew:12"], ["kraken"]).clears


def test_four_of_a_kind_completed_from_the_hand_acts_as_a_kraken() -> None:
    # The rulebook: three cabin boys in a row on the pile, one more from the hand makes four of a kind.
    effect = fh.play(["crew:1", "crew:1", "crew:1"], ["crew:1"])
    assert effect.clears and effect.again and effect.four_of_a_kind
    assert fh.play(["crew:5"], ["crew:5", "crew:5", "crew:5"]).four_of_a_kind
    assert fh.play([], ["crew:8"] * 4).four_of_a_kind


def test_a_hollander_between_does_not_break_four_of_a_kind() -> None:
    assert fh.play(["crew:1", "hollander", "crew:1", "crew:1", "hollander"], ["crew:1"]).four_of_a_kind


def test_other_cards_between_break_four_of_a_kind() -> None:
    assert not fh.play(["crew:1", "wormhole", "crew:1", "crew:1"], ["crew:1"]).clears
    assert not fh.play(["crew:1", "crew:1", "crew:2"], ["crew:2"]).clears


# --- Mutiny ------------------------------------------------------------------------------------------------------


def test_after_a_mutiny_equal_or_lower_or_a_special() -> None:
    pile = ["crew:7", "mutiny"]
    assert fh.need(pile) == Need(Kind.AT_MOST, 7)
    assert legal(pile, "crew:7") and legal(pile, "crew:1") and legal(pile, "kraken") and legal(pile, "island")
    assert why(pile, "crew:8") is Why.TOO_HIGH


def test_a_mutiny_as_first_card_allows_only_1_to_3_or_a_special() -> None:
    assert fh.need(["mutiny"]) == Need(Kind.LOW, 3)
    assert legal(["mutiny"], "crew:3") and legal(["mutiny"], "pirate")
    assert why(["mutiny"], "crew:4") is Why.NOT_LOW
    assert fh.need(["crew:9", "island", "mutiny"]).kind is Kind.LOW  # no rank in force beneath


def test_a_mutiny_on_a_mutiny_keeps_the_first_reference() -> None:
    assert fh.need(["crew:9", "mutiny", "mutiny"]) == Need(Kind.AT_MOST, 9)
    assert fh.need(["mutiny", "mutiny"]) == Need(Kind.LOW, 3)
    assert fh.need(["crew:9", "mutiny", "hollander", "mutiny"]) == Need(Kind.AT_MOST, 9)


def test_a_mutiny_holds_through_ghosts_wormholes_and_pirates_until_a_crew_card_or_island() -> None:
    assert fh.need(["crew:9", "mutiny", "hollander"]) == Need(Kind.AT_MOST, 9, ghost=True)
    assert fh.need(["crew:9", "mutiny", "wormhole", "pirate"]) == Need(Kind.AT_MOST, 9)
    assert fh.need(["crew:9", "mutiny", "crew:4"]) == Need(Kind.AT_LEAST, 4)
    assert fh.need(["crew:9", "mutiny", "island"]) == Need()


def test_mutiny_on_a_hollander_takes_the_card_beneath() -> None:
    assert fh.need(["crew:6", "hollander", "mutiny"]) == Need(Kind.AT_MOST, 6)


# --- Island, Wormhole, Pirate ---------------------------------------------------------------------------------------


def test_after_an_island_any_card() -> None:
    assert fh.need(["crew:11", "island"]) == Need()
    assert legal(["crew:11", "island"], "crew:1")


def test_wormhole_and_pirate_keep_the_card_to_beat() -> None:
    effect = fh.play(["crew:8"], ["wormhole"])
    assert effect.choose_next and effect.need == Need(Kind.AT_LEAST, 8)
    effect = fh.play(["crew:8"], ["pirate"])
    assert effect.swap and effect.need == Need(Kind.AT_LEAST, 8)
    assert why(["crew:8", "wormhole"], "crew:5") is Why.TOO_LOW


# --- A game: turns, drawing, phases, going out ----------------------------------------------------------------------


def test_the_deal_and_the_first_player() -> None:
    game = fh.start(4)
    assert game.draw == 60 - 36 and game.turn == 1
    assert all(held == fh.Holding(3, 3, 3) for held in game.holdings)


def test_after_a_play_the_player_draws_back_up_to_three_and_the_turn_passes() -> None:
    game = fh.start(3)
    done = game.lay(1, "crew:5")
    assert done.drew == 1 and game.holdings[1].hand == 3 and game.draw == 60 - 27 - 1 and game.turn == 2
    assert game.pile == ["crew:5"] and game.started


def test_identical_cards_join_the_play_until_the_next_player_acts() -> None:
    game = fh.start(3)
    game.lay(1, "crew:5")
    assert game.can_extend(1, "crew:5") and not game.can_extend(1, "crew:6") and not game.can_extend(2, "crew:5")
    game.lay(1, "crew:5")
    assert game.pile == ["crew:5", "crew:5"] and game.turn == 2
    game.lay(2, "crew:7")
    assert not game.can_extend(1, "crew:5")


def test_an_added_hollander_does_not_skip_again() -> None:
    game = fh.start(4)
    game.lay(1, "hollander")
    assert game.turn == 3  # 2 skipped
    game.lay(1, "hollander")
    assert game.turn == 3


def test_four_of_a_kind_by_added_cards_gives_the_turn_back() -> None:
    game = fh.start(3)
    game.pile = ["crew:2", "crew:2"]
    game.lay(1, "crew:2")
    assert game.turn == 2
    done = game.lay(1, "crew:2")
    assert done.effect is not None and done.effect.four_of_a_kind and game.turn == 1 and game.pile == []
    assert game.cleared == 4


def test_a_kraken_lets_its_player_play_again_and_closes_the_play() -> None:
    game = fh.start(3)
    game.pile = ["crew:9"]
    game.lay(1, "kraken")
    assert game.turn == 1 and game.pile == [] and game.open_play is None and game.cleared == 2


def test_an_illegal_card_changes_nothing() -> None:
    game = fh.start(3)
    game.pile = ["crew:9"]
    before = game.copy()
    with pytest.raises(fh.IllegalPlay) as raised:
        game.lay(1, "crew:3")
    assert raised.value.refusal.why is Why.TOO_LOW and game == before


def test_taking_the_pile_puts_it_in_hand_and_passes_the_turn() -> None:
    game = fh.start(3)
    game.pile = ["crew:9", "crew:10"]
    done = game.take(1)
    assert done.took == 2 and game.holdings[1].hand == 5 and game.pile == [] and game.turn == 2


def test_a_wormhole_lets_its_player_choose_and_play_goes_on_from_the_one_chosen() -> None:
    game = fh.start(4)
    game.lay(1, "wormhole")
    assert game.turn is None and game.choosing == 1
    game.choose(3)
    assert game.turn == 3
    game.lay(3, "crew:4")
    assert game.turn == 0


def test_with_two_players_the_wormhole_choice_is_forced() -> None:
    game = fh.start(2)
    game.lay(1, "wormhole")
    assert game.turn == 0 and game.choosing is None


def test_a_pirate_waits_for_its_swap() -> None:
    game = fh.start(3)
    game.lay(1, "pirate")
    assert game.swapping == 1 and game.turn == 2
    game.swapped()
    assert game.swapping is None


def test_phases_hand_then_clash_then_final_blind() -> None:
    game = fh.start(2)
    game.draw = 0
    game.holdings[1] = fh.Holding(1, 2, 3)
    assert game.position(1) is Position.HAND
    game.holdings[1] = fh.Holding(0, 2, 3)
    assert game.position(1) is Position.CLASH
    game.holdings[1] = fh.Holding(0, 0, 3)
    assert game.position(1) is Position.FINAL
    game.holdings[1] = fh.Holding(0, 0, 0)
    assert game.position(1) is None


def test_no_clash_cards_while_the_draw_pile_lasts() -> None:
    game = fh.start(2)
    game.holdings[1] = fh.Holding(0, 3, 3)
    assert game.position(1) is Position.HAND  # the player draws first


def test_the_last_hand_card_and_an_identical_clash_card_together() -> None:
    game = fh.start(2)
    game.draw = 0
    game.holdings[1] = fh.Holding(1, 3, 3)
    game.lay(1, "crew:6")
    game.lay(1, "crew:6")
    assert game.holdings[1] == fh.Holding(0, 2, 3)


def test_a_blind_final_card_that_cannot_be_played_takes_the_pile() -> None:
    game = fh.start(2)
    game.draw = 0
    game.holdings[1] = fh.Holding(0, 0, 2)
    game.pile = ["crew:10"]
    done = game.lay(1, "crew:4")
    assert done.blind_failed and done.took == 2 and game.holdings[1] == fh.Holding(2, 0, 1) and game.pile == []
    assert game.turn == 0


def test_final_cards_one_per_turn() -> None:
    game = fh.start(2)
    game.draw = 0
    game.holdings[1] = fh.Holding(0, 0, 2)
    game.lay(1, "crew:4")
    assert not game.can_extend(1, "crew:4") and game.turn == 0


def test_the_first_player_out_wins_and_ends_the_game_as_printed() -> None:
    game = fh.start(3)  # "Le premier à le faire gagne la partie"
    game.draw = 0
    game.holdings[1] = fh.Holding(0, 0, 1)
    done = game.lay(1, "crew:4")
    assert done.went_out and game.over and game.out == [1] and game.turn is None
    assert game.points() == {0: 0, 1: 2, 2: 0}


def test_a_bad_ending_is_refused() -> None:
    with pytest.raises(fh.CardError, match="first-out or last-standing"):
        fh.start(3, ending="never")


def test_going_out_and_the_ranking() -> None:
    game = fh.start(3, ending=fh.LAST_STANDING)  # the setting: play on until one player holds cards
    game.draw = 0
    game.holdings[1] = fh.Holding(0, 0, 1)
    done = game.lay(1, "crew:4")
    assert done.went_out and game.out == [1] and game.turn == 2
    game.holdings[2] = fh.Holding(0, 0, 1)
    game.lay(2, "crew:5")
    assert game.over and game.out == [1, 2, 0] and game.turn is None
    assert game.points() == {1: 2, 2: 1, 0: 0}


def test_players_gone_out_are_passed_over() -> None:
    game = fh.start(4)
    game.out = [2]
    assert game.after(1) == 3 and game.after(1, 2) == 0 and game.in_game() == [0, 1, 3]


def test_copy_is_independent() -> None:
    game = fh.start(3)
    copy = game.copy()
    game.lay(1, "crew:3")
    assert copy.pile == [] and copy.holdings[1] == fh.Holding()


# --- The referee --------------------------------------------------------------------------------------------------


def test_referee_play() -> None:
    answer = referee.answer(
        {"game": "flying-hollander", "play": {"pile": ["crew:7", "hollander"], "cards": ["crew:8"]}}
    )
    assert answer["legal"] is True and answer["clears"] is False and answer["beat"]["rank"] == 8
    answer = referee.answer(
        {"game": "flying-hollander", "play": {"pile": ["crew:7", "hollander"], "cards": ["crew:6"]}}
    )
    assert answer == {
        "legal": False,
        "why": "a 6 does not beat the 7 under the Flying Hollander",
        "beat": {
            "kind": "at_least",
            "rank": 7,
            "ghost": True,
            "says": "7 or higher (under the Flying Hollander), or a special card",
        },
    }
    answer = referee.answer({"game": "flying-hollander", "play": {"pile": [], "cards": ["wormhole", "wormhole"]}})
    assert answer["choose_next"] and not answer["skip"]
    answer = referee.answer({"game": "flying-hollander", "play": {"pile": ["crew:1"] * 3, "cards": ["crew:1"]}})
    assert answer["clears"] and answer["four_of_a_kind"] and answer["again"]


def test_referee_pile_and_bad_requests() -> None:
    answer = referee.answer({"game": "flying-hollander", "pile": ["crew:9", "mutiny"]})
    assert answer["beat"]["kind"] == "at_most" and answer["beat"]["rank"] == 9
    assert "error" in referee.answer({"game": "flying-hollander", "play": {"pile": [], "cards": []}})
    assert "error" in referee.answer({"game": "flying-hollander", "play": {"pile": ["crew:13"], "cards": ["crew:1"]}})
    assert "error" in referee.answer({"game": "flying-hollander", "play": {"cards": ["crew:1"]}})
    assert "error" in referee.answer({"game": "flying-hollander", "pile": "crew:1"})


def test_the_config_chooses_the_ending() -> None:
    from table.config import default_text, parse_config
    from table.core import catalog
    from table.core.table_state import TableState

    text = default_text().replace('# ending = "first-out"', 'ending = "last-standing"')
    settings = parse_config(text).game_settings("flying-hollander")
    assert settings == HollanderSettings((), fh.LAST_STANDING)
    flow = catalog.game("flying-hollander").build(TableState(4), (0, 1, 2), settings)
    assert flow.state.game.ending == fh.LAST_STANDING


def test_the_config_gives_the_copies_of_each_card() -> None:
    from table.config import ConfigError, default_text, parse_config
    from table.core import catalog
    from table.core.table_state import TableState

    assert parse_config(default_text()).game_settings("flying-hollander") == HollanderSettings((), fh.FIRST_OUT)
    text = default_text().replace("# counts.kraken = 1", 'counts.kraken = 1\ncounts."crew:12" = 3')
    config = parse_config(text)
    assert config.game_settings("flying-hollander") == HollanderSettings((("crew:12", 3), ("kraken", 1)))
    flow = catalog.game("flying-hollander").build(TableState(4), (0, 1), config.game_settings("flying-hollander"))
    assert flow.screen().draw == 58 - 18
    for bad in ("counts.joker = 1", "counts.kraken = -1", 'colour = "red"', 'ending = "never"'):
        with pytest.raises(ConfigError):
            parse_config(default_text().replace("# counts.kraken = 1", bad))
    with pytest.raises(ConfigError, match="cannot deal 9 cards"):
        parse_config(
            default_text().replace(
                "# counts.kraken = 1", "counts = { " + ", ".join(f'"crew:{n}" = 0' for n in range(1, 13)) + " }"
            )
        )


def test_cards_from_one_deck_follow_its_counts() -> None:
    fh.check_from_one_deck(fh.DECK)  # the whole deck at once
    with pytest.raises(fh.CardError, match="the deck has only 2 hollander, not 3"):
        fh.check_from_one_deck(["hollander"] * 3)
    fh.check_from_one_deck(["kraken"] * 3, {"kraken": 3})  # a deck enrolled with three
    with pytest.raises(fh.CardError, match="the deck has only one kraken, not 2"):
        fh.check_from_one_deck(["kraken"] * 2, {"kraken": 1})
    with pytest.raises(fh.CardError, match="the deck has no crew:12, not 1"):
        fh.check_from_one_deck(["crew:12"], {"crew:12": 0})
    with pytest.raises(fh.CardError, match="no Flying Hollander card"):
        fh.check_from_one_deck(["crew:13"])
