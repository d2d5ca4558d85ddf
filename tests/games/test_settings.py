"""Each game's own settings (table.core.settings): its section of config.toml, its default, its checks and its text in
the default config come from the game's package, so the table's config and its default file name no game."""

from __future__ import annotations

import dataclasses
import json
import tomllib
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

import table.config
from table.config import TABLE_SECTIONS, Config, ConfigError, default_text, parse_config
from table.core import catalog
from table.core.catalog import GameEntry
from table.core.inputs import ChooseGame, JoinSeat, StartGame
from table.core.settings import CHECK, GameSettings
from table.core.table_state import TableState
from table.decks import deck_codes
from table.games.flying_hollander import rules as fh
from table.games.piratenpoker import rules as pp
from table.games.skullking_2021 import rules as sk2021
from table.games.skullking_dice import rules as skd
from table.games.skullking_dice.settings import DiceSettings
from table.session import TableSession
from tests.toygame.flow import HighCardFlow

SEAT = "[[seats]]\nreader = {reader}\nled = [{a}, {b}, {c}]\nbutton = {d}\n"
WITH_SETTINGS = [entry for entry in catalog.games() if entry.settings is not None]


def two_seats(extra: str = "") -> str:
    return extra + SEAT.format(reader=0, a=4, b=17, c=27, d=2) + SEAT.format(reader=1, a=22, b=10, c=9, d=3)


def section_of(entry: GameEntry) -> GameSettings[Any]:
    assert entry.settings is not None
    return entry.settings


# --- Every game's settings -------------------------------------------------------------------------------------


def test_config_files_keep_their_sections() -> None:
    """The sections config files have always had: a game's section is not always its key."""
    assert {entry.key: section_of(entry).section for entry in WITH_SETTINGS} == {
        "skullking-dice": "dice",
        "piratenpoker": "piratenpoker",
        "flying-hollander": "flying-hollander",
        "skullking-2021": "skullking-2021",
    }
    assert catalog.game("skullking").settings is None and catalog.game("skullking").default_settings is None
    assert not {section_of(entry).section for entry in WITH_SETTINGS} & set(TABLE_SECTIONS)


@pytest.mark.parametrize("entry", WITH_SETTINGS, ids=lambda entry: entry.key)
def test_a_game_s_default_section_reads_as_its_default(entry: GameEntry) -> None:
    settings = section_of(entry)
    written = tomllib.loads(settings.default_toml)
    assert set(written) <= {settings.section} and settings.default_toml.endswith("\n")
    assert f"[{settings.section}]" in settings.default_toml  # a commented-out section is shown too
    assert settings.parse(written.get(settings.section, {}), "x") == settings.default == settings.parse({}, "x")


def test_the_default_config_has_each_game_s_section_in_the_catalog_s_order() -> None:
    text = default_text()
    places = [text.index(section_of(entry).default_toml) for entry in WITH_SETTINGS]
    assert places == sorted(places) and text.index("[operator]") < places[0] < places[-1] < text.index("[[seats]]")
    assert f'game = "{catalog.keys()[0]}"' in text
    config = parse_config(text)
    assert config.by_game == {entry.key: entry.default_settings for entry in WITH_SETTINGS}


def test_the_table_s_own_config_names_no_game() -> None:
    table_part = (Path(table.config.__file__).parent / "default-config.toml").read_text()
    source = Path(table.config.__file__).read_text()
    for entry in catalog.games():
        assert entry.key not in table_part and entry.key not in source
        assert entry.settings is None or f"[{entry.settings.section}]" not in table_part


def test_an_unknown_section_is_said_with_the_table_s_and_the_games_sections() -> None:
    with pytest.raises(ConfigError) as raised:
        parse_config(two_seats("[shark]\nteeth = 3\n"))
    assert str(raised.value) == (
        "the configuration: unknown setting 'shark' (known here: table, hub, camera, operator, venue, seats, "
        "dice, piratenpoker, flying-hollander, skullking-2021)"
    )


def test_a_config_made_without_game_settings_gives_each_game_s_default() -> None:
    config = Config(language="en", sound=True, game="skullking", hub_port="auto", camera_source="auto", seats=())
    assert config.game_settings("piratenpoker") == pp.DEFAULT_SETTINGS
    assert config.game_settings("skullking-2021") == sk2021.EVERYTHING
    assert config.game_settings("skullking") is None
    rascal = config.with_game_settings("skullking-2021", sk2021.Options(scoring=sk2021.RASCAL_SCORING))
    assert rascal.game_settings("skullking-2021").scoring == sk2021.RASCAL_SCORING
    assert config.game_settings("skullking-2021") == sk2021.EVERYTHING  # the first config is as it was


# --- A new game brings its section ---------------------------------------------------------------------------


def _rounds(section: dict[str, Any], where: str) -> int:
    CHECK.only(section, ("rounds",), where)
    return CHECK.between(section, "rounds", 1, 5, 3, where)


ROUNDS = GameSettings(
    section="highcard",
    default=3,
    parse=_rounds,
    default_toml="[highcard]\nrounds = 3\n",
    dump=lambda rounds: {"rounds": rounds},
)


@pytest.fixture
def built() -> Iterator[list[Any]]:
    """High Card (tests/toygame) with a section of its own, [highcard]; the settings each of its flows was built
    with."""
    from tests.toygame import ENTRY

    settings: list[Any] = []

    def build(state: TableState, players: Sequence[int], rounds: int) -> HighCardFlow:
        settings.append(rounds)
        return HighCardFlow(state, players)

    catalog.register_game(dataclasses.replace(ENTRY, build=build, settings=ROUNDS))
    yield settings
    catalog.unregister_game(ENTRY.key)


def test_a_new_game_s_section_is_written_read_and_given_to_its_flow(built: list[Any]) -> None:
    text = default_text()
    assert text.index("[skullking-2021]") < text.index("[highcard]\nrounds = 3\n")  # registered last: the last
    assert parse_config(text).game_settings("highcard") == 3
    config = parse_config(text.replace("rounds = 3", "rounds = 5"))
    session = TableSession(3, config=config)
    session.handle(ChooseGame("highcard"))
    for seat in (0, 1):
        session.handle(JoinSeat(seat))
    session.handle(StartGame())
    assert isinstance(session.flow, HighCardFlow) and built == [5]
    with pytest.raises(ConfigError, match=r"^the configuration, \[highcard\]: rounds is 1 to 5, not 9$"):
        parse_config(text.replace("rounds = 3", "rounds = 9"))


def test_a_table_without_a_config_builds_a_game_with_its_default(built: list[Any]) -> None:
    session = TableSession(3)
    session.handle(ChooseGame("highcard"))
    for seat in (0, 1):
        session.handle(JoinSeat(seat))
    session.handle(StartGame())
    assert built == [3]


def test_a_section_is_one_game_s(toy_game: GameEntry) -> None:
    dice = section_of(catalog.game("skullking-dice"))
    with pytest.raises(ValueError, match=r"the config section \[dice\] is another game's already"):
        catalog.register_game(dataclasses.replace(toy_game, key="highcard-dice", settings=dice))
    with pytest.raises(KeyError):
        catalog.game("highcard-dice")  # not registered


# --- The games' own sections ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("section", "message"),
    [
        ("[dice]\nfaces.green = ['1', '2', '3', '4', '5', '6']\n", "faces of 'green'? The dice are skullking"),
        ("[dice]\nfaces.red = ['1', '2', '3']\n", "faces.red is the die's six faces"),
        ("[dice]\nfaces.pirate = ['7', '7', '7', '7', '7', '7']\n", "each one of skull, flag"),
        ("[dice]\ncounts.red = 0\n", "counts.red is how many red dice"),
        ("[dice]\ncounts.purple = 2\n", "counts of 'purple'?"),
        ("[dice]\nscoring = 'lazy'\n", "scoring is one of standard, landlubber, not 'lazy'"),
        ("[dice]\nsides = 6\n", "unknown setting 'sides' (known here: scoring, faces, counts)"),
        ("dice = 'standard'\n", "the configuration: [dice] must be a section"),
    ],
)
def test_every_mistake_in_the_dice_section_is_named(section: str, message: str) -> None:
    with pytest.raises(ConfigError) as raised:
        parse_config(two_seats(section))
    assert message in str(raised.value)
    assert str(raised.value).startswith("the configuration, [dice]: ") or section.startswith("dice =")


def test_a_printing_with_other_dice_is_set_in_the_config() -> None:
    config = parse_config(two_seats("[dice]\nfaces.yellow = ['flag', 'flag', '1', '1', '7', '7']\ncounts.yellow = 6\n"))
    bag = config.game_settings("skullking-dice").bag
    assert bag.faces["yellow"] == ("flag", "flag", "1", "1", "7", "7")
    assert bag.counts["yellow"] == 6
    assert bag.faces["red"] == skd.STANDARD_BAG.faces["red"]  # the kinds not named stay standard
    assert parse_config(two_seats()).game_settings("skullking-dice") == DiceSettings(skd.STANDARD, skd.STANDARD_BAG)
    assert config.dice_bag() == bag  # what the tray reads: the dice game's bag, found through the catalog


def test_a_table_without_a_dice_game_gives_the_tray_no_bag(monkeypatch: pytest.MonkeyPatch) -> None:
    without_dice = tuple(entry for entry in catalog.games() if not entry.dice)
    monkeypatch.setattr(catalog, "games", lambda: without_dice)
    assert parse_config(two_seats()).dice_bag() is None


def test_the_dice_game_is_built_with_its_scoring_and_its_bag() -> None:
    config = parse_config(two_seats("[dice]\nscoring = 'landlubber'\ncounts.red = 6\n"))
    settings = config.game_settings("skullking-dice")
    flow = catalog.game("skullking-dice").build(TableState(4), (0, 1, 2), settings)
    assert flow.scoring == skd.LANDLUBBER and flow.bag.counts["red"] == 6


def test_the_hollander_deck_is_the_one_its_section_counts() -> None:
    config = parse_config(two_seats('[flying-hollander]\ncounts.kraken = 0\ncounts."crew:12" = 5\n'))
    deck = deck_codes("flying-hollander", config)
    assert "kraken" not in deck and deck.count("crew:12") == 5 and len(deck) == len(fh.DECK) - 2 + 1
    assert deck_codes("flying-hollander") == fh.DECK  # without a config: the printed deck


# --- Settings written out and read back (the event log keeps those a game started with) -------------------------

OTHER_THAN_DEFAULT = {  # a section of each game's that changes every setting it has from the default
    "skullking-dice": (
        '[dice]\nscoring = "landlubber"\ncounts.red = 6\nfaces.yellow = ["flag", "1", "1", "1", "7", "7"]\n'
    ),
    "piratenpoker": (
        '[piratenpoker]\nloot = [5, 5, 5, 6, 6, 8, 10]\nsets = "once"\n'
        'names = { red = "Rot", yellow = "Gelb", blue = "Blau" }\npass_wins = false\n'
    ),
    "flying-hollander": '[flying-hollander]\ncounts.kraken = 1\ncounts."crew:12" = 3\nending = "last-standing"\n',
    "skullking-2021": (
        '[skullking-2021]\nscoring = "rascal"\nloot = false\nkraken = false\nwhale = false\n'
        'abilities = false\nkraken_leader = "after-kraken"\nrascal_after_last_trick = true\n'
    ),
}


def test_every_game_with_settings_has_a_sample_other_than_its_default() -> None:
    assert set(OTHER_THAN_DEFAULT) == {entry.key for entry in WITH_SETTINGS}  # a new game's settings are sampled too
    for key, section in OTHER_THAN_DEFAULT.items():
        entry = catalog.game(key)
        settings = parse_config(two_seats(section)).game_settings(key)
        assert settings != entry.default_settings
        for field in dataclasses.fields(settings):  # every setting differs, so each one's round trip is seen
            assert getattr(settings, field.name) != getattr(entry.default_settings, field.name), (key, field.name)


@pytest.mark.parametrize("entry", WITH_SETTINGS, ids=lambda entry: entry.key)
def test_every_game_s_settings_written_out_read_back_the_same(entry: GameEntry) -> None:
    settings = section_of(entry)
    other = parse_config(two_seats(OTHER_THAN_DEFAULT[entry.key])).game_settings(entry.key)
    for chosen in (settings.default, other):
        written = json.loads(json.dumps(settings.dump(chosen)))  # as the event log keeps it
        assert settings.load(written, "the log") == chosen == settings.parse(written, "the log")
        assert tomllib.loads(tomli_text(settings.section, written))[settings.section] == written  # the section's keys


def tomli_text(section: str, keys: dict[str, Any]) -> str:
    """The keys as a config.toml section (inline tables and arrays), to show a dump is what the section would say."""
    return f"[{section}]\n" + "".join(f"{json.dumps(key)} = {toml_value(value)}\n" for key, value in keys.items())


def toml_value(value: Any) -> str:
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{json.dumps(key)} = {toml_value(item)}" for key, item in value.items()) + " }"
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    return json.dumps(value)  # true, false, numbers and strings are written alike in JSON and TOML


def test_settings_that_cannot_be_read_back_are_said() -> None:
    settings = section_of(catalog.game("flying-hollander"))
    with pytest.raises(ConfigError, match=r"^the log: the settings are a section of keys, not \['first-out'\]$"):
        settings.load(["first-out"], "the log")
    with pytest.raises(ConfigError, match=r"^the log: ending is one of first-out, last-standing, not 'sudden'$"):
        settings.load({"ending": "sudden"}, "the log")
