"""The rules pages (docs/rules/*.md) name every setting real: each `**Setting** `[section] key = default`` is a key of
that game's config section, played with the default the page writes, and every key a game's default config shows is
named on a page. The pages mark their points with the three marks only (docs/rules/README.md)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from table.core import catalog
from table.core.settings import GameSettings

PAGES = sorted((Path(__file__).parents[2] / "docs" / "rules").glob("*.md"))
SETTING = re.compile(r"\*\*Setting\*\* `\[(?P<section>[\w-]+)\] (?P<key>\w+)(?: = (?P<default>[^`]+))?`")
DEFAULT_TOML_KEY = re.compile(r"^#?\s*(?P<key>[a-z_]+)\s*[=.]", re.MULTILINE)


def _settings() -> dict[str, GameSettings]:
    return {entry.settings.section: entry.settings for entry in catalog.games() if entry.settings is not None}


def _named() -> list[tuple[str, str, str, str | None]]:
    """(page, section, key, default written or None) for every setting a page names."""
    return [
        (page.name, found["section"], found["key"], found["default"])
        for page in PAGES
        for found in SETTING.finditer(page.read_text())
    ]


NAMED = _named()


def test_the_pages_name_settings() -> None:
    assert len(NAMED) >= 12 and {page for page, *_ in NAMED} >= {
        "skullking-2021.md",
        "flying-hollander.md",
        "piratenpoker.md",
        "skullking-dice.md",
    }


@pytest.mark.parametrize(("page", "section", "key", "default"), NAMED, ids=[f"{s}.{k}" for _, s, k, _ in NAMED])
def test_every_setting_a_page_names_is_real_with_its_default(
    page: str, section: str, key: str, default: str | None
) -> None:
    settings = _settings()
    assert section in settings, f"{page}: no game reads a [{section}] section"
    game = settings[section]
    assert key in {found["key"] for found in DEFAULT_TOML_KEY.finditer(game.default_toml)}, (
        f"{page}: [{section}] {key} is not in the game's default config"
    )
    if default is not None:
        value = tomllib.loads(f"value = {default}")["value"]
        assert game.parse({key: value}, f"{page}: [{section}]") == game.default, (
            f"{page}: [{section}] {key} = {default} is not the default the table plays"
        )


def test_every_key_of_a_game_s_default_config_is_named_on_a_page() -> None:
    named = {(section, key) for _, section, key, _ in NAMED}
    for section, game in _settings().items():
        for found in DEFAULT_TOML_KEY.finditer(game.default_toml):
            assert (section, found["key"]) in named, f"no rules page names [{section}] {found['key']}"


@pytest.mark.parametrize("page", PAGES, ids=[page.name for page in PAGES])
def test_the_pages_use_the_three_marks_only(page: Path) -> None:
    text = page.read_text()
    assert "**Table:**" not in text and "**Decision" not in text
    if page.name != "README.md":
        assert "**Printed" in text and "**The table's reading" in text
