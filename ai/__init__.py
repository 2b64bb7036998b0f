"""Computer players, one package per game (``ai.duel`` for Imhotep: The Duel).

``ai.players`` finds a game's players by its kind (the match layer asks only
there); ``ai.ismcts`` is the game-neutral search, the Builders' player until
that game has its own.
"""
