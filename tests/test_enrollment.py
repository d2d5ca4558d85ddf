from __future__ import annotations

from pathlib import Path

import pytest

from table.enrollment import Enrolled, Enrollment, Refused, TagWriting, WriteCode
from table.store.database import open_database
from table.store.decks import DeckRegistry


@pytest.fixture
def registry(tmp_path: Path) -> DeckRegistry:
    return DeckRegistry(open_database(tmp_path / "t.db"))


def uid(n: int) -> str:
    return f"04{n:012X}"


def test_enrollment_asks_for_every_card_in_turn_and_records_each_tag(registry: DeckRegistry) -> None:
    session = Enrollment(registry, "skullking", "red box")
    assert session.prompt() == "[0/66] Tap yellow:1"
    assert session.tap(uid(1)) == Enrolled("yellow:1")
    assert session.prompt() == "[1/66] Tap yellow:2"
    for n in range(2, 67):
        assert isinstance(session.tap(uid(n)), Enrolled)
    assert session.next_code() is None
    assert session.prompt() == "All 66 cards of the deck 'red box' are enrolled."
    assert session.tap(uid(99)) == Refused("the deck is complete")
    assert sorted(registry.counts("skullking", "red box").values()) == [1] * 59 + [2] + [5]


def test_copies_of_a_card_are_counted_in_the_prompt(registry: DeckRegistry) -> None:
    session = Enrollment(registry, "skullking", "a")
    for n in range(52):
        session.tap(uid(n))
    assert session.prompt() == "[52/66] Tap escape (1 of 5)"
    session.tap(uid(52))
    assert session.prompt() == "[53/66] Tap escape (2 of 5)"


def test_a_tag_already_enrolled_is_refused_and_the_same_card_is_asked_again(registry: DeckRegistry) -> None:
    session = Enrollment(registry, "skullking", "a")
    session.tap(uid(1))
    outcome = session.tap(uid(1))
    assert isinstance(outcome, Refused) and "already enrolled as yellow:1" in outcome.reason
    assert session.next_code() == "yellow:2"


def test_an_interrupted_enrollment_resumes_where_it_stopped(tmp_path: Path) -> None:
    first = Enrollment(DeckRegistry(open_database(tmp_path / "t.db")), "skullking", "a")
    for n in range(10):
        first.tap(uid(n))
    resumed = Enrollment(DeckRegistry(open_database(tmp_path / "t.db")), "skullking", "a")
    assert resumed.prompt() == "[10/66] Tap yellow:11"


def test_writing_tags_gives_new_tags_the_next_card_and_known_tags_their_own(registry: DeckRegistry) -> None:
    Enrollment(registry, "skullking", "a").tap(uid(1))  # yellow:1
    writing = TagWriting(registry, "skullking", "a")
    assert writing.tap(0, uid(1)) == WriteCode(0, uid(1), "yellow:1")
    assert writing.tap(2, uid(2)) == WriteCode(2, uid(2), "yellow:2")
    assert writing.progress() == (0, 66)
    writing.written(uid(1), ok=True)
    writing.written(uid(2), ok=False)  # the write failed: the tag is not done
    assert writing.progress() == (1, 66)


def test_writing_refuses_a_tag_of_another_deck(registry: DeckRegistry) -> None:
    Enrollment(registry, "skullking", "a").tap(uid(1))
    outcome = TagWriting(registry, "skullking", "b").tap(0, uid(1))
    assert outcome == Refused("this tag is yellow:1 of the skullking deck 'a'")


@pytest.mark.parametrize(("deck", "says"), [("", "needs a name"), ("   ", "needs a name"), ("x" * 41, "at most 40")])
def test_a_deck_needs_a_name_people_can_read(registry: DeckRegistry, deck: str, says: str) -> None:
    for session in (Enrollment, TagWriting):
        with pytest.raises(ValueError, match=says):
            session(registry, "skullking", deck)
    assert Enrollment(registry, "skullking", "  red   box ").deck == "red box"


def test_an_empty_deck_name_on_the_command_line_is_refused_plainly(capsys: pytest.CaptureFixture[str]) -> None:
    from table.commands.cli import main

    assert main(["enroll", "skullking", "--deck", ""]) == 2
    assert "a deck needs a name" in capsys.readouterr().err


def test_the_flying_hollander_s_deck_is_the_config_s(registry: DeckRegistry) -> None:
    from table.config import default_text, parse_config

    config = parse_config(default_text() + '\n[flying-hollander.counts]\n"crew:12" = 1\nkraken = 3\n')
    session = Enrollment(registry, "flying-hollander", "blue box", config)
    assert session.codes.count("crew:12") == 1 and session.codes.count("kraken") == 3
    assert session.progress() == (0, 60 - 3 + 1)
    assert Enrollment(registry, "flying-hollander", "red box").codes.count("kraken") == 2  # the default deck


def test_a_replacement_sticker_is_learned_once_as_a_card_of_the_game(registry: DeckRegistry) -> None:
    from table.decks import Known, identify
    from table.enrollment import REPLACEMENTS, RefusedSticker, learn_sticker

    said = learn_sticker(registry, "skullking", 2, uid(7), "yellow:7")
    assert str(said) == "The new sticker on seat 3's reader is learned"
    assert registry.tags("skullking", REPLACEMENTS)[0].code == "yellow:7"
    assert identify(registry, "skullking", uid(7), None) == Known("yellow:7")
    assert identify(registry, "skullking", uid(7), "garbled") == Known("yellow:7")  # a code no deck prints
    refusals = {
        "known already": (registry, "skullking", 2, uid(7), "red:3"),
        "Lay the new sticker": (registry, "skullking", 2, None, "red:3"),
        "no card of this game": (registry, "skullking", 2, uid(8), "crew:3"),
    }
    registry.enroll("flying-hollander", "box", uid(9), "crew:3")
    refusals["another game"] = (registry, "skullking", 2, uid(9), "red:3")
    for says, args in refusals.items():
        with pytest.raises(RefusedSticker) as refused:
            learn_sticker(*args)  # type: ignore[arg-type]
        assert says in str(refused.value.said)
    assert len(registry.tags("skullking", REPLACEMENTS)) == 1  # nothing changed by a refusal
