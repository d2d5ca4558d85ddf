"""Trouble on the seat hub's line for a virtual table, whatever the game: garbage, damaged, lost and doubled frames,
and the hub's cable pulled out for a while and plugged back in (`pirate-table demo --faults`)."""

from __future__ import annotations

import random
from collections import Counter

from table.devices.hub_emulator import HubEmulator

SAID = {  # what each fault is called in the demo's report
    "send_garbage": "garbage bytes",
    "corrupt_next": "damaged frames",
    "truncate_next": "cut-off frames",
    "duplicate_next": "doubled frames",
    "lose_next": "lost frames",
    "unplug": "the cable pulled out",
    "replug": "plugged back in",
}


class Faults:
    """Trouble on the line, on a schedule drawn from the seed."""

    EVERY = 120  # ticks between faults, on average
    UNPLUG_AT, UNPLUGGED_FOR = 900, 45  # ticks

    def __init__(self, hub: HubEmulator, rng: random.Random) -> None:
        self.hub, self.rng = hub, rng
        self.injected: list[str] = []

    def tick(self, tick: int) -> None:
        if tick == self.UNPLUG_AT:
            self.hub.unplug()
            self.injected.append("unplug")
        elif tick == self.UNPLUG_AT + self.UNPLUGGED_FOR:
            self.hub.plug()
            self.injected.append("replug")
        elif self.hub.plugged and self.rng.random() < 1 / self.EVERY:
            fault = self.rng.choice(["send_garbage", "corrupt_next", "truncate_next", "duplicate_next", "lose_next"])
            getattr(self.hub, fault)()
            self.injected.append(fault)

    def report(self) -> str:
        """What trouble the line had, for the demo's last lines: "faults injected: garbage bytes x3, ..."."""
        counts = Counter(self.injected)
        said = [f"{SAID[kind]} x{counts[kind]}" for kind in SAID if counts[kind]]
        return "faults injected: " + (", ".join(said) or "none yet")
