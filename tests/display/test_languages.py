"""The catalogs: every string of the code translated in every language, nothing stale, placeholders intact."""

from __future__ import annotations

import re
import string

import pygame
import pytest

from table.core.inputs import ChooseLanguage
from table.core.text import LANGUAGE_NAMES, LANGUAGES, text
from table.display.controls import Button
from table.display.language import catalog
from table.display.scoreboard import Scoreboard
from table.display.typeset import record_texts
from table.lobby.controls import LobbyControls
from table.lobby.model import LobbyScreen
from table.locale import po_path, read_catalog
from table.locale.extract import Found, extract, problems, render, update
from table.session import TableSession

FOUND, NOT_LITERAL = extract()
TRANSLATED = [language for language in LANGUAGES if language != "en"]


def test_every_text_call_has_a_literal_message() -> None:
    assert NOT_LITERAL == []
    assert "{name} joins" in FOUND
    deals = ("Round {round}: {dealer} deals {round} card each", "Round {round}: {dealer} deals {round} cards each")
    assert deals in FOUND  # a plural() call: both forms


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_catalog_has_every_string_and_no_stale_one(language: str) -> None:
    missing, stale = problems(language, FOUND)
    assert missing == [], f"run: .venv/bin/python -m table.locale.extract, then translate {language}"
    assert stale == []


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("language", TRANSLATED)
def test_translations_keep_the_placeholders(language: str) -> None:
    for message in read_catalog(po_path(language), language):
        if not message.id:
            continue
        if isinstance(message.id, tuple):  # a plural: a form may leave out the count ("une carte")
            allowed = _fields(message.id[0]) | _fields(message.id[1])
            for form in message.string:
                assert _fields(form) <= allowed and _fields(form) >= _fields(message.id[0]) - {"n", "count"}, (
                    language,
                    message.id,
                    form,
                )
        elif message.string:
            assert _fields(message.string) == _fields(message.id), (language, message.id, message.string)


def test_a_catalog_translates_and_english_needs_none() -> None:
    assert catalog("en") is None
    said = text("{name}: your turn", name=text("Seat {number}", number=3))
    assert said.render(catalog("de")) == "Platz 3: du bist dran"
    assert said.render(catalog("fr")) == "Place 3\u00a0: à toi"  # a no-break space before the colon
    assert str(said) == "Seat 3: your turn"  # the log's English
    assert set(LANGUAGE_NAMES) == set(LANGUAGES)


def test_the_config_offers_the_same_languages() -> None:
    from table import config

    assert config.LANGUAGES is LANGUAGES  # one list, not two kept in step


def test_both_games_name_the_four_colours_with_the_same_words() -> None:
    from table.core.text import COLOUR_NAMES
    from table.games.skullking import flow as skullking
    from table.games.skullking import rules as sk
    from table.games.skullking_dice import flow as skullking_dice

    assert {suit.value: name for suit, name in skullking.SUIT_NAMES.items()} == COLOUR_NAMES
    assert {kind: skullking_dice.KIND_NAMES[kind] for kind in COLOUR_NAMES} == COLOUR_NAMES
    assert str(skullking.card_text(sk.Card(sk.Kind.NUMBER, sk.Suit.YELLOW, 7))) == "yellow:7"
    assert COLOUR_NAMES["yellow"].render(catalog("de")) == "Gelb"


def test_updating_adds_new_strings_and_keeps_translations() -> None:
    found = {**FOUND, "A brand new string": Found([("table/x.py", 1)])}
    updated = update("de", found)
    assert 'msgid "A brand new string"\nmsgstr ""' in render(updated)
    assert 'msgstr "Platz {number}"' in render(updated)
    assert not updated.get("A brand new string").string and updated.get("Seat {number}").string == "Platz {number}"


def test_a_broken_translation_falls_back_to_english() -> None:
    class Broken:
        def gettext(self, message: str) -> str:
            return "{nonsense}"

    assert text("{name} joins", name="Anna").render(Broken()) == "Anna joins"


def _lobby_buttons(language: str) -> list[Button]:
    session = TableSession(4)
    session.handle(ChooseLanguage(language))
    screen = session.screen()
    assert isinstance(screen, LobbyScreen)
    return LobbyControls().buttons(screen)


@pytest.mark.parametrize(
    ("language", "shown", "short", "next_language"),
    [
        ("en", "Language: English", "Language: EN", "de"),
        ("de", "Sprache: Deutsch", "Sprache: DE", "fr"),
        ("fr", "Langue\u00a0: Français", "Langue\u00a0: FR", "nl"),
        ("it", "Lingua: Italiano", "Lingua: IT", "en"),
    ],
)
def test_the_language_button_says_the_language_spoken_now(
    language: str, shown: str, short: str, next_language: str
) -> None:
    """It showed the next language's name alone ("Deutsch" while the table spoke English), which read as the
    current one: it says the language the table speaks, as such; touching it (or I) goes on to the next."""
    [button] = [b for b in _lobby_buttons(language) if isinstance(b.action, ChooseLanguage)]
    assert button.label.render(catalog(language)) == shown
    assert button.short is not None and button.short.render(catalog(language)) == short
    assert button.action == ChooseLanguage(next_language) and button.key == "i"


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_shortcut_letter_is_shown_on_the_touch_screen_and_the_keys_still_work(language: str) -> None:
    """ "Game (K)", "Language (I)": a touch screen has no K or I. The letters are gone from what is drawn; the keys
    K (the next game) and I (the next language) are the bar's still."""
    flow = TableSession(4)
    flow.handle(ChooseLanguage(language))
    board = Scoreboard(pygame.Surface((800, 480)), clock=lambda: 0.0)
    with record_texts() as drawn:
        board.show(flow.screen())
        board.draw_frame()
    assert len(drawn) > 10
    assert [d.text for d in drawn if re.search(r"\([A-Z]\)", d.text)] == []
    assert {button.key for button in _lobby_buttons(language)} >= {"k", "i"}
