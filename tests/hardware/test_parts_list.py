"""The parts list in hardware/README.md is what hardware/parts.toml, the table's geometry and the decks in the code
give: the sticker counts are the decks `pirate-table enroll` asks for, the totals include the screen and the
camera, and the cable bought covers every run of the plans."""

from __future__ import annotations

from pathlib import Path

import pytest

from table.config import default_text, parse_config
from table.core import catalog
from table.decks import deck_codes

from .hardware_modules import hardware_module
from .support import HARDWARE, markdown_table

parts_list = hardware_module("parts_list")
geometry = hardware_module("table_geometry")
README = HARDWARE / "README.md"


def test_the_readme_parts_list_is_made_from_the_data() -> None:
    page = README.read_text(encoding="utf-8")
    assert page == parts_list.page_with(page, parts_list.render(parts_list.load(), geometry.load()))


def test_the_sticker_counts_are_the_decks_enroll_asks_for() -> None:
    config = parse_config(default_text())
    rows = markdown_table(README.read_text(encoding="utf-8"), ["game", "cards = stickers"])
    decks = {entry.key: len(deck_codes(entry.key, config)) for entry in catalog.with_deck()}
    counted = {row[0].split("`")[1]: int(row[1]) for row in rows[:-1]}
    assert counted == decks
    assert rows[-1] == [f"**all {len(decks)} card games**", f"**{sum(decks.values())}**"]
    stickers = next(part for part in parts_list.load()["part"] if "NTAG213" in part["name"])
    every = parts_list.games()
    needed = parts_list.quantity(stickers, 6, geometry.load(), every) * stickers["pack"]
    assert sum(decks.values()) <= needed < sum(decks.values()) + stickers["pack"]


def test_a_game_alone_needs_only_its_deck_and_the_dice_game_no_stickers() -> None:
    data, table = parts_list.load(), geometry.load()
    stickers = next(part for part in data["part"] if "NTAG213" in part["name"])
    camera = next(part for part in data["part"] if "Camera Module 3" in part["name"])
    for game in parts_list.games():
        packs = parts_list.quantity(stickers, 6, table, (game,))
        assert packs * stickers["pack"] >= game.cards and (packs == 0) == (game.cards == 0), game
        assert parts_list.quantity(camera, 6, table, (game,)) == (1 if game.dice else 0), game


def test_the_total_includes_the_screen_the_camera_the_power_and_the_wood() -> None:
    data, table, every = parts_list.load(), geometry.load(), parts_list.games()
    counted = [part for part in data["part"] if not part.get("optional", False)]
    for words in ("Touch Display 2", "SC0872", "27W USB-C Power Supply", "birch plywood", "felt or baize"):
        assert any(words in part["name"] + part["number"] for part in counted), words
    for seats in parts_list.SIZES:
        total = sum(parts_list.quantity(part, seats, table, every) * part["eur"] for part in counted)
        assert parts_list.cost(data, seats, table, every) == pytest.approx(total)
    rows = markdown_table(README.read_text(encoding="utf-8"), ["part", "part number or shop name", "where",
                          "4 seats", "6 seats", "8 seats", "€ each", "€ (6 seats)", "what for"])  # fmt: skip
    total_row = next(row for row in rows if row[0] == "**total, screen included**")
    assert total_row[3:6] == [f"**{parts_list._eur(parts_list.cost(data, s, table, every))}**" for s in (4, 6, 8)]


@pytest.mark.parametrize("seats", [4, 6, 8])
def test_the_cable_bought_covers_every_run_of_the_plan(seats: int) -> None:
    data, table, every = parts_list.load(), geometry.load(), parts_list.games()
    layout = table.layout(seats)
    for run, runs in (("reader_leads", layout.reader_leads), ("seat_cables", layout.seat_cables)):
        part = next(part for part in data["part"] if part.get("per_metre") == run)
        if seats in part.get("seats", parts_list.SIZES):
            assert parts_list.quantity(part, seats, table, every) * 1000 >= sum(r.length for r in runs)


def test_a_stale_parts_list_is_found(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    page = tmp_path / "README.md"
    page.write_text(README.read_text(encoding="utf-8").replace("| **all 4 card games** |", "| **all 3 card games** |"))
    monkeypatch.setattr(parts_list, "PAGE", page)
    assert parts_list.main(["--check"]) == 1
    assert "does not match hardware/parts.toml" in capsys.readouterr().out
    assert parts_list.main([]) == 0 and parts_list.main(["--check"]) == 0


def test_a_page_without_the_markers_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    page = tmp_path / "README.md"
    page.write_text("# Hardware\n", encoding="utf-8")
    monkeypatch.setattr(parts_list, "PAGE", page)
    assert parts_list.main(["--check"]) == 1
    assert "needs one" in capsys.readouterr().out and page.read_text(encoding="utf-8") == "# Hardware\n"


def test_a_part_with_two_quantities_is_refused(tmp_path: Path) -> None:
    source = tmp_path / "parts.toml"
    source.write_text(
        '[[part]]\nname = "Widget"\nnumber = "W1"\nshop = "s"\neur = 1\ngames = "all"\nfixed = 1\nper_seat = 1\n'
        'why = "w"\n',
        encoding="utf-8",
    )
    with pytest.raises(ValueError, match="'Widget' needs exactly one of"):
        parts_list.load(source)
