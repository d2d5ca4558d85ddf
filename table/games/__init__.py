"""Game flows: one deterministic state machine per game, fed input events, answering with effects.

A flow imports only `table.rules` and the standard library: no devices, no store, no clock, no randomness, so
the table can replay its event log at start and be exactly where it was.
"""
