"""A name the table's screen cannot draw (a letter its font lacks: Chinese, Japanese, Korean) is refused where it is
given, typed at the table, written on a badge or read from one: with a plain message, logged, nothing changed.
Names in Latin (Vietnamese too), Greek and Cyrillic letters are taken."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from table.commands.badge import BadgeWriting
from table.commands.cli import main
from table.core.badges import BadName, badge_code, badge_name, tidy_badge_name
from table.core.inputs import CardLaid, JoinSeat, SetName
from table.display.keyboard import ACCENTS, DIGITS, LETTERS
from table.fonts import missing_glyphs
from table.store.database import open_database
from table.store.decks import DeckRegistry
from tests.games.table_driver import Table

DRAWN = ["Жанна", "Ἀλέξανδρος", "Αθηνά", "Nguyễn Thị Ánh", "Đặng Bảo", "Łukasz Żółć"]
NOT_DRAWN = ["李小龍", "さくら", "김민준", "Anna 李"]


@pytest.mark.parametrize("name", DRAWN)
def test_names_the_font_draws_are_taken(name: str) -> None:
    assert tidy_badge_name(name) == name
    assert badge_name(badge_code(name)) == name


@pytest.mark.parametrize("name", NOT_DRAWN)
def test_a_name_the_font_cannot_draw_is_no_badge_s(name: str) -> None:
    with pytest.raises(BadName, match=r"screen cannot draw .*Latin, Greek or Cyrillic"):
        tidy_badge_name(name)
    assert badge_name("badge:" + name) is None  # read from a tag written elsewhere: it names no one


def test_the_refusal_names_the_letters_and_their_code_points() -> None:
    with pytest.raises(BadName, match=r"cannot draw 李 \(U\+674E\)"):
        tidy_badge_name("Anna 李")


def test_write_badge_refuses_it_plainly(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(BadName):
        BadgeWriting("李小龍", DeckRegistry(open_database(tmp_path / "t.db")))
    assert main(["write-badge", "李小龍"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pirate-table write-badge: the table's screen cannot draw 李小龍") and "Traceback" not in err


@pytest.mark.parametrize("name", NOT_DRAWN)
def test_a_typed_name_the_screen_cannot_draw_is_refused_and_the_seat_keeps_its_name(
    name: str, caplog: pytest.LogCaptureFixture
) -> None:
    lobby = Table(4)
    lobby.send(JoinSeat(0, "Ben"))
    with caplog.at_level(logging.WARNING, logger="table.core.flow"):
        message = lobby.refused(SetName(0, name), 0, "Ben: the screen cannot draw every letter of that name")
    assert "Latin, Greek or Cyrillic" in str(message.text)
    assert lobby.flow.table.players([0]) == [(0, "Ben", False)]
    assert any(name in record.getMessage() and "refused" in record.getMessage() for record in caplog.records)


@pytest.mark.parametrize("name", DRAWN)
def test_a_typed_name_in_greek_cyrillic_or_vietnamese_names_the_seat(name: str) -> None:
    lobby = Table(4)
    lobby.send(JoinSeat(0, "Ben"))
    lobby.send(SetName(0, name))
    assert lobby.flow.table.players([0]) == [(0, name, False)]


def test_a_badge_with_a_name_the_screen_cannot_draw_is_refused() -> None:
    lobby = Table(4)
    lobby.refused(CardLaid(0, "04B1", "badge:李小龍"), 0, "this player badge names no one")
    assert lobby.flow.table.players([0]) == [(0, None, False)]


def test_every_key_of_the_keyboard_on_the_screen_is_drawn() -> None:
    assert missing_glyphs(DIGITS + "".join(LETTERS + ACCENTS) + "-").strip() == ""


def test_a_colour_name_from_the_config_the_screen_cannot_draw_is_refused_plainly() -> None:
    from table.core.settings import ConfigError
    from table.games.piratenpoker.settings import parse

    names = {"red": "Красный", "yellow": "Κίτρινο", "blue": "xanh lam"}
    assert dict(parse({"names": names}, "[piratenpoker]").colour_names or ()) == names
    with pytest.raises(ConfigError, match=r"names.red = '红': the screen cannot draw 红; a name is written in Latin"):
        parse({"names": {**names, "red": "红"}}, "[piratenpoker]")
