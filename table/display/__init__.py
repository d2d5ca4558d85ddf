"""The scoreboard: pygame screens drawn from a screen model (plain data). No game logic here."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no greeting banner in the table's output
