"""One reader wired in full: the MFRC522 module's eight pins, each with its Pico pin, the 3.3 V regulator and the
capacitors at the reader (standard library only). Drawn from hardware/wiring.toml."""

from __future__ import annotations

from typing import Any

from svgwriter import Svg

# The MFRC522 module's header, left to right as printed on the common blue RC522 board, and what each pin is.
READER_PIN_ROLES = {
    "SDA": "chip select (NSS): low while the Pico talks to this reader",
    "SCK": "SPI clock, shared by every reader",
    "MOSI": "data Pico -> reader, shared",
    "MISO": "data reader -> Pico, shared",
    "IRQ": "interrupt: not connected (the firmware polls)",
    "GND": "ground, shared",
    "RST": "reset (NRSTPD), shared, held high by the firmware",
    "3.3V": "supply: 3.3 V from the regulator, never 5 V",
}
INK = {"spi": "#2c7bb6", "cs": "#1a9641", "rst": "#01665e", "GND": "#222222", "3V3": "#f28e2b", "5V": "#c51b1b"}


def reader_wiring(wiring: Any, pico_physical: dict[int, int]) -> str:
    """`wiring`: diagrams.Wiring; `pico_physical`: GP number -> the Pico's pin number."""
    svg = Svg(1200, 940, "One reader wired in full: MFRC522, 3.3 V regulator, capacitors")
    svg.text(600, 32, "One reader wired in full: the MFRC522's eight pins, the 3.3 V regulator, the capacitors",
             19, "middle", font_weight="bold")  # fmt: skip
    svg.text(600, 54, "Drawn for reader 0; every reader is wired alike except its SDA (the table below). "
             "Pins as in firmware/main.py.", 13, "middle")  # fmt: skip

    def gp(n: int) -> str:
        return f"GP{n} (pin {pico_physical[n]})"

    cs0 = wiring.chip_select[0]
    rows: list[tuple[str, str, str]] = [  # reader pin, Pico end, ink
        ("SDA", gp(cs0), "cs"),
        ("SCK", gp(wiring.sck) + " SPI0 SCK", "spi"),
        ("MOSI", gp(wiring.mosi) + " SPI0 TX", "spi"),
        ("MISO", gp(wiring.miso) + " SPI0 RX", "spi"),
        ("IRQ", "", "GND"),
        ("GND", "GND (pin 23)", "GND"),
        ("RST", gp(wiring.rst), "rst"),
        ("3.3V", "", "3V3"),
    ]
    top, pitch, pico_x, reader_x = 130, 52, 330, 880
    svg.rect(pico_x - 200, top - 40, 200, (len(rows) + 1) * pitch + 40, fill="#2f7d32", stroke="#1b4d1e", rx="6")
    svg.text(pico_x - 100, top - 14, "Pico / Pico 2", 13, "middle", fill="#ffffff", font_weight="bold")
    svg.rect(reader_x, top - 40, 300, len(rows) * pitch + 34, fill="#1f4e9a", stroke="#10264d", rx="6")
    svg.text(reader_x + 150, top - 14, "MFRC522 module (RC522), reader 0", 13, "middle", fill="#ffffff",
             font_weight="bold")  # fmt: skip
    for i, (pin, pico_end, kind) in enumerate(rows):
        y = top + 20 + i * pitch
        ink = INK[kind]
        svg.circle(reader_x, y, 6, "#d9d9d9", "#222222")
        svg.text(reader_x + 14, y - 3, f"{i + 1}  {pin}", 14, fill="#ffffff", font_weight="bold")
        svg.text(reader_x + 14, y + 13, READER_PIN_ROLES[pin], 10, fill="#dbe6ff")
        if pin == "IRQ":
            svg.line(reader_x - 40, y, reader_x - 6, y, "#888888", 1.5)
            svg.text(reader_x - 46, y + 4, "not connected", 12, "end", fill="#888888")
            continue
        if pico_end:
            svg.circle(pico_x, y, 6, ink)
            svg.text(pico_x - 12, y + 4.5, pico_end, 12, "end", fill="#ffffff", font_weight="bold")
            svg.line(pico_x + 6, y, reader_x - 6, y, ink, 2.5)
    # The regulator: IN from VBUS, OUT to every reader's 3.3V.
    vbus_y = top + 20 + len(rows) * pitch
    supply_y = top + 20 + 7 * pitch
    svg.circle(pico_x, vbus_y, 6, INK["5V"])
    svg.text(pico_x - 12, vbus_y + 4.5, "VBUS (pin 40) 5 V", 12, "end", fill="#ffffff", font_weight="bold")
    reg_x, reg_y = 400, vbus_y + 70
    svg.line(pico_x + 6, vbus_y, reg_x - 30, vbus_y, INK["5V"], 2.5)
    svg.line(reg_x - 30, vbus_y, reg_x - 30, reg_y + 30, INK["5V"], 2.5)
    svg.line(reg_x - 30, reg_y + 30, reg_x, reg_y + 30, INK["5V"], 2.5)
    svg.rect(reg_x, reg_y, 200, 60, fill="#3a3a3a", stroke="#111111", rx="4")
    svg.text(reg_x + 100, reg_y + 22, "3.3 V step-down regulator", 12, "middle", fill="#ffffff", font_weight="bold")
    svg.text(reg_x + 100, reg_y + 40, "1.5 A or more, e.g. Pololu D24V22F3", 10, "middle", fill="#ffffff")
    svg.text(reg_x + 6, reg_y + 55, "IN", 10, fill="#ffffff")
    svg.text(reg_x + 194, reg_y + 55, "OUT", 10, "end", fill="#ffffff")
    svg.text(reg_x + 100, reg_y + 55, "GND", 10, "middle", fill="#ffffff")
    svg.line(reg_x + 100, reg_y + 60, reg_x + 100, reg_y + 80, INK["GND"], 2)
    _ground(svg, reg_x + 100, reg_y + 80)
    out_x = 700
    svg.line(reg_x + 200, reg_y + 30, out_x, reg_y + 30, INK["3V3"], 2.5)
    svg.line(out_x, reg_y + 30, out_x, supply_y, INK["3V3"], 2.5)
    svg.line(out_x, supply_y, reader_x - 6, supply_y, INK["3V3"], 2.5)
    svg.circle(out_x, supply_y, 4, INK["3V3"])
    svg.text(out_x - 8, supply_y - 8, "3.3 V to every reader", 11, "end", fill=INK["3V3"])
    # The capacitors at the reader's header, between 3.3V and GND.
    for cap_x, label, polar in ((770, "10 µF", True), (830, "100 nF", False)):
        svg.circle(cap_x, supply_y, 3.5, INK["3V3"])
        svg.line(cap_x, supply_y, cap_x, supply_y + 40, INK["3V3"], 2)
        svg.line(cap_x - 14, supply_y + 40, cap_x + 14, supply_y + 40, "#222222", 3)
        if polar:
            svg.path(f"M {cap_x - 14} {supply_y + 52} Q {cap_x} {supply_y + 46} {cap_x + 14} {supply_y + 52}",
                     "#222222", width=3)  # fmt: skip
            svg.text(cap_x - 18, supply_y + 38, "+", 13, "end")
        else:
            svg.line(cap_x - 14, supply_y + 48, cap_x + 14, supply_y + 48, "#222222", 3)
        svg.line(cap_x, supply_y + 50, cap_x, supply_y + 80, INK["GND"], 2)
        _ground(svg, cap_x, supply_y + 80)
        svg.text(cap_x, supply_y + 112, label, 12, "middle", font_weight="bold")
    svg.text(800, supply_y + 128, "at the reader's header", 11, "middle", fill="#555555")
    # Every reader's chip select.
    table_y = 790
    svg.text(60, table_y, "SDA of each reader (its own wire to the Pico; all other wires go to every reader):", 13,
             font_weight="bold")  # fmt: skip
    for reader, pin in enumerate(wiring.chip_select):
        x = 60 + reader * 185
        svg.text(x, table_y + 24, f"reader {reader}: {gp(pin)}", 13, fill=INK["cs"], font_weight="bold")
    notes = (
        "Electrolytic 10 µF: its + leg (the longer one) to 3.3V, its striped side to GND. The 100 nF has no polarity.",
        "The ground symbol (three bars) is GND: the regulator's, the capacitors' and every reader's GND join"
        " the Pico's GND.",
        "Check with a meter before plugging in a reader: 3.3 V between its 3.3V and GND pins, not 5 V.",
        f"A regulator with an EN or PG pin: leave them unconnected (enabled by default). {wiring.reader_supply}.",
    )
    for i, note in enumerate(notes):
        svg.text(60, table_y + 60 + i * 22, note, 13)
    return svg.render("hardware/wiring.toml")


def _ground(svg: Svg, x: float, y: float) -> None:
    for i, half in enumerate((14, 9, 4)):
        svg.line(x - half, y + i * 5, x + half, y + i * 5, "#222222", 2)
