"""A table full of people, for the flow's tests: they join, deal real hands, bid and lay legal cards.

`Table` sends input events into a table (a TableSession: the lobby, then Skull King) and keeps every event and
effect. `play_game` plays a whole game through it with cards dealt from a seeded random.Random, and checks every
round against the rules core.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from table.core.effects import Effect, LedPattern, Light, Message, SeatCount, Sound
from table.core.frame import Phase
from table.core.inputs import (
    CardLaid,
    CardLifted,
    ChooseBid,
    ChooseScaryMary,
    CountdownDone,
    Input,
    Press,
    StartGame,
)
from table.games.skullking import rules as sk
from table.games.skullking.screen import Screen
from table.games.skullking_dice.flow import SkullKingDiceFlow
from table.session import TableSession

# One physical deck: every card has its own tag, so the five Escapes are five different uids.
TAGS: tuple[tuple[str, str], ...] = tuple((f"04{index:012X}", card.code) for index, card in enumerate(sk.DECK))
UID = {code: uid for uid, code in reversed(TAGS)}  # the first tag of each code, for scripted plays

ONE_BUTTON, THREE_BUTTONS, SCREEN = "one button", "three buttons", "screen"


def tag(code: str) -> str:
    return UID[code]


def english(effect: Effect) -> Effect:
    """A Message with its text in English (`str` of the Text), so tests compare what the log says."""
    return Message(str(effect.text), effect.seat) if isinstance(effect, Message) else effect  # type: ignore[arg-type]


def english_screen(screen: Screen) -> Screen:
    """The screen model (Skull King's, or the lobby's) with its words in English (`str` of each Text), as the tests
    read it."""
    words = {
        "title": str(screen.title),
        "prompt": str(screen.prompt),
        "undo": None if screen.undo is None else str(screen.undo),
        "messages": tuple(replace(note, text=str(note.text)) for note in screen.messages),
    }
    if hasattr(screen, "revokes"):  # the lobby has none
        words["revokes"] = tuple(replace(revoke, text=str(revoke.text)) for revoke in screen.revokes)
    return replace(screen, **words)  # type: ignore[arg-type]


def without_messages(screen: Screen) -> Screen:
    """The screen model with its message list left out: what a bad input must not change."""
    return replace(screen, messages=())


class FlowDriver:
    """What a test table does with any flow: send events, keep every event and effect, follow the standing lights."""

    flow: TableSession | SkullKingDiceFlow
    events: list
    effects: list[Effect]
    lights: dict[int, LedPattern]  # each LED's standing pattern, from the effects

    def _heard(self, effect: Effect) -> Effect:
        return effect

    def send(self, *events: object) -> list[Effect]:
        out: list[Effect] = []
        for event in events:
            self.events.append(event)
            effects = [self._heard(effect) for effect in self.flow.handle(event)]
            for effect in effects:
                if isinstance(effect, Light) and effect.pattern is not LedPattern.RED_BURST:
                    self.lights[effect.seat] = effect.pattern
            out += effects
        self.effects += out
        return out

    def acting(self) -> int:
        (seat,) = [view.seat for view in self.flow.screen().seats if view.acting]
        return seat


@dataclass
class Table(FlowDriver):
    seats: int
    flow: TableSession = field(init=False)
    events: list[Input] = field(default_factory=list)
    effects: list[Effect] = field(default_factory=list)
    lights: dict[int, LedPattern] = field(default_factory=dict)  # each LED's standing pattern, from the effects

    def __post_init__(self) -> None:
        self.flow = TableSession(self.seats)
        self.lights = dict.fromkeys(range(self.seats), LedPattern.DARK)

    def _heard(self, effect: Effect) -> Effect:
        return english(effect)  # the tests compare what the log says

    @property
    def screen(self) -> Screen:
        return english_screen(self.flow.screen())

    def lay(self, seat: int, code: str, uid: str | None = None) -> list[Effect]:
        return self.send(CardLaid(seat, uid or tag(code), code))

    def lift(self, *seats: int) -> list[Effect]:
        return self.send(*(CardLifted(seat) for seat in seats))

    def refused(self, event: Input, seat: int | None, says: str) -> Message:
        """Send a bad input and check its named outcome: a message, ERROR at the seat, and nothing changed."""
        before = self.screen
        lights = dict(self.lights)
        effects = self.send(event)
        after = self.screen
        messages = [effect for effect in effects if isinstance(effect, Message)]
        assert len(messages) == 1, effects
        message = messages[0]
        assert says.lower() in str(message.text).lower(), message.text
        assert message.seat == seat
        assert after.messages[-1].text == message.text
        assert after.messages[-1].seat == seat
        assert Sound("error") in effects
        errors = [effect for effect in effects if isinstance(effect, Light)]
        assert errors == ([] if seat is None else [Light(seat, LedPattern.RED_BURST)])
        assert without_messages(after) == without_messages(before)
        assert self.lights == lights
        return message


def join_and_start(table: Table, seats: Sequence[int]) -> None:
    for seat in seats:
        table.send(Press(seat, "tap"))
    table.send(StartGame())


def bid(table: Table, seat: int, value: int, layout: str, round_number: int) -> None:
    """Enter a bid the way a seat of this layout does; the seat sees its count flashed back each step."""
    if layout == SCREEN:
        table.send(ChooseBid(seat, value))
        return
    if layout == ONE_BUTTON:
        presses = ["tap"] * value + ["hold"]
    elif value <= round_number // 2:
        presses = ["plus"] * value + ["ok"]
    else:
        presses = ["minus"] * (round_number + 1 - value) + ["ok"]
    counts = []
    for key in presses:
        effects = table.send(Press(seat, key))
        counts += [effect.value for effect in effects if isinstance(effect, SeatCount)]
    assert counts[-1:] == ([value] if presses[:-1] else [])


def bid_all(table: Table, bids: dict[int, int], layout: str = SCREEN) -> None:
    number = table.screen.round
    for seat, value in bids.items():
        bid(table, seat, value, layout, number)
    table.send(CountdownDone())


def announce(table: Table, seat: int, as_pirate: bool, layout: str) -> None:
    if layout == SCREEN:
        table.send(ChooseScaryMary(seat, as_pirate))
    elif layout == ONE_BUTTON:
        table.send(Press(seat, "tap" if as_pirate else "hold"))
    else:
        table.send(Press(seat, "plus" if as_pirate else "minus"))


def play_trick(table: Table, cards: dict[int, str]) -> None:
    """Lay scripted cards in the order the table asks for them, then lift them all."""
    for _ in cards:
        seat = table.acting()
        table.lay(seat, cards[seat])
        if cards[seat] == "scarymary":
            table.send(ChooseScaryMary(seat, as_pirate=True))
    table.lift(*cards)


@dataclass
class GameRecord:
    rounds: list[list[int]] = field(default_factory=list)  # the rules core's scores, per round, per player
    revokes: int = 0


def play_game(table: Table, seats: Sequence[int], rng: random.Random, layout: str) -> GameRecord:
    """A whole legal game through the flow, checked round by round against the rules core's own Round."""
    join_and_start(table, seats)
    players = len(seats)
    record = GameRecord()
    for number in range(1, sk.ROUNDS + 1):
        screen = table.screen
        dealer = seats[sk.dealer(number, players)]
        assert screen.round == number
        assert screen.title == f"Round {number}: Seat {dealer + 1} deals {number} card{'s' * (number > 1)} each"
        deck = list(TAGS)
        rng.shuffle(deck)
        hands = {seat: deck[index * number : (index + 1) * number] for index, seat in enumerate(seats)}
        bids = {seat: rng.randint(0, number) for seat in seats}
        for seat, value in bids.items():
            bid(table, seat, value, layout, number)
            assert all(view.bid is None for view in table.screen.seats)  # secret until the reveal
        assert table.screen.phase is Phase.COUNTDOWN
        table.send(CountdownDone())
        assert [view.bid for view in table.screen.seats if view.seat in bids] == list(bids.values())

        reference = sk.Round(number, players, sk.dealer(number, players))
        while not reference.is_over:
            index = reference.to_play
            assert index is not None
            seat = seats[index]
            assert table.acting() == seat
            assert table.lights[seat] is LedPattern.GREEN_BLINK
            hand = hands[seat]
            legal = sk.legal_plays([sk.parse_card(code) for _, code in hand], reference.current)
            card = rng.choice(legal)
            uid, code = next((uid, code) for uid, code in hand if sk.parse_card(code) == card)
            hand.remove((uid, code))
            table.send(CardLaid(seat, uid, code))
            if card.kind is sk.Kind.SCARY_MARY:
                assert table.screen.scary_mary == seat
                as_pirate = rng.random() < 0.5
                announce(table, seat, as_pirate, layout)
                card = sk.SCARY_MARY_AS_PIRATE if as_pirate else sk.SCARY_MARY_AS_ESCAPE
            trick = reference.play(index, card)
            if trick is not None:
                winner = seats[trick.winner]
                view = table.screen.trick
                assert view is not None and view.winner == winner
                assert [played.code for played in view.cards] == [str(card) for card in trick.cards]
                if not reference.is_over or number < sk.ROUNDS:
                    assert table.lights[winner] is LedPattern.GOLD_FLICKER
                assert len(table.screen.revokes) == len(sk.find_revokes(reference.tricks))
                lifting = list(seats)
                rng.shuffle(lifting)
                table.lift(*lifting)

        record.revokes += len(sk.find_revokes(reference.tricks))
        scores = [reference.score(index, bids[seat]) for index, seat in enumerate(seats)]
        record.rounds.append(scores)
        row = table.screen.score_pad[number - 1]
        assert row.round == number and row.dealer == dealer
        assert [cell.points for cell in row.cells] == scores
        assert [cell.won for cell in row.cells] == [reference.tricks_won(index) for index in range(players)]
        assert [cell.bonus for cell in row.cells] == [reference.bonus(index) for index in range(players)]
    return record
