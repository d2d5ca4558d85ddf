from __future__ import annotations

from pathlib import Path

import pytest

from table.core.catalog import GameEntry
from table.decks import FromAnotherGame, Known, UnknownTag, deck_codes, identify
from table.store.database import open_database
from table.store.decks import DeckRegistry


@pytest.fixture
def registry(tmp_path: Path) -> DeckRegistry:
    return DeckRegistry(open_database(tmp_path / "t.db"))


def test_the_skull_king_deck_is_the_66_printed_cards() -> None:
    codes = deck_codes("skullking")
    assert len(codes) == 66
    assert codes.count("escape") == 5 and codes.count("mermaid") == 2 and "scarymary" in codes


def test_an_unknown_game_has_no_deck() -> None:
    with pytest.raises(ValueError, match="no deck is known for the game 'go'"):
        deck_codes("go")


def test_a_code_written_in_the_tag_names_the_card(registry: DeckRegistry) -> None:
    assert identify(registry, "skullking", "04AA", "black:13") == Known("black:13")


def test_an_enrolled_tag_names_its_card(registry: DeckRegistry) -> None:
    registry.enroll("skullking", "a", "04AA", "mermaid")
    assert identify(registry, "skullking", "04AA", None) == Known("mermaid")


def test_an_unknown_tag_is_reported_as_unknown_never_guessed(registry: DeckRegistry) -> None:
    outcome = identify(registry, "skullking", "04BB", None)
    assert outcome == UnknownTag("04BB")
    assert "unknown card" in outcome.message
    assert identify(registry, "skullking", "04BB", "yellow:15") == UnknownTag("04BB")  # a code no deck prints


def test_a_card_enrolled_in_another_game_is_named_as_such(registry: DeckRegistry, toy_game: GameEntry) -> None:
    registry.enroll("highcard", "p", "04CC", "star:5")
    outcome = identify(registry, "skullking", "04CC", None)
    assert outcome == FromAnotherGame("highcard", "star:5")
    assert identify(registry, "skullking", "04DD", "star:5") == FromAnotherGame("highcard", "star:5")
    assert "High Card deck" in outcome.message


def test_a_code_two_editions_print_is_the_card_of_the_game_on(registry: DeckRegistry) -> None:
    assert identify(registry, "skullking", "04EE", "mermaid") == Known("mermaid")
    assert identify(registry, "skullking-2021", "04EE", "mermaid") == Known("mermaid")
    assert identify(registry, "skullking", "04EE", "green:3") == FromAnotherGame("skullking-2021", "green:3")
    assert identify(registry, "skullking-2021", "04EE", "red:3") == FromAnotherGame("skullking", "red:3")
