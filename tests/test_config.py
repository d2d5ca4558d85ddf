"""The configuration file: the default works, and every mistake is named for a café owner."""

from __future__ import annotations

from pathlib import Path

import pytest

from table.config import CONFIG_NAME, ConfigError, default_text, load_config, parse_config

SEAT = "[[seats]]\nreader = {reader}\nled = [{a}, {b}, {c}]\nbutton = {d}\n"


def two_seats(extra: str = "") -> str:
    return extra + SEAT.format(reader=0, a=4, b=17, c=27, d=2) + SEAT.format(reader=1, a=22, b=10, c=9, d=3)


def test_the_default_configuration_is_valid_and_seats_six(_own_data_folder: Path) -> None:
    config = load_config()
    assert (_own_data_folder / CONFIG_NAME).read_text() == default_text()  # written out to be edited
    assert len(config.seats) == 6 and config.language == "en" and config.hub_port == "auto"
    assert len(config.pins()) == len(set(config.pins())) == 24
    assert not {14, 15} & set(config.pins())  # the serial console stays free


def test_a_three_button_seat() -> None:
    config = parse_config(
        two_seats() + "[[seats]]\nreader = 2\nled = [11, 5, 6]\nbuttons = { minus = 13, plus = 19, ok = 26 }\n"
    )
    assert config.seats[2].buttons == {"minus": 13, "plus": 19, "ok": 26}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[table\nlanguage = 'en'", "is damaged and cannot be read"),
        ("x = " + "[" * 5000 + "]" * 5000, "cannot be read \\(values nested thousands deep\\)"),
        (two_seats("[table]\nlanguage = 'pirate'\n"), "language is one of en, de, fr, nl, it, not 'pirate'"),
        (two_seats("[table]\nsound = 'yes'\n"), "'sound' must be true or false"),
        (two_seats("[table]\ncolour = 'red'\n"), "unknown setting 'colour'"),
        (two_seats("[table]\ngame = 'chess'\n"), "game is one of skullking"),
        (SEAT.format(reader=0, a=4, b=17, c=27, d=2), "2 to 6 [[seats]] blocks, not 1"),
        (two_seats() * 4, "2 to 6 [[seats]] blocks, not 8"),
        (two_seats().replace("reader = 1", "reader = 0"), "reader 0 is used twice"),
        (two_seats().replace("button = 3", "button = 4"), "GPIO pin 4 is used twice"),
        (two_seats().replace("led = [22, 10, 9]", "led = [22, 10]"), "led is the three pins"),
        (two_seats().replace("button = 3", "button = 40"), "40 is not a GPIO pin"),
        (two_seats().replace("reader = 1", "reader = 9"), "reader is 0 to 5"),
        (two_seats().replace("button = 3\n", ""), "either button = <pin> or buttons"),
        (two_seats().replace("reader = 1\n", ""), "'reader' is missing"),
        (two_seats("[camera]\ndie_px = 'big'\n"), "die_px is how wide one die looks"),
        (two_seats("[camera]\nexposure_us = 20\n"), "exposure_us is 100 to 100000 .* not 20"),
        (two_seats("[camera]\nexposure_us = 'short'\n"), "'exposure_us' must be a whole number"),
        (two_seats("[operator]\nminutes = 0\n"), "minutes is how long the operator stays unlocked, 1 to 60, not 0"),
        (two_seats("[shark]\nteeth = 3\n"), "unknown setting 'shark'"),
        (two_seats("hub = 'auto'\n"), "[hub] must be a section"),
    ],
)
def test_every_mistake_is_named(text: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message.replace("[", r"\[").replace("]", r"\]")):
        parse_config(text)


def test_the_pi_camera_exposure_is_the_camera_default_unless_set() -> None:
    assert parse_config(two_seats()).camera_exposure_us is None
    assert parse_config(two_seats("[camera]\nexposure_us = 4000\n")).camera_exposure_us == 4000


def test_a_corrupt_config_file_says_where_and_what_to_do(tmp_path: Path) -> None:
    path = tmp_path / CONFIG_NAME
    path.write_bytes(b"\x00\xff\xfe garbage from a failing SD card")
    with pytest.raises(ConfigError, match="delete it to start again from the default"):
        load_config(path)
    path.write_text(default_text()[:300])  # cut off mid-file by a power failure
    with pytest.raises(ConfigError, match=str(path).replace(".", r"\.")):
        load_config(path)
