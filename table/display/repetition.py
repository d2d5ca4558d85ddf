"""Whether two texts on one screen say the same sentence: the scoreboard then leaves the message strip out (the
view already says it), and the display's tests look for any sentence said twice.

Two texts say one sentence twice when they are the same text of SAME words or more, when both say REPEAT words in a
row inside a clause (between ". ", ": ", "; ", "? ", "! "): "7 or lower (Mutiny), or a special card" in the prompt,
beside the pile and in the message; or when the clauses they both say whole come to REPEAT words ("Kraken! The pile
leaves the game; Anne Bonny plays again" and "Anne Bonny's Kraken: the pile leaves the game; Anne Bonny plays
again"). Fewer words ("Anna: your turn" on the header and "YOUR TURN" on her
plate, two names) are a label and its echo, not a sentence.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

REPEAT = 6  # words in a row, in one clause: said in two texts, one sentence said twice
SAME = 3  # words: a text this long drawn twice whole is said twice
CLAUSE_WORDS = 3  # words: clauses this long said alike in two texts add up towards REPEAT
WORD = re.compile(r"[^\W_]+(?:['\u2019][^\W_]+)*")  # "Bartholomew's", "l\u2019hub": one word
CLAUSE = re.compile(r"[.:;?!]+(?=\s|$)")  # "\u00a0:" (French) ends a clause too: the mark is followed by a space


def words(said: str) -> tuple[str, ...]:
    return tuple(word.casefold() for word in WORD.findall(said))


def clauses(said: str) -> list[tuple[str, ...]]:
    """A text's clauses, each as its words, casefolded."""
    return [found for part in CLAUSE.split(said) if (found := words(part))]


def _runs(said: str) -> set[tuple[str, ...]]:
    """Every run of REPEAT words in a row inside one clause of `said`."""
    return {clause[n : n + REPEAT] for clause in clauses(said) for n in range(len(clause) - REPEAT + 1)}


def says_again(first: str, second: str) -> tuple[str, ...] | None:
    """What `second` says again of `first` (the words of the sentence, or of a run of them), or None."""
    if first == second and len(words(first)) >= SAME:
        return words(first)
    common = _runs(first) & _runs(second)
    if common:
        return min(common)
    shared = [clause for clause in set(clauses(first)) & set(clauses(second)) if len(clause) >= CLAUSE_WORDS]
    if sum(len(clause) for clause in shared) >= REPEAT:  # "...: the pile leaves the game; Anne Bonny plays again"
        return tuple(word for clause in sorted(shared) for word in clause)
    return None


def said_already(said: str, shown: Iterable[str]) -> bool:
    """Whether `said` repeats a sentence of one of the texts `shown`."""
    return any(says_again(said, other) is not None for other in shown)
