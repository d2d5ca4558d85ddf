"""Piratenpoker with cards entered by hand (CardEntered): a seat whose reader fails plays on to the same final
score, the face-down cards and the loot turned are entered, and the picker offers what may still be laid."""

from __future__ import annotations

from table.core.frame import Phase
from table.core.inputs import CardEntered, CountdownDone, Press, ReaderDown
from table.games.piratenpoker import rules as pp
from table.games.piratenpoker.flow import Step
from table.games.piratenpoker.inputs import ChooseLoot, GiveLoot, KeepLoot
from tests.games.test_piratenpoker_flow import Poker, refused

COLOURS = ("red", "yellow", "blue")


def entry(poker: Poker, seat: int) -> tuple[bool, list[str]] | None:
    """(face down, the codes offered) for `seat`, if the operator may enter its card now."""
    for hand in poker.screen().hand_entry:
        if hand.seat == seat:
            return hand.face_down, [choice.code for choice in hand.cards]
    return None


def lay(poker: Poker, seat: int, cards: list[str], by_hand: bool) -> None:
    for code in cards:
        if by_hand:
            offered = entry(poker, seat)
            assert offered is not None and offered[0] and code in offered[1]
            poker.send(CardEntered(seat, code))
        else:
            poker.tap(seat, code)
    if cards != ["pass"]:
        poker.send(Press(seat, "hold"))  # the seat's button still works: only its reader is down


def play(poker: Poker, plays: dict[int, list[str]], by_hand: int | None) -> None:
    for seat, cards in plays.items():
        lay(poker, seat, cards, seat == by_hand)
    poker.send(CountdownDone())


def whole_match(by_hand: int | None) -> Poker:
    """The match of test_a_whole_match_ends_when_a_loot_stack_is_empty; seat `by_hand` loses its reader after its
    first card of the second game, and from then on the operator enters its cards and the loot it would turn."""
    poker = Poker((0, 1, 2))
    game = 0
    while poker.screen().step != Step.OVER.value:
        game += 1
        assert game < 20
        fronts = {colour: pp.LOOT_FRONTS[(game - 1) % 7] for colour in COLOURS}
        for colour in COLOURS:
            code = f"loot:{colour}:{fronts[colour]}"
            if by_hand is not None and game > 2 and colour == "blue":
                poker.send(CardEntered(by_hand, code))  # a loot card whose sticker died
            else:
                poker.tap(0, code)
        hand = by_hand if game > 1 else None
        if by_hand is not None and game == 2:
            poker.tap(by_hand, "blue:4")
            poker.send(ReaderDown(by_hand, "no answer"))  # in the middle of laying its cards
            play(poker, {0: ["red:5"], 1: [], 2: ["yellow:3"]}, hand)  # its button says done
        else:
            play(poker, {0: ["red:5"], 1: ["blue:4"], 2: ["yellow:3"]}, hand)
        poker.send(ChooseLoot(poker.screen().middle[0]), GiveLoot(1))
        play(poker, {0: ["red:4"], 1: ["blue:6"], 2: ["yellow:3"]}, hand)
        poker.send(ChooseLoot(poker.screen().middle[0]))
        if poker.screen().step == Step.GIFT.value:
            poker.send(KeepLoot())
        play(poker, {0: ["red:2"], 1: ["blue:1"], 2: ["yellow:6"]}, hand)
    return poker


def test_a_match_goes_on_to_the_end_with_a_seats_cards_entered_by_hand() -> None:
    by_reader = whole_match(None).screen()
    poker = whole_match(1)
    screen = poker.screen()
    assert screen.phase is Phase.GAME_OVER
    assert screen.finals == by_reader.finals and screen.stacks == by_reader.stacks
    assert "Ben: the operator enters your cards on the screen" in poker.said()


def test_the_picker_offers_the_pass_first_then_the_poker_cards_left() -> None:
    poker = Poker((0, 1, 2))
    assert entry(poker, 0) == (False, [f"loot:{colour}:{front}" for colour in COLOURS for front in (5, 6, 8, 10)])
    poker.send(CardEntered(2, "loot:red:10"))
    assert poker.screen().middle == ("loot:red:10",)
    assert all(not code.startswith("loot:red") for code in entry(poker, 0)[1])  # type: ignore[index]
    poker.send(CardEntered(0, "loot:yellow:5"), CardEntered(0, "loot:blue:8"))
    offered = entry(poker, 1)
    assert offered is not None and offered[0] and "pass" in offered[1] and "red:8" in offered[1]
    for _ in range(pp.POKER_COUNTS["red:8"]):
        poker.send(CardEntered(0, "red:8"))
    assert "red:8" in entry(poker, 1)[1]  # type: ignore[index]  # the offer tells nothing of what lies face down
    assert "laid already" in refused(poker.send(CardEntered(1, "red:8")), 1)
    assert "pass" not in entry(poker, 0)[1]  # type: ignore[index]  # the Pass card is laid alone
    for code in ("red:4", "red:5", "blue:4", "blue:5", "yellow:4"):
        assert entry(poker, 0) is not None
        poker.send(CardEntered(0, code))
    assert entry(poker, 0) is None
    assert len(poker.flow.private(0).hidden) == pp.HAND  # a full hand: nothing more to enter
    assert "more than six" in refused(poker.send(CardEntered(0, "yellow:1")), 0).lower()


def test_entered_cards_have_the_laid_cards_refusals() -> None:
    poker = Poker((0, 1, 2))
    assert "loot cards first" in refused(poker.send(CardEntered(0, "red:5")), 0)
    poker.turn_loot("loot:red:10", "loot:yellow:5", "loot:blue:8")
    assert "never played" in refused(poker.send(CardEntered(1, "loot:red:6")), 1)
    assert "no Piratenpoker card" in refused(poker.send(CardEntered(1, "green:5")), 1)
    poker.send(CardEntered(1, "pass"))
    assert "passed" in refused(poker.send(CardEntered(1, "red:5")), 1)
    assert entry(poker, 1) is None
    assert "does not play" in refused(poker.send(CardEntered(3, "red:5")), 3)


def test_a_back_side_card_given_in_round_2_is_entered_at_the_receivers_seat() -> None:
    poker = Poker((0, 1, 2))
    poker.turn_loot("loot:red:10", "loot:yellow:5", "loot:blue:8")
    play(poker, {0: ["red:8"], 1: ["blue:1"], 2: ["yellow:1"]}, None)  # Anna wins
    poker.send(ChooseLoot("loot:red:10"), GiveLoot(0))  # Anna gives it to herself, back side up
    play(poker, {0: ["red:7"], 1: ["blue:1"], 2: ["yellow:1"]}, None)
    poker.send(ChooseLoot(poker.screen().middle[0]))
    assert poker.screen().step == Step.GIFT.value
    assert entry(poker, 0) is None and entry(poker, 1) == (False, ["loot:red:10"])
    poker.send(CardEntered(1, "loot:red:10"))
    assert [held.code for held in poker.screen().seats[1].loot] == ["loot:red:10"]
    assert poker.screen().round == 3


def test_the_offer_tells_nothing_of_the_cards_laid_face_down() -> None:
    one, other = Poker((0, 1, 2)), Poker((0, 1, 2))
    for poker, cards in ((one, ["red:8", "blue:1"]), (other, ["yellow:2", "red:3"])):
        poker.turn_loot("loot:red:10", "loot:yellow:5", "loot:blue:8")
        for code in cards:
            poker.send(CardEntered(0, code))
    assert one.flow.private(0).hidden != other.flow.private(0).hidden
    assert one.screen() == other.screen()
