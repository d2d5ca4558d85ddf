"""hardware/table.toml agrees with the code and with itself: the camera's height is the one the dice reader is made
for, the reader leads are as short as the firmware assumes, every seat's parts fit on the top, and the drawings
made from it show what they should."""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

import pytest

from vision.pipeline import DEFAULT_DIE_PX

from .hardware_modules import hardware_module
from .support import HARDWARE, diagrams_module

geometry = hardware_module("table_geometry")


def table() -> Any:
    return geometry.load()


def test_the_lens_height_is_the_one_the_dice_reader_is_made_for() -> None:
    data = table()
    camera = data["camera"]
    assert camera["die_px"] == DEFAULT_DIE_PX
    exact = geometry.lens_height_for(data, DEFAULT_DIE_PX)
    assert camera["lens_height"] == 5 * math.ceil(exact / 5)
    width, depth = geometry.field_at(data, camera["lens_height"])
    inside = data["tray"]["inside"]
    assert width >= inside[0] and depth >= inside[1], "the camera must see the whole tray floor"
    assert width - inside[0] < 30, "a much higher camera makes the dice too small for the reader"


def test_the_docs_give_the_same_camera_height() -> None:
    height = table()["camera"]["lens_height"]
    assert f"mount the lens {height} mm above the tray floor" in (HARDWARE / "mechanical.md").read_text("utf-8")
    assert f"{height} mm above the tray floor" in (HARDWARE / "README.md").read_text("utf-8")


@pytest.mark.parametrize("seats", [4, 6, 8])
def test_every_reader_lead_is_as_short_as_the_firmware_assumes(seats: int) -> None:
    data = table()
    layout = data.layout(seats)
    limit = data["cables"]["reader_lead"] if seats <= 6 else data["cables"]["reader_lead_eight"]
    assert layout.lead_limit == limit
    assert all(run.length <= limit for run in layout.reader_leads), [run.length for run in layout.reader_leads]
    assert layout.camera_cable <= data["cables"]["camera"]


def test_the_firmware_runs_its_bus_at_the_speed_the_lead_limit_is_for() -> None:
    main = (HARDWARE.parent / "firmware" / "main.py").read_text(encoding="utf-8")
    assert re.search(r"^SPI_BAUD = 1000000  # conservative for 50 cm", main, re.MULTILINE)
    assert table()["cables"]["reader_lead"] == 500


@pytest.mark.parametrize("seats", [4, 6, 8])
def test_every_seats_parts_lie_on_the_top_clear_of_each_other_and_of_the_tray(seats: int) -> None:
    data = table()
    layout = data.layout(seats)
    assert len(layout.places) == seats
    tray_w, tray_d = layout.tray_outer
    cx, cy = layout.centre
    for place in layout.places:
        for x, y in (place.spot, place.led, place.button):
            assert 30 <= x <= layout.length - 30 and 30 <= y <= layout.depth - 30, (place.seat, x, y)
            clear_of_tray = abs(x - cx) > tray_w / 2 + 30 or abs(y - cy) > tray_d / 2 + 30
            assert clear_of_tray, (place.seat, x, y)
    spots = [place.spot for place in layout.places]
    closest = min(geometry.distance(a, b) for i, a in enumerate(spots) for b in spots[i + 1 :])
    assert closest >= 100, "readers of neighbouring seats must be at least 10 cm apart (mechanical.md)"


def test_a_layout_that_places_too_few_seats_is_refused(tmp_path: Path) -> None:
    source = (HARDWARE / "table.toml").read_text(encoding="utf-8")
    first_seat = 'seats = 4\nsize = [1000, 1000]\nat = [["top", 500], '
    broken = source.replace(first_seat, "seats = 4\nsize = [1000, 1000]\nat = [")
    assert broken != source
    (tmp_path / "table.toml").write_text(broken, encoding="utf-8")
    with pytest.raises(ValueError, match="the 4-seat layout places 3 seats"):
        geometry.load(tmp_path / "table.toml")


def test_an_unknown_edge_is_refused(tmp_path: Path) -> None:
    source = (HARDWARE / "table.toml").read_text(encoding="utf-8")
    (tmp_path / "table.toml").write_text(source.replace('["left", 500]]', '["middle", 500]]', 1), encoding="utf-8")
    with pytest.raises(ValueError, match="not 'middle'"):
        geometry.load(tmp_path / "table.toml")


def test_a_size_with_no_layout_is_refused() -> None:
    with pytest.raises(ValueError, match="no layout for 5 seats"):
        table().layout(5)


@pytest.mark.parametrize("seats", [4, 6, 8])
def test_the_plans_show_every_seat_dimension_and_lead(seats: int) -> None:
    layout = table().layout(seats)
    svg = diagrams_module().render_all(diagrams_module().load())[f"tabletop-{seats}-seats.svg"]
    assert f"Tabletop for {seats} seats: {layout.length:g} x {layout.depth:g} mm" in svg
    for place in layout.places:
        assert f">seat {place.seat}</text>" in svg and f">reader {place.seat - 1}</text>" in svg
    for number in (f"{layout.length:g}", f"{layout.depth:g}", "190", "50"):
        assert f">{number}</text>" in svg
    for run in layout.reader_leads:
        assert f">{run.length:.0f}</text>" in svg


def test_the_reader_wiring_labels_every_pin_and_the_supply_parts() -> None:
    module = diagrams_module()
    wiring = module.load()
    svg = module.render_all(wiring)["reader-wiring.svg"]
    for number, pin in enumerate(module.READER_PINS, start=1):
        assert f">{number}  {pin}</text>" in svg
    for label in ("3.3 V step-down regulator", ">10 µF<", ">100 nF<", "VBUS (pin 40) 5 V", ">not connected<"):
        assert label in svg
    for reader, gp in enumerate(wiring.chip_select):
        assert f"reader {reader}: GP{gp} (pin {module.PICO_PHYSICAL[gp]})" in svg


def test_the_camera_arm_drawing_gives_the_heights_and_sizes() -> None:
    data = table()
    svg = diagrams_module().render_all(diagrams_module().load())["camera-arm.svg"]
    inside = data["tray"]["inside"]
    assert f"lens {data['camera']['lens_height']} above the tray floor" in svg
    assert f">inside {inside[0]}<" in svg and f">inside {inside[1]}<" in svg
    assert f">wall {data['tray']['wall_height']}<" in svg


def test_the_build_guides_numbers_are_the_geometrys() -> None:
    data = table()
    page = " ".join((HARDWARE / "README.md").read_text(encoding="utf-8").split())
    seat, tray, light = data["seat"], data["tray"], data["light"]
    for phrase in (
        f"leaving **{data['top']['pocket_left']} mm** of wood",
        f"Drill the **{seat['button_hole']} mm** button holes and the **{seat['led_hole']} mm** LED holes",
        f"inside {tray['inside'][0]} x {tray['inside'][1]} mm, walls {tray['wall_height']} mm",
        f"{light['height']} mm above the floor and {light['from_axis']} mm from the tray's axis",
        f"{data['top']['thickness']} mm birch plywood",
        f"the {data['cables']['camera']} mm camera cable",
        f"at most {data['cables']['reader_lead'] // 10} cm for 4 and 6 seats",
    ):
        assert phrase in page, phrase
    eight = data.layout(8)
    assert f"({eight.length:g} x {eight.depth:g} mm)" in (HARDWARE / "eight-seats.md").read_text(encoding="utf-8")
