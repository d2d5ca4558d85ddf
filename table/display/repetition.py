"""Whether two texts on one screen say the same sentence: the scoreboard then leaves the message strip out (the
view already says it), and the display's tests look for any sentence said twice.

Two texts say one sentence twice when they are the same text of SAME words or more, or when a clause of one
(between ". ", ": ", "; ", "? ", "! ") of REPEAT words or more is said whole in the other: "7 or lower (Mutiny),
or a special card" in the prompt, beside the pile and in the message. Shorter clauses ("Anna: your turn" on the
header and "YOUR TURN" on her plate) are a label and its echo, not a sentence.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

REPEAT = 6  # words: a clause this long said in two texts is one sentence said twice
SAME = 3  # words: a text this long drawn twice whole is said twice
WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")
CLAUSE = re.compile(r"[.:;?!]+(?=\s|$)")  # "\u00a0:" (French) ends a clause too: the mark is followed by a space


def words(said: str) -> tuple[str, ...]:
    return tuple(word.casefold() for word in WORD.findall(said))


def clauses(said: str) -> list[tuple[str, ...]]:
    """A text's clauses, each as its words, casefolded."""
    return [found for part in CLAUSE.split(said) if (found := words(part))]


def _inside(short: tuple[str, ...], long: tuple[str, ...]) -> bool:
    return any(long[n : n + len(short)] == short for n in range(len(long) - len(short) + 1))


def says_again(first: str, second: str) -> tuple[str, ...] | None:
    """What `second` says again of `first` (the words of the sentence), or None."""
    if first == second and len(words(first)) >= SAME:
        return words(first)
    ones, twos = clauses(first), clauses(second)
    for short, longs in ((one, twos) for one in ones):
        if len(short) >= REPEAT and any(_inside(short, long) for long in longs):
            return short
    for short, longs in ((two, ones) for two in twos):
        if len(short) >= REPEAT and any(_inside(short, long) for long in longs):
            return short
    return None


def said_already(said: str, shown: Iterable[str]) -> bool:
    """Whether `said` repeats a sentence of one of the texts `shown`."""
    return any(says_again(said, other) is not None for other in shown)
