"""Skull King 2021 at the table: the Tigress, the Kraken and the White Whale on the screen, Loot alliances, the
pirates' abilities by button and by touch, Rascal scoring's cannonball, refusals and undo."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from table.core.effects import LedPattern, Message
from table.core.frame import Phase
from table.core.inputs import (
    CardLaid,
    CardLifted,
    ChooseGame,
    ChooseScaryMary,
    ConfirmUndo,
    CountdownDone,
    Press,
    StartGame,
    Undo,
)
from table.core.table_state import TableState
from table.games.skullking_2021 import rules as sk
from table.games.skullking_2021.flow import SkullKing2021Flow
from table.games.skullking_2021.inputs import AbilityDone, Cannonball, ChangeBid, ChooseLeader, Wager
from table.session import TableSession
from tests.games.table_driver import Table

TAGS = {
    code: [f"21{index:012X}" for index, card in enumerate(sk.DECK) if card.code == code]
    for code in {card.code for card in sk.DECK}
}


def uid(code: str, copy: int = 0) -> str:
    return TAGS[code][copy]


class Table2021(Table):
    def lay(self, seat: int, code: str, uid_: str | None = None) -> list:  # type: ignore[override]
        physical = "tigress" if code.startswith("tigress") else code
        return self.send(CardLaid(seat, uid_ or uid(physical), physical))

    def bids(self, bids: dict[int, int]) -> None:
        from table.core.inputs import ChooseBid

        for seat, value in bids.items():
            self.send(ChooseBid(seat, value))
        self.send(CountdownDone())

    def trick(self, codes: Iterable[str], lift: bool = True) -> None:
        """Lay the cards in the order the table asks (the Tigress announced as her code says)."""
        seen: dict[str, int] = {}
        seats = []
        for code in codes:
            seat = self.acting()
            physical = "tigress" if code.startswith("tigress") else code
            copy = seen.get(physical, 0)
            seen[physical] = copy + 1
            self.lay(seat, code, uid(physical, copy) if physical in ("escape", "mermaid", "loot") else None)
            if code.startswith("tigress"):
                self.send(ChooseScaryMary(seat, code == "tigress:pirate"))
            seats.append(seat)
        if lift:
            self.lift(*seats)

    def messages(self) -> list[str]:
        return [str(effect.text) for effect in self.effects if isinstance(effect, Message)]


def start(players: int = 3, options: sk.Options | None = None) -> Table2021:
    table = Table2021(4)
    if options is not None:
        table.flow.table.chosen_game = "skullking-2021"
    table.send(ChooseGame("skullking-2021"))
    for seat in range(players):
        table.send(Press(seat, "tap"))
    table.send(StartGame())
    if options is not None:  # rebuild the game with these options, as a config would
        flow = SkullKing2021Flow(table.flow.table, tuple(range(players)), options)
        table.flow.flow = flow  # type: ignore[attr-defined]
    return table


def flow_of(table: Table2021) -> SkullKing2021Flow:
    flow = table.flow.flow  # type: ignore[attr-defined]
    assert isinstance(flow, SkullKing2021Flow)
    return flow


def to_round(table: Table2021, number: int) -> None:
    """Jump the game to the start of round `number` (a test shortcut, as if the earlier rounds were played)."""
    flow = flow_of(table)
    flow._start_round(number)


def test_the_lobby_offers_the_2021_game_and_starts_it() -> None:
    table = start()
    screen = table.flow.screen()
    assert screen.game == "skullking-2021" and screen.phase is Phase.BIDDING
    assert isinstance(flow_of(table), SkullKing2021Flow)
    assert str(screen.title) == "Round 1: Seat 1 deals 1 card each"


def test_a_whole_round_scored_with_a_14_bonus() -> None:
    table = start()
    table.bids({0: 0, 1: 1, 2: 0})  # seat 1 leads (left of the dealer, seat 0)
    table.trick(["green:14", "green:3", "escape"])
    (row,) = table.flow.screen().score_pad
    assert [cell.points for cell in row.cells] == [10, 30, 10]  # 20 + 10 for the green 14
    assert table.flow.screen().phase is Phase.BIDDING and table.flow.screen().round == 2


def test_the_tigress_is_announced_by_button() -> None:
    table = start()
    table.bids({0: 0, 1: 1, 2: 0})
    table.lay(1, "tigress")
    assert table.flow.screen().scary_mary == 1
    assert "the Tigress as a Pirate" in str(table.flow.screen().prompt)
    table.refused(Press(2, "tap"), 2, "No button now")
    table.refused(CardLaid(2, uid("green:3"), "green:3"), 2, "first announces the Tigress")
    table.send(Press(1, "tap"))
    assert table.flow.screen().trick.cards[0].code == "tigress:pirate"


def test_the_tigress_by_touch_and_its_refusal() -> None:
    table = start()
    table.bids({0: 0, 1: 1, 2: 0})
    table.refused(ChooseScaryMary(1, False), 1, "No Tigress waits")
    table.lay(1, "tigress")
    table.send(ChooseScaryMary(1, False))
    assert table.flow.screen().trick.cards[0].code == "tigress:escape"


def test_the_tigress_lifted_before_her_announcement_is_taken_back() -> None:
    table = start()
    table.bids({0: 0, 1: 1, 2: 0})
    table.lay(1, "tigress")
    table.lift(1)
    screen = table.flow.screen()
    assert screen.scary_mary is None and screen.trick.cards == ()


def test_the_kraken_on_the_screen_nobody_wins_and_who_would_have_won_leads() -> None:
    table = start()
    to_round(table, 2)
    table.bids({0: 0, 1: 1, 2: 1})  # round 2: dealer seat 1, seat 2 leads
    table.trick(["green:3", "kraken", "green:9"], lift=False)
    screen = table.flow.screen()
    assert screen.trick.winner is None
    assert "The Kraken takes trick 1: nobody wins it. Seat 2 would have won" in str(screen.outcome)
    assert str(screen.prompt) == "Nobody wins the trick. Lift your cards off the readers"
    assert LedPattern.GOLD_FLICKER not in table.lights.values()
    table.lift(0, 1, 2)
    assert table.acting() == 1  # seat 1 played the green 9


def test_after_the_kraken_the_player_left_of_its_player_leads_by_the_setting() -> None:
    table = start(options=sk.Options(kraken_leader=sk.AFTER_KRAKEN))
    to_round(table, 2)
    table.bids({0: 0, 1: 1, 2: 1})  # round 2: dealer seat 1, seat 2 leads, seat 0 plays the Kraken
    table.trick(["green:9", "kraken", "green:3"], lift=False)
    assert "Seat 2, after the Kraken's player, leads next" in str(table.flow.screen().outcome)
    table.lift(0, 1, 2)
    assert table.acting() == 1  # left of seat 0, though seat 2 would have won


def test_the_white_whale_on_the_screen() -> None:
    table = start()
    to_round(table, 2)
    table.bids({0: 0, 1: 1, 2: 1})
    table.trick(["escape", "whale", "skullking"], lift=False)
    screen = table.flow.screen()
    assert screen.trick.winner is None and "White Whale" in str(screen.outcome)
    table.lift(0, 1, 2)
    assert table.acting() == 0  # the whale's player leads


def test_the_white_whale_the_highest_number_wins() -> None:
    table = start()
    to_round(table, 2)
    table.bids({0: 0, 1: 1, 2: 1})
    table.trick(["yellow:3", "whale", "green:5"], lift=False)
    screen = table.flow.screen()
    assert screen.trick.winner == 1 and "the highest number wins" in str(screen.outcome)


def test_loot_alliance_shown() -> None:
    table = start()
    to_round(table, 2)
    table.bids({0: 2, 1: 0, 2: 0})
    table.trick(["loot", "green:9", "green:3"])  # seat 2 loot, seat 0 green 9, seat 1 green 3: seat 0 wins
    assert table.flow.screen().alliances == ((2, 0),)


def test_loot_both_bids_met() -> None:
    table = start()
    to_round(table, 2)
    table.bids({0: 2, 1: 0, 2: 0})
    table.trick(["loot", "green:9", "green:3"])
    table.trick(["green:10", "escape", "escape"])  # seat 0 leads and wins
    (row,) = table.flow.screen().score_pad
    assert [cell.points for cell in row.cells] == [40 + 20, 20, 20 + 20]
    assert "Loot: Seat 3 and Seat 1 both met their bids: 20 each" in table.messages()


def test_harry_the_giant_changes_the_bid_by_button() -> None:
    table = start()
    table.bids({0: 0, 1: 0, 2: 0})
    table.trick(["pirate:harry-the-giant", "green:3", "escape"], lift=False)
    screen = table.flow.screen()
    assert screen.ability is not None and screen.ability.kind == sk.HARRY and screen.ability.choices == (0, 1)
    assert screen.score_pad == ()  # the score waits for Harry
    table.refused(Press(0, "tap"), 0, "Harry the Giant")
    table.send(Press(1, "tap"))  # 0 -> +1
    assert table.flow.screen().ability.choice == 1
    table.send(Press(1, "hold"))
    (row,) = table.flow.screen().score_pad
    assert row.cells[1].bid == 1 and row.cells[1].points == 20


def test_rascal_wager_by_touch_and_its_refusals() -> None:
    table = start(options=sk.Options(rascal_after_last_trick=True))  # the older expansion's reading
    table.bids({0: 0, 1: 1, 2: 0})
    table.trick(["pirate:rascal-of-roatan", "green:3", "escape"], lift=False)
    table.refused(Wager(1, 15), 1, "not one of the choices")
    table.refused(ChooseLeader(1, 0), 1, "Rascal of Roatan")
    table.refused(Wager(0, 10), 0, "No pirate's ability waits")
    table.send(Wager(1, 20))
    (row,) = table.flow.screen().score_pad
    assert row.cells[1].points == 20 + 20


def test_rascal_of_roatan_takes_the_last_trick_as_printed_no_wager() -> None:
    table = start()  # the 2021 rulebook: only Harry the Giant acts after the final trick
    table.bids({0: 0, 1: 1, 2: 0})
    table.trick(["pirate:rascal-of-roatan", "green:3", "escape"], lift=False)
    assert table.flow.screen().ability is None
    table.refused(Wager(1, 20), 1, "No pirate's ability waits")
    (row,) = table.flow.screen().score_pad
    assert row.cells[1].points == 20


def test_rascal_of_roatan_wagers_before_the_last_trick_by_default() -> None:
    table = start()
    to_round(table, 2)
    table.bids({0: 1, 1: 0, 2: 1})
    table.trick(["pirate:rascal-of-roatan", "green:3", "escape"])  # seat 2 leads and wins
    assert table.flow.screen().ability.kind == sk.RASCAL


def test_rosie_chooses_the_next_leader() -> None:
    table = start()
    to_round(table, 2)
    table.bids({0: 1, 1: 0, 2: 1})
    table.trick(["pirate:rosie-de-laney", "green:3", "escape"])  # seat 2 leads and wins
    assert table.flow.screen().ability.kind == sk.ROSIE
    assert table.lights[2] is LedPattern.GREEN_BLINK
    table.send(ChooseLeader(2, 0))
    assert table.flow.screen().ability is None
    assert table.acting() == 0


def test_bendt_presses_when_done_and_undo_takes_it_back() -> None:
    table = start()
    to_round(table, 2)
    table.bids({0: 1, 1: 0, 2: 1})
    table.trick(["pirate:bendt-the-bandit", "green:3", "escape"])
    table.refused(ChangeBid(2, 1), 2, "Bendt the Bandit")
    table.send(AbilityDone(2))
    assert table.flow.screen().phase is Phase.PLAYING
    table.send(Undo(), ConfirmUndo())
    assert table.flow.screen().ability is not None


def test_the_cannonball_only_with_rascal_scoring() -> None:
    table = start()
    table.refused(Cannonball(0), 0, "only with Rascal scoring")


def test_rascal_scoring_with_the_cannonball() -> None:
    table = start(options=sk.Options(scoring=sk.RASCAL_SCORING))
    table.send(Cannonball(0), Cannonball(1), Cannonball(0, on=False))
    assert table.flow.screen().cannonballs == (1,)
    table.bids({0: 0, 1: 1, 2: 0})
    assert table.flow.screen().cannonballs == (1,)
    table.refused(Cannonball(0), 0, "before it is locked")
    table.trick(["green:14", "green:3", "escape"])
    (row,) = table.flow.screen().score_pad
    assert [cell.points for cell in row.cells] == [10, 15 + 10, 10]


def test_a_table_without_the_kraken_refuses_it() -> None:
    table = start(options=sk.Options(kraken=False))
    table.bids({0: 0, 1: 1, 2: 0})
    table.refused(CardLaid(1, uid("kraken"), "kraken"), 1, "plays without the kraken")


def test_a_2013_card_is_refused() -> None:
    table = start()
    table.bids({0: 0, 1: 1, 2: 0})
    table.refused(CardLaid(1, "04AA", "red:3"), 1, "unknown card")


def test_revokes_are_flagged() -> None:
    table = start()
    to_round(table, 2)
    table.bids({0: 0, 1: 1, 2: 1})
    table.trick(["green:3", "purple:4", "green:9"])  # seat 2 leads; seat 0 shows no green; seat 1 wins
    table.trick(["yellow:2", "yellow:3", "green:5"])  # seat 1 leads; seat 0 plays a green
    said = "Revoke: Seat 1 did not follow green in trick 1, then played green:5 in trick 2"
    assert said in table.messages()


def test_8_players_deal_fewer_cards_in_the_last_rounds() -> None:
    state = TableState(8, chosen_game="skullking-2021")
    flow = SkullKing2021Flow(state, list(range(8)), sk.Options(loot=False, kraken=False, whale=False))
    flow._start_round(10)
    assert str(flow.screen().title) == "Round 10: Seat 2 deals 8 cards each"


@pytest.mark.parametrize("event", [CardLifted(9), Press(0, "shake")])
def test_bad_seats_and_buttons_are_refused(event: object) -> None:
    table = start()
    before = table.flow.screen().phase
    table.send(event)
    assert table.flow.screen().phase is before
    assert isinstance(table.flow, TableSession)


def test_the_config_chooses_the_advanced_rules() -> None:
    from table.config import ConfigError, default_text, parse_config
    from table.core import catalog

    assert catalog.game("skullking-2021").default_settings == sk.Options()
    assert parse_config(default_text()).game_settings("skullking-2021") == sk.Options()
    config = parse_config(default_text() + '\n[skullking-2021]\nscoring = "rascal"\nkraken = false\n')
    assert config.game_settings("skullking-2021") == sk.Options(scoring="rascal", kraken=False)
    config = parse_config(
        default_text() + '\n[skullking-2021]\nkraken_leader = "after-kraken"\nrascal_after_last_trick = true\n'
    )
    assert config.game_settings("skullking-2021") == sk.Options(
        kraken_leader="after-kraken", rascal_after_last_trick=True
    )
    with pytest.raises(ConfigError, match="kraken_leader is one of would-have-won, after-kraken"):
        parse_config(default_text() + '\n[skullking-2021]\nkraken_leader = "left"\n')
    for bad, says in (('scoring = "landlubber"', "scoring is one of standard, rascal"), ("loot = 1", "true or false")):
        with pytest.raises(ConfigError, match=says):
            parse_config(default_text() + f"\n[skullking-2021]\n{bad}\n")


def test_more_seats_than_the_hub_has_readers_are_refused_plainly() -> None:
    from table.config import ConfigError, default_text, parse_config

    head = default_text()[: default_text().index("\n[[seats]]") + 1]
    seat = "[[seats]]\nreader = 0\nled = [4, 17, 27]\nbutton = 2\n"
    with pytest.raises(ConfigError, match="not 8 \\(the seat hub has 6 readers"):
        parse_config(head + seat * 8)


def test_the_title_names_rascal_scoring_the_cannonballs_and_the_alliances() -> None:
    table = start(options=sk.Options(scoring=sk.RASCAL_SCORING))
    table.send(Cannonball(2))
    assert str(table.flow.screen().title) == ("Round 1: Seat 1 deals 1 card each; Rascal scoring; Cannonball: Seat 3")
    table.bids({0: 0, 1: 1, 2: 0})
    table.trick(["loot", "green:3", "green:9"], lift=False)  # seat 1's loot, seat 0 wins with the green 9
    assert str(table.flow.screen().title).endswith("; Loot: Seat 2 and Seat 1")


def test_ability_refusals() -> None:
    from table.core.inputs import LinkLost

    table = start()
    table.bids({0: 0, 1: 0, 2: 0})
    table.trick(["pirate:harry-the-giant", "green:3", "escape"], lift=False)
    table.refused(AbilityDone(1), 1, "Harry the Giant")
    table.refused(ChangeBid(1, -1), 1, "not one of the choices")
    table.refused(CardLaid(2, uid("green:4"), "green:4"), 2, "first lift every card")
    table.send(LinkLost("unplugged"))
    table.refused(ChangeBid(1, 1), 1, "waits for the seat hub")
    table.refused(Press(1, "hold"), 1, "waits for the seat hub")


def test_harry_with_three_buttons_steps_back_with_minus() -> None:
    table = start()
    to_round(table, 2)
    table.bids({0: 0, 1: 0, 2: 1})
    table.trick(["pirate:harry-the-giant", "green:3", "escape"], lift=False)  # seat 2 wins, bid 1: -1, 0, +1
    assert table.flow.screen().ability.choices == (-1, 0, 1)
    table.send(Press(2, "minus"), Press(2, "ok"))
    assert table.flow.screen().seats[2].bid == 0
