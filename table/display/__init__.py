"""The scoreboard: pygame screens drawn from a screen model (plain data). No game logic here."""
