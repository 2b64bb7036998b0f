"""Computer players, one package per game (``ai.duel`` for Imhotep: The Duel)."""
