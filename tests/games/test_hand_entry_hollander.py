"""The Flying Hollander with pile cards entered by hand (CardEntered): a seat whose reader fails plays on to the
same ranking, and the picker offers the cards the pile takes."""

from __future__ import annotations

import random

import pytest

from table.core.effects import Message
from table.core.frame import Phase
from table.core.inputs import CardEntered, CardLaid, CardLifted, ReaderDown
from table.core.table_state import TableState
from table.games.flying_hollander import rules as fh
from table.games.flying_hollander.flow import FlyingHollanderFlow
from table.games.flying_hollander.inputs import ChooseNext, PirateSwap, TakePile

PLAYERS = [0, 1, 2, 3]
BY_HAND = 2


def offered(flow: FlyingHollanderFlow, seat: int) -> list[str]:
    return [choice.code for entry in flow.screen().hand_entry if entry.seat == seat for choice in entry.cards]


class Game:
    """Four players with real cards: each plays a card the pile takes (seeded), or takes the pile."""

    def __init__(self, seed: int, by_hand: int | None, fail_at: int = 6) -> None:
        self.flow = FlyingHollanderFlow(TableState(4), PLAYERS, ending=fh.FIRST_OUT)
        deck = list(fh.DECK)
        random.Random(seed).shuffle(deck)
        n = len(PLAYERS)
        self.final = [deck[i * 3 : i * 3 + 3] for i in range(n)]
        self.clash = [deck[3 * n + i * 3 : 3 * n + i * 3 + 3] for i in range(n)]
        self.hand = [deck[6 * n + i * 3 : 6 * n + i * 3 + 3] for i in range(n)]
        self.draw = deck[9 * n :]
        self.by_hand, self.fail_at, self.moves = by_hand, fail_at, 0
        self.rng = random.Random(seed)
        self.said: list[str] = []
        assert self.game.draw == len(self.draw)

    @property
    def game(self) -> fh.Game:
        assert self.flow.state.game is not None
        return self.flow.state.game

    def send(self, *events: object) -> None:
        for event in events:
            self.said += [str(e.text) for e in self.flow.handle(event) if isinstance(e, Message)]

    def play_to_the_end(self) -> None:
        for _ in range(20_000):
            if self.flow.state.phase is Phase.GAME_OVER:
                return
            game = self.game
            if game.choosing is not None:
                chooser = PLAYERS[game.choosing]
                self.send(ChooseNext(chooser, next(s for s in self.in_game() if s != chooser)))
            elif game.swapping is not None:
                self.send(PirateSwap(PLAYERS[game.swapping], None))  # no swap: the hands stay as they are
            else:
                self.turn(game.turn)
        raise AssertionError("the game did not end")

    def in_game(self) -> list[int]:
        return [PLAYERS[i] for i in range(len(PLAYERS)) if i not in self.game.out]

    def turn(self, index: int | None) -> None:
        assert index is not None
        game, seat = self.game, PLAYERS[index]
        position = game.position(index)
        source = {fh.Position.HAND: self.hand, fh.Position.CLASH: self.clash, fh.Position.FINAL: self.final}[
            position  # type: ignore[index]
        ][index]
        pile, draw = list(game.pile), game.draw
        if position is fh.Position.FINAL:
            card = source[0]
        else:
            legal = sorted((c for c in source if fh.judge(pile, [c]) is None), key=lambda c: (fh.rank(c) or 99, c))
            if not legal:
                self.send(TakePile(seat))
                self.hand[index] += pile
                self.drawn(index, draw)
                return
            card = self.rng.choice(legal)
        source.remove(card)
        self.moves += 1
        if seat == self.by_hand and self.moves >= self.fail_at:
            if seat not in self.flow.readers_down:
                self.send(ReaderDown(seat, "no answer"))  # its reader fails: from now on its cards are entered
            assert card in offered(self.flow, seat), (card, pile)
            self.send(CardEntered(seat, card))
        else:
            self.send(CardLaid(seat, f"{seat}-{self.moves}", card), CardLifted(seat))
        self.drawn(index, draw, [*pile, card])

    def drawn(self, index: int, draw_before: int, taken: list[str] | None = None) -> None:
        """Bring the seat's hand in step with the table: the cards it drew, and a blind card's pile taken."""
        count = draw_before - self.game.draw
        self.hand[index] += self.draw[:count]
        del self.draw[:count]
        missing = self.game.holdings[index].hand - len(self.hand[index])
        if missing > 0:
            assert taken is not None and missing == len(taken)
            self.hand[index] += taken


@pytest.mark.parametrize("seed", [1, 2, 6])  # in 6 the seat entered by hand goes out first
def test_a_game_goes_on_to_the_end_with_a_seats_pile_cards_entered_by_hand(seed: int) -> None:
    by_reader = Game(seed, None)
    by_reader.play_to_the_end()
    by_hand = Game(seed, BY_HAND)
    by_hand.play_to_the_end()
    assert by_hand.flow.screen().phase is Phase.GAME_OVER
    assert by_hand.flow.screen().ranking == by_reader.flow.screen().ranking
    assert by_hand.game.out == by_reader.game.out
    assert "Seat 3: the operator enters your cards on the screen" in by_hand.said
    entered = [code for uid, code in by_hand.flow.state.codes.items() if uid.startswith("entered:")]
    assert len(entered) > 20


def test_the_picker_offers_what_the_pile_takes_and_the_identical_card_that_joins_the_play() -> None:
    flow = FlyingHollanderFlow(TableState(4), [0, 1, 2])
    assert offered(flow, 1) == [code for code in fh.CODES if fh.judge([], [code]) is None]
    flow.handle(CardEntered(1, "crew:7"))
    assert flow.screen().pile == ("crew:7",)
    takes = offered(flow, 2)
    assert "crew:6" not in takes and "crew:8" in takes
    assert takes == [code for code in fh.CODES if fh.judge(["crew:7"], [code]) is None]
    assert offered(flow, 1) == ["crew:7"]  # an identical card joins Seat 2's play until Seat 3 acts
    flow.handle(CardEntered(1, "crew:7"))
    assert flow.screen().pile == ("crew:7", "crew:7")
    effects = flow.handle(CardEntered(2, "crew:6"))
    assert any(isinstance(e, Message) and "6" in str(e.text) for e in effects) and flow.screen().pile[-1] == "crew:7"
    effects = flow.handle(CardEntered(0, "crew:9"))
    assert any(isinstance(e, Message) and "Not your turn" in str(e.text) for e in effects)
