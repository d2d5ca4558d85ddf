"""The log file in the data folder, kept from stopping or flooding anything when the disk fills or fails.

`logging.FileHandler` answers a write that fails (a full disk, a card gone read-only) with a traceback on stderr for
every line after. `GuardedFileHandler` says once on stderr that the log file can no longer be written, and sends
the log's lines to stderr from then on (the journal, under systemd): the table plays on either way.
"""

from __future__ import annotations

import logging
import sys
from pathlib import Path


class GuardedFileHandler(logging.FileHandler):
    def __init__(self, path: Path) -> None:
        super().__init__(path, encoding="utf-8")
        self.fallen_back: str | None = None  # why the file is no longer written

    def emit(self, record: logging.LogRecord) -> None:
        if self.fallen_back is None:
            try:
                stream = self.stream or self._open()
                self.stream = stream
                stream.write(self.format(record) + self.terminator)
                stream.flush()
                return
            except OSError as error:
                self.fallen_back = error.strerror or str(error)
                print(
                    f"pirate-table: the log file {self.baseFilename} can no longer be written ({self.fallen_back}); "
                    "the log goes to the screen from here",
                    file=sys.stderr,
                )
        print(self.format(record), file=sys.stderr)
