"""Player badges (table.core.badges): the name check, a good badge naming its seat in the lobby (and marked as a
badge's name for the venue), and a badge that names no one refused in the lobby and in a game (in every game alike:
tests/games/test_every_game.py)."""

from __future__ import annotations

import pytest

from table.core.badges import BADGE_NAME_LENGTH, BadName, badge_code, badge_name, tidy_badge_name
from table.core.inputs import CardLaid, CardLifted, JoinSeat, SetName
from table.session import TableSession
from tests.games.table_driver import Table

REFUSED = "Seat 1: this player badge names no one; write a name on it with pirate-table write-badge"
NAMES_NO_ONE = [
    "badge:",
    "badge:   ",
    "badge:Anna\x07",
    "badge:An\nna",
    "badge:Anna\tBonny",
    "badge:Zero\u200bwidth",  # an invisible character: not printable
    "badge:" + "x" * (BADGE_NAME_LENGTH + 1),
]


@pytest.mark.parametrize(
    ("typed", "tidy"),
    [("Anna", "Anna"), ("  Captain   Cora ", "Captain Cora"), ("Zoë Müller-Françoise", "Zoë Müller-Françoise")],
)
def test_a_name_is_trimmed_and_its_spaces_collapsed(typed: str, tidy: str) -> None:
    assert tidy_badge_name(typed) == tidy
    assert badge_code(typed) == "badge:" + tidy
    assert badge_name("badge:" + typed) == tidy


@pytest.mark.parametrize(
    ("typed", "says"),
    [
        ("", "needs a name"),
        ("   ", "needs a name"),
        ("x" * 25, "at most 24 characters, not 25"),
        ("Anna\x1b[31m", "printable"),
        ("Anna\r", "printable"),
    ],
)
def test_a_name_no_one_can_read_is_refused_with_the_reason(typed: str, says: str) -> None:
    with pytest.raises(BadName, match=says):
        tidy_badge_name(typed)
    assert tidy_badge_name("y" * BADGE_NAME_LENGTH) == "y" * BADGE_NAME_LENGTH  # the longest is fine


@pytest.mark.parametrize("code", NAMES_NO_ONE)
def test_a_badge_naming_no_one_has_no_name(code: str) -> None:
    assert badge_name(code) is None


def test_a_good_badge_sits_its_player_down_and_the_table_knows_the_name_is_a_badge_s() -> None:
    table = TableSession(4)
    table.handle(CardLaid(2, "04B1", "badge:  Anna   Bonny "))
    table.handle(JoinSeat(0, "Ben"))
    assert table.screen().players == (0, 2)
    assert table.screen().seats[2].name == "Anna Bonny"
    assert table.table.players([0, 2]) == [(0, "Ben", False), (2, "Anna Bonny", True)]
    table.handle(SetName(2, "Annie"))  # typed over: no longer the badge's
    table.handle(CardLaid(0, "04B2", "badge:" + "B" * BADGE_NAME_LENGTH))  # the longest name, kept whole
    assert table.table.players([0, 2]) == [(0, "B" * BADGE_NAME_LENGTH, True), (2, "Annie", False)]
    table.handle(SetName(0, ""))
    assert table.table.players([0]) == [(0, None, False)]


@pytest.mark.parametrize("code", NAMES_NO_ONE)
def test_a_badge_naming_no_one_is_refused_in_the_lobby_at_a_free_or_a_taken_seat(code: str) -> None:
    lobby = Table(4)
    lobby.send(CardLaid(1, "04B1", "badge:Anna"))
    message = lobby.refused(CardLaid(0, "04BAD", code), 0, "names no one")
    assert str(message.text) == REFUSED
    lobby.send(CardLifted(0))
    lobby.refused(CardLaid(1, "04BAD", code), 1, "Anna: this player badge names no one")  # Anna keeps her name
    assert lobby.screen.players == (1,) and lobby.flow.table.players([1]) == [(1, "Anna", True)]
    assert lobby.send(CardLaid(1, "04BAD", code)) == []  # the same tag reported again: refused once


def test_a_badge_naming_no_one_is_refused_during_a_game(playing: Table) -> None:
    playing.refused(CardLaid(1, "04BAD", "badge:"), 1, "Seat 2: this player badge names no one")
    playing.send(CardLifted(1))
    playing.refused(CardLaid(1, "04GOOD", "badge:Anna"), 1, "badges name a seat in the lobby")  # as before
