"""The table's geometry from hardware/table.toml: where each seat's parts sit, the tray, the camera arm, what sits
under the top, and the lengths of the cable runs (standard library only).

The tabletop plans, the camera arm drawing, the rendered view and the parts list all read it from here.
"""

from __future__ import annotations

import math
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
SOURCE = HERE / "table.toml"

Point = tuple[float, float]

# Each edge: where a seat's `at` is measured along it, and the direction into the table, for a top of L x D.
EDGES = ("top", "right", "bottom", "left")


@dataclass(frozen=True)
class SeatPlace:
    """One seat on a plan: the point of the edge it sits at, and its parts' centres."""

    seat: int
    edge: str
    at: float
    edge_point: Point
    inward: Point  # unit vector from the edge into the table
    button: Point
    spot: Point  # the play spot's centre: the reader's antenna is under it
    led: Point


@dataclass(frozen=True)
class Run:
    """A cable run under the top, drawn straight; `length` includes both ends' drop."""

    what: str
    start: Point
    end: Point
    length: float


@dataclass(frozen=True)
class Layout:
    seats: int
    length: float
    depth: float
    places: tuple[SeatPlace, ...]
    centre: Point
    tray_outer: tuple[float, float]
    post: Point
    pi: Point
    hub: Point
    power_strip: Point
    reader_leads: tuple[Run, ...]
    seat_cables: tuple[Run, ...]
    camera_cable: float
    lead_limit: float  # what the reader leads may be at most at this size

    @property
    def area_m2(self) -> float:
        return self.length * self.depth / 1e6

    @property
    def perimeter_m(self) -> float:
        return 2 * (self.length + self.depth) / 1000


@dataclass(frozen=True)
class Table:
    data: dict[str, Any]
    layouts: tuple[Layout, ...]

    def layout(self, seats: int) -> Layout:
        for layout in self.layouts:
            if layout.seats == seats:
                return layout
        raise ValueError(f"hardware/table.toml has no layout for {seats} seats")

    def __getitem__(self, section: str) -> dict[str, Any]:
        section_data: dict[str, Any] = self.data[section]
        return section_data


def load(path: Path = SOURCE) -> Table:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return Table(data, tuple(_layout(data, entry) for entry in data["layout"]))


def _edge(edge: str, at: float, length: float, depth: float) -> tuple[Point, Point]:
    if edge == "top":
        return (at, 0.0), (0.0, 1.0)
    if edge == "right":
        return (length, at), (-1.0, 0.0)
    if edge == "bottom":
        return (at, depth), (0.0, -1.0)
    if edge == "left":
        return (0.0, at), (1.0, 0.0)
    raise ValueError(f"hardware/table.toml: a seat's edge is one of {', '.join(EDGES)}, not {edge!r}")


def _along(point: Point, direction: Point, distance: float) -> Point:
    return point[0] + direction[0] * distance, point[1] + direction[1] * distance


def distance(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def _layout(data: dict[str, Any], entry: dict[str, Any]) -> Layout:
    seat, tray, arm, under = data["seat"], data["tray"], data["arm"], data["under"]
    length, depth = (float(v) for v in entry["size"])
    if len(entry["at"]) != entry["seats"]:
        raise ValueError(f"hardware/table.toml: the {entry['seats']}-seat layout places {len(entry['at'])} seats")
    places = []
    for number, (edge, at) in enumerate(entry["at"], start=1):
        point, inward = _edge(edge, float(at), length, depth)
        spot = _along(point, inward, seat["spot_inset"])
        led = _along(spot, inward, seat["spot"][1] / 2 + seat["led_beyond_spot"])
        places.append(
            SeatPlace(number, edge, float(at), point, inward, _along(point, inward, seat["button_inset"]), spot, led)
        )
    centre = (length / 2, depth / 2)
    outer = (tray["inside"][0] + 2 * tray["wall"], tray["inside"][1] + 2 * tray["wall"])
    post = (centre[0] + outer[0] / 2 + arm["gap"] + arm["post"][0] / 2, centre[1])
    pi = post  # under the post: the camera cable goes down the post to it
    hub = centre
    drop = under["drop"]
    leads = tuple(Run(f"reader {p.seat - 1}", p.spot, hub, distance(p.spot, hub) + drop) for p in places)
    cables = tuple(
        Run(f"seat {p.seat}", pi, p.led, distance(pi, p.led) + distance(p.led, p.button) + drop) for p in places
    )
    camera = data["camera"]
    lens_above_top = tray["floor"] + camera["lens_height"]
    reach = post[0] - centre[0]
    camera_cable = reach + lens_above_top + camera["module"][2] + data["top"]["thickness"] + drop
    limit = data["cables"]["reader_lead"] if entry["seats"] <= 6 else data["cables"]["reader_lead_eight"]
    return Layout(
        seats=entry["seats"],
        length=length,
        depth=depth,
        places=tuple(places),
        centre=centre,
        tray_outer=outer,
        post=post,
        pi=pi,
        hub=hub,
        power_strip=(pi[0], pi[1] + under["power_strip_from_pi"]),
        reader_leads=leads,
        seat_cables=cables,
        camera_cable=camera_cable,
        lead_limit=float(limit),
    )


def field_of_view_4_3(table: Table) -> tuple[float, float]:
    """The camera's field in degrees (across, along the short side) for the reader's 4:3 pictures: the full height
    of the 16:9 sensor and the width that 4:3 keeps of it."""
    width, height = table["camera"]["frame"]
    vertical = table["camera"]["fov"][1]
    across = 2 * math.degrees(math.atan(width / height * math.tan(math.radians(vertical / 2))))
    return across, vertical


def field_at(table: Table, height: float) -> tuple[float, float]:
    """The width and depth (mm) of the tray floor that the camera sees from `height` above it."""
    across, vertical = field_of_view_4_3(table)
    return 2 * height * math.tan(math.radians(across / 2)), 2 * height * math.tan(math.radians(vertical / 2))


def lens_height_for(table: Table, die_px: float) -> float:
    """The lens's height above the tray floor at which a die of `die_mm` is `die_px` pixels wide."""
    camera = table["camera"]
    width = camera["frame"][0] * camera["die_mm"] / die_px
    across, _ = field_of_view_4_3(table)
    return width / (2 * math.tan(math.radians(across / 2)))
