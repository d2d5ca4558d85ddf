import argparse
import json
from pathlib import Path

import pytest

from table import dice_commands


def _run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    dice_commands.register(parser.add_subparsers(dest="command", required=True))
    return dice_commands.run(parser.parse_args(argv))


def test_render_then_read_and_eval(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(["dice", "render", str(tmp_path), "--count", "4", "--seed", "77"]) == 0
    images = sorted(tmp_path.glob("*.png"))
    assert len(images) == 4 and len(list(tmp_path.glob("*.json"))) == 4
    capsys.readouterr()

    assert _run(["dice", "read", *map(str, images)]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [line["image"] for line in lines] == [str(p) for p in images]
    labels = json.loads(images[2].with_suffix(".json").read_text())["dice"]
    assert len(lines[2]["dice"]) == len(labels)
    for die in lines[2]["dice"]:
        assert set(die) == {"kind", "face", "x", "y", "confidence"}

    assert _run(["dice", "eval", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "images 4" in out and "kind right" in out and "confusions" in out


def test_read_of_a_missing_image_is_a_named_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(["dice", "read", str(tmp_path / "none.png")]) == 1
    assert json.loads(capsys.readouterr().out)["error"] == "cannot read this image"


def test_eval_of_an_unlabelled_folder_says_so(tmp_path: Path) -> None:
    assert _run(["dice", "eval", str(tmp_path)]) == 2
