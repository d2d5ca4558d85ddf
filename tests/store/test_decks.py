from __future__ import annotations

from pathlib import Path

import pytest

from table.store.database import open_database
from table.store.decks import AlreadyEnrolled, DeckRegistry, normalise_uid


@pytest.fixture
def registry(tmp_path: Path) -> DeckRegistry:
    return DeckRegistry(open_database(tmp_path / "t.db"))


def test_an_enrolled_tag_is_looked_up_by_its_uid_however_it_is_written(registry: DeckRegistry) -> None:
    registry.enroll("skullking", "red box", "04:a2:24:1a:5c:64:80", "yellow:12")
    tag = registry.lookup("04A2241A5C6480")
    assert tag is not None and (tag.game, tag.deck, tag.code, tag.written) == (
        "skullking",
        "red box",
        "yellow:12",
        False,
    )
    assert registry.lookup("04A2241A5C6481") is None


def test_a_tag_is_enrolled_once(registry: DeckRegistry) -> None:
    registry.enroll("skullking", "red box", "04A2", "yellow:12")
    with pytest.raises(AlreadyEnrolled, match="already enrolled as yellow:12"):
        registry.enroll("skullking", "blue box", "04a2", "red:3")
    assert registry.counts("skullking", "blue box") == {}


def test_counts_decks_written_and_forget(registry: DeckRegistry) -> None:
    registry.enroll("skullking", "a", "01", "escape")
    registry.enroll("skullking", "a", "02", "escape")
    registry.enroll("skullking", "b", "03", "mermaid")
    registry.mark_written("02")
    assert registry.counts("skullking", "a") == {"escape": 2}
    assert registry.decks("skullking") == ["a", "b"]
    assert [tag.written for tag in registry.tags("skullking", "a")] == [False, True]
    assert registry.forget("skullking", "a") == 2
    assert registry.lookup("01") is None and registry.lookup("03") is not None


@pytest.mark.parametrize("bad", ["", "xyz", "04A", "04 A2 G1"])
def test_a_uid_is_hex_bytes(bad: str) -> None:
    with pytest.raises(ValueError, match="not a tag UID"):
        normalise_uid(bad)
