"""Piratenpoker on the scoreboard (placeholder until the full views)."""
