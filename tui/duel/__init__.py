"""Widgets and screens of Imhotep: The Duel; the rest of ``tui`` is the same for every game."""
