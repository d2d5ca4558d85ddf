"""Shared by the hardware checks: where things are, the diagram generator, Markdown tables."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]
HARDWARE = ROOT / "hardware"
DOCS = ROOT / "docs"


def diagrams_module() -> ModuleType:
    """hardware/diagrams.py, which is a script, not part of the installed package."""
    name = "pirate_table_hardware_diagrams"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, HARDWARE / "diagrams.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # dataclasses look their module up by name
        spec.loader.exec_module(module)
    return sys.modules[name]


def markdown_table(text: str, header: list[str]) -> list[list[str]]:
    """The rows of the one table in `text` whose header row is exactly `header`."""
    tables: list[list[list[str]]] = []
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if _cells(line) == header and i + 1 < len(lines) and set(lines[i + 1].replace("|", "").strip()) <= {"-", ":"}:
            rows = []
            for row in lines[i + 2 :]:
                if not row.strip().startswith("|"):
                    break
                rows.append(_cells(row))
            tables.append(rows)
    assert len(tables) == 1, f"expected one table headed {header}, found {len(tables)}"
    return tables[0]


def _cells(line: str) -> list[str]:
    line = line.strip()
    if not (line.startswith("|") and line.endswith("|")):
        return []
    return [cell.strip() for cell in line[1:-1].split("|")]
