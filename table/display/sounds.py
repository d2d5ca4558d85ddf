"""The table's sounds, synthesised here from sine waves: no recordings, so no licence to track.

- "countdown": the YO-HO-HO, three drum-like hits, the last one higher and longer (bids are revealed on it).
- "trick_won": a short rising arpeggio.
- "error": two low buzzes.
- "round_over" and "game_over": longer fanfares.

Played through pygame.mixer; a table without a sound card (or with sound switched off in the config) stays
silent and says so once in the log, never stops.
"""

from __future__ import annotations

import logging
import math
from array import array

log = logging.getLogger(__name__)

RATE = 22_050  # samples per second: plenty for these sounds, light for a Pi
PEAK = 0.6  # of full scale: loud, never clipping

# (frequency Hz, start s, length s, loudness 0-1, wave) per note
Note = tuple[float, float, float, float, str]
SCORES: dict[str, list[Note]] = {
    "countdown": [(110, 0.0, 0.25, 0.9, "drum"), (110, 0.6, 0.25, 0.9, "drum"), (165, 1.2, 0.6, 1.0, "drum")],
    "trick_won": [(523, 0.0, 0.12, 0.7, "bell"), (659, 0.1, 0.12, 0.7, "bell"), (784, 0.2, 0.35, 0.8, "bell")],
    "error": [(98, 0.0, 0.15, 0.8, "buzz"), (98, 0.22, 0.15, 0.8, "buzz")],
    "round_over": [(392, 0.0, 0.2, 0.7, "bell"), (523, 0.2, 0.2, 0.7, "bell"), (659, 0.4, 0.5, 0.8, "bell")],
    "game_over": [
        (392, 0.0, 0.2, 0.7, "bell"),
        (523, 0.2, 0.2, 0.7, "bell"),
        (659, 0.4, 0.2, 0.7, "bell"),
        (784, 0.6, 0.8, 0.9, "bell"),
    ],
}


def synthesise(name: str) -> array:
    """Mono 16-bit samples of the sound `name`."""
    notes = SCORES[name]
    length = max(start + seconds for _, start, seconds, _, _ in notes)
    mix = [0.0] * (int(length * RATE) + 1)
    for frequency, start, seconds, loudness, wave in notes:
        first = int(start * RATE)
        for n in range(int(seconds * RATE)):
            t = n / RATE
            mix[first + n] += loudness * _envelope(t, seconds, wave) * _wave(frequency, t, wave)
    top = max(1e-9, max(abs(v) for v in mix))
    return array("h", (int(v / top * PEAK * 32767) for v in mix))


def _wave(frequency: float, t: float, wave: str) -> float:
    if wave == "drum":  # the pitch falls as the skin settles
        return math.sin(2 * math.pi * frequency * t * (1 + 1.5 * math.exp(-t * 30)))
    if wave == "buzz":  # odd harmonics: harsh on purpose
        return sum(math.sin(2 * math.pi * frequency * k * t) / k for k in (1, 3, 5, 7))
    return math.sin(2 * math.pi * frequency * t) + 0.3 * math.sin(2 * math.pi * 2 * frequency * t)


def _envelope(t: float, seconds: float, wave: str) -> float:
    attack = 0.005
    if t < attack:
        return t / attack
    if wave == "drum":
        return math.exp(-(t - attack) * 9)
    return max(0.0, 1 - (t - attack) / (seconds - attack)) ** 1.5


class SoundPlayer:
    """Plays the table's sounds; silent when switched off or when there is no sound card."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self._sounds: dict[str, object] = {}
        if not enabled:
            return
        try:
            import pygame

            pygame.mixer.init(frequency=RATE, size=-16, channels=1)
            self._sounds = {name: pygame.mixer.Sound(buffer=synthesise(name).tobytes()) for name in SCORES}
        except Exception as error:  # pygame.error, or no mixer at all: sound is never worth stopping for
            log.warning("no sound: %s", error)
            self.enabled = False

    def play(self, name: str) -> bool:
        """Start the sound `name`; False if it could not be (silent table, unknown sound)."""
        sound = self._sounds.get(name)
        if not self.enabled or sound is None:
            return False
        sound.play()  # type: ignore[attr-defined]
        return True
