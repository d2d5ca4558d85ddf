"""What both Skull King editions share (and the dice game, its trick rules): `rules` (a game of tricks: players,
dealer, following suit, revokes, a round trick by trick), `referee` (the questions both editions read alike),
`flow` (the card game at the table, with the hooks each edition fills), `why` (the words for why a trick went where
it went) and `card_bot` (the bot that plays them). Both are drawn by the 2013 edition's trick screen
(table.games.skullking.trick_view)."""
