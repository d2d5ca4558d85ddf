"""The tabletop plans (4, 6 and 8 seats), the camera arm and tray, and a rendered view of the finished table, drawn
from hardware/table.toml through table_geometry (standard library only)."""

from __future__ import annotations

import math
from collections.abc import Callable

from svgwriter import Svg
from table_geometry import Layout, Point, SeatPlace, Table, field_at, lens_height_for

ToPx = Callable[[Point], Point]  # a plan's millimetres to the drawing's pixels
Section = Callable[[float, float], Point]  # a section's (along, up) millimetres to pixels
Iso = Callable[[float, float, float], Point]  # a point in space to the view's pixels

WOOD, WOOD_EDGE, FELT = "#e8d3a8", "#9c7a44", "#9a9a9a"
LEAD, SEAT_CABLE, UNDER = "#2c7bb6", "#7b3294", "#555555"
PLAN_SCALE = 0.5  # px per mm: every plan at the same scale, so they compare


def _rotated_rect(centre: Point, across: float, along: float, inward: Point) -> list[Point]:
    """The corners of a rectangle `across` wide (parallel to the edge) and `along` deep (towards the centre)."""
    ix, iy = inward
    ex, ey = -iy, ix  # along the edge
    cx, cy = centre
    return [
        (cx + ex * sx * across / 2 + ix * sy * along / 2, cy + ey * sx * across / 2 + iy * sy * along / 2)
        for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))
    ]


def _label_point(place: SeatPlace, out: float) -> Point:
    return place.edge_point[0] - place.inward[0] * out, place.edge_point[1] - place.inward[1] * out


def plan(table: Table, seats: int) -> str:
    """A tabletop seen from above, with every seat's play spot, reader pocket, LED and button, the tray and camera
    post, what sits under the top (dashed), the cable runs and the dimensions."""
    layout = table.layout(seats)
    s, oy = PLAN_SCALE, 150.0
    width = max(1100, int(layout.length * s + 300))
    ox = (width - layout.length * s) / 2
    svg = Svg(width, int(layout.depth * s + oy + 230), f"Tabletop for {seats} seats")

    def p(point: Point) -> Point:
        return ox + point[0] * s, oy + point[1] * s

    top, seat = table["top"], table["seat"]
    svg.text(width / 2, 30, f"Tabletop for {seats} seats: {layout.length:g} x {layout.depth:g} mm", 20, "middle",
             font_weight="bold")  # fmt: skip
    svg.text(width / 2, 52, f"Seen from above. {top['thickness']} mm birch plywood; dashed: under the top. "
             f"Millimetres; drawn at 1:{1 / s:g}.", 13, "middle")  # fmt: skip
    svg.rect(ox, oy, layout.length * s, layout.depth * s, fill=WOOD, stroke=WOOD_EDGE, stroke_width="3")
    _tray_and_arm_plan(svg, table, layout, p, s)
    _under_plan(svg, table, layout, p, s)
    for place in layout.places:
        pocket = _rotated_rect(place.spot, seat["pocket"][0], seat["pocket"][1], place.inward)
        svg.polygon([p(c) for c in pocket], "none", UNDER, stroke_dasharray="4 3")
        svg.polygon(
            [p(c) for c in _rotated_rect(place.spot, seat["spot"][0], seat["spot"][1], place.inward)],
            "#f7ecd6",
            "#6b4f1d",
        )
        svg.text(*p(place.spot), str(place.seat), 16, "middle", font_weight="bold", dy="6")
        svg.circle(*p(place.led), seat["led_hole"] * s + 2, "#1a9641")
        svg.circle(*p(place.button), seat["button_hole"] / 2 * s, "#d7191c")
        _seat_label(svg, place, p)
    for run in layout.reader_leads:
        _run(svg, p(run.start), p(run.end), f"{run.length:.0f}", LEAD)
    for run, place in zip(layout.seat_cables, layout.places, strict=True):
        _run(svg, p(run.start), p(place.led), "", SEAT_CABLE)
        svg.line(*p(place.led), *p(place.button), SEAT_CABLE, 1.2, stroke_dasharray="6 4")
    _plan_dimensions(svg, table, layout, p, s)
    _plan_notes(svg, table, layout, oy + layout.depth * s + 100)
    return svg.render("hardware/table.toml")


def _seat_label(svg: Svg, place: SeatPlace, p: ToPx) -> None:
    x, y = p(place.edge_point)
    anchor, dx, dy = {"top": ("middle", 0, -26), "bottom": ("middle", 0, 18), "left": ("end", -12, -4),
                      "right": ("start", 12, -4)}[place.edge]  # fmt: skip
    svg.text(x + dx, y + dy, f"seat {place.seat}", 13, anchor, font_weight="bold")
    svg.text(x + dx, y + dy + 14, f"reader {place.seat - 1}", 11, anchor, fill="#555555")


def _run(svg: Svg, a: Point, b: Point, label: str, ink: str) -> None:
    svg.line(*a, *b, ink, 1.4, stroke_dasharray="6 4")
    if label:
        mx, my = (a[0] * 0.6 + b[0] * 0.4), (a[1] * 0.6 + b[1] * 0.4)
        svg.rect(mx - 17, my - 9, 34, 15, fill="#ffffff", stroke=ink, rx="3")
        svg.text(mx, my + 3, label, 10, "middle", fill=ink)


def _tray_and_arm_plan(svg: Svg, table: Table, layout: Layout, to: ToPx, s: float) -> None:
    cx, cy = layout.centre
    (w, d), inside = layout.tray_outer, table["tray"]["inside"]
    x0, y0 = to((cx - w / 2, cy - d / 2))
    svg.rect(x0, y0, w * s, d * s, fill="#6b4f1d", stroke="#3b2a10")
    ix, iy = to((cx - inside[0] / 2, cy - inside[1] / 2))
    svg.rect(ix, iy, inside[0] * s, inside[1] * s, fill=FELT, stroke="#3b2a10")
    post, arm = table["arm"]["post"], table["arm"]["arm"]
    px, py = to((layout.post[0] - post[0] / 2, layout.post[1] - post[1] / 2))
    ax, ay = to((cx - 30, cy - arm[0] / 2))
    svg.rect(ax, ay, (layout.post[0] - cx + 30) * s, arm[0] * s, fill="#c9b48a", stroke="#3b2a10", opacity="0.85")
    svg.rect(px, py, post[0] * s, post[1] * s, fill="#8a6a3a", stroke="#3b2a10")
    camera = table["camera"]["module"]
    kx, ky = to((cx - camera[0] / 2, cy - camera[1] / 2))
    svg.rect(kx, ky, camera[0] * s, camera[1] * s, fill="#1a5e20", stroke="#0b2e0f")
    tx, ty = to((cx, cy - d / 2))
    svg.text(tx, ty - 6, f"dice tray {w:g} x {d:g}, camera arm over it", 11, "middle")


def _under_plan(svg: Svg, table: Table, layout: Layout, to: ToPx, s: float) -> None:
    under = table["under"]
    for centre, size, label in (
        (layout.hub, under["hub"], "hub"),
        (layout.pi, under["pi"], "Pi"),
        (layout.power_strip, under["power_strip"], "power strip"),
    ):
        x, y = to((centre[0] - size[0] / 2, centre[1] - size[1] / 2))
        svg.rect(x, y, size[0] * s, size[1] * s, fill="#ffffff", stroke=UNDER, stroke_dasharray="5 3", opacity="0.85")
        lx, ly = to(centre)
        svg.text(lx, ly + 4, label, 10, "middle", fill="#000000", font_weight="bold")


def _plan_dimensions(svg: Svg, table: Table, layout: Layout, to: ToPx, s: float) -> None:
    svg.dimension(*to((layout.length, layout.depth)), *to((0, layout.depth)), f"{layout.length:g}", 50)
    svg.dimension(*to((layout.length, 0)), *to((layout.length, layout.depth)), f"{layout.depth:g}", 110)
    first = layout.places[0]
    seat = table["seat"]
    x = first.edge_point[0] - 60
    svg.dimension(*to((x, seat["button_inset"])), *to((x, 0)), f"{seat['button_inset']}", 12, 10)
    svg.dimension(*to((x - 30, seat["spot_inset"])), *to((x - 30, 0)), f"{seat['spot_inset']}", 12, 10)
    svg.dimension(*to((0, 0)), *to((first.at, 0)), f"{first.at:g}", 48, 10)
    same_edge = [place for place in layout.places if place.edge == first.edge]
    if len(same_edge) > 1:
        svg.dimension(*to((first.at, 0)), *to((same_edge[1].at, 0)), f"{same_edge[1].at - first.at:g}", 48, 10)


def _plan_notes(svg: Svg, table: Table, layout: Layout, y: float) -> None:
    seat = table["seat"]
    longest_lead = max(run.length for run in layout.reader_leads)
    longest_seat = max(run.length for run in layout.seat_cables)
    notes: tuple[str, ...] = (
        f"Play spot {seat['spot'][0]} x {seat['spot'][1]} (marked on the top); under it, dashed, the reader's pocket "
        f"{seat['pocket'][0]} x {seat['pocket'][1]} routed from below, {table['top']['pocket_left']} mm of wood left.",
        f"Green: the seat's LED ({seat['led_hole']} mm hole, bezel), {seat['led_beyond_spot']} mm beyond its spot. "
        f"Red: the seat's button ({seat['button_hole']} mm hole), {seat['button_inset']} mm from the edge.",
        f"Blue dashed: each reader's lead to the seat hub, length in mm (longest {longest_lead:.0f}, "
        f"at most {layout.lead_limit:.0f}).",
        f"Purple dashed: each seat's 5-wire cable from the Pi to its LED and button (longest {longest_seat:.0f} mm).",
        f"Camera cable down the post to the Pi: {layout.camera_cable:.0f} mm of the "
        f"{table['cables']['camera']} mm cable. Lengths include {table['under']['drop']} mm for the ends.",
    )
    if layout.seats > 6:
        notes += (
            "8 seats are on paper (eight-seats.md): leads this long need the SPI clock at 500 kHz, and the Pi has "
            "GPIO for 6 seats: the recommended build moves the LEDs to the hub.",
        )
    for i, note in enumerate(notes):
        svg.text(40, y + i * 22, note, 13)


def camera_arm(table: Table) -> str:
    """The tray and the camera arm in two sections: along the tray (side) and across it (end), with the field of
    view, the lights and every dimension."""
    tray, camera, arm, light = table["tray"], table["camera"], table["arm"], table["light"]
    layout = table.layout(6)
    s = 1.5
    svg = Svg(1200, 760, "The dice tray and the camera arm")
    svg.text(600, 30, "The dice tray and the camera arm", 20, "middle", font_weight="bold")
    svg.text(600, 52, "Sections in millimetres, drawn at 1:0.67. The lens looks straight down at the tray's centre.",
             13, "middle")  # fmt: skip
    inside_l, inside_d = tray["inside"]
    wall, floor, wall_h = tray["wall"], tray["floor"], tray["wall_height"]
    lens = camera["lens_height"]
    depth_mod = camera["module"][2]
    arm_bottom = floor + lens + depth_mod
    arm_top = arm_bottom + arm["arm"][1]
    reach = layout.post[0] - layout.centre[0]
    ground = 620.0  # the tabletop's surface, in px

    def side(x: float, z: float) -> Point:  # x from the tray's centre along its length, z above the tabletop
        return 330 + x * s, ground - z * s

    svg.rect(*side(-260, 0), 520 * s + 40 * s + reach * s, table["top"]["thickness"] * s, fill=WOOD, stroke=WOOD_EDGE)
    _tray_section(svg, side, inside_l, wall, floor, wall_h, s)
    px0 = reach - arm["post"][0] / 2
    svg.rect(*side(px0, arm_top), arm["post"][0] * s, arm_top * s, fill="#8a6a3a", stroke="#3b2a10")
    svg.rect(*side(-40, arm_top), (reach + 40 + arm["post"][0] / 2) * s, arm["arm"][1] * s, fill="#c9b48a",
             stroke="#3b2a10")  # fmt: skip
    svg.rect(*side(-camera["module"][0] / 2, arm_bottom), camera["module"][0] * s, depth_mod * s, fill="#1a5e20")
    width, depth = field_at(table, lens)
    for sign in (-1, 1):
        svg.line(*side(0, floor + lens), *side(sign * width / 2, floor), "#f28e2b", 1, stroke_dasharray="5 4")
    svg.dimension(*side(-175, floor), *side(-175, floor + lens), f"lens {lens} above the tray floor", 14)
    svg.dimension(*side(-inside_l / 2, floor), *side(inside_l / 2, floor), f"inside {inside_l}", -46)
    svg.dimension(*side(-width / 2, floor + 8), *side(width / 2, floor + 8), f"field {width:.0f}", 110)
    svg.dimension(*side(-inside_l / 2 - wall, 0), *side(-inside_l / 2 - wall, wall_h), f"wall {wall_h}", 14)
    svg.dimension(*side(reach + 40, 0), *side(reach + 40, arm_top), f"post {arm_top:.0f}", -14)
    svg.dimension(*side(0, arm_top + 6), *side(reach, arm_top + 6), f"{reach:.0f}", 10)
    svg.text(*side(0, arm_top + 40), "side: along the tray", 14, "middle", font_weight="bold")

    def end(y: float, z: float) -> Point:  # y from the tray's centre across it
        return 930 + y * s, ground - z * s

    svg.rect(*end(-190, 0), 380 * s, table["top"]["thickness"] * s, fill=WOOD, stroke=WOOD_EDGE)
    _tray_section(svg, end, inside_d, wall, floor, wall_h, s)
    svg.rect(*end(-camera["module"][1] / 2, arm_bottom), camera["module"][1] * s, depth_mod * s, fill="#1a5e20")
    svg.rect(*end(-arm["arm"][0] / 2, arm_top), arm["arm"][0] * s, arm["arm"][1] * s, fill="#c9b48a")
    for sign in (-1, 1):
        svg.line(*end(0, floor + lens), *end(sign * depth / 2, floor), "#f28e2b", 1, stroke_dasharray="5 4")
        lx, lz = sign * light["from_axis"], floor + light["height"]
        corners = _rotated_rect(end(lx, lz), 14 * s, 8 * s, (-sign * math.sqrt(0.5), math.sqrt(0.5)))
        svg.polygon(corners, "#fff3b0", "#b08d00")
    svg.dimension(*end(-inside_d / 2, floor), *end(inside_d / 2, floor), f"inside {inside_d}", -46)
    svg.dimension(*end(-depth / 2, floor + 8), *end(depth / 2, floor + 8), f"field {depth:.0f}", 110)
    svg.dimension(*end(0, floor + light["height"]), *end(light["from_axis"], floor + light["height"]),
                  f"{light['from_axis']}", -12, 11)  # fmt: skip
    svg.dimension(*end(light["from_axis"] + 20, floor), *end(light["from_axis"] + 20, floor + light["height"]),
                  f"{light['height']}", -10, 11)  # fmt: skip
    svg.text(*end(0, arm_top + 40), "end: across the tray", 14, "middle", font_weight="bold")
    exact = lens_height_for(table, camera["die_px"])
    notes = (
        f"Tray: inside {inside_l} x {inside_d}, walls {wall_h} high and {wall} thick, floor {floor} with matt "
        f"mid-grey felt. Camera Module 3, standard lens, centred, sensor parallel to the floor.",
        f"Lens height: a {camera['die_mm']} mm die is {camera['die_px']} px wide in a {camera['frame'][0]} px picture "
        f"at {exact:.0f} mm; mounted at {lens}, the camera sees {width:.0f} x {depth:.0f} over the tray's "
        f"{inside_l} x {inside_d}.",
        f"Lights (yellow): two {light['strip']} mm strips in diffuser channels along the long sides, "
        f"{light['height']} above the floor, {light['from_axis']} from the axis, tilted 45° in: no glare in the dice.",
        f"Post {arm['post'][0]} x {arm['post'][1]} screwed through the top; arm {arm['arm'][0]} x {arm['arm'][1]}; "
        "the camera cable runs along the arm and down the post to the Pi under the top.",
    )
    for i, note in enumerate(notes):
        svg.text(40, 680 + i * 20, note, 13)
    return svg.render("hardware/table.toml")


def _tray_section(svg: Svg, to: Section, inside: float, wall: float, floor: float, wall_h: float, s: float) -> None:
    half = inside / 2
    for x in (-half - wall, half):
        svg.rect(*to(x, wall_h), wall * s, wall_h * s, fill="#6b4f1d", stroke="#3b2a10")
    svg.rect(*to(-half, floor), inside * s, floor * s, fill=FELT, stroke="#3b2a10")


def rendered_view(table: Table, seats: int = 6) -> str:
    """The finished table from above at an angle (an axonometric view), standing in for a photograph."""
    layout = table.layout(seats)
    s = 0.42
    cos, sin = math.cos(math.radians(30)), math.sin(math.radians(30))
    offset_x = 80 + layout.depth * cos * s

    def iso(x: float, y: float, z: float) -> Point:
        return offset_x + (x - y) * cos * s, 190 + (x + y) * sin * s - z * s

    svg = Svg(int(offset_x + layout.length * cos * s + 80), 840, f"The finished table, {seats} seats")
    svg.text(svg.width / 2, 30, f"The finished table ({seats} seats): a drawn view, not a photograph", 20, "middle",
             font_weight="bold")  # fmt: skip
    svg.text(svg.width / 2, 52, "Made from hardware/table.toml like the plans; nothing under the top is seen.", 13,
             "middle")  # fmt: skip
    thickness, apron = table["top"]["thickness"], table["top"]["apron_height"]
    _box(svg, iso, (0, 0, -apron), (layout.length, layout.depth, thickness + apron), (WOOD, "#b9976a", "#d6bd8e"))
    seat = table["seat"]
    for place in layout.places:
        spot = _rotated_rect(place.spot, seat["spot"][0], seat["spot"][1], place.inward)
        svg.polygon([iso(x, y, thickness) for x, y in spot], "#f7ecd6", "#6b4f1d")
        _disc(svg, iso, place.led, thickness, 2 * seat["led_hole"], "#1a9641")  # drawn large enough to see
        _disc(svg, iso, place.button, thickness, seat["button_hole"], "#d7191c")
        lx, ly = _label_point(place, 40)
        svg.text(*iso(lx, ly, 0), f"seat {place.seat}", 13, "middle", font_weight="bold")
    tray = table["tray"]
    (w, d), (cx, cy) = layout.tray_outer, layout.centre
    wall_top = thickness + tray["wall_height"]
    _box(svg, iso, (cx - w / 2, cy - d / 2, thickness), (w, d, tray["wall_height"]), ("#8a6a3a", "#5a4222", "#6b4f1d"))
    inside = table["tray"]["inside"]
    x0, y0 = cx - inside[0] / 2, cy - inside[1] / 2
    opening = [(x0, y0), (x0 + inside[0], y0), (x0 + inside[0], y0 + inside[1]), (x0, y0 + inside[1])]
    svg.polygon([iso(x, y, wall_top) for x, y in opening], FELT, "#3b2a10")
    light = table["light"]
    for sign in (-1, 1):
        _box(svg, iso, (cx - light["strip"] / 2, cy + sign * light["from_axis"] - 7, thickness + tray["floor"]
             + light["height"] - 4), (light["strip"], 14, 8), ("#fff3b0", "#d9c66a", "#e8d88a"))  # fmt: skip
    arm, camera = table["arm"], table["camera"]
    arm_bottom = thickness + tray["floor"] + camera["lens_height"] + camera["module"][2]
    svg.line(*iso(cx, cy, arm_bottom - camera["module"][2]), *iso(cx, cy, thickness + tray["floor"]), "#f28e2b", 1.5,
             stroke_dasharray="6 4")  # fmt: skip
    post = arm["post"]
    _box(svg, iso, (layout.post[0] - post[0] / 2, layout.post[1] - post[1] / 2, thickness),
         (post[0], post[1], arm_bottom + arm["arm"][1] - thickness), ("#8a6a3a", "#5a4222", "#6b4f1d"))  # fmt: skip
    _box(svg, iso, (cx - 30, cy - arm["arm"][0] / 2, arm_bottom), (layout.post[0] - cx + 30, arm["arm"][0],
         arm["arm"][1]), ("#c9b48a", "#9c8459", "#b49d70"))  # fmt: skip
    module = camera["module"]
    _box(svg, iso, (cx - module[0] / 2, cy - module[1] / 2, arm_bottom - module[2]), tuple(module),
         ("#1a5e20", "#0b2e0f", "#134a18"))  # fmt: skip
    lx, ly = iso(layout.post[0] + 60, layout.post[1], arm_bottom)
    svg.text(lx, ly, "camera arm over the dice tray", 13, "start")
    svg.text(svg.width / 2, 810, "Green: each seat's LED. Red: its button. Pale: its play spot, the reader under it.",
             13, "middle")  # fmt: skip
    return svg.render("hardware/table.toml")


def _box(
    svg: Svg, iso: Iso, origin: tuple[float, float, float], size: tuple[float, ...], inks: tuple[str, str, str]
) -> None:
    """A box's three visible faces: top, the face towards +y (left, front) and the face towards +x (right)."""
    x, y, z = origin
    w, d, h = size
    top, left, right = inks
    svg.polygon(
        [iso(x, y + d, z), iso(x + w, y + d, z), iso(x + w, y + d, z + h), iso(x, y + d, z + h)], left, "#3b2a10"
    )
    svg.polygon(
        [iso(x + w, y, z), iso(x + w, y + d, z), iso(x + w, y + d, z + h), iso(x + w, y, z + h)], right, "#3b2a10"
    )
    svg.polygon(
        [iso(x, y, z + h), iso(x + w, y, z + h), iso(x + w, y + d, z + h), iso(x, y + d, z + h)], top, "#3b2a10"
    )


def _disc(svg: Svg, iso: Iso, centre: Point, z: float, diameter: float, ink: str) -> None:
    points = [
        iso(centre[0] + diameter / 2 * math.cos(a), centre[1] + diameter / 2 * math.sin(a), z)
        for a in (i * math.pi / 8 for i in range(16))
    ]
    svg.polygon(points, ink, "#222222")
