"""The layers of the house hold, over every package: each imports only what lies below it (docs/adding-a-game.md).

Read from the source with `ast`, so an import inside a function counts too. The rules:
- no module of the table outside table/games/ imports a game (the catalog finds them);
- the core (table/core) imports no game, nor the lobby, the display, the devices or the store;
- the devices, the store and the venue import no game;
- the display imports no game, no lobby, no flow (it draws screen models), no devices, store or vision;
- a game's rules import the standard library only (the Skull King editions may import the shared trick rules, and
  the 2021 rules the 2013 rules);
- a game's views and controls import only the display, the core's model (screens, inputs) and text, and their own
  package (2021's may import 2013's; both may import the trick package);
- a game's flow imports no display, devices, vision, store or pygame;
- a game imports no other game (except the 2021 edition from the 2013 edition, and both from the trick package);
- vision imports no `table`.
The test-only game (tests/toygame) is held to a game's rules too: it is built as a real game is.
"""

from __future__ import annotations

import ast
import functools
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

ROOT = Path(__file__).parents[1]
FOLDERS = ("table", "vision", "tests/toygame")  # what is checked
TRICKS = "table.games.tricks"  # what both Skull King editions share; not a game of its own
TOY_GAME = "tests.toygame"
ALSO_ITS_OWN = {  # the packages a game may import besides its own
    "table.games.skullking": {TRICKS},
    "table.games.skullking_2021": {TRICKS, "table.games.skullking"},
    "table.games.skullking_dice": {TRICKS},  # its trick rules
}
RULES_MAY_IMPORT = {  # what a game's rules may import besides the standard library
    "table.games.skullking": {f"{TRICKS}.rules"},
    "table.games.skullking_2021": {f"{TRICKS}.rules", "table.games.skullking.rules"},
    "table.games.skullking_dice": {f"{TRICKS}.rules"},
}
# What a game's views may read of the core: its screen models (and the frame every screen shares), inputs, text.
CORE_MODEL = {"table.core.frame", "table.core.inputs", "table.core.text"}
VIEWS = {"views", "controls", "art", "trick_view"}  # a game's modules that draw, by name
FLOW_BANS = {"table.display", "table.devices", "table.store", "vision", "pygame", "serial", "gpiozero", "cv2"}

Imports = dict[str, set[str]]  # module -> the modules it imports


def module_name(path: Path) -> str:
    """table/games/skullking/flow.py -> table.games.skullking.flow; a package's __init__.py -> the package."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def sources(folder: str) -> list[Path]:
    return [path for path in sorted((ROOT / folder).rglob("*.py")) if "__pycache__" not in path.parts]


@functools.cache
def repository_modules() -> frozenset[str]:
    """The repository's own modules, to tell `from a import b` of a module b from a name b inside module a."""
    return frozenset(module_name(path) for folder in ("table", "vision", "tests") for path in sources(folder))


def imported(path: Path, module: str | None = None) -> set[str]:
    """Every module `path` imports: for `from a import b`, the module a.b if there is one, else a. A relative import
    is read from the module's package (`module`: the module's dotted name, if its file lies elsewhere)."""
    package = (module or module_name(path)).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join([*package[: len(package) - node.level + 1], *filter(None, [node.module])])
            inner = {f"{base}.{alias.name}" for alias in node.names} & repository_modules()
            names.update(inner or {base})
    return names


@functools.cache
def everything() -> Imports:
    return {module_name(path): imported(path) for folder in FOLDERS for path in sources(folder)}


def part(packages: Iterable[str], named: set[str] | None = None) -> Imports:
    """The modules within `packages` (only those whose last name is in `named`, if given)."""
    return {
        module: names
        for module, names in everything().items()
        if within(module, packages) and (named is None or module.split(".")[-1] in named)
    }


def within(name: str, packages: Iterable[str]) -> bool:
    return any(name == package or name.startswith(package + ".") for package in packages)


def games() -> list[str]:
    """Every game's package: the folders of table/games (the trick package aside), and the test-only game."""
    folders = [path.parent for path in sorted((ROOT / "table" / "games").glob("*/__init__.py"))]
    return [module_name(folder / "__init__.py") for folder in folders if folder.name != "tricks"] + [TOY_GAME]


def game_of(module: str) -> str:
    return next(game for game in [*games(), TRICKS] if within(module, [game]))


def standard_library(name: str) -> bool:
    return name.split(".")[0] in sys.stdlib_module_names or name == "__future__"


def check(found: Imports, wrong: Callable[[str, str], bool]) -> None:
    """Fails naming each module of `found` that imports what `wrong(module, name)` says it must not."""
    broken = {module: sorted(name for name in names if wrong(module, name)) for module, names in found.items()}
    said = [f"{module} imports {', '.join(names)}" for module, names in sorted(broken.items()) if names]
    assert not said, "against the layers:\n" + "\n".join(said)


def test_every_package_is_read() -> None:
    found = everything()
    assert {"table.core.flow", "table.display.scoreboard", "table.games.skullking.rules", "vision.tracker"} <= set(
        found
    )
    assert {"table.games.skullking_dice", "table.games.piratenpoker", TOY_GAME} <= set(games())
    assert "table.games.tricks" not in games() and "tests.toygame.rules" in found
    assert "table.core.effects" in found["table.core.flow"]


def test_no_shared_module_imports_a_game() -> None:
    """The table finds its games through the catalog, which imports table.games by name on first use: outside
    table/games/, nothing imports a game, so adding one edits no shared module."""
    shared = {module: names for module, names in part(["table"]).items() if not within(module, ["table.games"])}
    check(shared, lambda module, name: within(name, games()))


def test_the_core_imports_no_game_lobby_display_devices_or_store() -> None:
    banned = {"table.games", "table.lobby", "table.display", "table.devices", "table.store"}
    check(part(["table.core"]), lambda module, name: within(name, banned))


def test_the_devices_the_store_and_the_venue_import_no_game() -> None:
    ports = part(["table.devices", "table.store", "table.venue"])
    check(ports, lambda module, name: within(name, ["table.games"]))


def test_the_display_imports_no_game_lobby_flow_devices_store_or_vision() -> None:
    flows = {"table.core.flow", "table.core.bidding", "table.core.readers"}  # the shell of the flows
    banned = {"table.games", "table.lobby", "table.devices", "table.store", "vision", *flows}
    check(part(["table.display"]), lambda module, name: within(name, banned))


def test_a_game_s_rules_import_the_standard_library_only() -> None:
    rules = part([*games(), TRICKS], {"rules"})  # the trick package's rules too, if it has them
    assert {f"{game}.rules" for game in games()} <= set(rules)

    def wrong(module: str, name: str) -> bool:
        return not standard_library(name) and not within(name, RULES_MAY_IMPORT.get(game_of(module), set()))

    check(rules, wrong)


def test_a_game_s_views_import_only_the_display_the_core_s_model_and_their_own_package() -> None:
    views = part([*games(), TRICKS], VIEWS)
    assert {"table.games.skullking.views", "table.games.piratenpoker.controls", "tests.toygame.views"} <= set(views)

    def wrong(module: str, name: str) -> bool:
        game = game_of(module)
        allowed = {"table.display", *CORE_MODEL, game, *ALSO_ITS_OWN.get(game, set())}
        return within(name, ["table", "tests", "vision"]) and not within(name, allowed)

    check(views, wrong)


def test_a_game_s_flow_imports_no_display_devices_vision_store_or_pygame() -> None:
    flows = part([*games(), TRICKS], {"flow"})  # the trick package's flow too, if it has one
    assert {f"{game}.flow" for game in games()} <= set(flows)
    check(flows, lambda module, name: within(name, FLOW_BANS))


def test_a_game_imports_no_other_game() -> None:
    def wrong(module: str, name: str) -> bool:
        game = game_of(module)
        return within(name, ["table.games", "tests.toygame"]) and not within(name, {game, *ALSO_ITS_OWN.get(game, ())})

    check(part(games()), wrong)


def test_vision_imports_no_table() -> None:
    check(part(["vision"]), lambda module, name: within(name, ["table"]))


def test_an_import_inside_a_function_and_a_relative_one_are_seen(tmp_path: Path) -> None:
    module = tmp_path / "late.py"
    module.write_text("def f():\n    from table.games.skullking.rules import Card\n    import vision.tracker\n"
                      "from . import inputs\nfrom ..store import event_log\n")  # fmt: skip
    names = imported(module, "table.core.late")
    assert names == {"table.games.skullking.rules", "vision.tracker", "table.core.inputs", "table.store.event_log"}
