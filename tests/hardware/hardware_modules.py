"""The hardware scripts' modules (hardware/*.py are scripts beside each other, not an installed package)."""

from __future__ import annotations

import importlib
import sys
from types import ModuleType

from .support import HARDWARE


def hardware_module(name: str) -> ModuleType:
    """hardware/<name>.py, imported the way the scripts import each other (their folder on sys.path)."""
    if str(HARDWARE) not in sys.path:
        sys.path.insert(0, str(HARDWARE))
    return importlib.import_module(name)
