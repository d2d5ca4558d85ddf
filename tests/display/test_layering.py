"""The layers hold: the display draws screen models (no rules, no flows, no ports), and the flows know no display,
no ports and no hardware. Read from the source with `ast`, so an import inside a function counts too."""

from __future__ import annotations

import ast
from pathlib import Path

TABLE = Path(__file__).parents[2] / "table"


def imported(path: Path) -> set[str]:
    """Every module `path` imports; `from a import b` counts as both `a` and `a.b` (b may be a module)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def within(name: str, packages: set[str]) -> bool:
    return any(name == package or name.startswith(package + ".") for package in packages)


def within_any(names: set[str], packages: set[str]) -> bool:
    return any(within(name, packages) for name in names)


def modules(folder: str) -> dict[str, set[str]]:
    """Each module of table/<folder> by its dotted name, with what it imports."""
    return {f"table.{folder}.{path.stem}": imported(path) for path in sorted((TABLE / folder).glob("*.py"))}


def flow_modules() -> set[str]:
    """The game modules that are flows or build on them: table.core.flow, and any that imports the rules or another
    flow module. What remains (screen models, texts, effects, inputs) is plain data the display may read."""
    games = modules("games")
    flows = {"table.core.flow"}
    grown = True
    while grown:
        found = {name for name, names in games.items() if within_any(names, {"table.rules", *flows})}
        grown = not found <= flows
        flows |= found
    return flows


def test_the_flow_modules_are_found() -> None:
    flows = flow_modules()
    expected = {
        "table.core.flow",
        "table.core.bidding",
        "table.games.skullking.flow",
        "table.games.skullking_dice.flow",
    }
    assert expected <= flows
    assert flows.isdisjoint({"table.core.frame", "table.games.skullking_dice.screen", "table.core.text"})


def test_the_display_imports_no_rules_flows_ports_store_or_vision() -> None:
    banned = {"table.rules", "table.devices", "table.store", "vision", *flow_modules()}
    wrong = {
        module: sorted(name for name in names if within(name, banned))
        for module, names in modules("display").items()
        if within_any(names, banned)
    }
    assert wrong == {}, "the display draws screen models: give it what it needs through them"


def test_the_games_import_no_display_ports_store_vision_or_hardware() -> None:
    banned = {"table.display", "table.devices", "table.store", "vision", "pygame", "serial", "gpiozero", "cv2"}
    wrong = {
        module: sorted(name for name in names if within(name, banned))
        for module, names in modules("games").items()
        if within_any(names, banned)
    }
    assert wrong == {}


def test_an_import_inside_a_function_is_seen(tmp_path: Path) -> None:
    module = tmp_path / "late.py"
    module.write_text("def f():\n    from table.rules import skullking as sk\n    import vision.tracker\n")
    assert {"table.rules", "table.games.skullking.rules", "vision.tracker"} <= imported(module)
