"""The wrong-PIN count and the lockout, kept in the data folder (`operator-tries.json`) so that a restart (pulling
the plug) gives nobody fresh tries.

The file holds the count and the lockout's end as wall-clock time (a restart starts the monotonic clock again). A
Pi without a clock battery may start with a time behind the real one, so a lockout read back never lasts longer
than a full one from now. The file is replaced whole (write, then rename), so a power cut leaves the old state or
the new one.

What can be found:
- no file (a new table, or never a wrong PIN): no wrong tries;
- a file that cannot be read or makes no sense (damaged, edited): the safe side, a full lockout from now, said in
  the log; the next wrong or right PIN writes it again;
- a file that cannot be written (a full disk, a read-only folder): the count is kept in memory, said in the log once.
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger(__name__)

TRIES_NAME = "operator-tries.json"


@dataclass(frozen=True)
class Tries:
    wrong: int  # wrong PINs since the last right one or the last lockout
    locked_for: float  # seconds of lockout left (0: none)
    problem: str | None = None  # why the file was not taken as it was, for the log


class TriesFile:
    def __init__(self, path: Path, wall: Callable[[], float], longest: float, most: int) -> None:
        """`wall`: the wall clock (time.time); `longest`: a full lockout in seconds; `most`: the wrong PINs that
        lock out."""
        self.path, self.wall, self.longest, self.most = path, wall, longest, most
        self._unwritable_said = False

    def read(self) -> Tries:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return Tries(0, 0.0)
        except (OSError, UnicodeDecodeError, ValueError) as error:
            return self._damaged(str(getattr(error, "strerror", None) or error))
        wrong, until = (data.get("wrong"), data.get("locked_out_until")) if isinstance(data, dict) else (None, None)
        if not (isinstance(wrong, int) and not isinstance(wrong, bool) and 0 <= wrong < self.most):
            return self._damaged(f"wrong is {wrong!r}")
        if not (isinstance(until, (int, float)) and not isinstance(until, bool) and abs(until) < 1e15):
            return self._damaged(f"locked_out_until is {until!r}")  # (a NaN fails the comparison too)
        return Tries(wrong, min(max(0.0, until - self.wall()), self.longest))

    def write(self, wrong: int, locked_for: float) -> None:
        state = {"wrong": wrong, "locked_out_until": self.wall() + locked_for if locked_for > 0 else 0.0}
        temporary = self.path.with_name(self.path.name + ".tmp")
        try:
            temporary.write_text(json.dumps(state) + "\n", encoding="utf-8")
            os.replace(temporary, self.path)
        except OSError as error:
            if not self._unwritable_said:
                self._unwritable_said = True
                log.warning(
                    "the operator's wrong-PIN count cannot be kept in %s (%s): it lasts until the table restarts",
                    self.path,
                    error.strerror,
                )

    def _damaged(self, why: str) -> Tries:
        problem = (
            f"{self.path} cannot be read ({why}): the operator's PIN is refused for {self.longest:g} s, as after "
            "too many wrong ones"
        )
        return Tries(0, self.longest, problem)
