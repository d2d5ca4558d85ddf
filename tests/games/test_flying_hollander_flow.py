"""The Flying Hollander's flow: cards laid and judged, identical cards, the pile taken, the special cards' choices,
the blind final cards, going out, refusals, undo, lights and what each seat may see."""

from __future__ import annotations

import itertools

import pytest

from table.core.effects import LOBBY, LedPattern, Light, Message, RoundOver, Sound, SwitchGame
from table.core.frame import Phase
from table.core.inputs import (
    CancelUndo,
    CardLaid,
    CardLifted,
    ChooseGame,
    ConfirmUndo,
    JoinSeat,
    LeaveSeat,
    LinkLost,
    LinkRestored,
    NewGame,
    Press,
    ReaderDown,
    SetName,
    StartGame,
    Undo,
)
from table.core.table_state import TableState
from table.games.flying_hollander import rules as fh
from table.games.flying_hollander.flow import FlyingHollanderFlow
from table.games.flying_hollander.inputs import ChooseNext, PirateSwap, TakePile

_uids = itertools.count()


class Driver:
    """Seats 0..players-1 of a 6-seat table play; seat 1 (left of the dealer, seat 0) starts."""

    def __init__(self, players: int = 3, ending: str = fh.FIRST_OUT) -> None:
        self.flow = FlyingHollanderFlow(TableState(6), list(range(players)), ending=ending)
        self.effects: list[object] = []

    def send(self, event: object) -> list[object]:
        self.effects = self.flow.handle(event)
        return self.effects

    def lay(self, seat: int, code: str, uid: str | None = None) -> str:
        """Lay a card on the seat's reader and lift it again (onto the pile, or back to the hand)."""
        uid = uid or f"U{next(_uids)}"
        effects = self.send(CardLaid(seat, uid, code))
        self.flow.handle(CardLifted(seat))
        self.effects = effects
        return uid

    def press(self, seat: int, key: str = "tap") -> list[object]:
        return self.send(Press(seat, key))

    @property
    def game(self) -> fh.Game:
        assert self.flow.state.game is not None
        return self.flow.state.game

    @property
    def screen(self):  # type: ignore[no-untyped-def]
        return self.flow.screen()

    def refused(self) -> str | None:
        """The refusal's words, if the last input was refused (ERROR light and error sound)."""
        if Sound("error") not in self.effects:
            return None
        return next(str(e.text) for e in self.effects if isinstance(e, Message))

    def acting(self) -> int | None:
        return next((view.seat for view in self.screen.seats if view.acting), None)


@pytest.fixture
def table() -> Driver:
    return Driver()


# --- The start -------------------------------------------------------------------------------------------------


def test_the_game_starts_with_the_deal_counted_and_seat_1_to_play(table: Driver) -> None:
    screen = table.screen
    assert screen.phase is Phase.PLAYING and screen.draw == 60 - 27 and screen.pile == ()
    assert [(v.hand, v.clash, v.final) for v in screen.seats[:3]] == [(3, 3, 3)] * 3
    assert table.acting() == 1 and not screen.started
    assert str(screen.prompt).startswith("Swap hand and clash cards now if you wish. Seat 2 starts")
    assert table.flow.shown[1] is LedPattern.GREEN_BLINK and table.flow.shown[0] is LedPattern.DARK
    assert table.flow.shown[4] is LedPattern.DARK


def test_a_play_is_judged_counted_and_the_turn_passes(table: Driver) -> None:
    table.lay(1, "crew:7")
    screen = table.screen
    assert screen.pile == ("crew:7",) and screen.draw == 32 and screen.seats[1].hand == 3
    assert table.acting() == 2 and str(screen.beat) == "7 or higher, or a special card"
    assert str(screen.last) == "Seat 2 played 7"
    assert table.flow.shown[2] is LedPattern.GREEN_BLINK


# --- Refusals ------------------------------------------------------------------------------------------------------


def test_a_card_too_low_is_refused_with_why_and_taken_back(table: Driver) -> None:
    table.lay(1, "crew:7")
    table.lay(2, "hollander")
    before = table.flow.state.copy()
    table.lay(0, "crew:6")
    assert table.refused() == "Seat 1: a 6 does not beat the 7 under the Flying Hollander; take it back"
    assert Light(0, LedPattern.RED_BURST) in table.effects
    assert table.flow.state == before


def test_mutiny_refusals(table: Driver) -> None:
    table.lay(1, "crew:12")
    table.lay(2, "mutiny")
    assert table.refused() == "Seat 3: no Mutiny on a captain; take it back"
    table.lay(2, "kraken")
    table.lay(2, "crew:8")
    table.lay(0, "mutiny")
    assert str(table.screen.beat) == "8 or lower (Mutiny), or a special card"
    table.lay(1, "crew:9")
    assert table.refused() == "Seat 2: a 9 is higher than the 8 under the Mutiny; take it back"


def test_a_first_mutiny_allows_only_low_cards(table: Driver) -> None:
    table.lay(1, "mutiny")
    table.lay(2, "crew:4")
    assert table.refused() == "Seat 3: after a first Mutiny only 1, 2, 3 or a special card; take the 4 back"


def test_out_of_turn_unknown_and_foreign_cards_are_refused(table: Driver) -> None:
    table.lay(2, "crew:5")
    assert table.refused() == "Not your turn, Seat 3: Seat 2 plays"
    table.send(CardLaid(1, "X1", None))
    assert table.refused() == "Seat 2: unknown card, this tag is not in the enrolled deck"
    table.send(CardLifted(1))
    table.send(CardLaid(1, "X2", "yellow:3", foreign_game="skullking"))
    assert table.refused() == "Seat 2: that card belongs to skullking, not The Flying Hollander"
    table.send(CardLifted(1))
    table.send(CardLaid(1, "X3", "badge:Anna"))
    assert table.refused() == "Seat 2: that is a player badge; badges name a seat in the lobby"
    table.send(CardLifted(1))
    table.send(CardLaid(1, "X4", "crew:13"))
    assert table.refused() == "Seat 2: crew:13 is no Flying Hollander card"
    table.send(CardLifted(1))
    table.send(CardLaid(4, "X5", "crew:3"))
    assert table.refused() == "Seat 5 has not joined this game"


def test_a_card_on_the_pile_cannot_be_played_again(table: Driver) -> None:
    uid = table.lay(1, "crew:5")
    table.lay(2, "crew:5", uid=uid)
    assert table.refused() == "Seat 3: this 5 is on the pile already"


def test_the_same_tag_reported_again_is_quiet(table: Driver) -> None:
    table.send(CardLaid(1, "A", "crew:5"))
    assert table.send(CardLaid(1, "A", "crew:5")) == [] or table.refused() is None
    assert table.screen.pile == ("crew:5",)


def test_lobby_inputs_are_refused(table: Driver) -> None:
    table.send(JoinSeat(4))
    assert table.refused() == "Seats are taken in the lobby, before a game starts"
    table.send(StartGame())
    assert table.refused() == "A game is on already; NewGame goes back to the lobby"
    table.send(ChooseGame("skullking"))
    assert table.refused() == "The game is chosen in the lobby; NewGame goes back to it"
    table.send("nonsense")
    assert table.refused() == "The table does not know the input 'nonsense'"
    table.send(Press(1, "wiggle"))
    assert table.refused() == "The table does not know the button 'wiggle'"


# --- Identical cards, the pile ---------------------------------------------------------------------------------


def test_identical_cards_one_after_another_join_the_play(table: Driver) -> None:
    table.lay(1, "crew:5")
    table.lay(1, "crew:5")
    assert table.screen.pile == ("crew:5", "crew:5") and table.screen.seats[1].open_play
    assert str(table.screen.last) == "Seat 2 played 5 5"
    table.press(1, "hold")  # done
    assert not table.screen.seats[1].open_play
    table.lay(1, "crew:5")
    assert table.refused() == "Not your turn, Seat 2: Seat 3 plays"


def test_four_of_a_kind_across_a_hollander_clears_the_pile(table: Driver) -> None:
    table.lay(1, "crew:3")
    table.lay(2, "crew:3")
    table.lay(0, "hollander")
    table.lay(1, "crew:3")
    table.lay(1, "crew:3")
    screen = table.screen
    assert screen.pile == () and screen.cleared == 5 and table.acting() == 1
    assert "Four of a kind! The pile leaves the game; Seat 2 plays again" in [
        str(e.text) for e in table.effects if isinstance(e, Message)
    ]


def test_taking_the_pile_with_a_hold(table: Driver) -> None:
    table.lay(1, "crew:9")
    a = table.lay(2, "crew:11")
    table.press(0, "hold")
    screen = table.screen
    assert screen.pile == () and screen.seats[0].hand == 5 and table.acting() == 1
    assert table.flow.private(0).hidden == ("crew:9", "crew:11") and table.flow.private(1).hidden == ()
    table.lay(1, "crew:2")
    table.lay(2, "crew:2", uid=a)  # a tag taken back into a hand: seat 3 does not hold it
    assert table.refused() is None  # the table cannot see hands; it trusts the tag
    table.send(TakePile(0))
    assert table.screen.seats[0].hand == 7


def test_taking_the_pile_is_refused_when_it_is_empty_or_anything_goes(table: Driver) -> None:
    table.press(1, "hold")
    assert table.refused() == "Seat 2: the pile is empty, play any card"
    table.lay(1, "crew:9")
    table.lay(2, "island")
    table.press(0, "hold")
    assert table.refused() == "Seat 1: any card may be played now; playing is compulsory"
    table.send(TakePile(1))
    assert table.refused() == "Not your turn, Seat 2: Seat 1 plays"


def test_a_tap_without_a_choice_is_refused(table: Driver) -> None:
    table.press(1)
    assert table.refused() == "No tap now: Seat 2 lays a card, or holds to take the pile"


# --- The special cards' choices ------------------------------------------------------------------------------------


def test_the_hollander_first_skips_the_next_player(table: Driver) -> None:
    table.lay(1, "hollander")
    assert table.acting() == 0
    assert "Flying Hollander first: Seat 3 is skipped" in [str(e.text) for e in table.effects if isinstance(e, Message)]


def test_the_wormhole_choice_by_the_chosen_players_button() -> None:
    table = Driver(4)
    table.lay(1, "wormhole")
    assert table.acting() == 1 and table.flow.shown[3] is LedPattern.BLUE_DOUBLE_BLINK
    table.lay(2, "crew:5")
    assert table.refused() == "Wait: Seat 2 chooses who plays next (Wormhole)"
    table.press(1)
    assert table.refused() == "Seat 2: the chosen player taps their own button"
    table.press(3)
    assert table.acting() == 3
    table.lay(3, "crew:5")
    assert table.acting() == 0


def test_the_wormhole_choice_from_the_screen() -> None:
    table = Driver(4)
    table.lay(1, "wormhole")
    table.send(ChooseNext(2, 3))
    assert table.refused() == "Seat 2 chooses, not Seat 3"
    table.send(ChooseNext(1, 1))
    assert table.refused() == "Seat 2: the Wormhole cannot choose its own player"
    table.send(ChooseNext(1, 0))
    assert table.acting() == 0
    table.send(ChooseNext(1, 2))
    assert table.refused() == "No Wormhole waits for a choice"


def test_the_pirate_swap_by_both_buttons(table: Driver) -> None:
    table.lay(1, "pirate")
    assert table.acting() == 1 and table.screen.swapping == 1
    table.lay(2, "crew:4")
    assert table.refused() == "Wait: Seat 2's Pirate swap comes first"
    table.press(1)
    assert table.refused() == "Seat 2: hold when the swap is done"
    table.press(0)
    assert table.screen.partner == 0
    table.press(1, "hold")
    assert table.screen.swapping is None and table.acting() == 2
    assert [(v.hand, v.clash, v.final) for v in table.screen.seats[:3]] == [(3, 3, 3)] * 3


def test_the_pirate_without_a_swap_and_from_the_screen(table: Driver) -> None:
    table.lay(1, "pirate")
    table.send(PirateSwap(2, 0))
    assert table.refused() == "No Pirate swap waits at Seat 3's seat"
    table.send(PirateSwap(1, 1))
    assert table.refused() == "Seat 2: the Pirate swaps with another player"
    table.send(PirateSwap(1, None))
    assert table.screen.swapping is None and table.acting() == 2


# --- Phases, blind final cards, going out ------------------------------------------------------------------------


def _late(table: Driver, seat: int, held: fh.Holding) -> None:
    table.game.draw = 0
    table.game.holdings[table.flow.state.players.index(seat)] = held


def test_the_seat_phases_are_shown(table: Driver) -> None:
    _late(table, 1, fh.Holding(0, 2, 3))
    _late(table, 2, fh.Holding(0, 0, 2))
    table.game.started = True
    views = table.screen.seats
    assert [str(views[s].phase) for s in range(3)] == [
        "plays from the hand",
        "plays the clash cards",
        "plays the final cards blind",
    ]
    assert str(table.screen.prompt) == "Seat 2: lay a clash card: any card; or hold to take the pile"


def test_a_blind_final_card_that_cannot_be_played_takes_the_pile(table: Driver) -> None:
    table.lay(1, "crew:10")
    _late(table, 2, fh.Holding(0, 0, 2))
    table.press(2, "hold")
    assert table.refused() == "Seat 3: play a final card blind; the table judges it"
    table.lay(2, "crew:3")
    assert table.refused() is None
    screen = table.screen
    assert screen.pile == () and (screen.seats[2].hand, screen.seats[2].final) == (2, 1) and table.acting() == 0
    assert table.flow.private(2).hidden == ("crew:10", "crew:3")


def test_the_first_player_out_wins_and_the_game_ends_as_printed(table: Driver) -> None:
    _late(table, 1, fh.Holding(0, 0, 1))
    table.lay(1, "crew:5")
    screen = table.screen
    assert screen.phase is Phase.GAME_OVER and screen.out == (1,)
    assert [(p.place, p.seat, p.total) for p in screen.ranking] == [(1, 1, 2), (2, 0, 0), (2, 2, 0)]
    assert str(screen.prompt) == "Seat 2 went out first. A new game starts from the screen"
    table.lay(2, "crew:6")
    assert table.refused() == "The game is over: start a new game on the screen"


def test_going_out_and_the_end_of_the_game() -> None:
    table = Driver(ending=fh.LAST_STANDING)  # the setting: play on to the last player
    _late(table, 1, fh.Holding(0, 0, 1))
    table.lay(1, "crew:5")
    assert table.screen.out == (1,) and table.screen.seats[1].place == 1
    assert RoundOver(1) in table.effects
    assert table.flow.shown[1] is LedPattern.GOLD_FLICKER
    _late(table, 2, fh.Holding(1, 0, 0))
    table.lay(2, "crew:6")
    screen = table.screen
    assert screen.phase is Phase.GAME_OVER and screen.out == (1, 2, 0)
    assert [(p.place, p.seat, p.total) for p in screen.ranking] == [(1, 1, 2), (2, 2, 1), (3, 0, 0)]
    assert str(screen.prompt) == "Seat 2 went out first. A new game starts from the screen"
    table.lay(0, "crew:7")
    assert table.refused() == "The game is over: start a new game on the screen"
    assert table.send(NewGame()) == [SwitchGame(LOBBY, (0, 1, 2))]


# --- Undo, the link, names -------------------------------------------------------------------------------------


def test_undo_takes_a_play_back(table: Driver) -> None:
    table.lay(1, "crew:5")
    table.send(Undo())
    assert str(table.screen.undo) == "Undo Seat 2's 5?"
    table.send(CancelUndo())
    table.send(Undo())
    table.send(ConfirmUndo())
    assert table.screen.pile == () and table.screen.draw == 33 and table.acting() == 1


def test_while_the_link_is_lost_cards_wait(table: Driver) -> None:
    table.send(LinkLost("cable"))
    table.lay(1, "crew:5")
    assert table.refused() == "The game waits for the seat hub to come back"
    assert table.flow.shown[1] is LedPattern.AMBER_LONG_BLINK
    table.send(LinkRestored())
    table.lay(1, "crew:5")
    assert table.screen.pile == ("crew:5",)


def test_names_and_a_reader_down(table: Driver) -> None:
    table.send(SetName(1, "Anna"))
    table.send(ReaderDown(2, "no answer"))
    assert table.flow.shown[2] is LedPattern.AMBER_LONG_BLINK
    table.lay(1, "crew:5")
    assert str(table.screen.last) == "Anna played 5"


def test_two_players_wormhole_is_forced() -> None:
    table = Driver(2)
    table.lay(1, "wormhole")
    assert table.acting() == 0 and table.screen.choosing is None


def test_the_game_starts_from_the_lobby_through_the_catalog() -> None:
    from table.core import catalog

    entry = catalog.game("flying-hollander")
    flow = entry.build(TableState(4), (0, 1, 2, 3), entry.default_settings)
    assert isinstance(flow, FlyingHollanderFlow) and len(entry.deck) == 60


def test_the_deck_is_enrolled_card_by_card_with_its_copies(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from table.enrollment import Enrolled, Enrollment
    from table.store.database import open_database
    from table.store.decks import DeckRegistry

    session = Enrollment(DeckRegistry(open_database(tmp_path / "t.db")), "flying-hollander", "box")
    assert session.prompt() == "[0/60] Tap crew:1 (1 of 4)"
    for n in range(60):
        assert isinstance(session.tap(f"04{n:012X}"), Enrolled)
    assert session.next_code() is None


def test_more_refusals_each_with_its_words() -> None:
    table = Driver(4, ending=fh.LAST_STANDING)
    table.send(LeaveSeat(1))
    assert table.refused() == "Seat 2 can leave only a seat taken in the lobby"
    table.lay(1, "crew:9")
    table.lay(2, "crew:8")
    assert table.refused() == "Seat 3: a 8 does not beat the 9; take it back"
    table.lay(2, "crew:9")
    table.game.pile = ["crew:9", "crew:9"]
    uid = table.lay(3, "kraken")
    table.lay(3, "kraken", uid=uid)
    assert table.refused() == "Seat 4: this Kraken is out of the game already"
    table.game.out = [0]
    table.lay(3, "wormhole")
    table.send(ChooseNext(3, 0))
    assert table.refused() == "Seat 1 has gone out already"
    table.press(1)
    table.lay(1, "pirate")
    table.press(0)
    assert table.refused() == "Seat 1 has gone out already"
    table.send(PirateSwap(1, 0))
    assert table.refused() == "Seat 1 has gone out already"


def test_nothing_to_undo_at_the_start_but_the_start_itself(table: Driver) -> None:
    table.send(Undo())
    assert str(table.screen.undo) == "Undo the start of the game?"
    table.send(ConfirmUndo())
    assert table.effects == [SwitchGame(LOBBY, (0, 1, 2), back=True)]
