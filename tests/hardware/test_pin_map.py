"""The pin map is the same everywhere: default config, wiring source, docs, firmware."""

from __future__ import annotations

import ast
import re
from typing import Any

from table.config import Config, default_text, parse_config

from .support import HARDWARE, ROOT, diagrams_module, markdown_table

PI_HEADER = ["seat", "reader", "LED red", "LED green", "LED blue", "button"]
PICO_HEADER = ["reader pin", "Pico"]


def default_config() -> Config:
    """The config a new table writes: table/default-config.toml's sections, with each game's own."""
    return parse_config(default_text())


def pi_cell(gpio: int) -> str:
    return f"GPIO{gpio} (pin {diagrams_module().PI_PHYSICAL[gpio]})"


def test_the_header_map_is_the_40_pin_header() -> None:
    header = diagrams_module().PI_HEADER
    assert sorted(header) == list(range(1, 41))
    assert sorted(v for v in header.values() if isinstance(v, int)) == list(range(28))  # GPIO 0-27, once each
    assert [pin for pin, v in header.items() if v == "GND"] == [6, 9, 14, 20, 25, 30, 34, 39]
    assert header[3] == 2 and header[40] == 21 and header[12] == 18  # spot checks against the Pi's pinout


def test_the_wiring_source_has_the_default_configs_seats() -> None:
    config = default_config()
    wiring = diagrams_module().load()
    assert [s.seat for s in wiring.seats] == list(range(1, len(config.seats) + 1))
    assert [(s.reader, s.led, {"button": s.button}) for s in wiring.seats] == [
        (s.reader, s.led, s.buttons) for s in config.seats
    ]


def test_the_pin_map_table_in_the_docs_is_the_default_config() -> None:
    config = default_config()
    rows = markdown_table((HARDWARE / "README.md").read_text(encoding="utf-8"), PI_HEADER)
    expected = [
        [str(number), str(seat.reader), *(pi_cell(pin) for pin in seat.led), pi_cell(seat.buttons["button"])]
        for number, seat in enumerate(config.seats, start=1)
    ]
    assert rows == expected


def test_the_docs_name_the_free_and_ground_pins_right() -> None:
    text = (HARDWARE / "README.md").read_text(encoding="utf-8")
    used = set(default_config().pins())
    free = sorted(set(range(2, 28)) - used)
    assert free == [14, 15]
    assert "GPIO14 and 15 stay free" in text
    grounds = [pin for pin, v in diagrams_module().PI_HEADER.items() if v == "GND"]
    assert f"GND: pins {', '.join(map(str, grounds))}." in text


def firmware_pins() -> dict[str, Any]:
    """The pins firmware/main.py really uses, read from its source."""
    tree = ast.parse((ROOT / "firmware" / "main.py").read_text(encoding="utf-8"))
    constants = {
        node.targets[0].id: ast.literal_eval(node.value)
        for node in tree.body
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name) and node.targets[0].id.isupper()
    }
    spi = next(
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "SPI"
    )
    bus = {kw.arg: ast.literal_eval(kw.value.args[0]) for kw in spi.keywords if kw.arg in ("sck", "mosi", "miso")}
    return {
        "chip_select": tuple(constants["CS_PINS"]),
        "rst": constants["RST_PIN"],
        "maintenance": constants["MAINTENANCE_PIN"],
        **bus,
    }


def test_the_wiring_source_has_the_firmwares_pico_pins() -> None:
    wiring = diagrams_module().load()
    mine = {
        "chip_select": wiring.chip_select,
        "rst": wiring.rst,
        "maintenance": wiring.maintenance,
        "sck": wiring.sck,
        "mosi": wiring.mosi,
        "miso": wiring.miso,
    }
    assert mine == firmware_pins()


def test_the_firmware_readme_agrees_with_the_firmware() -> None:
    rows = dict(markdown_table((ROOT / "firmware" / "README.md").read_text(encoding="utf-8"), ["Pico", "MFRC522"]))
    by_role = {role: pico for pico, role in rows.items()}
    pins = firmware_pins()

    def gp(cell: str) -> list[int]:
        return [int(n) for n in re.findall(r"GP(\d+)", cell)]

    assert gp(by_role["SCK of every reader"]) == [pins["sck"]]
    assert gp(by_role["MOSI of every reader"]) == [pins["mosi"]]
    assert gp(by_role["MISO of every reader"]) == [pins["miso"]]
    assert gp(by_role["SDA (chip select) of reader 0..5"]) == list(pins["chip_select"])
    assert gp(by_role["RST of every reader (held high)"]) == [pins["rst"]]
    maintenance = next(pico for pico, role in rows.items() if role.startswith("maintenance jumper"))
    assert gp(maintenance) == [pins["maintenance"]]


def test_the_pico_table_in_the_docs_is_the_firmwares() -> None:
    physical = diagrams_module().PICO_PHYSICAL
    rows = dict(markdown_table((HARDWARE / "README.md").read_text(encoding="utf-8"), PICO_HEADER))
    pins = firmware_pins()
    expected = {
        "SCK (every reader)": pins["sck"],
        "MOSI (every reader)": pins["mosi"],
        "MISO (every reader)": pins["miso"],
        "RST (every reader)": pins["rst"],
        "maintenance jumper": pins["maintenance"],
        **{f"SDA of reader {n}": gp for n, gp in enumerate(pins["chip_select"])},
    }
    for role, gp in expected.items():
        assert role in rows, f"the Pico table lacks {role!r}"
        assert rows[role].startswith(f"GP{gp} (pin {physical[gp]})"), (role, rows[role])
    assert rows["IRQ"] == "not connected"
    assert "VBUS (pin 40)" in rows["3.3V (every reader)"]


def test_the_pico_map_is_the_picos_pinout() -> None:
    physical = diagrams_module().PICO_PHYSICAL
    # GP0-GP15 run down the left side with a GND after every fourth pin (pins 3, 8, 13, 18); GP16-GP22 go up the
    # right side from pin 21 with a GND at 23 and 28; then RUN, GP26, GP27, AGND, GP28. GP23-25 are internal.
    left = {gp: gp + 1 + (gp + 2) // 4 for gp in range(16)}
    right = {16: 21, 17: 22, 18: 24, 19: 25, 20: 26, 21: 27, 22: 29, 26: 31, 27: 32, 28: 34}
    assert physical == left | right
