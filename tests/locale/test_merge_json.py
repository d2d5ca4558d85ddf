"""Translations delivered as JSON merged into the catalogs: plain and plural entries, checked before they go in."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from table.locale import extract as extract_module
from table.locale import merge_json, po_path, read_catalog
from table.locale.extract import extract, update
from table.locale.merge_json import load, main, merge

FOUND, _ = extract()


def test_plain_and_plural_translations_are_set_and_unfuzzied() -> None:
    catalog = update("de", FOUND)
    catalog.get("Wrong PIN").flags.add("fuzzy")
    skipped = merge(
        catalog,
        "de",
        {
            "Wrong PIN": {"de": "Falsche Geheimzahl", "fr": "ignored here"},
            "{winners} won": {"de": ["{winners} siegt", "{winners} siegen"]},
        },
    )
    assert skipped == []
    assert catalog.get("Wrong PIN").string == "Falsche Geheimzahl" and not catalog.get("Wrong PIN").fuzzy
    assert catalog.get("{winners} won").string == ("{winners} siegt", "{winners} siegen")


@pytest.mark.parametrize(
    ("msgid", "given", "reason"),
    [
        ("Not in the code at all", "x", "is not in the code"),
        ("{winners} won", "{winners} hat gewonnen", "needs a list of forms"),
        ("{winners} won", ["{winners} a"], "2 plural forms needed"),
        ("{winners} won", ["{winner} a", "{winner} b"], "placeholders differ"),
        ("Seat {number}", ["Platz {number}", "Plätze"], "expected a translation"),
        ("Seat {number}", "Platz {nummer}", "placeholders differ"),
        ("Seat {number}", "Platz {number", "placeholders differ"),
    ],
)
def test_a_translation_that_cannot_be_right_is_skipped(msgid: str, given: object, reason: str) -> None:
    catalog = update("de", FOUND)
    before = catalog.get(msgid).string if catalog.get(msgid) else None
    skipped = merge(catalog, "de", {msgid: {"de": given}})  # type: ignore[dict-item]
    assert len(skipped) == 1 and reason in skipped[0]
    assert (catalog.get(msgid).string if catalog.get(msgid) else None) == before


@pytest.fixture
def catalogs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Copies of the catalogs and template, which the command writes instead of the real ones."""
    for language in ("de", "fr", "nl", "it"):
        target = tmp_path / language / "pirate_table.po"
        target.parent.mkdir()
        shutil.copy(po_path(language), target)

    def copied(language: str) -> Path:
        return tmp_path / language / "pirate_table.po"

    monkeypatch.setattr(extract_module, "po_path", copied)
    monkeypatch.setattr(merge_json, "po_path", copied)
    shutil.copy(extract_module.TEMPLATE, tmp_path / "pirate_table.pot")
    monkeypatch.setattr(extract_module, "TEMPLATE", tmp_path / "pirate_table.pot")
    return tmp_path


def test_the_command_merges_a_file_and_says_what_it_skipped(
    catalogs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    delivered = tmp_path / "helper-translations.json"
    delivered.write_text(
        json.dumps(
            {
                "Wrong PIN": {"de": "Falsche Geheimzahl", "fr": "Mauvais code", "it": "PIN sbagliato"},
                "{winners} won": {"it": ["Vince {winners}", "Vincono {winners}"]},
                "A string of another branch": {"de": "Ein Text"},
            }
        ),
        encoding="utf-8",
    )
    assert main([str(delivered)]) == 1  # one string skipped
    out = capsys.readouterr().out
    assert "skipped de: 'A string of another branch' is not in the code" in out
    assert "de: " in out and "translated" in out
    german = read_catalog(catalogs / "de" / "pirate_table.po", "de")
    italian = read_catalog(catalogs / "it" / "pirate_table.po", "it")
    assert german.get("Wrong PIN").string == "Falsche Geheimzahl"
    assert italian.get("{winners} won").string == ("Vince {winners}", "Vincono {winners}")
    assert po_path("de").read_text(encoding="utf-8") != (catalogs / "de" / "pirate_table.po").read_text("utf-8")


def test_a_missing_or_broken_file_is_a_plain_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(tmp_path / "nothing.json")]) == 2
    (tmp_path / "broken.json").write_text("{not json", encoding="utf-8")
    assert main([str(tmp_path / "broken.json")]) == 2
    (tmp_path / "list.json").write_text("[1, 2]", encoding="utf-8")
    assert main([str(tmp_path / "list.json")]) == 2
    out = capsys.readouterr().out
    assert "nothing.json: no such file" in out and "not a JSON file" in out and "expected {" in out
    assert "Traceback" not in out
    with pytest.raises(merge_json.BadFile):
        load(tmp_path / "list.json")
