"""The synthesised sounds: the right shape, never clipping, and a silent table when asked or when it must be."""

from __future__ import annotations

import pytest

from table.display import sounds
from table.display.sounds import RATE, SCORES, SoundPlayer, synthesise


def loud_moments(samples: list[int], window: float = 0.02) -> list[float]:
    """Times (s) where the sound goes from quiet to loud: the onsets a listener hears as hits."""
    size = int(window * RATE)
    levels = [0] + [max(abs(v) for v in samples[i : i + size]) for i in range(0, len(samples) - size, size)]
    top = max(levels)  # (the 0: silence before the sound starts)
    return [(n - 1) * window for n in range(1, len(levels)) if levels[n] > top / 2 >= levels[n - 1]]


@pytest.mark.parametrize("name", sorted(SCORES))
def test_every_sound_is_audible_and_never_clips(name: str) -> None:
    samples = synthesise(name)
    peak = max(abs(v) for v in samples)
    assert 0.5 * 32767 < peak < 0.7 * 32767
    assert 0.2 < len(samples) / RATE < 2.0


def test_the_countdown_is_three_hits_the_last_one_longest() -> None:
    samples = list(synthesise("countdown"))
    hits = loud_moments(samples)
    assert len(hits) == 3
    assert hits[1] - hits[0] == pytest.approx(0.6, abs=0.05)
    assert hits[2] - hits[1] == pytest.approx(0.6, abs=0.05)


def test_the_error_is_two_buzzes() -> None:
    assert len(loud_moments(list(synthesise("error")))) == 2


def test_switched_off_the_table_is_silent() -> None:
    player = SoundPlayer(enabled=False)
    assert not player.play("trick_won")


def test_without_a_sound_card_the_table_is_silent_and_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    import pygame

    def no_card(**_: object) -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_card)
    player = SoundPlayer(enabled=True)
    assert not player.enabled
    assert not player.play("countdown")


def test_with_sound_every_sound_plays() -> None:
    player = SoundPlayer(enabled=True)  # SDL's dummy audio driver in tests
    assert player.enabled
    assert all(player.play(name) for name in SCORES)
    assert not player.play("cannon")
    assert sounds.log.name == "table.display.sounds"
