"""The table's core: what every game shares, naming no game."""
