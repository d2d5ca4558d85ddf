"""A real Mosquitto for the venue tests (Debian's mosquitto, installed by scripts/install-test-tools)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from table.venue.broker import LocalBroker


@pytest.fixture
def broker(tmp_path: Path) -> Iterator[LocalBroker]:
    """A broker with accounts for tables "t1", "t2" and "t3" and the venue; stopped after the test."""
    local = LocalBroker(tmp_path / "broker", ["t1", "t2", "t3"])
    local.start()
    yield local
    local.stop()
