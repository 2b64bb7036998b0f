"""The screens of Builders of Egypt: the game, the log, the points, the end."""
