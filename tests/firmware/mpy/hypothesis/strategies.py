"""binary and integers, the strategies the firmware tests draw from (see __init__.py). A strategy is a function
of the example's number: the first examples are the edges (empty, shortest, longest, lowest, highest)."""

import os
import random


def binary(min_size=0, max_size=64):
    def draw(k):
        if k == 0:
            n = min_size
        elif k == 1:
            n = max_size
        else:
            n = random.randint(min_size, max_size)
        if k == 2:
            return bytes(n)
        return os.urandom(n) if n else b""

    return draw


def integers(min_value, max_value):
    def draw(k):
        if k == 0:
            return min_value
        if k == 1:
            return max_value
        return random.randint(min_value, max_value)

    return draw
