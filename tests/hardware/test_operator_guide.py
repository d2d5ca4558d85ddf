"""The operator guide says what the code does: every LED pattern, the button timing, the real commands."""

from __future__ import annotations

import re

import pytest

from table.commands import cli, selftest
from table.devices import buttons, lights
from table.devices.lights import Pattern, Rhythm

from .support import DOCS, ROOT, markdown_table

GUIDE = DOCS / "operator-guide.md"
LED_HEADER = ["the self test says", "colour", "rhythm", "timing", "what it means for the seat"]


def timing(rhythm: Rhythm) -> str:
    """The exact steps of a rhythm, as the guide writes them: `on 0.6 s / off 0.6 s, repeated`."""
    steps = list(rhythm.steps)
    if len(steps) == 1:
        return "steady on" if steps[0][0] else "off"

    def step(lit: bool, seconds: float) -> str:
        return f"{'on' if lit else 'off'} {seconds:g} s"

    parts, i = [], 0
    while i < len(steps):
        for length in range(1, (len(steps) - i) // 2 + 1):
            block, count = steps[i : i + length], 1
            while steps[i + count * length : i + (count + 1) * length] == block:
                count += 1
            if count > 1:
                parts.append(f"{count} x ({' / '.join(step(*s) for s in block)})")
                i += count * length
                break
        else:
            parts.append(step(*steps[i]))
            i += 1
    return " / ".join(parts) + (", repeated" if rhythm.repeat else ", once")


def colour_name(rhythm: Rhythm) -> str:
    names = [name.lower() for name, value in vars(lights).items() if name.isupper() and value == rhythm.colour]
    assert len(names) == 1, names
    return names[0]


def test_timing_is_written_the_way_the_guide_writes_it() -> None:
    assert timing(Rhythm(lights.RED, ((True, 0.1), (False, 0.1)) * 3 + ((False, 0.5),), repeat=False)) == (
        "3 x (on 0.1 s / off 0.1 s) / off 0.5 s, once"
    )
    assert timing(Rhythm(lights.BLUE, ((True, 1.0),))) == "steady on"


def test_the_led_table_lists_exactly_the_patterns_with_their_colour_and_rhythm() -> None:
    rows = markdown_table(GUIDE.read_text(encoding="utf-8"), LED_HEADER)
    by_name = {row[0]: row for row in rows}
    assert len(by_name) == len(rows), "a pattern is listed twice"
    expected = {pattern.name.replace("_", " ").lower(): pattern for pattern in Pattern}  # as the self test says them
    assert sorted(by_name) == sorted(expected)
    for name, pattern in expected.items():
        _, colour, rhythm_words, steps, meaning = by_name[name]
        assert colour == colour_name(pattern.rhythm), f"{name}: colour"
        assert steps == f"`{timing(pattern.rhythm)}`", f"{name}: timing"
        assert rhythm_words and meaning, f"{name}: say the rhythm in words and what it means"
    rhythms = [timing(pattern.rhythm) for pattern in Pattern]
    assert len(set(rhythms)) == len(rhythms), "two patterns share a rhythm: colour-blind players cannot tell them apart"


def test_the_guide_states_the_button_and_self_test_timing() -> None:
    text = GUIDE.read_text(encoding="utf-8")
    assert f"within {buttons.HOLD_SECONDS:g} s" in text and f"down for {buttons.HOLD_SECONDS:g} s" in text
    assert f"shorter than {buttons.BOUNCE_SECONDS:g} s" in text
    assert f"{selftest.PATTERN_SECONDS:g} s each" in text


def documented_commands() -> set[str]:
    pages = [ROOT / "README.md", *DOCS.rglob("*.md"), *ROOT.glob("hardware/**/*.md")]
    text = "\n".join(path.read_text(encoding="utf-8") for path in pages)
    return set(re.findall(r"(?<![/\w-])pirate-table ([a-z][a-z-]+)", text))  # not /var/lib/pirate-table ext4


def test_every_command_in_the_docs_exists(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    choices = re.search(r"\{([a-z,-]+)\}", capsys.readouterr().out)
    assert choices is not None
    real = set(choices.group(1).split(","))
    assert {"enroll", "write-tags", "selftest", "run", "dice"} <= documented_commands()
    assert documented_commands() - real == set(), "the docs name a command the table does not have"


def test_the_deck_commands_are_documented_as_the_cli_takes_them(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["enroll", "--help"])
    usage = capsys.readouterr().out
    assert "--deck" in usage and "--port" in usage
    guide = GUIDE.read_text(encoding="utf-8")
    assert 'pirate-table enroll skullking --deck "red box"' in guide
    assert 'pirate-table write-tags skullking --deck "red box"' in guide
