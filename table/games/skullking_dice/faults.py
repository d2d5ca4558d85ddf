"""Trouble at the virtual dice table, on a schedule drawn from the game's seed: `pirate-table demo --faults`.

- The camera gives no picture for a few frames now and then (the app hears the port's "camera-empty": CameraDown,
  then CameraUp with the next picture).
- A hand lies over the tray for a while: a large skin-coloured shape drawn over the rendered frame, far bigger than
  any heap of dice, so the segmenter calls the tray obstructed (TrayCovered, then TrayUncovered).
- Now and then a thrown die comes to rest leaning on an edge (vision/render.py's DieSpec.on_edge): no face can be
  read, so its thrower lifts it and throws it again.
- A landing die nudges the dice already lying there far more often than at a calm table.

The players see the hand and the dark screen and wait: no die is thrown, no tray emptied, until the table sees
again. What the faults can never change is the game: every bot's choices depend only on the game so far, and a die
thrown again lands on the face its thrower meant (VirtualDiceTable._throw_die), so a game with faults ends with the
same score pad as the same seed without them.
"""

from __future__ import annotations

import math
import random
from collections import Counter

import cv2
import numpy as np

CAMERA_EVERY = 400  # ticks between camera drop-outs, on average
CAMERA_DOWN_FOR = (4, 20)  # frames without a picture
HAND_EVERY = 500  # ticks between hands over the tray, on average
HAND_OVER_FOR = (15, 45)  # frames the hand lies there
FIRST_CAMERA, FIRST_HAND = 150, 400  # ticks into the dice game: every game with faults has both early on
EDGE_CHANCE = 0.07  # how often a thrown die comes to rest on an edge
FIRST_EDGE = 2  # ... and the second die thrown into the tray surely does
NUDGE_CHANCE = 0.35  # a landing die nudges one lying there (a calm table: dice_thrower.NUDGE_CHANCE)
# BGR skin tones, light to dark: the hand of the player at the table whose skin sets off most against the tray.
SKIN_TONES = ((150, 178, 228), (100, 135, 195), (62, 92, 140), (40, 58, 92))


class DiceFaults:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.injected: list[str] = []  # "camera-down", "hand", "on-edge", in the order they happened
        self.started: int | None = None  # the tick the dice game began
        self.camera_down_until = 0  # frames: the camera gives no picture while frame count < this
        self.hand_until = 0
        self.hand: np.ndarray | None = None  # the hand's picture (BGR) and mask, drawn when it came
        self.hand_mask: np.ndarray | None = None
        self.next_camera, self.next_hand = FIRST_CAMERA, FIRST_HAND
        self.throws = 0
        self.frames = 0
        self._covered: tuple[int, np.ndarray] | None = None  # (id of the picture under the hand, the picture)

    def counts(self) -> Counter[str]:
        return Counter(self.injected)

    # --- The schedule -------------------------------------------------------------------------------------------

    def tick(self, ticks: int, playing: bool) -> None:
        """Once per tick; `playing`: the dice game is on (no trouble in the lobby)."""
        if not playing:
            return
        if self.started is None:
            self.started = ticks
        now = ticks - self.started
        if now >= self.next_camera and not self.blind:
            self.camera_down_until = self.frames + self.rng.randint(*CAMERA_DOWN_FOR)
            self.next_camera = now + CAMERA_DOWN_FOR[1] + round(self.rng.expovariate(1 / CAMERA_EVERY))
            self.injected.append("camera-down")
        if now >= self.next_hand and not self.hand_over and not self.blind:
            self.hand_until = self.frames + self.rng.randint(*HAND_OVER_FOR)
            self.next_hand = now + HAND_OVER_FOR[1] + round(self.rng.expovariate(1 / HAND_EVERY))
            self.hand = None  # drawn on the next frame, over that tray
            self.injected.append("hand")

    @property
    def blind(self) -> bool:
        """The camera gives no picture now."""
        return self.frames < self.camera_down_until

    @property
    def hand_over(self) -> bool:
        """A hand lies over the tray now."""
        return self.frames < self.hand_until

    def on_edge(self) -> bool:
        """Does the die thrown now come to rest on an edge?"""
        self.throws += 1
        edge = self.throws == FIRST_EDGE or self.rng.random() < EDGE_CHANCE
        if edge:
            self.injected.append("on-edge")
        return edge

    # --- The camera's picture -----------------------------------------------------------------------------------

    def picture(self, frame: np.ndarray) -> np.ndarray | None:
        """What the camera gives instead of the tray's `frame`: nothing, the frame with a hand over it, or it."""
        blind, covered = self.blind, self.hand_over
        self.frames += 1
        if blind:
            return None
        if not covered:
            self.hand = self.hand_mask = None
            self._covered = None
            return frame
        if self.hand is None or self.hand_mask is None:
            self.hand, self.hand_mask = draw_hand(frame, self.rng)
        if self._covered is None or self._covered[0] != id(frame):  # a still tray: the same picture, drawn once
            covered_frame = frame.copy()
            covered_frame[self.hand_mask > 0] = self.hand[self.hand_mask > 0]
            shadow = cv2.GaussianBlur(cv2.dilate(self.hand_mask, np.ones((9, 9), np.uint8)), (15, 15), 0)
            under = (shadow > 0) & (self.hand_mask == 0)
            covered_frame[under] = (covered_frame[under] * (1 - 0.45 * shadow[under, None] / 255)).astype(np.uint8)
            self._covered = (id(frame), covered_frame)
        return self._covered[1]


def draw_hand(frame: np.ndarray, rng: random.Random) -> tuple[np.ndarray, np.ndarray]:
    """A hand reaching in over the tray from one side: its picture and its 0/255 mask, a third of the tray or more."""
    h, w = frame.shape[:2]
    tray = frame[: h // 8].reshape(-1, 3).mean(axis=0)  # the tray's colour, by its far edge
    tone = np.array(max(SKIN_TONES, key=lambda t: float(np.abs(np.array(t) - tray).sum())), np.float32)
    side = rng.choice(["left", "right", "bottom"])
    palm_x = w * rng.uniform(0.4, 0.6)
    palm_y = h * rng.uniform(0.4, 0.55)
    scale = min(w, h) / 240
    if side == "left":
        arm_from, point = (-20.0, palm_y + rng.uniform(-30, 30) * scale), 0.0
    elif side == "right":
        arm_from, point = (w + 20.0, palm_y + rng.uniform(-30, 30) * scale), math.pi
    else:
        arm_from, point = (palm_x + rng.uniform(-40, 40) * scale, h + 20.0), -math.pi / 2
    point += rng.uniform(-0.3, 0.3)  # the way the fingers point
    mask = np.zeros((h, w), np.uint8)
    palm = (int(palm_x), int(palm_y))
    cv2.line(mask, (int(arm_from[0]), int(arm_from[1])), palm, 255, int(70 * scale))  # the forearm
    cv2.ellipse(mask, palm, (int(62 * scale), int(50 * scale)), math.degrees(point), 0, 360, 255, cv2.FILLED)
    for n, spread in enumerate((-0.45, -0.15, 0.15, 0.45)):  # four fingers ...
        angle = point + spread * 0.6
        base = (palm_x + math.cos(point) * 45 * scale + math.sin(point) * spread * 80 * scale,
                palm_y + math.sin(point) * 45 * scale - math.cos(point) * spread * 80 * scale)  # fmt: skip
        length = (52, 62, 58, 44)[n] * scale
        tip = (base[0] + math.cos(angle) * length, base[1] + math.sin(angle) * length)
        cv2.line(mask, (int(base[0]), int(base[1])), (int(tip[0]), int(tip[1])), 255, int(17 * scale))
    thumb = point - 1.4  # ... and the thumb
    base = (palm_x + math.cos(thumb) * 40 * scale, palm_y + math.sin(thumb) * 40 * scale)
    tip = (base[0] + math.cos(thumb + 0.5) * 45 * scale, base[1] + math.sin(thumb + 0.5) * 45 * scale)
    cv2.line(mask, (int(base[0]), int(base[1])), (int(tip[0]), int(tip[1])), 255, int(19 * scale))
    # Skin is lit from above: brighter in the middle of the hand, darker to its outline; a little texture.
    depth = cv2.distanceTransform(mask, cv2.DIST_L2, 5)
    light = 0.75 + 0.35 * np.clip(depth / (25 * scale), 0, 1)
    grain = np.random.default_rng(rng.randrange(2**32)).normal(0, 4, (h, w)).astype(np.float32)
    picture = np.clip(tone[None, None, :] * light[..., None] + grain[..., None], 0, 255).astype(np.uint8)
    return picture, mask
