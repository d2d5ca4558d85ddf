"""Firmware host tests: the MicroPython modules run under CPython against fakes (fw_fakes.py)."""

import json
import sys
from pathlib import Path

import pytest

FIRMWARE = Path(__file__).resolve().parents[2] / "firmware"
sys.path.insert(0, str(FIRMWARE))


@pytest.fixture(scope="session")
def vectors():
    return json.loads((FIRMWARE / "protocol-vectors.json").read_text(encoding="utf-8"))
