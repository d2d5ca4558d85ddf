"""Tables in a known state, for the flow's tests."""

from __future__ import annotations

import pytest

from tests.games.table_driver import Table, bid_all, join_and_start


@pytest.fixture
def lobby() -> Table:
    """A 4-seat table, nobody seated."""
    return Table(4)


@pytest.fixture
def bidding() -> Table:
    """Seats 0, 1 and 2 of 4 play; round 1 is dealt by seat 0 and the bids are open."""
    table = Table(4)
    join_and_start(table, (0, 1, 2))
    return table


@pytest.fixture
def playing(bidding: Table) -> Table:
    """Round 1 revealed (bids 1, 0, 1): seat 1, left of the dealer, leads."""
    bid_all(bidding, {0: 1, 1: 0, 2: 1})
    return bidding
