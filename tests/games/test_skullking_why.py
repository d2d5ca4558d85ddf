"""Why a Skull King trick went where it went, as the screen says it: every special card's interaction in both
editions, the bonuses, and the words in every language (table.games.tricks.why and each edition's why)."""

from __future__ import annotations

import pytest

from table.core.text import LANGUAGES, Text, verbatim
from table.display.language import catalog
from table.games.skullking import rules as sk
from table.games.skullking.why import why_2013
from table.games.skullking_2021 import rules as sk21
from table.games.skullking_2021.why import why_2021
from table.games.tricks.why import card_words

NAMES = ("Anna", "Ben", "Cleo", "Dirk", "Emma")


def name(position: int) -> Text:
    return verbatim(NAMES[position])


def said_2013(*codes: str) -> str:
    return str(why_2013(sk.explain(sk.parse_cards(codes)), name))


def said_2021(*codes: str) -> str:
    return str(why_2021(sk21.explain(sk21.parse_cards(codes)), name))


@pytest.mark.parametrize(
    ("codes", "said"),
    [
        (("yellow:5", "yellow:12", "red:13"), "Highest yellow (the suit led): Ben's yellow 12"),
        (("yellow:5", "black:3", "yellow:12"), "Trump: Ben's black 3 beats the yellow"),
        (("black:5", "black:9", "yellow:12"), "Highest black (trump): Ben's black 9"),
        (
            ("escape", "pirate:harry-the-giant", "pirate:evil-emmy"),
            "A Pirate takes it: Ben's Harry the Giant was played first",
        ),
        (("yellow:3", "scarymary:pirate", "black:13"), "A Pirate takes it: Ben's Scary Mary"),
        (("mermaid", "yellow:5", "black:13"), "A Mermaid takes it: Anna's Mermaid"),
        (("mermaid", "yellow:5", "mermaid"), "A Mermaid takes it: Anna's Mermaid was played first"),
        (
            ("pirate:tortuga-jack", "yellow:3", "skullking"),
            "The Skull King beats the Pirates: +30 for Cleo if the bid is met",
        ),
        (
            ("pirate:badeye-joe", "skullking", "scarymary:escape"),
            "The Skull King beats the Pirates: +60 for Ben if the bid is met",
        ),
        (("yellow:2", "skullking"), "The Skull King takes it: Ben"),
        (("skullking", "yellow:2", "mermaid"), "The Mermaid catches the Skull King: +50 for Cleo if the bid is met"),
        (("escape", "scarymary:escape", "escape"), "Every card escaped: the leader Anna takes it"),
    ],
)
def test_the_2013_edition_says_why_as_the_rulebook(codes: tuple[str, ...], said: str) -> None:
    assert said_2013(*codes) == said


@pytest.mark.parametrize(
    ("codes", "said"),
    [
        (
            ("green:5", "kraken", "pirate:harry-the-giant"),
            "The Kraken takes the trick: nobody wins it; Cleo would have won and leads next",
        ),
        (
            ("whale", "green:3", "skullking"),
            "The White Whale: special cards are Escapes, the highest number wins: Ben's green 3",
        ),
        (("whale", "skullking", "mermaid"), "The White Whale and no number: nobody wins it; Anna leads next"),
        (
            ("kraken", "whale", "purple:14"),
            "The White Whale: special cards are Escapes, the highest number wins: Cleo's purple 14; "
            "+10 for Cleo if the bid is met",
        ),
        (
            ("mermaid", "pirate:rosie-de-laney"),
            "A Pirate catches the Mermaid: Ben's Rosie D'Laney; +20 for Ben if the bid is met",
        ),
        (
            ("pirate:juanita-jade", "skullking", "tigress:pirate"),
            "The Skull King beats the Pirates: +60 for Ben if the bid is met",
        ),
        (("skullking", "mermaid"), "The Mermaid catches the Skull King: +40 for Ben if the bid is met"),
        (("tigress:pirate", "pirate:bendt-the-bandit"), "A Pirate takes it: Anna's Tigress was played first"),
        (("green:14", "black:2"), "Trump: Ben's black 2 beats the green; +10 for Ben if the bid is met"),
        (
            ("purple:3", "purple:9", "black:14"),
            "Trump: Cleo's black 14 beats the purple; +20 for Cleo if the bid is met",
        ),
        (
            ("escape", "loot", "tigress:escape"),
            "Every card escaped: the leader Anna takes it; "
            "Loot: Ben and Anna are allies (+20 each if both meet their bids)",
        ),
        (
            ("yellow:7", "loot", "yellow:9"),
            "Highest yellow (the suit led): Cleo's yellow 9; "
            "Loot: Ben and Cleo are allies (+20 each if both meet their bids)",
        ),
    ],
)
def test_the_2021_edition_says_the_kraken_the_whale_the_14s_and_the_loot(codes: tuple[str, ...], said: str) -> None:
    assert said_2021(*codes) == said


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_why_reads_in_every_language(language: str) -> None:
    words = catalog(language)
    for codes in (("skullking", "yellow:2", "mermaid"), ("yellow:5", "black:3", "yellow:12"), ("escape", "escape")):
        rendered = why_2013(sk.explain(sk.parse_cards(codes)), name).render(words)
        assert "{" not in rendered and ("Cleo" in rendered or "Ben" in rendered or "Anna" in rendered)
    rendered = why_2021(sk21.explain(sk21.parse_cards(("green:5", "kraken"))), name).render(words)
    assert "{" not in rendered and "Anna" in rendered


def test_cards_are_named_as_players_name_them() -> None:
    assert [str(card_words(card)) for card in sk.parse_cards(["red:7", "pirate:tortuga-jack", "mermaid"])] == [
        "red 7",
        "Tortuga Jack",
        "Mermaid",
    ]
    assert str(card_words(sk21.WHALE)) == "White Whale"


@pytest.mark.parametrize(("language", "joined"), [("en", "; +20"), ("de", "; +20"), ("fr", "\u00a0; +20")])
def test_a_why_line_with_a_bonus_is_punctuated_the_languages_way(language: str, joined: str) -> None:
    # The separator was once hard-coded "; ": French wants a no-break space before the ";".
    rendered = why_2021(sk21.explain(sk21.parse_cards(("purple:3", "purple:9", "black:14"))), name).render(
        catalog(language)
    )
    assert joined in rendered
    assert " ;" not in rendered  # no plain space left before the ";" (the wrapper could break there)
