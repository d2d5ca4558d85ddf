"""The virtual dice bag: the rules core's 36 dice, drawn behind the screens r at a time, and rolled."""

from __future__ import annotations

import random

from table.games.skullking_dice import rules as skd


def bag_dice(bag: skd.DiceBag = skd.STANDARD_BAG) -> list[str]:
    """Every die in the bag, by kind: "skullking", "pirate", "pirate", ..."""
    return [kind for kind, count in bag.counts.items() for _ in range(count)]


def draw_hands(seed: str, players: int, round_number: int, bag: skd.DiceBag = skd.STANDARD_BAG) -> list[list[str]]:
    """Each player draws `round_number` dice from the full bag; the same seed draws the same hands."""
    dice = bag_dice(bag)
    random.Random(seed).shuffle(dice)
    return [dice[n * round_number : (n + 1) * round_number] for n in range(players)]


def roll(kind: str, rng: random.Random, bag: skd.DiceBag = skd.STANDARD_BAG) -> str:
    """The face a die of `kind` shows after a throw."""
    return rng.choice(bag.faces[kind])
