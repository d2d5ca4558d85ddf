"""The trick screen: seats laid out without overlap at TV and 7-inch sizes, card codes drawn as their faces."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from table.core.frame import Phase
from table.core.text import LANGUAGES, text
from table.display import typeset
from table.display.card_art import CARD_RATIO, CardFace
from table.display.language import catalog
from table.display.seat_oval import PLATE_WIDTH, plate_height, seat_places
from table.games.skullking.art import SPECIALS, card_face
from table.games.skullking.sim import VirtualTable
from table.games.skullking.trick_view import draw_trick_screen, seat_plates
from table.lobby.views import draw_lobby
from tests.display.all_screens import Frame, draw
from tests.display.paints import Marked, Recorder
from tests.display.screens import every_screen


@pytest.mark.parametrize("size", [(1920, 1080), (800, 480)])
@pytest.mark.parametrize("seats", range(2, 7))
def test_every_seat_s_card_and_plate_fit_and_never_overlap(size: tuple[int, int], seats: int) -> None:
    area = pygame.Rect(0, size[1] // 5, size[0], size[1] * 7 // 10)
    with typeset.screen(size):  # the plates hold two lines of the screen's smallest type
        places, card_width = seat_places(seats, area)
        plate_h = plate_height(card_width)
    assert card_width >= 60 if size[0] >= 1920 else card_width >= 40
    group_w, group_h = round(card_width * PLATE_WIDTH), round(card_width * CARD_RATIO) + plate_h + 4
    groups = [pygame.Rect(x - group_w // 2, y - group_h // 2, group_w, group_h) for x, y in places]
    for n, group in enumerate(groups):
        assert area.contains(group), (seats, n, group, area)
        assert group.collidelist(groups[:n] + groups[n + 1 :]) == -1, (seats, n)


@pytest.mark.parametrize(
    ("code", "face"),
    [
        ("yellow:12", CardFace("number", "yellow", 12)),
        ("black:1", CardFace("number", "black", 1)),
        ("pirate:tortuga-jack", CardFace("pirate", caption="Tortuga Jack", special=SPECIALS["pirate"])),
        ("pirate", CardFace("pirate", special=SPECIALS["pirate"])),
        ("scarymary:escape", CardFace("scarymary", caption=text("as Escape"), special=SPECIALS["scarymary"])),
        ("skullking", CardFace("skullking", special=SPECIALS["skullking"])),
    ],
)
def test_card_codes_are_drawn_as_their_faces(code: str, face: CardFace) -> None:
    assert card_face(code) == face


def test_every_phase_of_a_real_game_draws_at_both_sizes(tmp_path: Path) -> None:
    table = VirtualTable(tmp_path, players=5, seed=8)
    drawn: set[Phase] = set()
    try:
        table.app.resume()
        while table.flow.screen().phase is not Phase.GAME_OVER:
            table.tick()
            screen = table.flow.screen()
            if screen.phase not in drawn:
                drawn.add(screen.phase)
                draw = draw_lobby if screen.phase is Phase.LOBBY else draw_trick_screen
                for size in ((1920, 1080), (800, 480)):
                    assert draw(screen, size).get_size() == size
    finally:
        table.close()
    assert drawn == set(Phase)  # every phase, the lobby's and game over included


def _said(screen: object, size: tuple[int, int] = (800, 480)) -> list[str]:
    paint = Recorder()
    draw_trick_screen(screen, size, paint)
    return paint.said


@pytest.mark.parametrize("name", ["trick", "trick-result"])
def test_the_card_that_led_the_trick_is_marked(name: str) -> None:
    screen = every_screen("en")[name].screen
    assert screen.trick is not None and any(card.seat == screen.trick.leader for card in screen.trick.cards)
    assert _said(screen).count("led") == 1
    paint = Recorder(Marked())
    draw_trick_screen(screen, (1920, 1080), paint)
    assert paint.said.count("<led>") == 1  # in the table's language
    leader = screen.trick.leader
    keys = [key for _, key in paint.parts if key[0] == "seat"]
    assert [key[1].seat for key in keys if "led" in key] == [leader]  # redrawn when the leader changes


def test_no_led_mark_before_a_card_is_down() -> None:
    assert "led" not in _said(every_screen("en")["bidding"].screen)


def test_skull_king_2021_marks_the_card_that_led_too() -> None:
    from tests.display.skullking_2021_shots import shots

    marked = [name for name, screen in shots("en").items() if getattr(screen, "trick", None) and "led" in _said(screen)]
    assert marked


def test_the_lead_suit_is_said_by_its_name_and_shape_without_an_english_letter() -> None:
    """ "Gelb (Y)", "noir (K)": the letter stayed English in every language, and K read as a King."""
    for language in ("en", "de"):
        for name in ("trick", "trick-result", "message"):
            said = _said(every_screen(language)[name].screen)
            assert not [words for words in said if re.search(r"\([A-Z]\)", words)], (language, name)


@pytest.mark.parametrize("size", [(1920, 1080), (800, 480)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_led_tag_lies_beside_its_card_clear_of_every_other_word(language: str, size: tuple[int, int]) -> None:
    """The tag once sat in the room left of the card, which a special card's words ("Pirate / Rosie De Laney")
    took when the card moved left to make room for them: the tag shrank under its word."""
    from tests.display.skullking_2021_shots import shots

    said = {text("led").render(catalog(language)), text("1st").render(catalog(language))}
    screens = [every_screen(language)[name].screen for name in ("trick", "trick-result")]
    trick = screens[0].trick
    assert trick is not None
    for code in ("mermaid", "pirate:harry-the-giant", "scarymary:escape", "skullking"):  # special cards' words
        cards = tuple(replace(card, code=code) if card.seat == trick.leader else card for card in trick.cards)
        screens.append(replace(screens[0], trick=replace(trick, cards=cards)))
    screens += [screen for screen in shots(language).values() if getattr(screen, "trick", None)]
    tagged = 0
    for screen in screens:  # as the scoreboard draws them: the view under the why strip, the banner and the bar
        with typeset.record_texts() as found, typeset.watch_overflows() as overflows:
            board = draw(Frame(screen), size)
        view = board.layout()[0]
        with typeset.screen(size):
            plates = seat_plates(screen, view.size)
        assert overflows == []
        assert [d.text for d in found if d.rendered[0] > d.box[0]] == []  # the card's words keep their room
        drawn = {(d.text, tuple(d.rect)) for d in found if d.rect and d.text.strip() and d.target is board._board}
        rects = [(words, pygame.Rect(rect)) for words, rect in drawn]  # the view's texts (it was drawn twice)
        tags = [rect for words, rect in rects if words in said]
        assert len(tags) <= 1
        for tag in tags:
            tagged += 1
            others = [words for words, rect in rects if rect != tag and rect.colliderect(tag.inflate(4, 4))]
            assert others == [], (screen.title, others)
            over = [p for p in plates.values() if p.left <= tag.left and tag.right <= p.right]
            assert [p for p in over if 0 <= p.top - tag.bottom < p.height], tag  # beside a card, over its plate
    assert tagged >= 7  # the tag was drawn: Skull King's trick and result, and the 2021 edition's
