"""The TCP proxy for cutting a table's link now lives in table/sim/proxy.py (`pirate-table demo --faults` uses it);
the venue tests import it from here as before."""

from table.sim.proxy import Proxy

__all__ = ["Proxy"]
