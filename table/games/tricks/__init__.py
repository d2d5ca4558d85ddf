"""What both Skull King editions share: the trick screen they are drawn on and the card bot that plays them."""
