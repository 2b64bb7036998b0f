"""The rules of the Imhotep games, one pure package per game.

``engine.duel`` is Imhotep: The Duel (two players) and ``engine.builders`` is
Imhotep: Builders of Egypt (two to four). What the games share lives here:
:mod:`engine.message`, the words a game gives a player, which the app words in
the player's language.
"""
