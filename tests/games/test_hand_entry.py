"""Cards entered by hand by the operator (CardEntered): a seat whose reader fails plays on, in both Skull King
editions, to the same end as a table whose readers all work."""

from __future__ import annotations

import random
from typing import Any

import pytest

from table.core.effects import Message
from table.core.frame import Phase
from table.core.inputs import (
    CardEntered,
    CardLaid,
    CardLifted,
    ChooseBid,
    ChooseGame,
    ChooseScaryMary,
    CountdownDone,
    LinkLost,
    Press,
    ReaderDown,
    StartGame,
)
from table.games.skullking import rules as sk2013
from table.games.skullking_2021 import rules as sk2021
from table.games.skullking_2021.inputs import AbilityDone, ChangeBid, ChooseLeader, Wager
from table.games.tricks import rules as tricks
from tests.games.table_driver import Table, english

PLAYERS = (0, 1, 2, 3)
BY_HAND = 2  # the seat whose reader fails


def start(game: str) -> Table:
    table = Table(4)
    table.send(ChooseGame(game))
    for seat in PLAYERS:
        table.send(Press(seat, "tap"))
    table.send(StartGame())
    return table


def entry_codes(table: Table, seat: int) -> list[str]:
    entries = [entry for entry in table.flow.screen().hand_entry if entry.seat == seat]  # type: ignore[union-attr]
    return [choice.code for entry in entries for choice in entry.cards]


def answer_ability(table: Table, ability: Any) -> None:
    """A 2021 pirate's ability after its trick: the first choice offered."""
    match ability.kind:
        case "rosie-de-laney":
            table.send(ChooseLeader(ability.seat, ability.choices[0]))
        case "harry-the-giant":
            table.send(ChangeBid(ability.seat, 0))
        case "rascal-of-roatan":
            table.send(Wager(ability.seat, ability.choices[0]))
        case _:
            table.send(AbilityDone(ability.seat))


def play_to_the_end(table: Table, rules: Any, seed: int, by_hand: int | None, fail_round: int = 2) -> Any:
    """A whole game of legal plays from seeded hands. The seat `by_hand` lays its cards on its reader until its
    first card of round `fail_round`; then its reader fails and the operator enters its cards by hand."""
    rng = random.Random(seed)
    tags = [(f"04{index:012X}", card.code) for index, card in enumerate(rules.DECK)]
    hands: dict[int, list[tuple[str, str]]] = {}
    dealt = 0
    failed = False
    for _ in range(20_000):
        screen = table.flow.screen()
        if screen.phase is Phase.GAME_OVER:
            return screen
        ability = getattr(screen, "ability", None)
        if ability is not None:
            answer_ability(table, ability)
        elif screen.phase is Phase.BIDDING:
            if dealt != screen.round:
                dealt, deck = screen.round, list(tags)
                rng.shuffle(deck)
                each = getattr(screen, "cards", 0) or screen.round
                hands = {seat: deck[n * each : (n + 1) * each] for n, seat in enumerate(PLAYERS)}
            for seat in PLAYERS:
                table.send(ChooseBid(seat, rng.randint(0, len(hands[seat]))))
        elif screen.phase is Phase.COUNTDOWN:
            table.send(CountdownDone())
        elif screen.phase is Phase.LIFTING:
            table.send(*(CardLifted(seat) for seat in PLAYERS))
        elif screen.scary_mary is not None:
            table.send(ChooseScaryMary(screen.scary_mary, rng.random() < 0.5))
        else:
            seat = table.acting()
            current = [rules.parse_card(card.code) for card in screen.trick.cards]
            hand = hands[seat]
            legal = tricks.legal_plays([rules.parse_card(code) for _, code in hand], current)
            card = rng.choice(legal)
            uid, code = next((uid, code) for uid, code in hand if rules.parse_card(code) == card)
            hand.remove((uid, code))
            if seat == by_hand and failed:
                assert code in entry_codes(table, seat)  # the picker offers the card
                table.send(CardEntered(seat, code))
            else:
                table.send(CardLaid(seat, uid, code))
            if seat == by_hand and screen.round == fail_round and not failed:
                failed = True  # its reader fails in the middle of the trick, its card on it
                table.send(ReaderDown(seat, "no answer"))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(("game", "rules"), [("skullking", sk2013), ("skullking-2021", sk2021)])
@pytest.mark.parametrize("seed", [1, 2])
def test_a_game_goes_on_to_the_end_with_a_seats_cards_entered_by_hand(game: str, rules: Any, seed: int) -> None:
    by_reader = play_to_the_end(start(game), rules, seed, by_hand=None)
    table = start(game)
    by_hand = play_to_the_end(table, rules, seed, by_hand=BY_HAND)
    assert by_hand.phase is Phase.GAME_OVER
    assert by_hand.score_pad == by_reader.score_pad
    assert by_hand.ranking == by_reader.ranking
    said = [str(effect.text) for effect in map(english, table.effects) if isinstance(effect, Message)]
    assert "Seat 3: the operator enters your cards on the screen" in said
    entered = [event for event in table.events if isinstance(event, CardEntered)]
    assert len(entered) > 20 and {event.seat for event in entered} == {BY_HAND}


def playing(game: str = "skullking") -> Table:
    """Round 1 of a 4-seat game, bids revealed: seat 1 leads."""
    table = start(game)
    table.send(*(ChooseBid(seat, 0) for seat in PLAYERS), CountdownDone())
    return table


def test_the_picker_offers_the_acting_seat_the_cards_left_in_the_deck() -> None:
    table = playing()
    assert table.acting() == 1
    offered = entry_codes(table, 1)
    assert len(offered) == len(set(offered)) == len({card.code for card in sk2013.DECK})
    assert entry_codes(table, 2) == []  # not its turn
    table.send(CardEntered(1, "skullking"))
    assert table.screen.trick is not None and table.screen.trick.cards[-1].code == "skullking"
    assert "skullking" not in entry_codes(table, 2)  # the deck's only one is played
    assert "escape" in entry_codes(table, 2)


def test_entered_cards_count_against_the_deck() -> None:
    table = playing()
    table.send(CardEntered(1, "skullking"))
    table.refused(CardEntered(2, "skullking"), 2, "already played this round")


def test_an_entered_card_waits_for_the_turn_and_the_trick() -> None:
    table = playing()
    table.refused(CardEntered(2, "yellow:3"), 2, "not your turn")
    table.refused(CardEntered(1, "purple:99"), 1, "unknown card")
    bidding = start("skullking")
    bidding.refused(CardEntered(1, "yellow:3"), 1, "while a trick waits for it")
    table.send(LinkLost("cable"))
    table.refused(CardEntered(1, "yellow:3"), 1, "waits for the seat hub")


def test_scary_mary_entered_by_hand_is_announced_at_her_seat() -> None:
    table = playing()
    table.send(CardEntered(1, "scarymary"))
    assert table.screen.scary_mary == 1
    assert entry_codes(table, 1) == []  # nothing to enter while she waits
    table.send(ChooseScaryMary(1, as_pirate=True))
    assert table.screen.trick is not None and table.screen.trick.cards[-1].code == "scarymary:pirate"


def test_a_2021_table_without_the_kraken_does_not_offer_it() -> None:
    from table.games.skullking_2021.flow import SkullKing2021Flow

    table = start("skullking-2021")
    table.flow.flow = SkullKing2021Flow(table.flow.table, PLAYERS, sk2021.Options(kraken=False))  # type: ignore[attr-defined]
    table.send(*(ChooseBid(seat, 0) for seat in PLAYERS), CountdownDone())
    offered = entry_codes(table, table.acting())
    assert "kraken" not in offered and "whale" in offered and "tigress" in offered
