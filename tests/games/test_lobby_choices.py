"""The lobby chooses the game and the language; another game takes the table over through SwitchGame."""

from __future__ import annotations

import pytest

from table.games.effects import Message, SwitchGame
from table.games.inputs import ChooseGame, ChooseLanguage, JoinSeat, SetName, StartGame, Undo
from table.games.screen import Phase
from table.games.skullking import GAMES_OFFERED, SkullKingFlow


def test_the_flow_starts_with_the_config_s_language_and_game() -> None:
    screen = SkullKingFlow(4, language="fr", game="skullking-dice").screen()
    assert (screen.language, screen.game, screen.games) == ("fr", "skullking-dice", GAMES_OFFERED)
    with pytest.raises(ValueError):
        SkullKingFlow(4, language="xx")


def test_choosing_the_language_and_the_game_in_the_lobby() -> None:
    flow = SkullKingFlow(4)
    assert flow.handle(ChooseLanguage("nl")) == []
    flow.handle(ChooseGame("skullking-dice"))
    screen = flow.screen()
    assert (screen.language, screen.game) == ("nl", "skullking-dice")
    assert str(screen.title) == "Skull King: the dice game: take your seats"


def test_unknown_choices_are_refused() -> None:
    flow = SkullKingFlow(4)
    effects = flow.handle(ChooseLanguage("xx"))
    assert any(isinstance(e, Message) and str(e.text) == "The table does not speak 'xx'" for e in effects)
    effects = flow.handle(ChooseGame("chess"))
    assert any(isinstance(e, Message) and "chess" in str(e.text) for e in effects)
    assert flow.screen().messages[-1].error


def test_the_game_is_chosen_only_in_the_lobby_the_language_at_any_time() -> None:
    flow = SkullKingFlow(3)
    for seat in (0, 1):
        flow.handle(JoinSeat(seat))
    flow.handle(StartGame())
    effects = flow.handle(ChooseGame("skullking-dice"))
    assert any(isinstance(e, Message) for e in effects) and flow.screen().game == "skullking"
    flow.handle(ChooseLanguage("it"))
    assert flow.screen().language == "it" and flow.screen().phase is Phase.BIDDING


def test_start_with_another_game_hands_the_table_over() -> None:
    flow = SkullKingFlow(4, language="de")
    for seat in (0, 2, 3):
        flow.handle(JoinSeat(seat))
    flow.handle(SetName(2, "Anna"))
    flow.handle(ChooseGame("skullking-dice"))
    effects = flow.handle(StartGame())
    assert effects == [
        SwitchGame("skullking-dice", (0, 2, 3), ("Seat 1", "Seat 2", "Anna", "Seat 4"), "de", start=True)
    ]
    assert flow.screen().phase is Phase.LOBBY  # this flow did not start itself


def test_the_dice_game_needs_three_players() -> None:
    flow = SkullKingFlow(4)
    for seat in (0, 1):
        flow.handle(JoinSeat(seat))
    flow.handle(ChooseGame("skullking-dice"))
    effects = flow.handle(StartGame())
    assert not any(isinstance(e, SwitchGame) for e in effects)
    assert "needs at least 3 players" in str(flow.screen().messages[-1].text)


def test_undo_leaves_the_choices_alone() -> None:
    flow = SkullKingFlow(4)
    flow.handle(JoinSeat(0))
    flow.handle(ChooseLanguage("fr"))
    flow.handle(Undo())
    assert flow.screen().language == "fr"
