"""The committed wiring diagrams are exactly what hardware/diagrams.py draws from hardware/wiring.toml."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from .support import HARDWARE, diagrams_module


def test_the_committed_diagrams_are_generated_from_the_wiring_source() -> None:
    drawings = diagrams_module().render_all(diagrams_module().load())
    committed = sorted(path.name for path in (HARDWARE / "diagrams").glob("*.svg"))
    assert committed == sorted(drawings), "a diagram is missing, or one is not made by hardware/diagrams.py"
    for name, text in drawings.items():
        assert (HARDWARE / "diagrams" / name).read_text(encoding="utf-8") == text, (
            f"hardware/diagrams/{name} is stale: run .venv/bin/python hardware/diagrams.py and commit the result"
        )


def test_the_diagrams_are_well_formed_svg_and_show_every_pin() -> None:
    module = diagrams_module()
    wiring = module.load()
    drawings = module.render_all(wiring)
    for text in drawings.values():
        assert ET.fromstring(text.encode()).tag == "{http://www.w3.org/2000/svg}svg"
    header = drawings["pi-gpio.svg"]
    for seat in wiring.seats:
        for colour, gpio in zip(("red", "green", "blue"), seat.led, strict=True):
            assert f">GPIO{gpio}</text>" in header and f"seat {seat.seat} LED {colour}" in header
        assert f"seat {seat.seat} button (to GND)" in header
    hub = drawings["pico-readers.svg"]
    for reader, gp in enumerate(wiring.chip_select):
        assert f"SDA (chip select) of reader {reader}" in hub and f">GP{gp} ({module.PICO_PHYSICAL[gp]})</text>" in hub


def test_the_check_mode_finds_a_stale_diagram(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    module = diagrams_module()
    for name, text in module.render_all(module.load()).items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    monkeypatch.setattr(module, "OUT", tmp_path)
    assert module.main(["--check"]) == 0
    (tmp_path / "pi-gpio.svg").write_text("<svg/>", encoding="utf-8")
    assert module.main(["--check"]) == 1
    assert "pi-gpio.svg does not match" in capsys.readouterr().out
