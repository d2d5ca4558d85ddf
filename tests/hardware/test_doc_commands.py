"""Every command the install and operating docs name exists, with every option they give it: each `pirate-table X`
(and `pirate-table dice read`, ...) is asked for its --help, each `scripts/X` is an executable file, each `make X`
a target of the Makefile, each `install.sh --option` in its usage. Only what is written as code (`...` or a code
block) counts: that is what a reader types."""

from __future__ import annotations

import contextlib
import io
import re
from functools import cache
from pathlib import Path

import pytest

from table.commands import cli

from .support import ROOT

DOCS = [
    "README.md",
    "docs/operator-guide.md",
    "docs/venue.md",
    "docs/adding-a-game.md",
    "hardware/README.md",
    "hardware/pi/README.md",
    "firmware/README.md",
]
# `pirate-table X`, as typed: at the start of the code, after a space or a bracket, or by a release's own path.
COMMAND = re.compile(r"(?:^|[\s(])(?:/opt/pirate-table/current/bin/|\.venv/bin/)?pirate-table ([a-z][a-z0-9-]*)(.*)")
OPTION = re.compile(r"(?<![\w-])--[a-z][a-z0-9-]*")


def code_lines(text: str) -> list[str]:
    """The lines of the fenced code blocks and the inline code spans of a Markdown text."""
    lines: list[str] = []
    fenced = False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if fenced:
            lines.append(line)
        else:
            lines.extend(re.findall(r"`([^`]+)`", line))
    return lines


def mentions() -> list[tuple[str, list[str], list[str]]]:
    """(doc, command words, options) for every `pirate-table ...` written as code in the docs."""
    found = []
    for doc in DOCS:
        for line in code_lines((ROOT / doc).read_text(encoding="utf-8")):
            for match in COMMAND.finditer(line):
                rest = match.group(2).split(" #")[0]  # a shell comment is prose
                words = [match.group(1)]
                following = rest.split()
                if following and following[0] in subcommands(match.group(1)):
                    words.append(following[0])
                found.append((doc, words, OPTION.findall(rest)))
    return found


@cache
def help_text(*words: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()), pytest.raises(SystemExit) as end:
        cli.main([*words, "--help"])
    assert end.value.code == 0, f"`pirate-table {' '.join(words)} --help` fails"
    return out.getvalue()


@cache
def subcommands(*words: str) -> frozenset[str]:
    """The commands `pirate-table WORDS` takes next, from its usage's {a,b,c}."""
    try:
        usage = help_text(*words)
    except AssertionError:
        return frozenset()
    choices = re.search(r"\{([a-z0-9,-]+)\}", usage)
    return frozenset(choices.group(1).split(",")) if choices else frozenset()


def test_the_docs_name_commands_at_all() -> None:
    named = {words[0] for _, words, _ in mentions()}
    assert {"run", "selftest", "enroll", "demo", "dice", "venue", "venue-broker", "operator"} <= named


def test_every_pirate_table_command_the_docs_name_exists() -> None:
    known = subcommands()
    unknown = sorted({f"{doc}: pirate-table {words[0]}" for doc, words, _ in mentions() if words[0] not in known})
    assert unknown == []


def test_every_option_the_docs_give_a_command_is_in_its_help() -> None:
    wrong = []
    for doc, words, options in mentions():
        if words[0] not in subcommands():
            continue
        text = help_text(*words)
        wrong += [f"{doc}: pirate-table {' '.join(words)} {option}" for option in options if option not in text]
    assert wrong == []


def test_every_script_and_make_target_the_docs_name_exists() -> None:
    targets = set(re.findall(r"^([a-z][a-z0-9.-]*):", (ROOT / "Makefile").read_text(), re.MULTILINE))
    usage = (ROOT / "hardware/pi/install.sh").read_text().split("set -euo", 1)[0]
    missing = []
    for doc in DOCS:
        for line in code_lines((ROOT / doc).read_text(encoding="utf-8")):
            for script in re.findall(r"(?:^|[\s/~])(scripts/[a-z][a-z0-9-]*)", line):
                path = ROOT / script
                if not (path.is_file() and path.stat().st_mode & 0o111):
                    missing.append(f"{doc}: {script}")
            missing += [
                f"{doc}: make {t}" for t in re.findall(r"(?:^|\s)make ([a-z][a-z0-9.-]*)", line) if t not in targets
            ]
            for options in re.findall(r"install\.sh((?: --?[a-z][a-z-]*| [a-z][a-z0-9]*)+)", line):
                missing += [f"{doc}: install.sh {o}" for o in OPTION.findall(options) if f"{o}" not in usage]
    assert missing == []


def test_a_command_the_docs_do_not_have_is_found() -> None:
    """The check itself: a made-up command and option are caught."""
    assert "frobnicate" not in subcommands()
    assert "--no-such-option" not in help_text("demo")
    assert [words for _, words, _ in mentions() if words == ["dice", "calibrate"]]  # a second word is followed


def test_install_commands_in_the_docs_name_both_releases() -> None:
    guide = (ROOT / "docs/operator-guide.md").read_text(encoding="utf-8")
    pi = (ROOT / "hardware/pi/README.md").read_text(encoding="utf-8")
    for text in (guide, pi):
        assert "Trixie" in text and "Bookworm" in text
    assert "<this repository's URL>" not in guide
    assert Path(ROOT / "LICENSE").is_file()


def test_the_guides_counts_are_the_codes() -> None:
    """Numbers the operator guide gives, each against the constant it stands for."""
    from table import config, operator
    from table.games.skullking import rules as skullking
    from table.store import disk

    guide = (ROOT / "docs/operator-guide.md").read_text(encoding="utf-8")
    said = {
        f"A Skull King deck has {len(skullking.DECK)} cards": True,
        f"the seats ({config.MIN_SEATS} to {config.MAX_SEATS}, clockwise)": True,
        f"keep_evenings = {config.KEEP_EVENINGS}     # 1 to 3650": True,
        f"({config.DIE_PX[0]} to {config.DIE_PX[1]})": True,
        f"**{disk.LOW_SPACE_MB} MB** free": True,
        "Three wrong PINs close the pad for a minute": (operator.MAX_TRIES, operator.LOCKOUT) == (3, 60.0),
    }
    wrong = [phrase for phrase, holds in said.items() if not (holds and phrase in guide)]
    assert wrong == []
