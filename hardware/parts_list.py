"""The parts list, the costs and the build time in hardware/README.md, made from hardware/parts.toml, the table's
geometry (hardware/table.toml) and the decks in the code (the game catalog).

    .venv/bin/python hardware/parts_list.py          # (re)write the tables in hardware/README.md
    .venv/bin/python hardware/parts_list.py --check  # exit 1 if the page is not what the data gives
"""

from __future__ import annotations

import math
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
for folder in (HERE, ROOT):  # table_geometry beside this script; this checkout's `table` for the decks
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

import table_geometry  # noqa: E402

from table.core import catalog  # noqa: E402

SOURCE = HERE / "parts.toml"
PAGE = HERE / "README.md"
BEGIN, END = "<!-- parts-list: begin (made by hardware/parts_list.py) -->", "<!-- parts-list: end -->"
SIZES = (4, 6, 8)
KINDS = ("fixed", "per_seat", "per_card", "per_metre", "per_m2")
CABLE_SPARE = 1.2  # a fifth more cable than the straight runs of the plan: cut-offs, clips, going round the apron


@dataclass(frozen=True)
class Game:
    key: str
    name: str
    players: str
    cards: int  # 0: a dice game
    dice: bool


def games() -> tuple[Game, ...]:
    """Every game in the catalog, with the size of its printed deck: the cards `pirate-table enroll` asks for."""
    return tuple(
        Game(
            entry.key,
            entry.name.msgid,
            f"{entry.min_players}-{entry.max_players}",
            len(entry.deck) if entry.deck else 0,
            entry.dice,
        )
        for entry in catalog.games()
    )


def load(path: Path = SOURCE) -> dict[str, Any]:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    for part in data["part"]:
        kinds = [kind for kind in KINDS if kind in part]
        if len(kinds) != 1:
            raise ValueError(f"hardware/parts.toml: '{part['name']}' needs exactly one of {', '.join(KINDS)}")
        if part["games"] not in ("all", "cards", "dice"):
            raise ValueError(f"hardware/parts.toml: '{part['name']}' is for games 'all', 'cards' or 'dice'")
    return data


def _wanted(entry: dict[str, Any], chosen: tuple[Game, ...]) -> bool:
    if entry["games"] == "cards":
        return any(game.cards for game in chosen)
    if entry["games"] == "dice":
        return any(game.dice for game in chosen)
    return True


def metres(layout: table_geometry.Layout, run: str) -> int:
    """The metres of cable (or of wood round the edge) a table needs, rounded up to whole metres."""
    if run == "reader_leads":
        length = CABLE_SPARE * sum(r.length for r in layout.reader_leads) / 1000
    elif run == "seat_cables":
        length = CABLE_SPARE * sum(r.length for r in layout.seat_cables) / 1000
    elif run == "apron":
        length = layout.perimeter_m
    else:
        raise ValueError(f"hardware/parts.toml: no run called '{run}'")
    return math.ceil(length)


def quantity(part: dict[str, Any], seats: int, table: table_geometry.Table, chosen: tuple[Game, ...]) -> float:
    """How many of `part` a table of `seats` for the `chosen` games needs (packs, for a part sold in packs)."""
    if not _wanted(part, chosen) or seats not in part.get("seats", SIZES):
        return 0
    layout = table.layout(seats)
    if "fixed" in part:
        return float(part["fixed"])
    if "per_seat" in part:
        return float(part["per_seat"] * seats + part.get("spare", 0))
    if "per_card" in part:
        cards = part["per_card"] * sum(game.cards for game in chosen)
        return float(math.ceil(cards / part.get("pack", 1)))
    if "per_metre" in part:
        return float(metres(layout, part["per_metre"]))
    return math.ceil(layout.area_m2 * 10) / 10  # per_m2: to the next 0.1 m²


def cost(data: dict[str, Any], seats: int, table: table_geometry.Table, chosen: tuple[Game, ...]) -> float:
    return sum(
        quantity(part, seats, table, chosen) * part["eur"] for part in data["part"] if not part.get("optional", False)
    )


def hours(data: dict[str, Any], seats: int, chosen: tuple[Game, ...]) -> dict[str, float]:
    """Each build task's hours for a table of `seats` for the `chosen` games."""
    result = {}
    for task in data["task"]:
        if not _wanted(task, chosen):
            continue
        result[task["name"]] = (
            task.get("hours", 0)
            + task.get("per_seat", 0) * seats
            + task.get("per_card", 0) * sum(game.cards for game in chosen)
        )
    return result


def _eur(value: float) -> str:
    return f"{value:,.0f}".replace(",", " ")


def _price(value: float) -> str:
    return f"{value:g}" if value == int(value) else f"{value:.2f}"


def _qty(part: dict[str, Any], value: float, cards: int) -> str:
    if value == 0:
        return "-"
    if "pack" in part:
        return f"{cards} ({value:g} x {part['pack']})"
    if "per_m2" in part:
        return f"{value:g} m²"
    if "per_metre" in part:
        return f"{value:g} m"
    return f"{value:g}"


def render(data: dict[str, Any], table: table_geometry.Table) -> str:
    every = games()
    card_games = tuple(game for game in every if game.cards)
    lines = [BEGIN, "", "**Stickers**, one per card, counted from the decks in the code (what `pirate-table enroll "
             "GAME` asks for):", "", "| game | cards = stickers |", "|---|---|"]  # fmt: skip
    lines += [f"| {game.name} (`{game.key}`) | {game.cards} |" for game in card_games]
    lines += [f"| **all {len(card_games)} card games** | **{sum(game.cards for game in card_games)}** |", ""]
    lines += [
        "**What each game needs**, and the whole table's cost for that game alone (without the optional parts):",
        "",
        "| game | players | needs | € 4 seats | € 6 seats | € 8 seats |",
        "|---|---|---|---|---|---|",
    ]
    for game in every:
        needs = f"{game.cards} stickers, readers, hub" if game.cards else "camera, tray, light"
        costs = " | ".join(_eur(cost(data, seats, table, (game,))) for seats in SIZES)
        lines.append(f"| {game.name} | {game.players} | {needs} | {costs} |")
    totals = " | ".join(f"**{_eur(cost(data, seats, table, every))}**" for seats in SIZES)
    lines += [f"| **every game** | | | {totals} |", ""]
    lines += ["**Parts list** for a table that plays every game. Rough prices in euros, including VAT; check before "
              "buying.", "", "| part | part number or shop name | where | 4 seats | 6 seats | 8 seats | € each | "
              "€ (6 seats) | what for |", "|---|---|---|---|---|---|---|---|---|"]  # fmt: skip
    cards = sum(game.cards for game in every)
    for part in data["part"]:
        counts = [quantity(part, seats, table, every) for seats in SIZES]
        each = _price(part["eur"]) + (f" / {part['pack']}" if "pack" in part else "")
        six = "optional" if part.get("optional", False) else _eur(counts[1] * part["eur"]) if counts[1] else "-"
        cells = " | ".join(_qty(part, count, cards) for count in counts)
        lines.append(
            f"| {part['name']} | {part['number']} | {part['shop']} | {cells} | {each} | {six} | {part['why']} |"
        )
    totals = " | ".join(f"**{_eur(cost(data, seats, table, every))}**" for seats in SIZES)
    lines += [f"| **total, screen included** | | | {totals} | | | |", ""]
    lines += ["**Build time** for a table that plays every game, in hours:", "",
              "| task | skill | 4 seats | 6 seats | 8 seats |", "|---|---|---|---|---|"]  # fmt: skip
    by_size = [hours(data, seats, every) for seats in SIZES]
    for task in data["task"]:
        cells = " | ".join(f"{spent[task['name']]:.1f}" for spent in by_size)
        lines.append(f"| {task['name']} | {task['skill']} | {cells} |")
    lines.append("| **total** | | " + " | ".join(f"**{sum(spent.values()):.0f}**" for spent in by_size) + " |")
    lines += ["", END]
    return "\n".join(lines)


def page_with(page: str, block: str) -> str:
    """The page with its parts-list block replaced; a page without the markers is a ValueError that says so."""
    if page.count(BEGIN) != 1 or page.count(END) != 1:
        raise ValueError(f"hardware/README.md needs one '{BEGIN}' and one '{END}' line")
    before, rest = page.split(BEGIN)
    _, after = rest.split(END)
    return before + block + after


def main(argv: list[str]) -> int:
    page = PAGE.read_text(encoding="utf-8")
    try:
        wanted = page_with(page, render(load(), table_geometry.load()))
    except ValueError as error:
        print(error)
        return 1
    if "--check" in argv:
        if wanted != page:
            print("hardware/README.md's parts list does not match hardware/parts.toml: run hardware/parts_list.py")
            return 1
        return 0
    PAGE.write_text(wanted, encoding="utf-8")
    print("wrote the parts list in hardware/README.md")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
