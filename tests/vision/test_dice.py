import json
from pathlib import Path

import pytest

from vision.dice import FACES, DiceConfigError, load_dice


def test_default_dice_follow_rules_section_2() -> None:
    dice = load_dice()
    assert dice.kinds == ("skullking", "pirate", "mermaid", "black", "blue", "red", "yellow")
    assert dice.faces_of("black") == ("5", "6", "7")
    assert dice.faces_of("blue") == ("3", "4", "5")
    assert dice.faces_of("red") == ("1", "2", "3")
    assert dice.faces_of("yellow") == ("1", "7", "flag")
    for special in ("skullking", "pirate", "mermaid"):
        assert dice.faces_of(special) == ("skull", "flag")
    assert sum(dice.counts.values()) == 36
    assert dice.can_show("yellow", "7") and not dice.can_show("red", "7")
    assert len(dice.pairs()) == 18


def test_a_table_can_configure_other_dice(tmp_path: Path) -> None:
    file = tmp_path / "dice.json"
    file.write_text(json.dumps({"kinds": {"green": ["1", "2", "3", "4", "5", "6"]}}))
    dice = load_dice(file)
    assert dice.kinds == ("green",)
    assert dice.faces_of("green") == FACES[:6]


@pytest.mark.parametrize(
    "kinds",
    [{}, {"red": ["1", "2"]}, {"red": ["1", "2", "3", "4", "5", "9"]}],
)
def test_bad_dice_files_are_refused_with_a_reason(tmp_path: Path, kinds: dict) -> None:
    file = tmp_path / "dice.json"
    file.write_text(json.dumps({"kinds": kinds}))
    with pytest.raises(DiceConfigError):
        load_dice(file)


def test_unknown_kind_is_refused() -> None:
    with pytest.raises(DiceConfigError):
        load_dice().faces_of("green")
