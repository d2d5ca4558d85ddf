"""Each game's frames for the display's tests, one module per game, named as the game's package in table/games/:
`frames(language) -> dict[str, Frame]` (tests.display.all_screens finds them through the game catalog)."""
