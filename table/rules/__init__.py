"""One pure module per game: values, legality, winners, scoring. Standard library only."""
