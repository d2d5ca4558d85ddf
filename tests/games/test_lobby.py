"""The table's lobby (table.lobby.flow): seats, names, the language and the game chosen, then the start that hands
the table to the game's flow (table.session builds it from the catalog)."""

from __future__ import annotations

import pytest

from table.core import catalog
from table.core.effects import LedPattern, Light, Message, SwitchGame
from table.core.frame import Phase
from table.core.inputs import (
    CardLaid,
    ChooseGame,
    ChooseLanguage,
    ConfirmUndo,
    JoinSeat,
    LeaveSeat,
    LinkLost,
    NewGame,
    Press,
    SetName,
    StartGame,
    Undo,
)
from table.core.table_state import TableState
from table.games.skullking.flow import SkullKingFlow
from table.games.skullking_dice.flow import SkullKingDiceFlow
from table.lobby.flow import LobbyFlow
from table.lobby.model import GameChoice
from table.session import TableSession


def test_the_lobby_offers_the_catalog_s_games_with_their_names() -> None:
    screen = TableSession(4, language="fr", first_game="skullking-dice").screen()
    assert (screen.language, screen.game) == ("fr", "skullking-dice")
    assert screen.games == tuple(GameChoice(entry.key, entry.name, entry.short_name) for entry in catalog.games())
    assert [str(game.short_name) for game in screen.games if game.short_name] == [  # where a chip is narrow
        "Skull King dice",
        "Flying Hollander",
        "Skull King 2021",
    ]
    with pytest.raises(ValueError):
        TableSession(4, language="xx")
    with pytest.raises(ValueError):
        LobbyFlow(TableState(4, chosen_game="chess"), catalog.games())


def test_choosing_the_language_and_the_game_in_the_lobby() -> None:
    table = TableSession(4)
    assert table.handle(ChooseLanguage("nl")) == []
    table.handle(ChooseGame("skullking-dice"))
    screen = table.screen()
    assert (screen.language, screen.game) == ("nl", "skullking-dice")
    assert str(screen.title) == "Skull King: the dice game: take your seats"


def test_unknown_choices_are_refused() -> None:
    table = TableSession(4)
    effects = table.handle(ChooseLanguage("xx"))
    assert any(isinstance(e, Message) and str(e.text) == "The table does not speak 'xx'" for e in effects)
    effects = table.handle(ChooseGame("chess"))
    assert any(isinstance(e, Message) and "chess" in str(e.text) for e in effects)
    assert table.screen().messages[-1].error


def test_seats_join_by_tag_button_or_screen_and_a_badge_names_the_seat() -> None:
    table = TableSession(4)
    table.handle(Press(0, "tap"))
    table.handle(CardLaid(1, "04AA", None))  # even an unknown tag joins
    table.handle(CardLaid(2, "04BB", "badge:Anna"))
    table.handle(JoinSeat(3, "Bob"))
    screen = table.screen()
    assert screen.players == (0, 1, 2, 3)
    assert [seat.name for seat in screen.seats] == ["Seat 1", "Seat 2", "Anna", "Bob"]
    table.handle(LeaveSeat(3))
    assert table.screen().players == (0, 1, 2)
    effects = table.handle(LeaveSeat(3))
    assert Light(3, LedPattern.RED_BURST) in effects and table.screen().players == (0, 1, 2)


def test_the_start_builds_the_chosen_game_s_flow_with_the_table_s_names_and_language() -> None:
    table = TableSession(4, language="de")
    for seat in (0, 2, 3):
        table.handle(JoinSeat(seat))
    table.handle(SetName(2, "Anna"))
    table.handle(ChooseGame("skullking-dice"))
    effects = table.handle(StartGame())
    assert not any(isinstance(e, SwitchGame) for e in effects)  # the session switched: the app sees the lights
    assert isinstance(table.flow, SkullKingDiceFlow) and table.game_key == "skullking-dice"
    screen = table.screen()
    assert screen.players == (0, 2, 3) and screen.language == "de" and screen.seats[2].name == "Anna"
    assert Light(0, LedPattern.BLUE_DOUBLE_BLINK) in effects


def test_new_game_goes_back_to_the_lobby_with_the_same_players_seated() -> None:
    table = TableSession(4)
    for seat in (1, 2):
        table.handle(JoinSeat(seat))
    table.handle(StartGame())
    assert isinstance(table.flow, SkullKingFlow)
    table.handle(NewGame())
    assert isinstance(table.flow, LobbyFlow) and table.game_key is None
    screen = table.screen()
    assert screen.phase is Phase.LOBBY and screen.players == (1, 2) and screen.game == "skullking"


def test_the_game_is_chosen_only_in_the_lobby_the_language_at_any_time() -> None:
    table = TableSession(3)
    for seat in (0, 1):
        table.handle(JoinSeat(seat))
    table.handle(StartGame())
    effects = table.handle(ChooseGame("skullking-dice"))
    assert any(isinstance(e, Message) for e in effects) and table.screen().game == "skullking"
    table.handle(ChooseLanguage("it"))
    assert table.screen().language == "it" and table.screen().phase is Phase.BIDDING


def test_a_game_needs_its_number_of_players() -> None:
    table = TableSession(4)
    for seat in (0, 1):
        table.handle(JoinSeat(seat))
    table.handle(ChooseGame("skullking-dice"))
    effects = table.handle(StartGame())
    assert isinstance(table.flow, LobbyFlow) and Message in {type(e) for e in effects}
    assert "needs at least 3 players" in str(table.screen().messages[-1].text)


def test_undo_takes_back_a_join_and_leaves_the_choices_alone() -> None:
    table = TableSession(4)
    table.handle(JoinSeat(0))
    table.handle(ChooseLanguage("fr"))
    table.handle(Undo())
    table.handle(ConfirmUndo())
    screen = table.screen()
    assert screen.language == "fr" and screen.players == ()


def test_while_the_hub_is_lost_tags_and_buttons_are_refused_and_every_led_says_so() -> None:
    table = TableSession(3)
    effects = table.handle(LinkLost("unplugged"))
    assert {Light(seat, LedPattern.AMBER_LONG_BLINK) for seat in range(3)} <= set(effects)
    effects = table.handle(Press(0, "tap"))
    assert Light(0, LedPattern.RED_BURST) in effects and table.screen().players == ()


def test_joined_seats_are_lit_steadily_in_the_lobby() -> None:
    table = TableSession(3)
    effects = table.handle(Press(1, "tap"))
    assert Light(1, LedPattern.BLUE_STEADY) in effects


def test_undo_goes_back_through_a_new_game_and_another_start_to_the_right_game() -> None:
    table = TableSession(4)
    for seat in (0, 1, 2):
        table.handle(JoinSeat(seat))
    table.handle(StartGame())
    first = table.flow
    table.handle(NewGame())  # ends the card game: back to the lobby
    table.handle(ChooseGame("skullking-dice"))
    table.handle(StartGame())
    assert isinstance(table.flow, SkullKingDiceFlow)
    table.handle(Undo())
    table.handle(ConfirmUndo())  # the dice game's start, undone: the lobby
    assert isinstance(table.flow, LobbyFlow)
    table.handle(Undo())
    table.handle(ConfirmUndo())  # the new game, undone: the card game as it was
    assert table.flow is first and table.game_key == "skullking" and table.screen().phase is Phase.BIDDING


def test_the_tray_s_camera_is_noted_quietly_outside_the_dice_game_and_the_dice_game_starts_knowing_it() -> None:
    from table.core.inputs import CameraDown, CameraUp, DieLanded, DieTakenOut

    table = TableSession(4)
    assert table.handle(CameraDown("no picture")) == []  # no error in the lobby: nobody did anything wrong
    assert table.handle(DieLanded(1, "black", "7", 0.9, 10, 10)) == []
    assert table.table.camera_lost == "no picture" and 1 in table.tray
    assert table.handle(CameraUp()) == [] and table.table.camera_lost is None
    table.handle(DieTakenOut(1))
    table.handle(DieLanded(2, "red", "3", 0.9, 10, 10))  # a die left in the tray
    for seat in (0, 1, 2):
        table.handle(JoinSeat(seat))
    table.handle(ChooseGame("skullking-dice"))
    table.handle(StartGame())
    assert list(table.tray) == [2]  # the dice game knows what lies in the tray


def test_a_free_seat_shows_no_old_name_and_the_name_comes_back_when_the_seat_rejoins() -> None:
    table = TableSession(5)
    table.handle(JoinSeat(4, "Dmitri"))
    table.handle(LeaveSeat(4))
    free = table.screen().seats[4]
    assert not free.joined and free.name == "Seat 5" and str(free.label) == "Seat 5"
    assert "Dmitri" not in repr(table.screen().seats)  # nothing of the old name while the seat is free
    table.handle(Press(4, "tap"))  # the player comes back (or the leave is undone): the name is the table's still
    assert table.screen().seats[4].name == "Dmitri"
