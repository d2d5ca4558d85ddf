"""Draws hardware/diagrams/: the wiring diagrams from hardware/wiring.toml, the tabletop plans, the camera arm and
the drawn view of the table from hardware/table.toml (SVG, standard library only).

    .venv/bin/python hardware/diagrams.py          # (re)write the SVGs
    .venv/bin/python hardware/diagrams.py --check  # exit 1 if a committed SVG differs from its source

The output depends only on those two files, so the test suite regenerates the drawings and compares them with the
committed files. The parts list in hardware/README.md has its own command: hardware/parts_list.py.
"""

from __future__ import annotations

import sys
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:  # the drawing modules beside this script, also when a test loads it by path
    sys.path.insert(0, str(HERE))

import table_drawings  # noqa: E402
import table_geometry  # noqa: E402
from reader_drawing import reader_wiring  # noqa: E402
from svgwriter import Svg  # noqa: E402

SOURCE = HERE / "wiring.toml"
OUT = HERE / "diagrams"

# The Raspberry Pi's 40-pin header (the same on the Pi 4 and Pi 5): physical pin -> GPIO (BCM) number, or a
# power/ground name.
PI_HEADER: dict[int, int | str] = {
    1: "3V3", 2: "5V", 3: 2, 4: "5V", 5: 3, 6: "GND", 7: 4, 8: 14, 9: "GND", 10: 15,
    11: 17, 12: 18, 13: 27, 14: "GND", 15: 22, 16: 23, 17: "3V3", 18: 24, 19: 10, 20: "GND",
    21: 9, 22: 25, 23: 11, 24: 8, 25: "GND", 26: 7, 27: 0, 28: 1, 29: 5, 30: "GND",
    31: 6, 32: 12, 33: 13, 34: "GND", 35: 19, 36: 16, 37: 26, 38: 20, 39: "GND", 40: 21,
}  # fmt: skip
PI_PHYSICAL: dict[int, int] = {gpio: pin for pin, gpio in PI_HEADER.items() if isinstance(gpio, int)}

# The Raspberry Pi Pico's 40 pins: physical pin -> name (GPn for the GPIO).
PICO_PINS: dict[int, str] = {
    1: "GP0", 2: "GP1", 3: "GND", 4: "GP2", 5: "GP3", 6: "GP4", 7: "GP5", 8: "GND", 9: "GP6", 10: "GP7",
    11: "GP8", 12: "GP9", 13: "GND", 14: "GP10", 15: "GP11", 16: "GP12", 17: "GP13", 18: "GND", 19: "GP14",
    20: "GP15", 21: "GP16", 22: "GP17", 23: "GND", 24: "GP18", 25: "GP19", 26: "GP20", 27: "GP21", 28: "GND",
    29: "GP22", 30: "RUN", 31: "GP26", 32: "GP27", 33: "AGND", 34: "GP28", 35: "ADC_VREF", 36: "3V3(OUT)",
    37: "3V3_EN", 38: "GND", 39: "VSYS", 40: "VBUS",
}  # fmt: skip
PICO_PHYSICAL: dict[int, int] = {int(name[2:]): pin for pin, name in PICO_PINS.items() if name.startswith("GP")}

# The MFRC522 module's header, left to right as printed on the common blue RC522 board.
READER_PINS = ("SDA", "SCK", "MOSI", "MISO", "IRQ", "GND", "RST", "3.3V")

LED_COLOURS = ("red", "green", "blue")
INK = {
    "red": "#d7191c",
    "green": "#1a9641",
    "blue": "#2c7bb6",
    "button": "#7b3294",
    "5V": "#c51b1b",
    "3V3": "#f28e2b",
    "GND": "#222222",
    "free": "#ffffff",
    "reserved": "#bbbbbb",
    "spi": "#2c7bb6",
    "cs": "#1a9641",
    "rst": "#01665e",
    "jumper": "#7b3294",
}


@dataclass(frozen=True)
class Seat:
    seat: int
    reader: int
    led: tuple[int, int, int]
    button: int


@dataclass(frozen=True)
class Wiring:
    seats: tuple[Seat, ...]
    resistors: dict[str, str]  # colour -> value
    sck: int
    mosi: int
    miso: int
    rst: int
    maintenance: int
    chip_select: tuple[int, ...]
    reader_supply: str


def load(path: Path = SOURCE) -> Wiring:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    pi, pico = data["pi"], data["pico"]
    seats = tuple(Seat(s["seat"], s["reader"], tuple(s["led"]), s["button"]) for s in pi["seats"])
    return Wiring(
        seats=seats,
        resistors={colour: pi[f"resistor_{colour}"] for colour in LED_COLOURS},
        sck=pico["sck"],
        mosi=pico["mosi"],
        miso=pico["miso"],
        rst=pico["rst"],
        maintenance=pico["maintenance"],
        chip_select=tuple(pico["chip_select"]),
        reader_supply=pico["reader_supply"],
    )


def pi_roles(wiring: Wiring) -> dict[int, tuple[str, str]]:
    """GPIO -> (kind, what it is for), for every GPIO the seats use."""
    roles: dict[int, tuple[str, str]] = {}
    for seat in wiring.seats:
        for colour, gpio in zip(LED_COLOURS, seat.led, strict=True):
            roles[gpio] = (colour, f"seat {seat.seat} LED {colour} ({wiring.resistors[colour]})")
        roles[seat.button] = ("button", f"seat {seat.seat} button (to GND)")
    return roles


def pico_roles(wiring: Wiring) -> dict[int, tuple[str, str]]:
    """GP number -> (kind, what it is for)."""
    roles = {
        wiring.sck: ("spi", "SPI0 SCK: SCK of every reader"),
        wiring.mosi: ("spi", "SPI0 TX: MOSI of every reader"),
        wiring.miso: ("spi", "SPI0 RX: MISO of every reader"),
        wiring.rst: ("rst", "RST of every reader"),
        wiring.maintenance: ("jumper", "maintenance jumper to GND"),
    }
    for reader, gp in enumerate(wiring.chip_select):
        roles[gp] = ("cs", f"SDA (chip select) of reader {reader}")
    return roles


def _contrast(fill: str) -> str:
    return "#000000" if fill in ("#ffffff", "#bbbbbb", "#f28e2b") else "#ffffff"


def pi_gpio(wiring: Wiring) -> str:
    """The Pi's header, every pin labelled with what it connects to."""
    roles = pi_roles(wiring)
    top, row_h, left_x, right_x = 110, 28, 520, 580
    svg = Svg(1100, top + 20 * row_h + 170, "Raspberry Pi GPIO header to the seats")
    svg.text(
        550, 34, "Raspberry Pi 4 / 5: 40-pin header to the seats' LEDs and buttons", 20, "middle", font_weight="bold"
    )
    svg.text(550, 58, "Seen from above, pin 1 (square pad) at top left, USB ports to the bottom.", 13, "middle")
    svg.text(
        550, 78, "GPIO numbers are BCM numbers, as in table/default-config.toml; (n) is the header pin.", 13, "middle"
    )
    svg.rect(left_x - 22, top - 22, right_x - left_x + 44, 20 * row_h + 16, fill="#f4f4f4", rx="6")
    for pin, what in PI_HEADER.items():
        row, odd = (pin - 1) // 2, pin % 2 == 1
        y = top + row * row_h
        x = left_x if odd else right_x
        if isinstance(what, str):
            kind, name, role = what, what, {"5V": "5 V", "3V3": "3.3 V", "GND": "ground"}[what]
            if what == "GND":
                role = "GND: LED cathodes, buttons"
            if what == "3V3":
                role = "not used"
            if what == "5V":
                role = "free (can feed the 7-inch display)"
        elif what in roles:
            kind, role = roles[what]
            name = f"GPIO{what}"
        elif what in (0, 1):
            kind, name, role = "reserved", f"GPIO{what}", "HAT ID EEPROM: leave free"
        else:
            kind, name, role = "free", f"GPIO{what}", "free (serial console)" if what in (14, 15) else "free"
        fill = INK[kind]
        if pin == 1:
            svg.rect(x - 9, y - 9, 18, 18, fill=fill)
        else:
            svg.circle(x, y, 9, fill)
        svg.text(x, y + 3.5, str(pin), 9, "middle", fill=_contrast(fill))
        dx, anchor = (-20, "end") if odd else (20, "start")
        svg.text(x + dx, y + 4.5, name, 13, anchor, font_weight="bold")
        svg.text(x + dx * 4.2, y + 4.5, role, 13, anchor, fill="#333333" if kind != "free" else "#888888")
    legend_y = top + 20 * row_h + 20
    for i, (kind, label) in enumerate(
        (("red", "LED red"), ("green", "LED green"), ("blue", "LED blue"), ("button", "button"), ("GND", "ground"))
    ):
        x = 170 + i * 160
        svg.circle(x, legend_y, 8, INK[kind])
        svg.text(x + 14, legend_y + 4.5, label, 13)
    notes = (
        "Each LED colour: GPIO -> resistor -> LED anode; the common cathode to GND. A button: GPIO -> button -> GND.",
        "Camera: ribbon cable to the CSI camera connector (Pi 5: CAM/DISP 0, with the 22-to-15-way cable).",
        "Seat hub (Pico): USB cable to any USB port. Scoreboard: HDMI 0, or the 7-inch display on DSI"
        " (Pi 5: CAM/DISP 1).",
        "Do not switch on I2C, SPI or 1-Wire in raspi-config: their pins are seat pins here. GPIO 14/15 stay free.",
    )
    for i, note in enumerate(notes):
        svg.text(60, legend_y + 40 + i * 22, note, 13)
    return svg.render("hardware/wiring.toml")


def seat_circuit(wiring: Wiring) -> str:
    """One seat's circuit, and the pins of every seat."""
    svg = Svg(900, 560, "One seat: RGB LED and button")
    svg.text(450, 34, "One seat: an RGB LED (common cathode) and a button", 20, "middle", font_weight="bold")
    # The LED: three diodes in one package (dashed), their cathodes joined and taken to GND.
    svg.rect(360, 68, 130, 164, stroke="#888888", stroke_dasharray="5 4")
    svg.text(425, 250, "RGB LED, common cathode (the longest leg)", 12, "middle", fill="#555555")
    for i, colour in enumerate(LED_COLOURS):
        y = 100 + i * 50
        svg.text(150, y + 5, f"LED {colour} pin", 14, "end", font_weight="bold")
        svg.circle(160, y, 4, INK[colour])
        svg.line(164, y, 220, y, INK[colour])
        svg.rect(220, y - 9, 60, 18, fill="#ffffff", stroke=INK[colour])
        svg.text(250, y + 5, wiring.resistors[colour], 12, "middle")
        svg.line(280, y, 390, y, INK[colour])
        svg.path(f"M 390 {y - 12} L 390 {y + 12} L 414 {y} Z", "#222222", INK[colour])
        svg.line(414, y - 12, 414, y + 12, "#222222", 2.5)
        svg.line(414, y, 460, y)
        svg.circle(460, y, 3, "#222222")
    svg.line(460, 100, 460, 200)
    svg.line(460, 150, 560, 150)
    svg.line(560, 150, 560, 180)
    _ground(svg, 560, 180)
    svg.text(575, 155, "to GND", 13)
    # The button.
    y = 300
    svg.text(150, y + 5, "button pin", 14, "end", font_weight="bold")
    svg.circle(160, y, 4, INK["button"])
    svg.line(164, y, 300, y, INK["button"])
    svg.line(300, y, 340, y - 18, INK["button"], 2)
    svg.line(340, y, 420, y, INK["button"])
    svg.line(300, y - 24, 340, y - 24, INK["button"], 2)
    svg.line(320, y - 24, 320, y - 34, INK["button"], 2)
    svg.line(420, y, 420, y + 20)
    _ground(svg, 420, y + 20)
    svg.text(440, y + 5, "to GND; the Pi's internal pull-up keeps the pin high until pressed", 13)
    # Every seat's pins.
    top = 380
    headers = ("seat", "reader", "LED red", "LED green", "LED blue", "button")
    xs = (60, 140, 240, 390, 540, 690)
    for x, header in zip(xs, headers, strict=True):
        svg.text(x, top, header, 13, font_weight="bold")
    svg.line(50, top + 8, 850, top + 8, "#888888", 1)
    for row, seat in enumerate(wiring.seats):
        y = top + 30 + row * 24
        cells = (str(seat.seat), str(seat.reader), *(_pi_pin(g) for g in seat.led), _pi_pin(seat.button))
        for x, cell in zip(xs, cells, strict=True):
            svg.text(x, y, cell, 13)
    return svg.render("hardware/wiring.toml")


def _pi_pin(gpio: int) -> str:
    return f"GPIO{gpio} (pin {PI_PHYSICAL[gpio]})"


def _ground(svg: Svg, x: float, y: float) -> None:
    for i, half in enumerate((14, 9, 4)):
        svg.line(x - half, y + i * 5, x + half, y + i * 5, "#222222", 2)


def pico_readers(wiring: Wiring) -> str:
    """The Pico's pins, and the bus from the Pico to the six readers."""
    roles = pico_roles(wiring)
    readers = len(wiring.chip_select)
    svg = Svg(1200, 1080, "Seat hub: Raspberry Pi Pico to the MFRC522 readers")
    svg.text(600, 34, "Seat hub: Raspberry Pi Pico to the MFRC522 readers", 20, "middle", font_weight="bold")
    svg.text(
        600,
        58,
        "Pico or Pico 2 (the same pinout) seen from above, USB connector at the top. Pins as in firmware/main.py.",
        13,
        "middle",
    )
    # The Pico's pinout: pins 1-20 down the left side, 21-40 up the right side.
    top, row_h, bx = 100, 22, 560
    svg.rect(bx, top - 25, 80, 20 * row_h + 30, fill="#2f7d32", stroke="#1b4d1e", rx="6")
    svg.rect(bx + 25, top - 35, 30, 18, fill="#bbbbbb")
    svg.text(bx + 40, top + 10 * row_h, "Pico", 14, "middle", fill="#ffffff", font_weight="bold")
    supply = {
        "VBUS": ("5V", "5 V from USB: to the 3.3 V regulator's IN"),
        "GND": ("GND", "GND: regulator, readers, jumper"),
        "3V3(OUT)": ("reserved", "not used: too weak for six readers"),
    }
    for pin, name in PICO_PINS.items():
        left = pin <= 20
        row = pin - 1 if left else 40 - pin
        y = top + row * row_h
        x = bx if left else bx + 80
        gp = int(name[2:]) if name.startswith("GP") else None
        if gp is not None and gp in roles:
            kind, role = roles[gp]
        elif name in supply:
            kind, role = supply[name]
        else:
            kind, role = "free", ""
        svg.circle(x, y, 7, INK[kind])
        dx, anchor = (-14, "end") if left else (14, "start")
        svg.text(x + dx, y + 4.5, f"{name} ({pin})", 12, anchor, font_weight="bold" if role else "normal")
        if role:
            svg.text(x + dx * 9, y + 4.5, role, 12, anchor)
    # The bus to the readers.
    bus_top = 590
    signals = (
        ("SCK", f"SCK: Pico GP{wiring.sck} (pin {PICO_PHYSICAL[wiring.sck]})", INK["spi"]),
        ("MOSI", f"MOSI: Pico GP{wiring.mosi} (pin {PICO_PHYSICAL[wiring.mosi]})", INK["spi"]),
        ("MISO", f"MISO: Pico GP{wiring.miso} (pin {PICO_PHYSICAL[wiring.miso]})", INK["spi"]),
        ("RST", f"RST: Pico GP{wiring.rst} (pin {PICO_PHYSICAL[wiring.rst]})", INK["rst"]),
        ("GND", "GND: Pico GND and the regulator's GND", INK["GND"]),
        ("3.3V", "3.3 V: the regulator's OUT", INK["3V3"]),
    )
    bus_y = {name: bus_top + 40 + i * 30 for i, (name, _, _) in enumerate(signals)}
    left, right = 280, 1170
    for name, label, ink in signals:
        y = bus_y[name]
        svg.line(left, y, right, y, ink, 2)
        svg.text(left - 8, y + 4.5, label, 12, "end")
    reader_top, width, gap = bus_top + 260, 140, 8
    pitch = 15
    for reader in range(readers):
        x0 = left + 10 + reader * (width + gap)
        svg.rect(x0, reader_top, width, 110, fill="#1f4e9a", stroke="#10264d", rx="4")
        svg.text(x0 + width / 2, reader_top + 70, f"reader {reader}", 14, "middle", fill="#ffffff", font_weight="bold")
        svg.text(x0 + width / 2, reader_top + 90, "MFRC522", 11, "middle", fill="#ffffff")
        for i, pin in enumerate(READER_PINS):
            x = x0 + 18 + i * pitch
            svg.text(
                x + 3,
                reader_top + 14,
                pin,
                10,
                "end",
                fill="#ffffff",
                transform=f"rotate(-90 {x + 3} {reader_top + 14})",
            )
            if pin == "IRQ":
                svg.line(x, reader_top, x, reader_top - 12, "#888888", 1)
                continue
            if pin == "SDA":
                gp = wiring.chip_select[reader]
                svg.line(x, reader_top, x, bus_top + 10, INK["cs"], 2)
                svg.circle(x, bus_top + 10, 3, INK["cs"])
                svg.text(x, bus_top, f"GP{gp} ({PICO_PHYSICAL[gp]})", 11, "middle", fill=INK["cs"], font_weight="bold")
                continue
            y = bus_y[pin]
            ink = next(colour for name, _, colour in signals if name == pin)
            svg.line(x, reader_top, x, y, ink, 1.5)
            svg.circle(x, y, 3.5, ink)
    notes = (
        "SDA of each reader is its own chip select (green, labelled with its Pico pin); IRQ stays unconnected.",
        "A line crossing another without a dot is not connected. Keep each reader's lead under about 50 cm.",
        f"Readers' supply: {wiring.reader_supply}; never 5 V on a reader. 10 µF + 100 nF across 3.3V and GND at each"
        " reader: reader-wiring.svg.",
        f"Maintenance: a jumper from GP{wiring.maintenance} (pin {PICO_PHYSICAL[wiring.maintenance]}) to GND (pin 18)"
        " at power-up stops the firmware from starting, so mpremote can update it.",
    )
    for i, note in enumerate(notes):
        svg.text(60, reader_top + 150 + i * 22, note, 13)
    return svg.render("hardware/wiring.toml")


def overview(wiring: Wiring) -> str:
    """The whole table: which box talks to which, over what."""
    svg = Svg(1100, 660, "Pirate Table: how the parts connect")
    svg.text(550, 34, "Pirate Table: how the parts connect", 20, "middle", font_weight="bold")
    boxes = {
        "pi": (420, 250, 260, 110, "Raspberry Pi 4 / 5", "runs pirate-table"),
        "hub": (60, 110, 230, 80, "Seat hub", "Raspberry Pi Pico or Pico 2"),
        "readers": (60, 270, 230, 80, f"{len(wiring.seats)} MFRC522 readers", "one under each play spot"),
        "seats": (60, 430, 230, 80, f"{len(wiring.seats)} seats", "RGB LED + button each"),
        "camera": (810, 110, 230, 80, "Camera Module 3", "over the dice tray"),
        "light": (810, 270, 230, 80, "Diffuse LED light", "own 5 V supply"),
        "screen": (810, 430, 230, 80, "Scoreboard", "TV (HDMI) or 7-inch touch"),
        "psu": (420, 520, 260, 80, "Official Pi power supply", "USB-C"),
    }
    for x, y, w, h, title, sub in boxes.values():
        svg.rect(x, y, w, h, fill="#f4f4f4", rx="8")
        svg.text(x + w / 2, y + h / 2 - 4, title, 15, "middle", font_weight="bold")
        svg.text(x + w / 2, y + h / 2 + 16, sub, 12, "middle", fill="#444444")
    links = (
        ("M 420 280 L 350 280 L 350 150 L 290 150", "USB serial (micro-USB cable)", 300, 140),
        ("M 175 190 L 175 270", "SPI bus + 3.3 V", 185, 235),
        (
            "M 420 330 L 350 330 L 350 470 L 290 470",
            f"GPIO: {3 * len(wiring.seats)} LED + {len(wiring.seats)} button pins",
            300,
            490,
        ),
        ("M 680 280 L 750 280 L 750 150 L 810 150", "CSI ribbon", 690, 140),
        ("M 680 330 L 750 330 L 750 470 L 810 470", "HDMI or DSI", 690, 490),
        ("M 550 520 L 550 360", "5 V", 560, 440),
    )
    for d, label, tx, ty in links:
        svg.path(d, "#2c7bb6", width=2.5)
        svg.text(tx, ty, label, 12, fill="#2c7bb6")
    svg.text(
        550, 640, "Wiring in detail: pi-gpio.svg, seat-circuit.svg, pico-readers.svg, reader-wiring.svg", 13, "middle"
    )
    return svg.render("hardware/wiring.toml")


DIAGRAMS: dict[str, Callable[[Wiring], str]] = {
    "overview.svg": overview,
    "pi-gpio.svg": pi_gpio,
    "seat-circuit.svg": seat_circuit,
    "pico-readers.svg": pico_readers,
    "reader-wiring.svg": lambda wiring: reader_wiring(wiring, PICO_PHYSICAL),
}
# The drawings made from the table's geometry (hardware/table.toml).
TABLE_DRAWINGS: dict[str, Callable[[table_geometry.Table], str]] = {
    "tabletop-4-seats.svg": lambda table: table_drawings.plan(table, 4),
    "tabletop-6-seats.svg": lambda table: table_drawings.plan(table, 6),
    "tabletop-8-seats.svg": lambda table: table_drawings.plan(table, 8),
    "camera-arm.svg": table_drawings.camera_arm,
    "finished-table.svg": table_drawings.rendered_view,
}


def render_all(wiring: Wiring, table: table_geometry.Table | None = None) -> dict[str, str]:
    """Every drawing in hardware/diagrams/, by file name."""
    geometry = table_geometry.load() if table is None else table
    drawings = {name: draw(wiring) for name, draw in DIAGRAMS.items()}
    drawings.update({name: draw(geometry) for name, draw in TABLE_DRAWINGS.items()})
    return drawings


def main(argv: list[str]) -> int:
    drawings = render_all(load())
    if "--check" in argv:
        stale = [n for n, text in drawings.items() if not (OUT / n).exists() or (OUT / n).read_text("utf-8") != text]
        for name in stale:
            print(f"hardware/diagrams/{name} does not match hardware/wiring.toml: run hardware/diagrams.py")
        return 1 if stale else 0
    OUT.mkdir(exist_ok=True)
    for name, text in drawings.items():
        (OUT / name).write_text(text, encoding="utf-8")
        print(f"wrote hardware/diagrams/{name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
