"""Piratenpoker at the table: the flow fed input events, from the loot cards turned to the final score, with every
refusal. The hidden plays never reach the public screen model before the reveal."""

from __future__ import annotations

from dataclasses import fields, replace

import pytest

from table.core.effects import LedPattern, Light, Message, RoundOver, SeatCount, Sound, SwitchGame
from table.core.frame import Phase
from table.core.inputs import HOLD, TAP, CardLaid, CardLifted, CountdownDone, LinkLost, NewGame, Press, SetName
from table.core.table_state import TableState
from table.games.piratenpoker import rules as pp
from table.games.piratenpoker.flow import PiratenpokerFlow, Step
from table.games.piratenpoker.inputs import ChooseLoot, GiveLoot, KeepLoot, PlayDone
from table.games.piratenpoker.screen import PokerScreen

TAGS = {index: code for index, code in enumerate(pp.DECK_CODES)}


class Poker:
    """Four seats, seats 0-2 play (Anna, Ben, Cleo); every printed card has its own tag."""

    def __init__(self, players: tuple[int, ...] = (0, 1, 2), settings: pp.Settings = pp.DEFAULT_SETTINGS) -> None:
        self.table = TableState(4, names=["Anna", "Ben", "Cleo", None])
        self.flow = PiratenpokerFlow(self.table, players, settings)
        self.used: dict[str, int] = {}
        self.effects: list = []

    def uid(self, code: str, copy: int | None = None) -> str:
        """A tag of `code`: the `copy`-th printed copy, else a tag never laid before (the table tracks tags, the
        tests need not track which copy lies where)."""
        if copy is None:
            self.used[code] = self.used.get(code, 0) + 1
            return f"{code}#{len(self.used)}-{self.used[code]}"
        copies = [index for index, printed in TAGS.items() if printed == code]
        return f"04{copies[copy]:012X}"

    def send(self, *events: object) -> list:
        out = []
        for event in events:
            out += self.flow.handle(event)
        self.effects += out
        return out

    def tap(self, seat: int, code: str, uid: str | None = None) -> list:
        """A card tapped on the seat's reader: laid, then lifted."""
        return self.send(CardLaid(seat, uid or self.uid(code), code)) + self.send(CardLifted(seat))

    def turn_loot(self, *codes: str) -> None:
        for code in codes:
            self.tap(0, code)

    def play(self, plays: dict[int, list[str]]) -> list:
        for seat, cards in plays.items():
            for code in cards:
                self.tap(seat, code)
            if cards != ["pass"]:
                self.send(Press(seat, HOLD))
        return self.send(CountdownDone())

    def screen(self) -> PokerScreen:
        return self.flow.screen()

    def said(self) -> list[str]:
        return [str(effect.text) for effect in self.effects if isinstance(effect, Message)]


def refused(effects: list, seat: int | None) -> str:
    messages = [str(effect.text) for effect in effects if isinstance(effect, Message)]
    assert Sound("error") in effects, messages
    if seat is not None:
        assert Light(seat, LedPattern.RED_BURST) in effects
    return messages[-1]


@pytest.fixture
def poker() -> Poker:
    return Poker()


@pytest.fixture
def laying(poker: Poker) -> Poker:
    poker.turn_loot("loot:red:10", "loot:yellow:5", "loot:blue:8")
    return poker


# --- Loot turned --------------------------------------------------------------------------------------------------


def test_the_game_starts_waiting_for_three_loot_cards(poker: Poker) -> None:
    screen = poker.screen()
    assert screen.step == Step.LOOT.value and screen.game_number == 1 and screen.stacks == (7, 7, 7)
    poker.turn_loot("loot:red:10", "loot:yellow:5")
    assert poker.screen().middle == ("loot:red:10", "loot:yellow:5") and poker.screen().stacks == (6, 6, 7)
    poker.turn_loot("loot:blue:8")
    screen = poker.screen()
    assert screen.step == Step.LAYING.value and screen.phase is Phase.BIDDING and screen.round == 1


def test_a_loot_card_from_the_wrong_stack_is_refused(poker: Poker) -> None:
    poker.turn_loot("loot:red:10")
    before = poker.screen()
    effects = poker.tap(1, "loot:red:5")
    assert "wrong stack" in refused(effects, 1)
    assert poker.screen().middle == before.middle and poker.screen().stacks == before.stacks


def test_a_poker_card_while_loot_is_turned_is_refused(poker: Poker) -> None:
    assert "Turn three loot cards" in refused(poker.tap(1, "red:5"), 1)


# --- Laying face down, hidden until the reveal -------------------------------------------------------------------


def test_the_screen_shows_only_how_many_cards_each_seat_laid(laying: Poker) -> None:
    effects = laying.tap(0, "red:8")
    assert SeatCount(0, 1) in effects  # the LED confirms the card read
    laying.tap(0, "blue:7")
    laying.tap(1, "yellow:3")
    screen = laying.screen()
    assert [seat.laid for seat in screen.seats] == [2, 1, 0]
    assert all(seat.revealed is None and seat.total is None for seat in screen.seats)
    assert laying.flow.private(0).hidden == ("red:8", "blue:7")
    assert laying.flow.private(1).hidden == ("yellow:3",)
    assert laying.flow.private(2).hidden == ()
    public = repr(replace(screen, hand_entry=()))  # the hand entry offers every card, whatever lies face down
    for code in ("red:8", "blue:7", "yellow:3"):
        assert code not in public  # no hidden card anywhere in the public model


def test_hold_says_done_and_every_seat_done_starts_the_countdown(laying: Poker) -> None:
    laying.tap(0, "red:8")
    laying.send(Press(0, HOLD))
    assert laying.flow.shown[0] is LedPattern.BLUE_STEADY and laying.flow.shown[1] is LedPattern.BLUE_DOUBLE_BLINK
    laying.tap(1, "yellow:3")
    laying.send(PlayDone(1))
    laying.tap(2, "pass")  # the Pass card says done by itself
    assert laying.screen().phase is Phase.COUNTDOWN
    assert "red:8" not in repr(laying.screen())


def test_the_reveal_shows_every_play_its_total_and_why(laying: Poker) -> None:
    laying.play({0: ["red:5", "red:3"], 1: ["blue:8"], 2: ["pass"]})
    screen = laying.screen()
    assert [seat.revealed for seat in screen.seats] == [("red:5", "red:3"), ("blue:8",), ("pass",)]
    assert [seat.total for seat in screen.seats] == [8, 8, 0]
    assert str(screen.result) == "Tie on 8: Ben's 8 beats Anna's 5"
    assert screen.step == Step.CHOOSE.value and screen.seats[1].acting
    assert [seat.hand for seat in screen.seats] == [4, 5, 6] and screen.discard == 3
    assert not screen.seats[2].in_game


@pytest.mark.parametrize(
    ("cards", "bad", "message"),
    [
        (["red:5"], "pass", "Pass card is played alone"),
        (["pass"], "red:5", "passed"),
        ([], "loot:red:5", "never played"),
        ([], "skull", "no Piratenpoker card"),
    ],
)
def test_bad_plays_are_named_refusals(laying: Poker, cards: list[str], bad: str, message: str) -> None:
    for code in cards:
        laying.tap(1, code)
    before = laying.flow.private(1)
    assert message in refused(laying.tap(1, bad), 1)
    assert laying.flow.private(1) == before


def test_a_card_played_twice_is_refused(laying: Poker) -> None:
    uid = laying.uid("red:5")
    laying.tap(0, "red:5", uid)
    assert "played twice" in refused(laying.tap(0, "red:5", uid), 0)
    laying.send(Press(0, HOLD))
    laying.play({1: ["blue:8"], 2: ["yellow:4"]})
    laying.send(ChooseLoot("loot:red:10"), GiveLoot(2))
    assert "played twice" in refused(laying.tap(0, "red:5", uid), 0)  # it lies in the discard pile


def test_more_than_six_cards_and_cards_not_in_the_hand_are_refused(laying: Poker) -> None:
    for code in ("red:1", "red:2", "red:3", "red:4", "red:5", "red:6"):
        laying.tap(0, code)
    assert "More than six cards" in refused(laying.tap(0, "red:7"), 0)
    laying.send(Press(0, HOLD))
    laying.play({1: ["blue:8"], 2: ["yellow:4"]})
    laying.send(ChooseLoot("loot:red:10"), GiveLoot(2))
    assert laying.screen().seats[0].hand == 0
    assert "Not in the hand: Anna holds 0" in refused(laying.tap(0, "blue:1"), 0)
    laying.tap(0, "pass")  # with no cards left the Pass card still works


def test_done_without_a_card_and_done_twice_are_refused(laying: Poker) -> None:
    assert "at least one card" in refused(laying.send(Press(0, HOLD)), 0)
    laying.tap(0, "red:5")
    laying.send(Press(0, HOLD))
    assert "said done already" in refused(laying.send(Press(0, HOLD)), 0)
    assert "said done already" in refused(laying.tap(0, "red:6"), 0)


def test_a_seat_that_does_not_play_is_refused(laying: Poker) -> None:
    assert "does not play" in refused(laying.tap(3, "red:5"), 3)


def test_a_pass_sits_out_the_rest_of_the_game(laying: Poker) -> None:
    laying.play({0: ["red:5"], 1: ["blue:3"], 2: ["pass"]})
    laying.send(ChooseLoot("loot:blue:8"), GiveLoot(1))
    assert laying.screen().round == 2 and not laying.screen().seats[2].in_game
    assert "passed" in refused(laying.tap(2, "red:7"), 2)
    assert laying.flow.shown[2] is LedPattern.DARK
    laying.play({0: ["red:6"], 1: ["blue:4"]})  # the round is revealed without seat 2
    assert laying.screen().step == Step.CHOOSE.value


def test_a_pass_wins_a_tie_the_cards_cannot_break_as_printed(laying: Poker) -> None:
    laying.play({0: ["red:4", "red:3"], 1: ["blue:4", "blue:3"], 2: ["pass"]})
    assert laying.screen().step == Step.CHOOSE.value
    assert "Anna and Ben stay tied: Cleo wins with the next-highest total, 0" in laying.said()
    laying.send(ChooseLoot("loot:blue:8"), GiveLoot(1))  # Cleo chooses what goes overboard, then sits out
    assert laying.screen().round == 2 and not laying.screen().seats[2].in_game


def test_a_pass_never_wins_by_the_setting() -> None:
    poker = Poker(settings=pp.settings(pass_wins=False))
    poker.turn_loot("loot:red:10", "loot:yellow:5", "loot:blue:8")
    poker.play({0: ["red:4", "red:3"], 1: ["blue:4", "blue:3"], 2: ["pass"]})
    assert "All tie: this game ends, its loot goes back under the stacks" in poker.said()


# --- Loot chosen and given -----------------------------------------------------------------------------------------


def test_round_1_overboard_by_laying_the_card_on_the_winner_s_then_the_receiver_s_reader(laying: Poker) -> None:
    laying.play({0: ["red:5"], 1: ["blue:7"], 2: ["yellow:2"]})
    assert "chooses the loot card" in refused(laying.tap(0, "loot:blue:8"), 0)  # Anna did not win
    uid = laying.uid("loot:blue:8", 0)
    laying.send(CardLaid(1, uid, "loot:blue:8"), CardLifted(1))
    assert laying.screen().step == Step.GIVE.value and laying.screen().pointed == "loot:blue:8"
    assert "Lay loot blue +8" in refused(laying.tap(2, "loot:red:10"), 2)
    laying.send(CardLaid(2, uid, "loot:blue:8"))
    screen = laying.screen()
    assert screen.seats[2].loot[0].code == "loot:blue:8" and not screen.seats[2].loot[0].front_up
    assert screen.seats[2].score == -4 and screen.round == 2 and screen.middle == ("loot:red:10", "loot:yellow:5")


def test_the_winner_s_button_points_and_chooses(laying: Poker) -> None:
    laying.play({0: ["red:5"], 1: ["blue:7"], 2: ["yellow:2"]})
    assert laying.screen().pointed == "loot:red:10"
    laying.send(Press(1, TAP))
    assert laying.screen().pointed == "loot:yellow:5"
    assert refused(laying.send(Press(0, TAP)), 0) == "Ben chooses the loot card now"  # says who, and what
    laying.send(Press(1, HOLD))
    assert laying.screen().step == Step.GIVE.value and laying.screen().pointed == "loot:yellow:5"


def test_round_2_below_deck_then_a_back_side_card_given(laying: Poker) -> None:
    laying.play({0: ["red:5"], 1: ["blue:7"], 2: ["yellow:2"]})
    laying.send(ChooseLoot("loot:yellow:5"), GiveLoot(1))  # Ben keeps the shark himself
    laying.play({0: ["red:4"], 1: ["blue:6"], 2: ["yellow:3"]})
    laying.send(ChooseLoot("loot:blue:8"))
    assert laying.screen().stacks == (6, 6, 7)  # the blue card went back under its stack
    assert laying.screen().step == Step.GIFT.value
    assert "not one of Ben's back-side cards" in refused(laying.tap(0, "loot:red:10"), 0)
    assert "another player's reader" in refused(laying.tap(1, "loot:yellow:5"), 1)
    laying.tap(0, "loot:yellow:5")
    screen = laying.screen()
    assert [held.code for held in screen.seats[0].loot] == ["loot:yellow:5"] and screen.seats[1].loot == ()
    assert screen.round == 3 and screen.doubled == "red"


def test_round_2_the_winner_may_keep_their_back_side_cards(laying: Poker) -> None:
    laying.play({0: ["red:5"], 1: ["blue:7"], 2: ["yellow:2"]})
    laying.send(ChooseLoot("loot:yellow:5"), GiveLoot(1))
    laying.play({0: ["red:4"], 1: ["blue:6"], 2: ["yellow:3"]})
    laying.send(ChooseLoot("loot:blue:8"), Press(1, HOLD))
    assert laying.screen().round == 3 and len(laying.screen().seats[1].loot) == 1
    assert "No loot card is to be given" in refused(laying.send(KeepLoot()), None)


def test_round_2_without_back_side_cards_goes_straight_to_round_3(laying: Poker) -> None:
    laying.play({0: ["red:5"], 1: ["blue:7"], 2: ["yellow:2"]})
    laying.send(ChooseLoot("loot:yellow:5"), GiveLoot(0))
    laying.play({0: ["red:4"], 1: ["blue:6"], 2: ["yellow:3"]})
    laying.send(ChooseLoot("loot:blue:8"))
    assert laying.screen().round == 3


def test_round_3_counts_the_loot_colour_double_and_the_winner_takes_it_then_everyone_refills(laying: Poker) -> None:
    laying.play({0: ["red:5"], 1: ["blue:7"], 2: ["yellow:2"]})
    laying.send(ChooseLoot("loot:yellow:5"), GiveLoot(0))
    laying.play({0: ["red:4"], 1: ["blue:6"], 2: ["yellow:3"]})
    laying.send(ChooseLoot("loot:blue:8"))
    effects = laying.play({0: ["red:3"], 1: ["blue:5"], 2: ["yellow:4"]})  # red 3 doubled: 6
    assert RoundOver(1) in effects
    screen = laying.screen()
    assert screen.seats[0].loot[-1].code == "loot:red:10" and screen.seats[0].loot[-1].front_up
    assert screen.seats[0].score == 14 and "Anna wins with 6" in laying.said()
    assert screen.step == Step.LOOT.value and screen.game_number == 2 and screen.round == 1
    assert [seat.hand for seat in screen.seats] == [6, 6, 6] and screen.draw == 84 - 18 - 9


def test_all_tie_ends_the_game_and_its_loot_goes_back(laying: Poker) -> None:
    laying.play({0: ["red:5"], 1: ["blue:5"], 2: ["yellow:5"]})
    screen = laying.screen()
    assert screen.step == Step.LOOT.value and screen.game_number == 2 and screen.stacks == (7, 7, 7)
    assert "All tie" in laying.said()[-2]


def test_undo_takes_back_a_card_laid_and_a_done(laying: Poker) -> None:
    from table.core.inputs import ConfirmUndo, Undo

    laying.tap(0, "red:5")
    laying.send(Press(0, HOLD), Undo(), ConfirmUndo())
    assert not laying.screen().seats[0].done and laying.flow.private(0).hidden == ("red:5",)
    laying.send(Undo(), ConfirmUndo())
    assert laying.flow.private(0).hidden == ()


def test_the_link_lost_refuses_cards(laying: Poker) -> None:
    laying.send(LinkLost("unplugged"))
    assert "waits for the seat hub" in refused(laying.tap(0, "red:5"), 0)


def test_names_and_new_game(laying: Poker) -> None:
    laying.send(SetName(0, "Ada"))
    assert str(laying.screen().seats[0].label) == "Ada"
    assert SwitchGame("lobby", (0, 1, 2)) in laying.send(NewGame())


def test_a_whole_match_ends_when_a_loot_stack_is_empty() -> None:
    poker = Poker((0, 1, 2))
    colours = ("red", "yellow", "blue")
    game = 0
    while poker.screen().step != Step.OVER.value:
        game += 1
        assert game < 20, poker.said()[-5:]
        fronts = {colour: pp.LOOT_FRONTS[(game - 1) % 7] for colour in colours}
        poker.turn_loot(*(f"loot:{colour}:{fronts[colour]}" for colour in colours))
        poker.play({0: ["red:5"], 1: ["blue:4"], 2: ["yellow:3"]})
        poker.send(ChooseLoot(poker.screen().middle[0]), GiveLoot(1))
        poker.play({0: ["red:4"], 1: ["blue:6"], 2: ["yellow:3"]})
        poker.send(ChooseLoot(poker.screen().middle[0]))
        if poker.screen().step == Step.GIFT.value:
            poker.send(KeepLoot())
        poker.play({0: ["red:2"], 1: ["blue:1"], 2: ["yellow:6"]})
    screen = poker.screen()
    assert screen.phase is Phase.GAME_OVER and screen.stacks[0] == 0
    assert [final.place for final in screen.finals] == [1, 2, 3]
    assert sum(len(seat.loot) for seat in screen.seats) == 2 * game
    best = screen.finals[0]
    assert best.total == best.fronts + 4 * best.sharks + best.backs + best.bonus
    assert "the match is over" in poker.said()[-1]
    assert "match is over" in refused(poker.tap(0, "red:1"), 0)


def test_the_screen_model_is_plain_data() -> None:
    assert {item.name for item in fields(PokerScreen)} >= {"messages", "undo", "link_lost", "language", "phase"}


def test_who_won_why_down_the_tie_break_chain() -> None:
    poker = Poker((0, 1, 2, 3))
    poker.turn_loot("loot:red:10", "loot:yellow:5", "loot:blue:8")
    poker.play({0: ["red:6", "red:3"], 1: ["blue:6", "blue:3"], 2: ["yellow:7"], 3: ["red:2"]})
    assert str(poker.screen().result) == "Anna and Ben stay tied: Cleo wins with the next-highest total, 7"
    assert poker.flow.private(0).hidden == ()  # revealed: nothing hidden any more


def test_the_second_card_decides_a_tie() -> None:
    poker = Poker()
    poker.turn_loot("loot:red:10", "loot:yellow:5", "loot:blue:8")
    poker.play({0: ["red:6", "red:2", "red:1"], 1: ["blue:6", "blue:3"], 2: ["yellow:4"]})
    assert str(poker.screen().result) == "Tie on 9: Ben's card number 2, 3, beats Anna's 2"


def test_the_printing_s_settings_come_from_the_config() -> None:
    from table.config import ConfigError, default_text, parse_config

    assert parse_config(default_text()).game_settings("piratenpoker") == pp.DEFAULT_SETTINGS
    extra = 'loot = [5, 5, 5, 6, 8, 10, 10]\nsets = "once"\nnames = { red = "Rot", yellow = "Gelb", blue = "Blau" }\n'
    config = parse_config(default_text().replace("[piratenpoker]\n", "[piratenpoker]\n" + extra, 1))
    settings = config.game_settings("piratenpoker")
    assert settings.loot_fronts == (5, 5, 5, 6, 8, 10, 10) and settings.sets == "once"
    assert settings.pass_wins is True
    config = parse_config(default_text().replace("[piratenpoker]\n", "[piratenpoker]\npass_wins = false\n", 1))
    assert config.game_settings("piratenpoker").pass_wins is False
    flow = PiratenpokerFlow(TableState(3), (0, 1, 2), settings)
    assert [str(name) for name in flow.screen().colour_names] == ["Rot", "Gelb", "Blau"]
    for bad, message in (
        ("loot = [5, 6]", "7 cards"),
        ('sets = "twice"', "sets is"),
        ('names = { red = "Rot" }', "names gives"),
        ("shark = 4", "unknown setting 'shark'"),
        ('pass_wins = "yes"', "pass_wins is true"),
    ):
        with pytest.raises(ConfigError, match=message):
            parse_config(default_text().replace("[piratenpoker]\n", f"[piratenpoker]\n{bad}\n", 1))


def test_a_tag_laid_at_another_seat_this_round_is_a_card_played_twice(laying: Poker) -> None:
    uid = laying.uid("red:5", 0)
    laying.tap(0, "red:5", uid)
    assert "played twice" in refused(laying.tap(1, "red:5", uid), 1)


def test_a_loot_card_from_an_empty_stack_is_refused() -> None:
    poker = Poker()
    poker.flow.state.stacks["red"] = 0  # as after a match's worth of red loot
    assert "the red stack is empty" in refused(poker.tap(0, "loot:red:8"), 0)
    assert "no Piratenpoker card" in refused(poker.tap(0, "loot:red:7"), 0)


def test_the_reshuffle_gives_played_tags_back(laying: Poker) -> None:
    uid = laying.uid("red:5", 0)
    laying.flow.state.piles = pp.Piles((6, 6, 6), 2, 64)  # the draw pile runs out at the next refill
    laying.tap(0, "red:5", uid)
    laying.send(Press(0, HOLD))
    laying.play({1: ["blue:5"], 2: ["yellow:5", "yellow:1"]})
    laying.send(ChooseLoot("loot:red:10"), GiveLoot(0))
    laying.play({0: ["red:4"], 1: ["blue:6"], 2: ["yellow:3"]})
    laying.send(ChooseLoot("loot:blue:8"), Press(1, HOLD))
    laying.play({0: ["red:3"], 1: ["blue:2"], 2: ["yellow:2"]})
    assert "Shuffle the discard pile: it is the new draw pile" in laying.said()
    assert laying.flow.state.played_uids == set() and laying.screen().discard == 0
    laying.turn_loot("loot:red:8", "loot:yellow:6", "loot:blue:6")
    laying.tap(0, "red:5", uid)  # back from the discard pile: no longer played twice
    assert laying.flow.private(0).hidden == ("red:5",)


def test_undo_after_the_reveal_reopens_the_last_seat_done(laying: Poker) -> None:
    from table.core.inputs import ConfirmUndo, Undo

    laying.play({0: ["red:5"], 1: ["blue:7"], 2: ["yellow:2"]})
    assert laying.screen().step == Step.CHOOSE.value
    laying.send(Undo(), ConfirmUndo())
    screen = laying.screen()
    assert screen.phase is Phase.BIDDING and [seat.done for seat in screen.seats] == [True, True, False]
    assert all(seat.revealed is None for seat in screen.seats) and screen.discard == 0
