"""The virtual table: simulated players and games that run the real code paths."""
