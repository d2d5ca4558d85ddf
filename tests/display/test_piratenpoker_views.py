"""Piratenpoker's screens: every step draws at both sizes in all five languages, and the pixels of a screen with
cards laid face down are the same whichever cards they are (the scoreboard cannot show a hidden card)."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from table.core.frame import Phase
from table.core.inputs import HOLD, CardLaid, CardLifted, CountdownDone, Press
from table.core.table_state import TableState
from table.core.text import LANGUAGES
from table.display import typeset
from table.display.scoreboard import Scoreboard
from table.display.views import Paint, find_view
from table.games.piratenpoker.flow import PiratenpokerFlow
from table.games.piratenpoker.inputs import ChooseLoot, GiveLoot
from table.games.piratenpoker.screen import PokerScreen
from table.games.piratenpoker.views import draw_final_score, draw_poker_table

SIZES = ((1920, 1080), (800, 480))


class Play:
    def __init__(self, players: tuple[int, ...] = (0, 1, 2, 3)) -> None:
        self.flow = PiratenpokerFlow(TableState(5, names=["Anna", "Ben", "Cleo", "Dirk", None]), players)
        self.count = 0

    def tap(self, seat: int, code: str) -> None:
        self.count += 1
        self.flow.handle(CardLaid(seat, f"tag{self.count}", code))
        self.flow.handle(CardLifted(seat))

    def loot(self) -> Play:
        for code in ("loot:red:10", "loot:yellow:5", "loot:blue:8"):
            self.tap(0, code)
        return self

    def lay(self, plays: dict[int, list[str]], done: bool = True) -> Play:
        for seat, cards in plays.items():
            for code in cards:
                self.tap(seat, code)
            if done and cards != ["pass"]:
                self.flow.handle(Press(seat, HOLD))
        return self


def screens() -> dict[str, PokerScreen]:
    shots = {"loot": Play().flow.screen()}
    laying = Play().loot().lay({0: ["red:5", "red:3"], 1: ["blue:8"]}, done=False)
    shots["laying"] = laying.flow.screen()
    reveal = Play().loot().lay({0: ["red:5", "red:3"], 1: ["blue:8"], 2: ["pass"], 3: ["yellow:4", "yellow:2"]})
    reveal.flow.handle(CountdownDone())
    shots["reveal"] = reveal.flow.screen()
    reveal.flow.handle(ChooseLoot("loot:red:10"))
    shots["overboard"] = reveal.flow.screen()
    reveal.flow.handle(GiveLoot(3))
    reveal.lay({0: ["red:6"], 1: ["blue:4"], 3: ["yellow:6"]})
    reveal.flow.handle(CountdownDone())
    reveal.flow.handle(ChooseLoot("loot:yellow:5"))
    reveal.flow.handle(Press(3, HOLD))
    reveal.lay({0: ["red:4"], 1: ["blue:2"], 3: ["yellow:1"]})
    shots["round3"] = reveal.flow.screen()
    match = Play((0, 1, 2))
    for game in range(12):
        if match.flow.screen().phase is Phase.GAME_OVER:
            break
        fronts = (5, 5, 6, 6, 8, 8, 10)[game % 7]
        for colour in ("red", "yellow", "blue"):
            match.tap(0, f"loot:{colour}:{fronts}")
        match.lay({0: ["red:5"], 1: ["blue:4"], 2: ["yellow:3"]}).flow.handle(CountdownDone())
        match.flow.handle(ChooseLoot(match.flow.screen().middle[game % 3]))
        match.flow.handle(GiveLoot(1 + game % 2))
        match.lay({0: ["red:4"], 1: ["blue:6"], 2: ["yellow:3"]}).flow.handle(CountdownDone())
        match.flow.handle(ChooseLoot(match.flow.screen().middle[0]))
        match.flow.handle(Press(1, HOLD))
        match.lay({0: ["red:2"], 1: ["blue:1"], 2: ["yellow:6"]}).flow.handle(CountdownDone())
    shots["final"] = match.flow.screen()
    assert shots["final"].phase is Phase.GAME_OVER
    return shots


SHOTS = screens()


def board(screen: PokerScreen, size: tuple[int, int]) -> Scoreboard:
    now = [1000.0]
    scoreboard = Scoreboard(pygame.Surface(size), clock=lambda: now[0])
    scoreboard.show(screen)
    scoreboard.draw_frame()
    return scoreboard


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES)
def test_every_step_draws_in_every_language_at_both_sizes(language: str, size: tuple[int, int]) -> None:
    from dataclasses import replace

    for name, screen in SHOTS.items():
        shown = replace(screen, language=language)
        view = find_view(shown)
        assert view is not None, name
        expected = draw_final_score if name == "final" else draw_poker_table
        assert view.draw is expected
        assert board(shown, size).surface.get_size() == size


def test_the_pixels_do_not_show_which_cards_lie_face_down() -> None:
    one = Play().loot().lay({0: ["red:8", "blue:1"], 1: ["yellow:4"]}, done=False)
    other = Play().loot().lay({0: ["yellow:2", "red:3"], 1: ["blue:7"]}, done=False)
    assert one.flow.private(0).hidden != other.flow.private(0).hidden
    assert one.flow.screen() == other.flow.screen()  # the model itself holds nothing of them
    for size in SIZES:
        a = pygame.image.tobytes(board(one.flow.screen(), size).surface, "RGB")
        b = pygame.image.tobytes(board(other.flow.screen(), size).surface, "RGB")
        assert a == b
    revealed = Play().loot().lay({0: ["red:8", "blue:1"], 1: ["yellow:4"], 2: ["pass"], 3: ["red:1"]})
    revealed.flow.handle(CountdownDone())
    assert revealed.flow.screen().seats[0].revealed == ("red:8", "blue:1")


def save_screenshots(out: Path) -> list[Path]:
    """docs/screenshots/piratenpoker-*.png, drawn headless (python -m tests.display.test_piratenpoker_views)."""
    from dataclasses import replace

    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for language, name, size in (
        ("en", "laying", (1920, 1080)),
        ("en", "reveal", (1920, 1080)),
        ("en", "overboard", (1920, 1080)),
        ("en", "round3", (1920, 1080)),
        ("en", "final", (1920, 1080)),
        ("de", "reveal", (800, 480)),
        ("fr", "laying", (800, 480)),
        ("nl", "final", (800, 480)),
        ("it", "loot", (800, 480)),
    ):
        path = out / f"piratenpoker-{name}-{language}-{size[0]}x{size[1]}.png"
        pygame.image.save(board(replace(SHOTS[name], language=language), size).surface, str(path))
        paths.append(path)
    return paths


if __name__ == "__main__":
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    pygame.font.init()
    for saved in save_screenshots(Path(__file__).parents[2] / "docs" / "screenshots"):
        print(saved)


def test_touches_choose_the_loot_give_it_and_say_done() -> None:
    from table.games.piratenpoker.inputs import PlayDone
    from table.games.piratenpoker.views import touches

    size = (1920, 1080)
    chosen = [action for _, action in touches(SHOTS["reveal"], size)]
    assert chosen == [ChooseLoot("loot:red:10"), ChooseLoot("loot:yellow:5"), ChooseLoot("loot:blue:8")]
    assert [action for _, action in touches(SHOTS["overboard"], size)] == [GiveLoot(seat) for seat in range(4)]
    assert [action for _, action in touches(SHOTS["laying"], size)] == [PlayDone(0), PlayDone(1)]
    assert touches(SHOTS["round3"], size) == []  # everyone is done: nothing to touch until the reveal


def test_the_bar_offers_what_can_be_done_now() -> None:
    from table.display.controls import ActionBar
    from table.games.piratenpoker.inputs import KeepLoot, PlayDone

    controls = ActionBar()

    def actions(screen: PokerScreen) -> list[object]:
        bar = controls.of(screen)
        assert bar is not None
        return [button.action for button in bar.buttons(screen)]

    assert PlayDone(0) in actions(SHOTS["laying"])  # the seat selected at first: the first playing seat
    assert [a for a in actions(SHOTS["reveal"]) if isinstance(a, ChooseLoot)] == [
        ChooseLoot("loot:red:10"),
        ChooseLoot("loot:yellow:5"),
        ChooseLoot("loot:blue:8"),
    ]
    assert [a for a in actions(SHOTS["overboard"]) if isinstance(a, GiveLoot)] == [GiveLoot(s) for s in range(4)]
    assert not any(isinstance(a, (PlayDone, ChooseLoot, GiveLoot, KeepLoot)) for a in actions(SHOTS["final"]))
    bar = controls.of(SHOTS["overboard"])
    assert bar is not None
    give = [button for button in bar.buttons(SHOTS["overboard"]) if isinstance(button.action, GiveLoot)]
    assert [str(button.short) for button in give][:1] == ["To Anna"]  # a narrow bar's words


def test_the_final_score_crowns_every_winner(monkeypatch: pytest.MonkeyPatch) -> None:
    """The winner's row is not told by its colour alone: a crown and a frame, on every winner of a tie."""
    from table.games.piratenpoker import views as piratenpoker_views

    final = SHOTS["final"]
    tie = replace(final, finals=tuple(replace(f, place=1) if n < 2 else f for n, f in enumerate(final.finals)))
    crowns: list[pygame.Rect] = []
    monkeypatch.setattr(piratenpoker_views, "draw_crown", lambda surface, box, ink: crowns.append(box))
    for screen, count in ((final, 1), (tie, 2)):
        crowns.clear()
        draw_final_score(screen, (800, 480))
        assert len(crowns) == count


@pytest.mark.parametrize("size", [(800, 347), (560, 347)], ids=["the-7-inch-view", "beside-the-qr-code"])
def test_the_final_score_s_rows_share_one_size_and_its_headings_fit(size: tuple[int, int]) -> None:
    """The winner's row, its place under a crown, was drawn smaller than the others; beside the venue's QR code the
    headings ("fronts", "sharks") were wider than their columns. The view's size on the 7-inch screen: over the why
    strip, the banner and the bar."""
    from table.display.language import catalog
    from table.display.views import Paint

    for language in LANGUAGES:
        screen = replace(SHOTS["final"], language=language)
        with typeset.screen((800, 480)), typeset.record_texts() as found, typeset.watch_overflows() as overflows:
            draw_final_score(screen, size, Paint(catalog(language)))
        assert overflows == [] and [d.text for d in found if d.rendered[0] > d.box[0]] == [], language
        totals = {str(final.total) for final in screen.finals}
        assert len({d.size for d in found if d.text in totals}) == 1, language  # every row's total in one size


FINAL_SIZES = [(1280, 560), (1920, 860), (800, 347), (560, 347)]  # the view's size: TV, demo, 7", beside a QR code


@pytest.mark.parametrize("size", FINAL_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_final_score_shows_every_loot_card_whole_with_its_value(size: tuple[int, int]) -> None:
    """The winner's loot was fanned, each card over the next, its values hidden: every card now lies whole beside
    the others, its value on it, all values in one size."""
    final = SHOTS["final"]
    with typeset.screen((size[0], size[1] * 5 // 4)), typeset.record_texts() as found:
        draw_final_score(final, size)
    heads = {d.text: d.rect for d in found if d.text in ("player", "fronts") and d.rect is not None}
    figures = [d for d in found if re.fullmatch(r"[+-]\d+", d.text) and d.rect is not None]
    held = sum(len(row.loot) for row in final.finals)
    assert held > 8  # the winner's pile is large enough to have been fanned
    in_loot = [d for d in figures if d.rect and heads["player"].right < d.rect.centerx < heads["fronts"].left]
    assert len(in_loot) == held
    inks = [d.surface.get_bounding_rect().move(d.rect.topleft) for d in in_loot if d.surface and d.rect]
    assert not any(a.colliderect(b) for n, a in enumerate(inks) for b in inks[n + 1 :])
    assert len({d.size for d in in_loot}) == 1


def test_each_final_row_adds_up_as_printed_and_the_crown_covers_no_number(monkeypatch: pytest.MonkeyPatch) -> None:
    """ "1 x 4" under sharks was a count, so a row did not add up; the crown stood over the place's "1"."""
    from table.games.piratenpoker import views as piratenpoker_views

    final = SHOTS["final"]
    xs = [32, 130, 360, 680, 800, 920, 1040, 1160]
    for row in final.finals:
        cells, _ = piratenpoker_views._final_cells(row, xs, 100, 100, 1280, Paint())
        fronts, sharks, backs, sets, total = (int(words) for words, _ in cells[2:7])
        assert fronts + sharks + backs + sets == total, cells
    crowns: list[pygame.Rect] = []
    monkeypatch.setattr(piratenpoker_views, "draw_crown", lambda surface, box, ink: crowns.append(box))
    for size in FINAL_SIZES:
        crowns.clear()
        with typeset.screen((size[0], size[1] * 5 // 4)), typeset.record_texts() as found:
            draw_final_score(final, size)
        places = [d for d in found if d.text == "1" and d.rect is not None and d.rect.left < size[0] // 10]
        (place,) = places
        assert place.surface is not None and place.rect is not None
        ink = place.surface.get_bounding_rect().move(place.rect.topleft)
        assert [crown for crown in crowns if crown.colliderect(ink)] == [], size
