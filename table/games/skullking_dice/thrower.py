"""The virtual dice tray seen from above: dice thrown in tumble over a few frames, then lie still until taken out.

`frame(count)` is the virtual camera's picture (vision/render.py draws it): the tray, the dice lying in it, and a
die in flight. Dice already in the tray stay put, except that a landing die now and then nudges one a little
(`nudge_chance`; more often with faults, table/games/skullking_dice/faults.py). A die may come to rest on an edge
(`on_edge`).
Everything random comes from the seed; a still tray gives the very same picture again (drawn once).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace

import numpy as np

from vision.render import EVAL_STYLE, DieSpec, Look, Scene, Style, load_look, render

# Small enough to render fast, big enough for six dice and one in flight; dice at the reader's 44 px.
TRAY_SCENE = Scene(width=320, height=240, die_px=44.0, wild=0.6)
TUMBLE_FRAMES = 3  # frames a thrown die is seen rolling before it lies still
NUDGE_CHANCE = 0.08  # how often a landing die nudges one already lying there
GAP = 1.7  # dice come to rest at least this many die widths apart (centre to centre)
DARK_TRAYS = ("dark felt",)  # black dice vanish on these: a table's tray is chosen to set every die off


def tray_seed(seed: int, scene: Scene = TRAY_SCENE) -> int:
    """The picture seed for the table's tray: drawn from `seed`, skipping trays too dark for black dice."""
    for attempt in range(100):
        candidate = seed * 100 + attempt
        if render([], candidate, scene=scene).meta["tray"] not in DARK_TRAYS:
            return candidate
    return seed


@dataclass(frozen=True)
class LyingDie:
    id: int
    kind: str
    face: str
    x: float
    y: float
    angle: float
    on_edge: bool = False  # leaning on an edge: no face can be read


class DiceThrower:
    def __init__(self, seed: int, scene: Scene = TRAY_SCENE, look: Look | None = None, style: Style = EVAL_STYLE):
        self.seed, self.scene, self.style = tray_seed(seed, scene), scene, style
        self.look = look or load_look()
        self.rng = random.Random(f"{seed}/thrower")
        self.lying: dict[int, LyingDie] = {}
        self.flight: list[DieSpec] = []  # the frames still to show of the die in flight, then where it lands
        self.landing: LyingDie | None = None
        self.nudges = 0
        self.nudge_chance = NUDGE_CHANCE
        self._next_id = 1
        self._still: np.ndarray | None = None

    # --- What the players do -------------------------------------------------------------------------------------

    def throw(self, kind: str, face: str, rng: random.Random | None = None, on_edge: bool = False) -> int:
        """Throw a die showing (once it lies still) `face`; returns its id. One die is in flight at a time.

        `rng` decides where it flies and lands (default: the thrower's own stream); a throw keyed by what it is
        lands the same way again after the table was stopped and resumed. `on_edge`: it comes to rest leaning on an
        edge, its face unreadable (until it is picked up).
        """
        assert self.landing is None, "one throw at a time"
        self.rng = rng or self.rng
        x, y = self._free_spot()
        die = LyingDie(self._next_id, kind, face, x, y, self.rng.uniform(0, 360), on_edge)
        self._next_id += 1
        faces = ["skull", "flag"] if kind in ("skullking", "pirate", "mermaid") else [face]
        start_x = self.rng.choice([-0.2, 1.2]) * self.scene.width
        self.flight = []
        for step in range(TUMBLE_FRAMES):
            t = (step + 1) / (TUMBLE_FRAMES + 1)
            shown = self.rng.choice([*faces, face])
            px, py = start_x + (x - start_x) * t, y + math.sin(t * math.pi) * -30
            self.flight.append(DieSpec(kind, shown, px, py, self.rng.uniform(0, 360), on_edge=step == 0))
        self.landing = die
        return die.id

    def place(self, kind: str, face: str, x: float, y: float) -> int:
        """A die that lies in the tray already (the world as it was when a stopped table resumes)."""
        die = LyingDie(self._next_id, kind, face, x, y, 0.0)
        self._next_id += 1
        self.lying[die.id] = die
        self._still = None
        return die.id

    def take_out(self, die_id: int) -> None:
        if self.lying.pop(die_id, None) is not None:
            self._still = None

    def take_out_all(self) -> None:
        if self.lying:
            self.lying.clear()
            self._still = None

    @property
    def busy(self) -> bool:
        """A die is still in flight."""
        return self.landing is not None

    # --- The camera's picture ------------------------------------------------------------------------------------

    def frame(self, count: int = 0) -> np.ndarray:
        if self.flight:
            spec = self.flight.pop(0)
            return self._render([*self._specs(), spec])
        if self.landing is not None:
            if self.lying and self.rng.random() < self.nudge_chance:
                self._nudge()
            self.lying[self.landing.id] = self.landing
            self.landing = None
            self._still = None
        if self._still is None:
            self._still = self._render(self._specs())
        return self._still

    def _specs(self) -> list[DieSpec]:
        return [DieSpec(d.kind, d.face, d.x, d.y, d.angle, on_edge=d.on_edge) for d in self.lying.values()]

    def _render(self, specs: list[DieSpec]) -> np.ndarray:
        return render(specs, self.seed, self.look, self.style, self.scene).image

    def _nudge(self) -> None:
        """The landing die knocks one lying there a little aside and turns it (its face stays up)."""
        die = self.lying[self.rng.choice(sorted(self.lying))]
        dx, dy = self.rng.uniform(-8, 8), self.rng.uniform(-8, 8)
        x = min(max(die.x + dx, self.scene.die_px), self.scene.width - self.scene.die_px)
        y = min(max(die.y + dy, self.scene.die_px), self.scene.height - self.scene.die_px)
        self.lying[die.id] = replace(die, x=x, y=y, angle=(die.angle + self.rng.uniform(-20, 20)) % 360)
        self.nudges += 1

    def _free_spot(self) -> tuple[float, float]:
        side, width, height = self.scene.die_px, self.scene.width, self.scene.height
        margin = side * 0.9
        best, best_gap = (width / 2, height / 2), -1.0
        for _ in range(200):
            x, y = self.rng.uniform(margin, width - margin), self.rng.uniform(margin, height - margin)
            gap = min((math.hypot(x - d.x, y - d.y) for d in self.lying.values()), default=math.inf)
            if gap >= GAP * side:
                return x, y
            if gap > best_gap:
                best, best_gap = (x, y), gap
        return best  # a crowded tray: the roomiest spot found
