"""The extractor finds every text() and plural() call; Babel's catalog API keeps the catalogs in step with it."""

from __future__ import annotations

from pathlib import Path

import pytest

from table.locale import extract as extract_module
from table.locale import po_path
from table.locale.extract import TEMPLATE, Found, extract, main, render, template, update

FOUND, _ = extract()
TRANSLATED = ("de", "fr", "nl", "it")

SOURCE = """
from table.core.text import plural, text

def words(n, name, message):
    a = text("{name} joins", name=name)
    # Translators: the count is {n}, the cards left in the hand
    b = plural("{n} card", "{n} cards", n, n=n)
    c = text(message)
    d = plural("{n} card", message, n)
    return a, b, c, d, text("{name} joins", name=name)
"""


def test_text_and_plural_calls_are_found_with_places_and_translators_comments(tmp_path: Path) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "words.py").write_text(SOURCE, encoding="utf-8")
    found, bad = extract(tmp_path / "pkg")
    assert set(found) == {"{name} joins", ("{n} card", "{n} cards")}
    assert found["{name} joins"].places == [("pkg/words.py", 5), ("pkg/words.py", 10)]
    assert found[("{n} card", "{n} cards")].comments == ["the count is {n}, the cards left in the hand"]
    assert bad == ["pkg/words.py:8", "pkg/words.py:9"]  # a message must be literal, both forms of a plural too


def test_the_code_has_plural_texts_and_no_text_without_a_literal() -> None:
    assert ("{winners} won", "{winners} won") in FOUND
    assert ("{count} card on the pile", "{count} cards on the pile") in FOUND
    assert extract()[1] == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_catalogs_are_as_the_extractor_writes_them(language: str) -> None:
    # Writing is stable (an unchanged code base rewrites unchanged files) and the files are in step with the code.
    assert render(update(language, FOUND)) == po_path(language).read_text(encoding="utf-8")


def test_the_template_is_in_step_with_the_code() -> None:
    assert render(template(FOUND)) == TEMPLATE.read_text(encoding="utf-8")


def test_updating_keeps_translations_comments_and_the_glossary() -> None:
    found = {**FOUND, ("{n} new thing", "{n} new things"): Found([("table/x.py", 1)], ["for the translators"])}
    updated = update("de", found)
    added = updated.get("{n} new thing")
    assert added.string == ("", "") and added.auto_comments == ["for the translators"]
    assert updated.get("Seat {number}").string == "Platz {number}"
    written = render(updated)
    assert written.startswith("# Pirate Table, deutsche Übersetzung.")  # the header's glossary survives
    assert "#. for the translators\n#: table/x.py:1\n" in written
    assert 'msgid "{n} new thing"\nmsgid_plural "{n} new things"\nmsgstr[0] ""\nmsgstr[1] ""\n' in written


def test_a_string_gone_from_the_code_becomes_obsolete() -> None:
    found = {msgid: where for msgid, where in FOUND.items() if msgid != "Wrong PIN"}
    written = render(update("de", found))
    assert '#~ msgid "Wrong PIN"\n#~ msgstr "Falsche PIN"' in written


def test_check_says_every_catalog_is_complete(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--check"]) == 0
    out = capsys.readouterr().out
    assert all(f"{language}: {len(FOUND)}/{len(FOUND)} translated, 0 stale" in out for language in TRANSLATED)


def test_a_translators_comment_on_an_entry_survives_an_update(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    copy = tmp_path / "de.po"
    source = po_path("de").read_text(encoding="utf-8")
    copy.write_text(source.replace('msgid "Wrong PIN"', '# PIN stays PIN in German\nmsgid "Wrong PIN"'), "utf-8")
    monkeypatch.setattr(extract_module, "po_path", lambda language: copy)
    written = render(update("de", FOUND))
    assert "# PIN stays PIN in German\n#: table/app.py" in written
    assert 'msgid "Wrong PIN"\nmsgstr "Falsche PIN"' in written


def test_a_newer_babel_rewrites_the_same_catalogs(monkeypatch: pytest.MonkeyPatch) -> None:
    """A clean install may get a newer Babel than the one that wrote the files: its version is not written."""
    import babel.messages.catalog

    monkeypatch.setattr(babel.messages.catalog, "VERSION", "9.99.0")
    assert render(template(FOUND)) == TEMPLATE.read_text(encoding="utf-8")
    assert render(update("de", FOUND)) == po_path("de").read_text(encoding="utf-8")
