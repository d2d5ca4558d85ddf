"""What both Skull King editions share: the card bot that plays them (both are drawn by the 2013 edition's trick
screen, table.games.skullking.trick_view)."""
