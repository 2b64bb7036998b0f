"""Computer players, one package per game (``ai.duel`` for Imhotep: The Duel,
``ai.builders`` for Builders of Egypt).

``ai.players`` finds a game's players and hints by its kind (the match layer
asks only there); ``ai.ismcts`` is the game-neutral information-set search
that a game's strong levels build on, with the game's own evaluation.
"""
