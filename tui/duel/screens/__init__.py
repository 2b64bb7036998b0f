"""The Duel's screens: the game, its log, details, the end and the new-game form."""
